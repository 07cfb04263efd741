"""The importer's one error: an input it cannot read (取り込めない入力)."""
from __future__ import annotations

from pathlib import Path

from judge.i18n import Message, located


class ImportError_(Exception):
    """A source file the importer cannot read or does not recognise.

    ``str()`` names the file and, where known, the line (``file:line: what``) and says
    what would be accepted; ``message`` is a message id with its params.  Raised before anything is written, so ``corpus/`` is left
    exactly as it was.
    """

    def __init__(self, path: str | Path, message: "Message | str", line: int | None = None):
        self.path, self.line, self.message = str(path), line, message
        super().__init__(self.path, message, line)

    def __str__(self) -> str:
        # rendered when shown, so the CLI's --lang and the web's locale apply
        return located(self.path, self.line, self.message)
