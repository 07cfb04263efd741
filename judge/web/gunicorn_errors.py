"""gunicorn's own error answers, with the app's security headers.

gunicorn answers some requests itself, before the app sees them: a request line over
``limit_request_line`` (414), headers over ``limit_request_fields``/``_field_size``
(431), a request it cannot parse (400), an error outside the app (500).  It writes those
with ``gunicorn.util.write_error``, which has no setting for headers; the config's
``post_worker_init`` hook (gunicorn.conf.py) replaces that one function in the worker
with :func:`write_error`, the same page plus the headers of :mod:`.security`.

A worker killed for exceeding ``timeout`` sends no answer at all (the connection
closes); the run budgets make that case not happen (docs/budgets.md).
"""
from __future__ import annotations

import html

from .security import HEADERS

PAGE = ("<!doctype html>\n<html lang=\"ja\"><head><meta charset=\"utf-8\">"
        "<title>{reason}</title></head>\n<body><h1>{status} {reason}</h1>\n<p>{mesg}</p>"
        "</body></html>\n")


def render(status_int: int, reason: str, mesg: str) -> bytes:
    """The whole HTTP answer gunicorn writes for an error, headers included."""
    body = PAGE.format(status=int(status_int), reason=html.escape(reason),
                       mesg=html.escape(mesg)).encode("utf-8")
    head = [f"HTTP/1.1 {int(status_int)} {reason}", "Connection: close",
            "Content-Type: text/html; charset=utf-8", f"Content-Length: {len(body)}"]
    head += [f"{name}: {value}" for name, value in HEADERS.items()]
    return ("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body


def write_error(sock, status_int, reason, mesg) -> None:
    """Drop-in for ``gunicorn.util.write_error``."""
    from gunicorn import util
    util.write_nonblock(sock, render(status_int, reason, mesg))


def install() -> None:
    """Make this worker's gunicorn write its error answers with :func:`write_error`."""
    from gunicorn import util
    util.write_error = write_error
