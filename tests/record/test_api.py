"""The JSON API: bearer tokens, the staff-only rule, bad input stored nowhere."""
from __future__ import annotations

import pytest
from sqlalchemy import func, select

from judge.record.models import Call, CallRevision

from .scenarios import ATTACK, QA337


def auth(token):
    return {"Authorization": f"Bearer {token}"}


def body(**over):
    data = {"round": 3, "table": 12, "question": "戦士Aで戦士Bを攻撃したらダメージは？",
            "ruling": "戦士Bは破壊され、Bに300ダメージ。", "entries": ["yugioh/rule/damage-calculation"],
            "scenario": ATTACK}
    data.update(over)
    return data


def count(tx, model=Call):
    return tx(lambda s: s.scalar(select(func.count()).select_from(model)))


def test_post_list_and_get_a_call(app, people, tx):
    client = app.test_client()
    r = client.post("/api/events/cs-tokyo/calls", json=body(entries=["qa337", "yugioh/rule/damage-calculation"]),
                    headers=auth(people["fj"]))
    assert r.status_code == 201, r.get_json()
    created = r.get_json()
    assert set(created) == {"id", "url"} and created["url"] == f"/calls/{created['id']}"
    listed = client.get("/api/events/cs-tokyo/calls", headers=auth(people["hj"])).get_json()
    assert [c["id"] for c in listed["calls"]] == [created["id"]]
    one = client.get(f"/api/calls/{created['id']}", headers=auth(people["fj2"])).get_json()
    assert one["judge"] == "fj" and one["round"] == 3 and one["table"] == 12
    assert one["entries"] == [QA337, "yugioh/rule/damage-calculation"]   # canonical ids
    assert one["status"] == "resolved" and one["status_label"] == "解決"
    # the board was run under the pinned ruleset and its outcome stored
    assert one["outcome"]["state"]["players"]["B"]["life"] == 7700
    assert one["outcome"]["verdict"]["status"] == "match"
    assert one["ruleset"] == one["time"][:10]
    assert [r["number"] for r in one["revisions"]] == [1]
    assert one["revisions"][0]["changes"]["ruling"] == [None, body()["ruling"]]


def test_newest_first_and_filters(app, people):
    client = app.test_client()
    ids = []
    for rnd, table in ((1, 5), (2, 5), (2, 7)):
        r = client.post("/api/events/cs-tokyo/calls", headers=auth(people["fj"]),
                        json=body(round=rnd, table=table, entries=[], scenario=""))
        ids.append(r.get_json()["id"])
    listed = client.get("/api/events/cs-tokyo/calls", headers=auth(people["hj"])).get_json()
    assert [c["id"] for c in listed["calls"]] == ids[::-1]
    r2 = client.get("/api/events/cs-tokyo/calls?round=2&table=5",
                    headers=auth(people["hj"])).get_json()
    assert [c["id"] for c in r2["calls"]] == [ids[1]]


def test_no_token_is_401_and_a_wrong_one_too(app, people):
    client = app.test_client()
    for path in ("/api/events/cs-tokyo/calls", "/api/calls/1"):
        r = client.get(path)
        assert r.status_code == 401 and r.headers["WWW-Authenticate"].startswith("Bearer")
        assert client.get(path, headers=auth("jdg_not-a-token")).status_code == 401
    assert client.post("/api/events/cs-tokyo/calls", json=body()).status_code == 401


def test_someone_not_on_the_staff_sees_nothing_of_the_call(app, people, tx):
    client = app.test_client()
    created = client.post("/api/events/cs-tokyo/calls", json=body(question="秘密の質問XYZ"),
                          headers=auth(people["fj"])).get_json()
    for method, path in (("get", "/api/events/cs-tokyo/calls"),
                         ("get", f"/api/calls/{created['id']}"),
                         ("get", "/api/events/cs-tokyo/calls?q=秘密"),
                         ("post", "/api/events/cs-tokyo/calls")):
        r = getattr(client, method)(path, headers=auth(people["out"]),
                                    **({"json": body()} if method == "post" else {}))
        assert r.status_code in (403, 404)
        text = r.get_data(as_text=True)
        assert "秘密" not in text and "300" not in text and "fj" not in text
    # the same answer as for a call or event that does not exist
    assert client.get("/api/calls/999999", headers=auth(people["out"])).status_code == 404
    assert count(tx) == 1


@pytest.mark.parametrize("over, field", [
    ({"entries": ["vision/qa/QA-99999"]}, "entries"),
    ({"entries": ["yugioh/rule/damage-calculation", "no such thing"]}, "entries"),
    ({"scenario": "game: yugioh\nsetup: [unclosed\n"}, "scenario"),
    ({"scenario": "game: yugioh\nsetup: {players: {A: {}, B: {}}}\nactions:\n"
                  "  - {player: A, do: dance}\n"}, "scenario"),
    ({"question": "あ" * 4001}, "question"),
    ({"ruling": ""}, "ruling"),
    ({"round": 0}, "round"),
    ({"table": "十二"}, "table"),
    ({"entries": "x" * 10}, "entries"),
])
def test_bad_input_is_a_clear_400_and_nothing_is_stored(app, people, tx, over, field):
    r = app.test_client().post("/api/events/cs-tokyo/calls", json=body(**over),
                               headers=auth(people["fj"]))
    assert r.status_code == 400
    data = r.get_json()
    assert data["field"] == field and data["error"].startswith(field)
    assert count(tx) == 0 and count(tx, CallRevision) == 0


def test_a_malformed_scenario_says_where(app, people):
    bad = "game: yugioh\nsetup: {players: {A: {}, B: {}}}\nactions:\n  - {player: A, do: dance}\n"
    data = app.test_client().post("/api/events/cs-tokyo/calls", json=body(scenario=bad),
                                  headers=auth(people["fj"])).get_json()
    assert "4行目" in data["error"] and "dance" in data["error"]   # Japanese by default
    assert data["scenario"]["line"] == 4


def test_not_json_is_refused(app, people):
    client = app.test_client()
    r = client.post("/api/events/cs-tokyo/calls", data="round=1", headers=auth(people["fj"]),
                    content_type="application/x-www-form-urlencoded")
    assert r.status_code == 415
    r = client.post("/api/events/cs-tokyo/calls", data="{nope", headers=auth(people["fj"]),
                    content_type="application/json")
    assert r.status_code == 400 and r.get_json()["error_id"] == "the body is not JSON: {problem}"
    assert "JSON ではありません" in r.get_json()["error"]      # Japanese by default
    r = client.post("/api/events/cs-tokyo/calls", json=[1, 2], headers=auth(people["fj"]))
    assert r.status_code == 400
