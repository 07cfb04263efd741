"""The record's database: which one, its engine and its sessions.

One setting chooses it: ``$JUDGE_DATABASE_URL`` (a SQLAlchemy URL, e.g.
``postgresql+psycopg://judge@127.0.0.1/event``); unset, a SQLite file ``judge.sqlite3``
in the Flask instance folder, so nothing has to be started.

SQLite is opened in WAL mode with a busy timeout: two gunicorn workers writing at once
then wait for each other instead of failing with "database is locked".
"""
from __future__ import annotations

import os
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from sqlalchemy import create_engine, event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session, sessionmaker

ENV = "JUDGE_DATABASE_URL"
SQLITE_NAME = "judge.sqlite3"
BUSY_TIMEOUT_MS = 30_000

_engines: dict[str, Engine] = {}
_lock = threading.Lock()


def instance_folder() -> Path:
    """The instance folder of the web app (where Flask keeps per-install files)."""
    from flask import Flask
    return Path(Flask("judge.web").instance_path)


def database_url(url: str | None = None) -> str:
    """The URL to use: the one given, else ``$JUDGE_DATABASE_URL``, else SQLite in instance/."""
    if url:
        return url
    if os.environ.get(ENV):
        return os.environ[ENV]
    folder = instance_folder()
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / SQLITE_NAME}"


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    cur = dbapi_connection.cursor()
    cur.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    cur.execute("PRAGMA journal_mode = WAL")
    cur.execute("PRAGMA synchronous = NORMAL")
    cur.execute("PRAGMA foreign_keys = ON")
    cur.close()


def _sqlite_begin(conn) -> None:
    # BEGIN IMMEDIATE takes the write lock at the start: two writers then queue on the
    # busy timeout instead of one failing when it upgrades a read lock mid-transaction.
    conn.exec_driver_sql("BEGIN IMMEDIATE")


def get_engine(url: str | None = None) -> Engine:
    """The engine of a URL (one per URL and process)."""
    url = database_url(url)
    with _lock:
        engine = _engines.get(url)
        if engine is None:
            if url.startswith("sqlite"):
                engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000,
                                                          "check_same_thread": False})
                event.listen(engine, "connect", _sqlite_pragmas)
                # pysqlite's own transaction handling is turned off so BEGIN is ours.
                event.listen(engine, "connect",
                             lambda c, _r: setattr(c, "isolation_level", None))
                event.listen(engine, "begin", _sqlite_begin)
            else:
                engine = create_engine(url, pool_pre_ping=True)
            _engines[url] = engine
    return engine


def _after_fork_in_child() -> None:
    """In a process just forked (a gunicorn worker of the preloaded app): the pooled
    connections are the parent's sockets, and two processes talking over one mix their
    conversations with the database (PostgreSQL answered one worker's query to the
    other: "connection in transaction status INTRANS", a 500).  The child drops them
    without closing them (the parent's are still in use) and opens its own."""
    global _lock
    _lock = threading.Lock()          # a lock held by another thread at the fork stays held
    for engine in list(_engines.values()):
        engine.dispose(close=False)


os.register_at_fork(after_in_child=_after_fork_in_child)


def dispose(url: str | None = None) -> None:
    """Close the pooled connections of a URL's engine (tests, after a downgrade)."""
    with _lock:
        engine = _engines.pop(database_url(url), None)
    if engine is not None:
        engine.dispose()


def session_factory(url: str | None = None) -> sessionmaker:
    """A session maker bound to the URL's engine."""
    return sessionmaker(get_engine(url), expire_on_commit=False)


@contextmanager
def transaction(url: str | None = None) -> Iterator[Session]:
    """A session whose work is committed at the end, or rolled back whole on any error."""
    with session_factory(url)() as session:
        with session.begin():
            yield session
