"""The record's schema migrations (Alembic), run from Python: ``judge db upgrade``,
``judge serve`` on start, and the tests.  The migration scripts ship inside the package
(``judge/record/migrations``), so an installed judge finds them without an alembic.ini.
"""
from __future__ import annotations

from pathlib import Path

from alembic import command
from sqlalchemy import text
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory

from .db import database_url, get_engine

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def alembic_config(url: str | None = None) -> Config:
    """An Alembic config pointing at the packaged migrations and the database."""
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
    """Bring the database to the newest schema (or to ``target``)."""
    _run(command.upgrade, url, target)


def downgrade(url: str | None = None, target: str = "base") -> None:
    """Take the database back to ``target`` (``base``: no record tables at all)."""
    _run(command.downgrade, url, target)


def current(url: str | None = None) -> str | None:
    """The schema revision the database is at (None: never migrated)."""
    with get_engine(url).connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def head() -> str:
    """The newest schema revision the package knows."""
    return ScriptDirectory.from_config(alembic_config("sqlite://")).get_current_head()
