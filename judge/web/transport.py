"""How requests reach the app: behind a TLS proxy, for which host names.

Two settings (config, or the environment a gunicorn worker gets):

- ``PROXY_HOPS`` (``$JUDGE_PROXY_HOPS``, default 0): how many proxies in front of the
  app set ``X-Forwarded-For``/``-Proto``/``-Host`` (nginx or Caddy doing TLS: 1).  With
  it, werkzeug's ProxyFix makes the client's address (the login throttle counts by it)
  and scheme the request's own; without it these headers are ignored, since anyone
  could send them.
- ``HOSTS`` (``$JUDGE_HOSTS``, comma-separated, e.g. ``judge.example.jp,192.168.10.2``):
  the names the site answers to; a request for another Host is 400 before the app runs
  (the feed's links are made from it).  Unset, any well-formed name is answered (a
  venue's address is often not known in advance), and a malformed one is 400.

A request that arrived over TLS (directly or as the proxy says) gets
``Strict-Transport-Security`` and its session cookie is ``Secure``.
"""
from __future__ import annotations

import os
import re

from flask import Flask, abort, request
from werkzeug.middleware.proxy_fix import ProxyFix

from .security import HEADERS

HSTS = "max-age=31536000"
_LABEL = re.compile(r"^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$")
_IPV6 = re.compile(r"^\[[0-9A-Fa-f:.]+\]$")


def host_name(host: str) -> str | None:
    """The host name of a Host header (lower case, without the port), or None if it is
    not a well-formed name, IPv4 or bracketed IPv6 address with an optional port."""
    if not host or len(host) > 260:
        return None
    name, port = host, ""
    if host.startswith("["):
        name, _, port = host.partition("]")
        name += "]"
        if not _IPV6.match(name) or (port and not re.fullmatch(r":\d{1,5}", port)):
            return None
        return name.lower()
    if ":" in host:
        name, _, port = host.rpartition(":")
        if not port.isdigit() or len(port) > 5:
            return None
    labels = name.rstrip(".").split(".")
    if len(name) > 253 or not all(_LABEL.match(label) for label in labels):
        return None
    return name.rstrip(".").lower()


class HostCheck:
    """WSGI middleware: 400 for a malformed Host, or one not in ``allowed`` (if given),
    before Flask builds anything from it."""

    def __init__(self, app, allowed: set[str] | None):
        self.app, self.allowed = app, allowed

    def __call__(self, environ, start_response):
        name = host_name(environ.get("HTTP_HOST") or environ.get("SERVER_NAME", ""))
        if name is None or (self.allowed and name not in self.allowed):
            body = b"400 Bad Request: this site does not answer to that Host.\n"
            start_response("400 Bad Request", [
                ("Content-Type", "text/plain; charset=utf-8"),
                ("Content-Length", str(len(body))), *HEADERS.items()])
            return [body]
        return self.app(environ, start_response)


class DrainOversized:
    """WSGI middleware: a body declared larger than the limit is read and dropped (up to
    ``DRAIN_MAX``) before the app answers 413.  Answering without reading it made the
    server close the connection with the body unread, and the client, still sending,
    often saw the connection reset instead of the 413."""

    DRAIN_MAX = 16 * 1024 * 1024

    def __init__(self, app, limit: int):
        self.app, self.limit = app, limit

    def __call__(self, environ, start_response):
        try:
            length = int(environ.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if self.limit and length > self.limit:
            stream, left = environ["wsgi.input"], min(length, self.DRAIN_MAX)
            while left > 0:
                chunk = stream.read(min(65536, left))
                if not chunk:
                    break
                left -= len(chunk)
        return self.app(environ, start_response)


def init_app(app: Flask) -> None:
    """Wrap the app in the Host check and, if configured, ProxyFix; add HSTS over TLS."""
    hops = app.config.get("PROXY_HOPS", os.environ.get("JUDGE_PROXY_HOPS") or 0)
    try:
        hops = int(hops)
    except (TypeError, ValueError):
        raise ValueError(f"PROXY_HOPS / JUDGE_PROXY_HOPS: {hops!r} is not a whole number "
                         "(the proxies in front of the app, usually 0 or 1)") from None
    raw = app.config.get("HOSTS", os.environ.get("JUDGE_HOSTS") or "")
    names = [n.strip() for n in (raw.split(",") if isinstance(raw, str) else raw)]
    allowed = {host_name(n) or n.lower() for n in names if n}
    app.wsgi_app = HostCheck(DrainOversized(app.wsgi_app, app.config.get(
        "MAX_CONTENT_LENGTH") or 0), allowed or None)
    if hops > 0:
        # outside the Host check: the name checked is the one the client asked the proxy for
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops)

    @app.before_request
    def _oversized():
        # every view, whether it reads the body or not: 413 (drained above)
        limit = app.config.get("MAX_CONTENT_LENGTH")
        if limit and (request.content_length or 0) > limit:
            abort(413)

    @app.after_request
    def _hsts(response):
        if request.is_secure:
            response.headers.setdefault("Strict-Transport-Security", HSTS)
        return response
