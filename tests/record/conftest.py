"""Fixtures of the call record's tests: every test runs on SQLite and on PostgreSQL.

PostgreSQL is a throwaway server started here (judge.platform.pgtemp) from Debian's
``postgresql`` package, which ``scripts/setup --test`` installs.  Without it the
PostgreSQL half is skipped with the reason, unless ``JUDGE_REQUIRE_POSTGRES`` is set
(CI sets it: there a missing server is a broken set-up).

One app (the real corpus) is shared by the session; each test points it at a fresh,
migrated database.
"""
from __future__ import annotations

import os
import re

import pytest

from judge.platform import db as record_db
from judge.platform import migrate
from judge.platform.pgtemp import pg_bin

BACKENDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]


@pytest.fixture(autouse=True, scope="session")
def _quick_hashes():
    """Cheaper argon2 parameters in the tests (the hashes are still real argon2id)."""
    from argon2 import PasswordHasher

    from judge.platform import accounts
    saved = accounts.HASHER
    accounts.HASHER = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
    yield
    accounts.HASHER = saved


@pytest.fixture(scope="session")
def pg_server():
    if pg_bin() is None:
        if os.environ.get("JUDGE_REQUIRE_POSTGRES"):
            pytest.fail("PostgreSQL is not installed and JUDGE_REQUIRE_POSTGRES is set")
        pytest.skip("PostgreSQL is not installed (scripts/setup --test installs Debian's "
                    "postgresql package)")
    from judge.platform.pgtemp import TempPostgres
    server = TempPostgres().start()
    yield server
    server.stop()


@pytest.fixture(params=BACKENDS)
def empty_db(request, tmp_path):
    """The URL of a fresh, empty database of each kind."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'record.sqlite3'}"
    else:
        url = request.getfixturevalue("pg_server").new_database()
    yield url
    record_db.dispose(url)


@pytest.fixture
def db_url(empty_db):
    """A fresh database at the newest schema."""
    migrate.upgrade(empty_db)
    return empty_db


@pytest.fixture(scope="session")
def shared_app(tmp_path_factory):
    from judge.web import create_app
    return create_app({"TESTING": True, "SECRET_KEY": "test-secret",
                       "DATABASE_URL": f"sqlite:///{tmp_path_factory.mktemp('db')}/unused.sqlite3"})


@pytest.fixture
def app(shared_app, db_url):
    """The app, its record pointed at this test's database."""
    old = shared_app.extensions["record"], shared_app.config["DATABASE_URL"]
    shared_app.extensions["record"] = record_db.session_factory(db_url)
    shared_app.config["DATABASE_URL"] = db_url
    yield shared_app
    shared_app.extensions["record"], shared_app.config["DATABASE_URL"] = old


@pytest.fixture
def tx(db_url):
    """Run code in one committed transaction on this test's database."""
    def run(fn):
        with record_db.transaction(db_url) as session:
            return fn(session)
    return run


@pytest.fixture
def people(tx):
    """An event 'cs-tokyo' with head judge 'hj', floor judges 'fj' and 'fj2', and an
    outsider 'out' who is head judge of another event; API tokens for each."""
    from judge.platform.accounts import add_user, new_token
    from judge.record.calls import add_event, set_staff

    def make(session):
        users = {n: add_user(session, n, f"{n}-password") for n in ("hj", "fj", "fj2", "out")}
        event = add_event(session, "cs-tokyo", "チャンピオンシップ東京", users["hj"])
        set_staff(session, event, users["fj"], "floor")
        set_staff(session, event, users["fj2"], "floor")
        add_event(session, "other", "別の大会", users["out"])
        return {n: new_token(session, u) for n, u in users.items()}
    return tx(make)


CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


def csrf_of(html: str) -> str:
    found = CSRF.search(html)
    assert found, "no CSRF token on the page"
    return found.group(1)


def login(client, name: str, password: str | None = None):
    page = client.get("/login").get_data(as_text=True)
    return client.post("/login", data={"name": name, "password": password or f"{name}-password",
                                       "csrf_token": csrf_of(page)})


@pytest.fixture
def as_judge(app, people):
    """A logged-in test client for a judge: ``as_judge('fj')``."""
    def make(name: str):
        client = app.test_client()
        assert login(client, name).status_code == 303
        return client
    return make
