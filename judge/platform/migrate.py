"""The record's schema migrations (Alembic), run from Python: ``judge db upgrade``,
``judge serve`` on start, and the tests.  The migration scripts ship inside the package
(``judge/platform/migrations``), so an installed judge finds them without an alembic.ini.
"""
from __future__ import annotations

import hashlib
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from .db import database_url, get_engine

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def alembic_config(url: str | None = None):
    """An Alembic config pointing at the packaged migrations and the database."""
    # Alembic is imported where it is used: a start whose database is already at the
    # newest schema never needs it (a third of `judge serve`'s start-up otherwise)
    from alembic.config import Config
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    # ConfigParser interpolation would read a '%' in a password as a placeholder.
    cfg.set_main_option("sqlalchemy.url", database_url(url).replace("%", "%%"))
    return cfg


def _run(fn, url: str | None, *args) -> None:
    cfg = alembic_config(url)
    with get_engine(url).begin() as conn:
        # Two gunicorn workers starting at once must not both create the tables: on
        # PostgreSQL a transaction-wide advisory lock queues them (SQLite's BEGIN
        # IMMEDIATE, see db.py, already does).
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(130013)"))
        cfg.attributes["connection"] = conn
        fn(cfg, *args)


def upgrade(url: str | None = None, target: str = "head") -> None:
    """Bring the database to the newest schema (or to ``target``).

    A database already at the newest schema is left as it is without loading Alembic:
    its ``alembic_version`` is read and compared with the head the packaged migration
    scripts had the last time they were read (kept per content of the scripts)."""
    if target == "head" and _at_known_head(url):
        return
    from alembic import command
    _run(command.upgrade, url, target)
    if target == "head":
        from judge.corpus.cache import memo_put
        memo_put(_scripts_key(), "record-schema-head", head())


def downgrade(url: str | None = None, target: str = "base") -> None:
    """Take the database back to ``target`` (``base``: no record tables at all)."""
    from alembic import command
    _run(command.downgrade, url, target)


def current(url: str | None = None) -> str | None:
    """The schema revision the database is at (None: never migrated)."""
    from alembic.runtime.migration import MigrationContext
    with get_engine(url).connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def head() -> str:
    """The newest schema revision the package knows."""
    from alembic.script import ScriptDirectory
    return ScriptDirectory.from_config(alembic_config("sqlite://")).get_current_head()


def _scripts_key() -> str:
    """A digest of every migration script (and env.py): equal keys, the same head."""
    h = hashlib.blake2b(digest_size=20)
    for path in sorted(MIGRATIONS.rglob("*.py")):
        if "__pycache__" not in path.parts:
            h.update(path.relative_to(MIGRATIONS).as_posix().encode() + b"\0")
            h.update(path.read_bytes())
    return h.hexdigest()


def _at_known_head(url: str | None) -> bool:
    from judge.corpus.cache import memo_get
    known = memo_get(_scripts_key(), "record-schema-head")
    if not known:
        return False
    try:
        with get_engine(url).connect() as conn:
            now = conn.execute(text("SELECT version_num FROM alembic_version")).scalars().all()
    except SQLAlchemyError:
        return False                  # no table yet, or unreachable: Alembic decides
    return now == [known]
