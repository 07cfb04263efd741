"""The importer's one error: an input it cannot read (取り込めない入力)."""
from __future__ import annotations

from pathlib import Path


class ImportError_(Exception):
    """A source file the importer cannot read or does not recognise.

    ``str()`` names the file and, where known, the line (``file:line: what``) and says
    what would be accepted.  Raised before anything is written, so ``corpus/`` is left
    exactly as it was.
    """

    def __init__(self, path: str | Path, message: str, line: int | None = None):
        self.path, self.line, self.message = str(path), line, message
        where = f"{path}:{line}" if line else str(path)
        super().__init__(f"{where}: {message}")
