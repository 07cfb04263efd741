"""A request's arguments answer a name that is absent without werkzeug building an HTTP
exception inside ``get`` (judge/web/__init__.py ``_Args``), and answer as before."""
from __future__ import annotations

from werkzeug import exceptions


def test_an_absent_argument_builds_no_exception(app, monkeypatch):
    built = []
    real = exceptions.BadRequestKeyError.__init__

    def counting(self, *a, **k):
        built.append(a)
        real(self, *a, **k)
    monkeypatch.setattr(exceptions.BadRequestKeyError, "__init__", counting)
    with app.test_request_context("/search?q=x&page=2&page=3&n=abc"):
        from flask import request
        args = request.args
        built.clear()              # (the test request's own headers build some)
        assert request.args.get("lang") is None and request.args.get("format", "") == ""
        assert request.args.get("q") == "x" and request.args.get("page") == "2"
        assert request.args.get("page", type=int) == 2
        assert request.args.get("n", 7, type=int) == 7
        assert request.args.getlist("page") == ["2", "3"]
        assert built == [] and request.args is args


def test_a_page_answers_as_before_with_arguments_absent(client):
    page = client.get("/search?q=プレイ&stay=1&_=args-test")
    assert page.status_code == 200
    assert page.headers["Vary"] == "Cookie, Accept-Language"
    assert page.headers["Content-Language"] == "ja"
    assert client.get("/search?q=プレイ&stay=1&lang=en&_=args-test").headers["Content-Language"] == "en"
