"""`migrate.upgrade` on a database already at the newest schema does not run Alembic,
and one that is behind (or empty) is still migrated."""
from __future__ import annotations

import pytest
from sqlalchemy import inspect

from judge.platform import db as record_db
from judge.platform import migrate


def _alembic_forbidden(monkeypatch):
    import alembic.command

    def boom(*_a, **_k):
        raise AssertionError("Alembic ran on a database already at head")
    monkeypatch.setattr(alembic.command, "upgrade", boom)


def test_at_head_alembic_is_not_run(empty_db, monkeypatch, tmp_path):
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("JUDGE_CORPUS_CACHE", raising=False)
    migrate.upgrade(empty_db)                     # the first time: Alembic, head kept
    head = migrate.head()
    assert migrate.current(empty_db) == head
    with monkeypatch.context() as m:
        _alembic_forbidden(m)
        migrate.upgrade(empty_db)                 # at head: nothing run
    migrate.downgrade(empty_db)                   # behind: migrated again
    assert migrate.current(empty_db) is None
    migrate.upgrade(empty_db)
    assert migrate.current(empty_db) == head
    assert "calls" in inspect(record_db.get_engine(empty_db)).get_table_names()


def test_changed_scripts_are_never_skipped(empty_db, monkeypatch, tmp_path):
    """The kept head belongs to the scripts' contents: other scripts, Alembic decides."""
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(tmp_path / "cache"))
    migrate.upgrade(empty_db)
    monkeypatch.setattr(migrate, "_scripts_key", lambda: "other scripts")
    ran = []
    import alembic.command
    real = alembic.command.upgrade
    monkeypatch.setattr(alembic.command, "upgrade", lambda *a, **k: (ran.append(1),
                                                                     real(*a, **k)))
    migrate.upgrade(empty_db)
    assert ran == [1]


@pytest.fixture(params=["sqlite"])
def empty_db(request, tmp_path):
    url = f"sqlite:///{tmp_path / 'record.sqlite3'}"
    yield url
    record_db.dispose(url)
