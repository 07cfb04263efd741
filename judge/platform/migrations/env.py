"""Alembic's environment for the database (the accounts, the call record, the editors): run with the connection judge.platform.migrate
hands over (``config.attributes["connection"]``), or with the configured URL."""
from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from importlib.metadata import entry_points

from judge.platform.models import Base

config = context.config
# Every table, so that Alembic compares them all: the record's and the editors' are
# declared in their own packages (above this one), found through their entry points.
for _tables in entry_points(group="judge.tables"):
    _tables.load()
target_metadata = Base.metadata


def run() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _migrate(connection)
        return
    engine = create_engine(config.get_main_option("sqlalchemy.url"))
    with engine.connect() as conn:
        _migrate(conn)
    engine.dispose()


def _migrate(connection) -> None:
    # render_as_batch: SQLite cannot ALTER most things; batch mode copies the table.
    context.configure(connection=connection, target_metadata=target_metadata,
                      render_as_batch=connection.dialect.name == "sqlite",
                      compare_type=True)
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    context.configure(url=config.get_main_option("sqlalchemy.url"),
                      target_metadata=target_metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    run()
