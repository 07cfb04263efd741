"""Issue 28: `judge db backup` / `judge db restore`: a whole copy of the record while it
is being written, never half a file, and clear errors for what cannot be copied."""
from __future__ import annotations

import sqlite3

import pytest
from click.testing import CliRunner

from judge.cli import main
from judge.platform import db as record_db
from judge.platform import migrate
from judge.platform.accounts import add_user
from judge.platform.backup import BackupError, backup, restore


@pytest.fixture
def record(tmp_path, monkeypatch):
    url = f"sqlite:///{tmp_path / 'record.sqlite3'}"
    monkeypatch.setenv("JUDGE_DATABASE_URL", url)
    migrate.upgrade(url)
    with record_db.transaction(url) as s:
        add_user(s, "yamada", "yamada-password")
    yield url
    record_db.dispose(url)


def _users(path) -> set[str]:
    with sqlite3.connect(path) as db:
        return {name for (name,) in db.execute("SELECT name FROM users")}


def test_a_backup_holds_what_was_committed_even_with_the_log_not_yet_checkpointed(
        record, tmp_path):
    # the engine keeps its connection open: the user is in the write-ahead log
    backup(tmp_path / "copy.sqlite3", record)
    assert _users(tmp_path / "copy.sqlite3") == {"yamada"}
    assert not list(tmp_path.glob("*.partial"))


def test_restore_brings_back_the_copy_and_drops_what_came_after(record, tmp_path):
    backup(tmp_path / "copy.sqlite3", record)
    with record_db.transaction(record) as s:
        add_user(s, "kato", "kato-password")
    record_db.dispose(record)
    restore(tmp_path / "copy.sqlite3", record)
    assert _users(tmp_path / "record.sqlite3") == {"yamada"}


def test_the_commands_say_what_is_wrong_without_a_traceback(record, tmp_path):
    runner = CliRunner()
    target = tmp_path / "b" / "copy.sqlite3"
    assert runner.invoke(main, ["--lang", "en", "db", "backup", str(target)]).exit_code == 0
    again = runner.invoke(main, ["--lang", "en", "db", "backup", str(target)])
    assert again.exit_code == 2 and "already exists" in again.output
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database at all" * 100)
    bad = runner.invoke(main, ["--lang", "en", "db", "restore", str(junk)])
    assert bad.exit_code == 2 and "not a copy of the record" in bad.output
    assert "Traceback" not in bad.output
    assert _users(tmp_path / "record.sqlite3") == {"yamada"}      # nothing lost


def test_postgresql_is_left_to_pg_dump(tmp_path):
    with pytest.raises(BackupError, match="pg_dump"):
        backup(tmp_path / "x", "postgresql+psycopg://judge:secret@127.0.0.1/event")


def test_restore_says_what_is_wrong_in_the_readers_language(record, tmp_path):
    # SQLite's own English ("file is not a database") stood inside the Japanese sentence
    junk = tmp_path / "bad.sqlite3"
    junk.write_bytes(b"not a database at all" * 100)
    runner = CliRunner()
    ja = runner.invoke(main, ["--lang", "ja", "db", "restore", str(junk)])
    assert ja.exit_code == 2 and "記録のコピーではありません" in ja.output
    assert "SQLite のデータベースではありません" in ja.output
    assert "file is not a database" not in ja.output
    en = runner.invoke(main, ["--lang", "en", "db", "restore", str(junk)])
    assert "not an SQLite database" in en.output


def test_an_unknown_reason_is_marked_as_sqlites_words(monkeypatch, tmp_path):
    from judge.i18n import use_locale
    from judge.platform import backup as backup_module
    with use_locale("ja"):
        said = backup_module._unreadable(tmp_path / "x", sqlite3.DatabaseError("disk I/O error"))
    assert "記録のコピーではありません" in said and "SQLite の原文: disk I/O error" in said
