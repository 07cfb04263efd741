"""A copy of the call record taken while the app serves (バックアップ).

SQLite's online backup copies the database page by page under its own locks, so the copy
is whole and consistent even while judges record calls; it is written beside its name and
renamed at the end, so an interrupted backup leaves no half-written file.  PostgreSQL has
its own tool (``pg_dump``).  A restore is the same copy the other way, through SQLite,
so the database's write-ahead log is taken into account instead of left to contradict a
file copied over it.
"""
from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from sqlalchemy.engine import make_url

from judge.i18n import _

from .db import database_url


class BackupError(Exception):
    """A backup that cannot be made; the message says why."""


def _sqlite_file(url: str | None) -> Path:
    parsed = make_url(database_url(url))
    if parsed.get_backend_name() != "sqlite" or not parsed.database:
        raise BackupError(_("{url}: only an SQLite record is copied by judge; for "
                            "PostgreSQL use pg_dump",
                            url=parsed.render_as_string(hide_password=True)))
    return Path(parsed.database)


def _copy(source: Path, target: Path, check=None) -> None:
    """SQLite's online backup of ``source`` into ``target`` (``check`` first reads the
    source and may refuse it)."""
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    try:
        if check:
            check(src)
        target.parent.mkdir(parents=True, exist_ok=True)
        dst = sqlite3.connect(target, timeout=30)
        try:
            src.backup(dst)
        finally:
            dst.close()
    finally:
        src.close()


def restore(copy: Path, url: str | None = None) -> None:
    """Put the record back as it is in ``copy`` (made by :func:`backup`); stop the app
    first: pages open on the old record would write into the restored one."""
    target = _sqlite_file(url)
    if not copy.is_file():
        raise BackupError(_("{path}: no such copy", path=copy))

    def readable(src) -> None:
        try:
            src.execute("SELECT count(*) FROM sqlite_master").fetchone()
        except sqlite3.DatabaseError as exc:
            raise BackupError(_unreadable(copy, exc)) from None
    _copy(copy, target, readable)


def _unreadable(copy: Path, exc: sqlite3.DatabaseError) -> str:
    """Why ``copy`` cannot be restored, in the reader's language: SQLite's reasons are
    English, so a known one has its own message and any other is marked as SQLite's words
    (never left to stand inside a Japanese sentence as if it were ours)."""
    reason = str(exc)
    if "not a database" in reason or "file is encrypted" in reason:
        return _("{path}: not a copy of the record (the file is not an SQLite database)",
                 path=copy)
    return _("{path}: not a copy of the record (SQLite's own words: {reason})", path=copy,
             reason=reason)


def backup(target: Path, url: str | None = None) -> int:
    """Copy the record's SQLite database to ``target``; the number of bytes written."""
    source = _sqlite_file(url)
    if not source.exists():
        raise BackupError(_("{path}: no record yet (nothing has been recorded)", path=source))
    if target.exists():
        raise BackupError(_("{path}: already exists; choose a new name", path=target))
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    _copy(source, partial)
    os.replace(partial, target)
    return target.stat().st_size
