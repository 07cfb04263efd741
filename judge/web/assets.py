"""Static files a phone keeps without asking the server again.

Every page links its styles and scripts as ``/static/<file>?v=<hash of the file>``
(``url_for('static', …)`` adds ``v``; templates that write the path themselves use
``static_v(name)``), and such a request is answered ``Cache-Control: public,
max-age=31536000, immutable``: a new file has a new address, so the browser's own cache
may serve the old address for ever without asking.  That is what lets a phone on the
venue's plain-http address (no service worker there: static/offline-tab.js) show a page
it kept, styled and with its scripts, while the laptop does not answer; with the old
``no-cache`` every stylesheet and script asked the server again and failed.

A request without ``v``, or with another file's hash, is answered as before
(``no-cache``, revalidated by its ETag).  The hash is read once per file per process:
a file edited under a running server keeps its old ``v`` until the server restarts.

Static files and the offline bundle are one per address whatever the reader's language:
they are not marked ``Vary: Cookie, Accept-Language`` (judge/web/i18n.py), which would
make a phone's cache miss them as soon as a cookie changed (logging in to record a call).
"""
from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

from flask import Flask, request

STATIC = Path(__file__).resolve().parent / "static"
IMMUTABLE = "public, max-age=31536000, immutable"
# endpoints whose answer does not depend on the language or the cookies
SAME_FOR_EVERYONE = frozenset({"static", "offline.bundle", "offline.pages", "offline.icon"})


@lru_cache(maxsize=256)
def version(filename: str) -> str:
    """The first 12 hex digits of the file's SHA-1, or "" for a file that is not there
    (or outside the static folder)."""
    path = (STATIC / filename).resolve()
    if STATIC not in path.parents or not path.is_file():
        return ""
    return hashlib.sha1(path.read_bytes()).hexdigest()[:12]


def query(filename: str) -> str:
    """``?v=<hash>`` for a template that writes a static path itself ("" if none)."""
    v = version(filename)
    return f"?v={v}" if v else ""


def init_app(app: Flask) -> None:
    app.jinja_env.globals["static_v"] = query

    @app.after_request
    def _immutable(response):
        if request.endpoint == "static" and response.status_code in (200, 304):
            v = request.args.get("v")
            filename = (request.view_args or {}).get("filename", "")
            if v and v == version(filename):
                response.headers["Cache-Control"] = IMMUTABLE
        return response
