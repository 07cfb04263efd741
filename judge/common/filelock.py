"""A lock across processes (ファイルロック): gunicorn workers, a CLI run beside the
server, ``judge import`` beside an approval.

The offline site's store and the search index's build each hold their folder's lock
while they write; the corpus's writers hold the corpus lock (judge/corpus/lock.py).
All are this one, on the ``filelock`` library.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from filelock import FileLock

LOCK_FILE = ".lock"


def file_lock(path: str | Path) -> "FileLock":
    """The lock of the file ``path`` (use it as ``with file_lock(path):``).

    One lock object per path and process: re-entrant in a thread, and a second thread
    of the same process waits as another process does.  The system releases it when
    the process dies, so a crash leaves no stale lock.
    """
    # imported when a lock is taken: a one-shot search that reads an index never takes
    # one, and the library's import is a tenth of that command's start-up
    from filelock import FileLock
    return FileLock(str(path), is_singleton=True)


def folder_lock(folder: Path) -> "FileLock":
    """The exclusive lock of ``folder`` (made if missing): ``folder/.lock``."""
    folder.mkdir(parents=True, exist_ok=True)
    return file_lock(folder / LOCK_FILE)
