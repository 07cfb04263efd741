"""Issue 26: sessions that end, accounts and tokens that can be revoked, a throttle that
slows guessing without locking the right judge out.  On SQLite and PostgreSQL."""
from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from sqlalchemy import select, update

from .conftest import csrf_of, login


def _cookie(client) -> str:
    return client.get_cookie("session").value


def _with_cookie(app, value: str):
    other = app.test_client()
    other.set_cookie("session", value)
    return other


def _user(session, name):
    from judge.platform.accounts import user_named
    return user_named(session, name)


def test_a_cookie_saved_before_logout_opens_nothing_after_it(app, as_judge):
    hj = as_judge("hj")
    saved = _cookie(hj)
    assert _with_cookie(app, saved).get("/events").status_code == 200
    page = hj.get("/events").get_data(as_text=True)
    assert hj.post("/logout", data={"csrf_token": csrf_of(page)}).status_code == 303
    assert _with_cookie(app, saved).get("/events").status_code == 302      # to the login
    assert _with_cookie(app, saved).get("/events?format=json").status_code == 401


def test_a_login_starts_a_new_session(app, people):
    client = app.test_client()
    with client.session_transaction() as s:
        s["planted"] = "before the login"
    assert login(client, "fj").status_code == 303
    with client.session_transaction() as s:
        assert "planted" not in s and s.get("_user_id")


def test_the_session_cookie_is_httponly_lax_and_secure_over_tls(app, people):
    plain = app.test_client()
    response = login(plain, "fj")
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Secure" not in cookie
    assert "Strict-Transport-Security" not in response.headers
    tls = app.test_client()
    page = tls.get("/login", base_url="https://localhost")
    response = tls.post("/login", base_url="https://localhost", data={
        "name": "fj", "password": "fj-password",
        "csrf_token": csrf_of(page.get_data(as_text=True))})
    assert response.status_code == 303
    assert "Secure" in response.headers["Set-Cookie"]
    assert response.headers["Strict-Transport-Security"].startswith("max-age=")


def test_disabling_a_user_ends_sessions_tokens_and_logins(app, people, as_judge, tx):
    from judge.platform.accounts import disable_user
    fj = as_judge("fj")
    bearer = {"Authorization": f"Bearer {people['fj']}"}
    assert app.test_client().get("/api/events/cs-tokyo/calls", headers=bearer).status_code == 200
    tx(lambda s: disable_user(s, _user(s, "fj")))
    assert fj.get("/events").status_code == 302
    assert app.test_client().get("/api/events/cs-tokyo/calls", headers=bearer).status_code == 401
    assert login(app.test_client(), "fj").status_code == 401


def test_a_judge_changes_their_password_and_other_sessions_end(app, as_judge):
    here, elsewhere = as_judge("fj"), as_judge("fj")
    page = here.get("/account/password").get_data(as_text=True)
    wrong = here.post("/account/password", data={
        "old": "not-it", "new": "new-password-1", "again": "new-password-1",
        "csrf_token": csrf_of(page)})
    assert wrong.status_code == 401
    done = here.post("/account/password", data={
        "old": "fj-password", "new": "new-password-1", "again": "new-password-1",
        "csrf_token": csrf_of(page)})
    assert done.status_code == 200
    assert here.get("/events").status_code == 200           # this session goes on
    assert elsewhere.get("/events").status_code == 302      # the other one ended
    assert login(app.test_client(), "fj").status_code == 401
    assert login(app.test_client(), "fj", "new-password-1").status_code == 303


def test_a_judge_taken_off_the_staff_sees_nothing_at_once(app, people, as_judge, tx):
    from judge.record.calls import event_by_slug, remove_staff
    fj = as_judge("fj")
    bearer = {"Authorization": f"Bearer {people['fj']}"}
    assert fj.get("/events/cs-tokyo/calls").status_code == 200
    tx(lambda s: remove_staff(s, event_by_slug(s, "cs-tokyo"), _user(s, "fj")))
    assert fj.get("/events/cs-tokyo/calls").status_code == 404
    assert app.test_client().get("/api/events/cs-tokyo/calls", headers=bearer).status_code == 404


def test_the_only_head_judge_cannot_be_removed(tx, people):
    from judge.record.calls import CallInputError, event_by_slug, remove_staff
    with pytest.raises(CallInputError) as found:
        tx(lambda s: remove_staff(s, event_by_slug(s, "cs-tokyo"), _user(s, "hj")))
    assert found.value.status == 409


def test_tokens_expire_and_are_revoked(app, tx, people):
    from judge.platform.accounts import new_token, revoke_tokens, tokens
    from judge.platform.models import ApiToken
    second = tx(lambda s: new_token(s, _user(s, "fj"), timedelta(days=1)))
    api = app.test_client()

    def status(token):
        return api.get("/api/events/cs-tokyo/calls",
                       headers={"Authorization": f"Bearer {token}"}).status_code
    assert status(people["fj"]) == 200 and status(second) == 200
    from judge.platform.models import utcnow
    tx(lambda s: s.execute(update(ApiToken).where(ApiToken.expires_at.is_not(None))
                           .values(expires_at=utcnow() - timedelta(seconds=1))))
    assert status(second) == 401 and status(people["fj"]) == 200
    first_id = tx(lambda s: tokens(s, _user(s, "fj"))[0].id)
    assert tx(lambda s: revoke_tokens(s, _user(s, "fj"), first_id)) == 1
    assert status(people["fj"]) == 401
    assert status(people["hj"]) == 200


def _login_from(app, name, password, address):
    client = app.test_client()
    page = client.get("/login", environ_base={"REMOTE_ADDR": address}).get_data(as_text=True)
    return client.post("/login", environ_base={"REMOTE_ADDR": address}, data={
        "name": name, "password": password, "csrf_token": csrf_of(page)})


def test_a_stranger_guessing_does_not_lock_the_head_judge_out(app, people):
    for _ in range(8):
        _login_from(app, "hj", "wrong-guess", "203.0.113.9")
    slowed = _login_from(app, "hj", "wrong-guess", "203.0.113.9")
    assert slowed.status_code == 429 and int(slowed.headers["Retry-After"]) >= 1
    # the head judge, from their own phone, right password: in at once
    assert _login_from(app, "hj", "hj-password", "192.168.10.23").status_code == 303


def test_the_wait_is_a_backoff_not_a_lockout(app, people, tx):
    from judge.platform.models import LoginAttempt
    for _ in range(6):
        _login_from(app, "fj", "wrong-guess", "192.168.10.40")
    assert _login_from(app, "fj", "fj-password", "192.168.10.40").status_code == 429
    # the wait passes (the failures moved back by the longest wait, a minute)
    tx(lambda s: s.execute(update(LoginAttempt).values(
        at=LoginAttempt.at - timedelta(seconds=61))))
    assert _login_from(app, "fj", "fj-password", "192.168.10.40").status_code == 303


def test_simultaneous_guesses_are_each_counted(app, people, monkeypatch, tx):
    """On PostgreSQL 16 tries at once were checked 11 times against a limit of 5."""
    from judge.platform import accounts
    from judge.platform.models import LoginAttempt
    monkeypatch.setattr(accounts, "_backoff", lambda failures, free, cap: (
        timedelta(0) if failures < free else timedelta(hours=1)))
    pages = []
    for _ in range(16):
        client = app.test_client()
        page = client.get("/login", environ_base={"REMOTE_ADDR": "198.51.100.7"})
        pages.append((client, csrf_of(page.get_data(as_text=True))))
    start = threading.Barrier(16)
    answers = []

    def guess(client, token):
        start.wait()
        r = client.post("/login", environ_base={"REMOTE_ADDR": "198.51.100.7"},
                        data={"name": "hj", "password": "wrong-guess", "csrf_token": token})
        answers.append(r.status_code)
    threads = [threading.Thread(target=guess, args=p) for p in pages]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(answers) == [401] * 5 + [429] * 11, answers
    checked = tx(lambda s: len(list(s.scalars(select(LoginAttempt)))))
    assert checked == 5


def test_the_head_judge_takes_a_judge_off_the_staff_on_the_page(app, as_judge):
    hj, fj = as_judge("hj"), as_judge("fj")
    page = hj.get("/events/cs-tokyo/calls").get_data(as_text=True)
    assert fj.post("/events/cs-tokyo/staff/remove", data={
        "name": "fj2", "csrf_token": csrf_of(fj.get("/events").get_data(as_text=True))
    }).status_code == 403                                   # a floor judge cannot
    r = hj.post("/events/cs-tokyo/staff/remove", data={"name": "fj", "csrf_token": csrf_of(page)})
    assert r.status_code == 303
    assert fj.get("/events/cs-tokyo/calls").status_code == 404
    last = hj.post("/events/cs-tokyo/staff/remove", data={"name": "hj",
                                                          "csrf_token": csrf_of(page)})
    assert last.status_code == 409                          # the only head judge stays
