"""A call sent twice is recorded once (issue 28: a phone on a weak signal).

The call form carries a key of its own (``client_key``, new in every form drawn); the
same form sent again (the answer lost on the way, a second tap, the draft the phone
kept sent once the laptop answers) is the call already recorded, on the page, through
the API and when two sends race, on SQLite and PostgreSQL."""
from __future__ import annotations

import re

import pytest
from sqlalchemy import func, select

from judge.record import calls as C
from judge.record.models import Call, CallRevision, Event, User

from .conftest import csrf_of
from .scenarios import ATTACK

KEY = re.compile(r'name="client_key" id="client-key" value="([^"]+)"')


def count(tx, model=Call):
    return tx(lambda s: s.scalar(select(func.count()).select_from(model)))


def form_of(client):
    page = client.get("/events/cs-tokyo/calls/new").get_data(as_text=True)
    return {"round": "3", "table": "12", "question": "戦士Aで戦士Bを攻撃したら？",
            "ruling": "戦士Bは破壊され、Bに300ダメージ。",
            "entries": "yugioh/rule/damage-calculation", "scenario": ATTACK,
            "csrf_token": csrf_of(page), "client_key": KEY.search(page).group(1)}


def test_every_form_drawn_has_a_key_of_its_own(as_judge):
    client = as_judge("fj")
    keys = {form_of(client)["client_key"] for _ in range(3)}
    assert len(keys) == 3 and all(len(k) >= 16 for k in keys)


def test_the_same_form_sent_twice_is_one_call_and_both_answers_show_it(as_judge, tx):
    client = as_judge("fj")
    form = form_of(client)
    first = client.post("/events/cs-tokyo/calls", data=form)
    again = client.post("/events/cs-tokyo/calls", data=form)
    assert first.status_code == again.status_code == 303
    assert first.headers["Location"] == again.headers["Location"]
    assert count(tx) == 1 and count(tx, CallRevision) == 1
    # the call's page says which key it was recorded with (the phone drops its draft)
    page = client.get(first.headers["Location"]).get_data(as_text=True)
    assert f'data-recorded-key="{form["client_key"]}"' in page
    # another form is another call
    assert client.post("/events/cs-tokyo/calls", data=form_of(client)).status_code == 303
    assert count(tx) == 2


def test_a_key_is_one_call_per_event_not_across_events(app, people, tx):
    """The key is unique within an event: another event's call with the same key is its own."""
    from judge.record.calls import set_staff

    def staff_fj_on_other(s):
        event = s.scalars(select(Event).where(Event.slug == "other")).one()
        set_staff(s, event, s.scalars(select(User).where(User.name == "fj")).one(), "floor")
    tx(staff_fj_on_other)
    client = app.test_client()
    body = {"round": 1, "table": 1, "question": "q?", "ruling": "r.", "entries": [],
            "client_key": "phone-1234-abcd"}
    for slug in ("cs-tokyo", "other"):
        r = client.post(f"/api/events/{slug}/calls", json=body,
                        headers={"Authorization": f"Bearer {people['fj']}"})
        assert r.status_code == 201, r.get_json()
    assert count(tx) == 2


def test_the_api_answers_a_resent_call_with_the_one_recorded(app, people, tx):
    client = app.test_client()
    body = {"round": 3, "table": 12, "question": "戦士Aで戦士Bを攻撃したらダメージは？",
            "ruling": "戦士Bは破壊され、Bに300ダメージ。", "entries": [],
            "client_key": "3f1c2b9e-phone-7"}
    auth = {"Authorization": f"Bearer {people['fj']}"}
    first = client.post("/api/events/cs-tokyo/calls", json=body, headers=auth)
    again = client.post("/api/events/cs-tokyo/calls", json=body, headers=auth)
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.get_json() == again.get_json()
    assert count(tx) == 1
    # without a key, every send is a call (the API's callers before the key)
    del body["client_key"]
    for _ in range(2):
        assert client.post("/api/events/cs-tokyo/calls", json=body, headers=auth).status_code == 201
    assert count(tx) == 3


@pytest.mark.parametrize("key", ["short", "x" * 65, "space in it", "鍵の文字列です", 12345678])
def test_a_malformed_key_is_a_clear_400_and_nothing_is_stored(app, people, tx, key):
    r = app.test_client().post(
        "/api/events/cs-tokyo/calls",
        json={"round": 1, "table": 1, "question": "q?", "ruling": "r.", "client_key": key},
        headers={"Authorization": f"Bearer {people['fj']}"})
    assert r.status_code == 400 and r.get_json()["field"] == "client_key", r.get_json()
    assert count(tx) == 0


def test_two_sends_racing_record_one_call(db_url, people, tx, monkeypatch):
    """The second send looked for the key before the first committed its call (its look
    finds nothing): storing, it meets the database's unique key, and answers with the
    first's call, not new."""
    from judge.platform import db as record_db
    data = {"round": 1, "table": 2, "question": "q?", "ruling": "r.", "entries": [],
            "client_key": "race-key-0001"}

    def event_and_judge(s):
        return (s.scalars(select(Event).where(Event.slug == "cs-tokyo")).one(),
                s.scalars(select(User).where(User.name == "fj")).one())

    factory = record_db.session_factory(db_url)
    with factory() as first, factory() as second:
        call, new = C.take_call(first, *event_and_judge(first), data, None)
        assert new
        real, looks = C.recorded_with, []

        def looked_too_early(session, event, key):
            looks.append(key)
            return None if len(looks) == 1 else real(session, event, key)
        monkeypatch.setattr(C, "recorded_with", looked_too_early)
        again, new = C.take_call(second, *event_and_judge(second), data, None)
        assert (again.id, new) == (call.id, False)
        assert len(looks) == 2            # the early look, then the one after the clash
    assert count(tx) == 1 and count(tx, CallRevision) == 1
