"""The peer of bench/web.py: a trivial Flask page, served by gunicorn the same way.

The page is $TRIVIAL_BYTES bytes of HTML (the size of the app's search page), made once,
so what is left per request is Flask, gunicorn and the connection: the floor any page
of the app stands on.
"""
import os

from flask import Flask, Response

app = Flask(__name__)
_SIZE = int(os.environ.get("TRIVIAL_BYTES", "20000"))
_PAGE = ("<!doctype html><html lang=ja><title>trivial</title><body><p>"
         + "あ" * max(0, (_SIZE - 80) // 3) + "</p></body></html>").encode()


@app.get("/")
def page() -> Response:
    return Response(_PAGE, mimetype="text/html")
