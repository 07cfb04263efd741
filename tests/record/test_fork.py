"""A gunicorn worker of the preloaded app is a fork of the master: it must not talk to
the database over the master's pooled connections (two processes on one connection get
each other's answers), and dropping them must not close the master's."""
from __future__ import annotations

import os

from sqlalchemy import text

from judge.platform import db as record_db


def _who(conn) -> str:
    if conn.dialect.name == "postgresql":
        return str(conn.execute(text("select pg_backend_pid()")).scalar())
    return str(id(conn.connection.dbapi_connection))


def test_a_forked_process_opens_its_own_connections_and_leaves_the_parents(db_url):
    engine = record_db.get_engine(db_url)
    with engine.connect() as conn:
        parent = _who(conn)
    assert engine.pool.checkedin() == 1               # kept in the pool, as a worker's are
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:                                       # the child: a new worker
        try:
            fresh = record_db.get_engine(db_url).pool.checkedin() == 0
            with record_db.get_engine(db_url).connect() as conn:
                mine = _who(conn)
            os.write(write, f"{fresh} {mine}".encode())
        finally:
            os._exit(0)
    os.close(write)
    _, status = os.waitpid(pid, 0)
    fresh, child = os.read(read, 200).decode().split()
    os.close(read)
    assert os.waitstatus_to_exitcode(status) == 0
    assert fresh == "True"
    if engine.dialect.name == "postgresql":
        assert child != parent                         # its own server process
    with engine.connect() as conn:                     # the parent's connection still works
        assert _who(conn) == parent
        assert conn.execute(text("select 1")).scalar() == 1
