"""Read-only SQLite files written whole (the compiled corpus, the did-you-mean
vocabulary): made in a temporary file beside their place and renamed into it, so a
worker opening one sees the whole file or none."""
from __future__ import annotations

import os
import sqlite3
import tempfile
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
