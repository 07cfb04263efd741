"""Issue 26, findings 7 and 8: every input answered without a 5xx, and a ruled appeal
closes the call to the floor.  On SQLite and PostgreSQL."""
from __future__ import annotations

import pytest

from .conftest import csrf_of, login

BIG = 2 ** 63


@pytest.fixture
def a_call(app, people):
    api = app.test_client()
    r = api.post("/api/events/cs-tokyo/calls", headers={"Authorization": f"Bearer {people['fj']}"},
                 json={"round": 2, "table": 7, "question": "戦士Aで攻撃したら？",
                       "ruling": "戦士Bは破壊される。", "players": "山田 / 佐藤"})
    assert r.status_code == 201, r.get_json()
    return r.get_json()["id"]


@pytest.mark.parametrize("path", ["/calls/{n}", "/calls/{n}/board", "/api/calls/{n}",
                                  "/editor/pending/{n}"])
@pytest.mark.parametrize("n", [BIG, BIG * 10 ** 6, BIG - 1])
def test_an_id_past_any_database_id_is_404(app, as_judge, people, path, n):
    hj = as_judge("hj")
    headers = {"Authorization": f"Bearer {people['hj']}"} if path.startswith("/api/") else {}
    assert hj.get(path.format(n=n), headers=headers).status_code == 404


@pytest.mark.parametrize("bad", ["/events\r\nSet-Cookie: x=1", "/events\nLocation: //evil",
                                 "/ev\x7fents"])
@pytest.mark.parametrize("where", ["form", "query"])
def test_a_header_in_next_is_refused(app, people, bad, where):
    from urllib.parse import quote
    client = app.test_client()
    page = client.get("/login?next=" + quote(bad)).get_data(as_text=True)
    assert "Set-Cookie: x" not in page and "\r\n" not in page.split("next")[1][:80]
    data = {"name": "fj", "password": "fj-password", "csrf_token": csrf_of(page)}
    if where == "form":
        data["next"] = bad
    r = client.post("/login" + ("?next=" + quote(bad) if where == "query" else ""), data=data)
    assert r.status_code == 303 and r.headers["Location"] == "/events"
    assert "Set-Cookie: x" not in str(r.headers)


@pytest.mark.parametrize("host", ["a" * 64 + ".example", "exa mple.jp", "x..y", "[zz]",
                                  "host:port", "-bad.example"])
@pytest.mark.parametrize("path", ["/changes.atom", "/login", "/api/"])
def test_a_malformed_host_is_400_with_the_headers(app, host, path):
    from judge.web.security import HEADERS
    r = app.test_client().get(path, headers={"Host": host})
    assert r.status_code == 400
    assert r.headers["Content-Security-Policy"] == HEADERS["Content-Security-Policy"]


def test_the_database_away_is_503_with_retry_after(app, as_judge, tmp_path):
    from judge.platform import db as record_db
    hj = as_judge("hj")
    saved = app.extensions["record"]
    app.extensions["record"] = record_db.session_factory(
        f"sqlite:///{tmp_path / 'no' / 'such' / 'folder.sqlite3'}")
    try:
        for path in ("/events", "/events/cs-tokyo/calls", "/login"):
            r = hj.get(path) if path != "/login" else app.test_client().post(path)
            assert r.status_code in (503, 400), (path, r.status_code)
        r = hj.get("/events")
        assert r.status_code == 503 and r.headers["Retry-After"].isdigit()
        assert hj.get("/events?format=json").get_json()["status"] == 503
    finally:
        app.extensions["record"] = saved


@pytest.mark.parametrize("method, path", [
    ("post", "/login"), ("post", "/events/cs-tokyo/calls"), ("post", "/api/events/cs-tokyo/calls"),
    ("post", "/calls/new"), ("post", "/editor/new"), ("get", "/events"), ("post", "/logout"),
    ("post", "/account/password")])
def test_every_oversized_body_is_413(app, as_judge, people, method, path):
    hj = as_judge("hj")
    body = b"x=" + b"a" * (600 * 1024)
    r = getattr(hj, method)(path, data=body, headers={
        "Content-Type": "application/x-www-form-urlencoded",
        "Authorization": f"Bearer {people['hj']}"})
    assert r.status_code == 413


def test_a_ruled_appeal_closes_the_call_to_the_floor(app, as_judge, a_call):
    fj, hj = as_judge("fj"), as_judge("hj")

    def edit(client, **fields):
        page = client.get("/events/cs-tokyo/calls/new").get_data(as_text=True)
        version = client.get(f"/calls/{a_call}?format=json").get_json()["revision"]
        return client.post(f"/calls/{a_call}", data={
            "csrf_token": csrf_of(page), "version": version, **fields})
    assert edit(fj, status="appealed").status_code == 303
    assert edit(hj, appeal_ruling="ヘッドジャッジの裁定：戦士Bは破壊される。").status_code == 303
    assert "e-ruling" not in fj.get(f"/calls/{a_call}").get_data(as_text=True)  # no form
    refused = edit(fj, ruling="書き換えた裁定")
    assert refused.status_code == 403
    data = hj.get(f"/calls/{a_call}?format=json").get_json()
    assert data["ruling"] == "戦士Bは破壊される。" and data["status"] == "appeal_ruled"
    assert edit(hj, ruling="ヘッドジャッジが直した裁定").status_code == 303


@pytest.mark.parametrize("field", ["question", "ruling", "players"])
@pytest.mark.parametrize("char", ["\x00", "\x1b", "\x7f", "\u202e", "\u2067"])
def test_a_control_character_in_a_call_is_refused_not_a_500(app, people, a_call, field, char):
    """PostgreSQL's text holds no NUL (psycopg raises, the API answered 500); the other
    control characters are no text a judge typed either.  Refused with the field named,
    on both databases (taking and editing a call read text the same way)."""
    api = app.test_client()
    headers = {"Authorization": f"Bearer {people['fj']}"}
    body = {"round": 1, "table": 2, "question": "q", "ruling": "r", "players": "p"}
    body[field] = f"戦士A{char}で攻撃"
    r = api.post("/api/events/cs-tokyo/calls", headers=headers, json=body)
    assert r.status_code == 400, r.get_data(as_text=True)
    assert r.get_json()["field"] == field
    assert f"U+{ord(char):04X}" in r.get_json()["error"]
    calls = api.get("/api/events/cs-tokyo/calls", headers=headers).get_json()["calls"]
    assert [c["id"] for c in calls] == [a_call]
    # a tab and a new line are text
    body[field] = "戦士A\tで\n攻撃" if field != "players" else "山田\t佐藤"
    assert api.post("/api/events/cs-tokyo/calls", headers=headers, json=body).status_code == 201
