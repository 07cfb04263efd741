"""Read-only SQLite files written whole (the compiled corpus, the did-you-mean
vocabulary): made in a temporary file beside their place and renamed into it, so a
worker opening one sees the whole file or none; then read by every worker of a machine
through the kernel's page cache."""
from __future__ import annotations

import os
import sqlite3
import tempfile
import threading
from pathlib import Path
from typing import Callable


def write_atomically(path: Path, fill: Callable[[sqlite3.Connection], None]) -> None:
    """Make the database at ``path`` with ``fill(connection)``, then rename it into place
    (no journal, no syncs: a file that fails half-way is removed, never renamed)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix="." + path.stem + "-", suffix=".sqlite", dir=path.parent)
    os.close(fd)
    try:
        conn = sqlite3.connect(tmp)
        try:
            conn.execute("PRAGMA journal_mode=OFF")
            conn.execute("PRAGMA synchronous=OFF")
            fill(conn)
            conn.commit()
        finally:
            conn.close()
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


class ReadOnlyFile:
    """Such a file opened for reading: one connection a process (a connection is not
    carried across a fork, so each process opens its own), shared by its threads under a
    lock; immutable, as the file is never changed in place, so SQLite takes no locks and
    keeps no journal.  Raises :class:`sqlite3.DatabaseError` for a file that is not one."""

    def __init__(self, path: Path):
        self.path = path
        self._lock = threading.Lock()
        self._conn: sqlite3.Connection | None = None
        self._pid: int | None = None

    def rows(self, sql: str, args: tuple = ()) -> list[tuple]:
        """The rows a query answers."""
        with self._lock:
            if self._conn is None or self._pid != os.getpid():
                self._conn = sqlite3.connect(f"file:{self.path}?mode=ro&immutable=1",
                                             uri=True, check_same_thread=False)
                self._pid = os.getpid()
            return self._conn.execute(sql, args).fetchall()
