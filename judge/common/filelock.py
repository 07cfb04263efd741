"""A lock on a folder across processes (ファイルロック): gunicorn workers, a CLI run
beside the server.

The offline site's store and the search index's build both hold one while they write.
"""
from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

LOCK_FILE = ".lock"


@contextmanager
def folder_lock(folder: Path) -> Iterator[None]:
    """Hold the exclusive lock of ``folder`` (made if missing) until the block ends.

    The lock is ``flock`` on ``folder/.lock``; it is released when the block ends, or
    by the system when the process dies, so a crash leaves no stale lock.  Where there
    is no ``fcntl`` (not POSIX) the block runs unlocked.
    """
    folder.mkdir(parents=True, exist_ok=True)
    try:
        import fcntl
    except ImportError:                       # pragma: no cover - not on POSIX
        yield
        return
    with open(folder / LOCK_FILE, "a+") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)
