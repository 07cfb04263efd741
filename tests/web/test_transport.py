"""Issue 26: the app behind a TLS proxy (PROXY_HOPS) and for its own names only (HOSTS)."""
from __future__ import annotations

import pytest
from flask import Flask, request

from judge.web import transport


def _app(**config) -> Flask:
    app = Flask(__name__)
    app.config.update(config)
    transport.init_app(app)

    @app.get("/who")
    def who():
        return {"addr": request.remote_addr, "scheme": request.scheme, "host": request.host}
    return app


FORWARDED = {"X-Forwarded-For": "192.168.10.23", "X-Forwarded-Proto": "https",
             "X-Forwarded-Host": "judge.example.jp"}


def test_without_the_setting_forwarded_headers_are_ignored():
    r = _app().test_client().get("/who", headers=FORWARDED,
                                 environ_base={"REMOTE_ADDR": "127.0.0.1"})
    assert r.get_json() == {"addr": "127.0.0.1", "scheme": "http", "host": "localhost"}
    assert "Strict-Transport-Security" not in r.headers


def test_behind_one_proxy_the_client_address_and_scheme_are_the_clients():
    r = _app(PROXY_HOPS=1).test_client().get("/who", headers=FORWARDED,
                                             environ_base={"REMOTE_ADDR": "127.0.0.1"})
    assert r.get_json() == {"addr": "192.168.10.23", "scheme": "https",
                            "host": "judge.example.jp"}
    assert r.headers["Strict-Transport-Security"] == transport.HSTS


def test_the_setting_comes_from_the_environment(monkeypatch):
    monkeypatch.setenv("JUDGE_PROXY_HOPS", "1")
    monkeypatch.setenv("JUDGE_HOSTS", "judge.example.jp, 192.168.10.2")
    client = _app().test_client()
    assert client.get("/who", headers=FORWARDED).get_json()["addr"] == "192.168.10.23"
    assert client.get("/who", headers={"X-Forwarded-Host": "evil.example"}).status_code == 400
    monkeypatch.setenv("JUDGE_PROXY_HOPS", "one")
    with pytest.raises(ValueError, match="JUDGE_PROXY_HOPS"):
        _app()


@pytest.mark.parametrize("host, status", [
    ("judge.example.jp", 200), ("JUDGE.example.jp:8443", 200), ("192.168.10.2:8000", 200),
    ("evil.example", 400), ("judge.example.jp.evil", 400), ("a" * 64, 400)])
def test_only_the_configured_names_are_answered(host, status):
    client = _app(HOSTS="judge.example.jp,192.168.10.2").test_client()
    assert client.get("/who", headers={"Host": host}).status_code == status


@pytest.mark.parametrize("host", ["localhost", "127.0.0.1:5000", "[::1]:8000", "venue-pc.local",
                                  "judge.example.jp."])
def test_unset_any_well_formed_name_is_answered(host):
    assert _app().test_client().get("/who", headers={"Host": host}).status_code == 200
