"""Issue 26, finding 2, made certain: two editors approve one change while the first
approval is still landing.  On PostgreSQL a request's read takes no write lock, so the
second approval, in another worker, used to pass the `pending` check (made outside a
lock that held in one process only) and land the ruling a second time: a second source
file.  The first landing is held here until the
second request has had its chance, so the race is not left to the machine's timing."""
from __future__ import annotations

import threading
import time

import pytest

from .live import CSRF, copy_site

EDITORS = ("ed1", "ed2", "ed3")


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    from judge.platform import db as record_db
    from judge.platform import migrate
    from judge.platform.accounts import add_user
    from judge.editors.models import EditorRole
    from judge.platform.pgtemp import TempPostgres, pg_bin
    from judge.web import create_app
    if pg_bin() is None:
        pytest.skip("PostgreSQL is not installed (scripts/setup --test installs it)")
    work = copy_site(tmp_path_factory.mktemp("race"))
    pg = TempPostgres().start()
    url = pg.new_database()
    migrate.upgrade(url)
    with record_db.transaction(url) as session:
        for name in EDITORS:
            user = add_user(session, name, f"{name}-password")
            session.add(EditorRole(user_id=user.id, game="vision"))
    config = {"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": url,
              "CORPUS_DIR": str(work / "corpus"), "SOURCES_DIR": str(work / "sources"),
              "SEARCH_EAGER": False}
    app = create_app(config)
    app.work = work
    # a second worker of the same site: its own corpus in memory, read before the first
    # approval lands (as a gunicorn worker's is)
    app.other = create_app(config)
    yield app
    record_db.dispose(url)
    pg.stop()


def _client(app, name):
    client = app.test_client()
    page = client.get("/login").get_data(as_text=True)
    assert client.post("/login", data={"name": name, "password": f"{name}-password",
                                       "csrf_token": CSRF.search(page).group(1)}).status_code == 303
    return client


@pytest.mark.postgres
def test_a_second_approval_during_the_first_is_refused(app, monkeypatch):
    from judge.editors import pages as editors
    ed1, ed2 = _client(app, "ed1"), _client(app, "ed2")
    ed3 = _client(app.other, "ed3")
    page = ed1.get("/editor/new").get_data(as_text=True)
    sent = ed1.post("/editor/new", data={
        "game": "vision", "action": "qa", "number": "9903", "published": "2026-12-01",
        "retrieved": "2026-12-01", "url": "https://example.invalid/test",
        "question": "テスト用の架空の質問9903ですか？", "answer": "テスト用の架空の回答9903です。",
        "csrf_token": CSRF.search(page).group(1)})
    pending = sent.headers["Location"]
    real, inside, go = editors.land, threading.Event(), threading.Event()

    def held_land(change):
        if not inside.is_set():
            inside.set()
            go.wait(30)              # the first landing waits for the second request
        return real(change)
    monkeypatch.setattr(editors, "land", held_land)
    answers = {}

    def approve(name, client):
        token = CSRF.search(client.get("/editor/").get_data(as_text=True)).group(1)
        answers[name] = client.post(pending + "/approve", data={"csrf_token": token}).status_code
    first = threading.Thread(target=approve, args=("ed2", ed2))
    first.start()
    assert inside.wait(60)
    second = threading.Thread(target=approve, args=("ed3", ed3))
    second.start()
    time.sleep(2)                    # let the second request reach whatever it waits on
    go.set()
    first.join(120)
    second.join(120)
    assert sorted(answers.values()) == [303, 409], answers
    files = sorted((app.work / "sources" / "published" / "vision").glob("*QA-9903*"))
    assert [p.name for p in files] == ["2026-12-01-QA-9903.yaml"]
