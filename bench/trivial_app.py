"""The peer of bench/web.py: a trivial Flask page, served by gunicorn the same way.

``/?bytes=N`` is a page of N bytes of HTML (default $TRIVIAL_BYTES, the size of the
app's search page), each size made once, so what is left per request is Flask,
gunicorn and the connection: the floor a page of the app of that size stands on.
"""
import os

from flask import Flask, Response, request

app = Flask(__name__)
_SIZE = int(os.environ.get("TRIVIAL_BYTES", "20000"))
_PAGES: dict[int, bytes] = {}


def _page(size: int) -> bytes:
    page = _PAGES.get(size)
    if page is None:
        page = _PAGES[size] = ("<!doctype html><html lang=ja><title>trivial</title><body><p>"
                               + "あ" * max(0, (size - 80) // 3) + "</p></body></html>").encode()
    return page


@app.get("/")
def page() -> Response:
    size = min(max(request.args.get("bytes", _SIZE, type=int), 0), 4_000_000)
    return Response(_page(size), mimetype="text/html")
