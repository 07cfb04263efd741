"""The corpus lock (取り込みの錠): one writer of ``corpus/`` (and of the published sources
an approval adds) at a time, across threads and processes.

``judge import`` sweeps the temp files an interrupted import left; a second import
started meanwhile swept the first one's file in flight.  An editor's approval writes a
source file, imports and re-indexes; two at once, in two gunicorn workers, each wrote
its own source file.  Both now hold this lock (a file lock: a lock in memory covers one
process only).  It is re-entrant in one thread, so an approval holding it can run the
import, which takes it too.
"""
from __future__ import annotations

import tempfile
from pathlib import Path

from filelock import FileLock

from judge.common.digests import sha256
from judge.common.filelock import file_lock


def corpus_lock(root: str | Path) -> FileLock:
    """The lock of the corpus folder ``root`` (use it as ``with corpus_lock(root):``)."""
    folder = str(Path(root).resolve())
    name = sha256(folder.encode("utf-8")).hexdigest()[:16]
    # outside the corpus folder: a lock file inside corpus/ is a file the committed
    # corpus does not have
    return file_lock(Path(tempfile.gettempdir()) / f"judge-corpus-{name}.lock")
