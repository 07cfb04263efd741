"""Source files (出典ファイル): finding them, reading them, telling which document each is.

A source is recognised by its content, never by its file name: each game's importer
declares the kinds of source it reads and how to recognise each (:mod:`.plugins`).
Anything no importer recognises is an :class:`ImportError_` that names the file and
line and lists what would be accepted.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from judge.i18n import msg

from .errors import ImportError_
from .plugins import accepted, source_kinds

# A ruling as published (judge/corpus/published.py): read for every game alike.
PUBLISHED = "published"
# The first line of an @wiki backup page (a format several games' sources may use).
WIKI_FIRST_LINE = re.compile(r"^「(.+)」の編集履歴（バックアップ）一覧はこちら$")
# A glossary (用語集, .glossary): a YAML file whose first line is ``glossary: <game>``.
GLOSSARY = "glossary"
GLOSSARY_FIRST_LINE = re.compile(r"^glossary:\s*([a-z][a-z0-9_]*)\s*$")
# A lexicon of judges' words (用語辞典, .lexicon): first line ``lexicon: <game>``.
LEXICON = "lexicon"
LEXICON_FIRST_LINE = re.compile(r"^lexicon:\s*([a-z][a-z0-9_]*)\s*$")
# Files a folder may hold beside the sources: documentation, never imported.
DOCUMENTATION = (".md", ".rst")


@dataclass
class SourceFile:
    """One source document as read: its text, lines, kind and canonical name.

    ``name`` is where the file lives in this repository (``sources/seeds/000_….txt``);
    corpus entries cite it, so the corpus does not depend on where the import ran from.
    """

    path: Path
    kind: str
    text: str
    sha256: str
    game: str = ""
    folder: str = "seeds"

    @property
    def lines(self) -> list[str]:
        """The file's lines without line ends; ``lines[n - 1]`` is line ``n``."""
        return self.text.split("\n")

    @property
    def name(self) -> str:
        return f"sources/{self.folder}/{self.path.name}"

    def error(self, message, line: int | None = None) -> ImportError_:
        """An :class:`ImportError_` about this file."""
        return ImportError_(self.path, message, line)


def expand(paths: list[Path]) -> list[Path]:
    """Files named, and every source file of the folders named (sorted, no duplicates).

    A folder contributes its files and those of its subfolders, except hidden ones and
    documentation (README.md and the like); a named file is always read, so a wrong one
    is an error.
    """
    found: list[Path] = []
    for path in paths:
        path = Path(path)
        if path.is_dir():
            for child in sorted(path.rglob("*")):
                hidden = any(part.startswith(".") for part in child.relative_to(path).parts)
                if hidden or not child.is_file() or child.suffix.lower() in DOCUMENTATION:
                    continue
                found.append(child)
        elif path.is_file():
            found.append(path)
        else:
            raise ImportError_(path, msg("no such file or folder"))
    unique: dict[Path, Path] = {}
    for path in found:
        unique.setdefault(path.resolve(), path)
    return list(unique.values())


def read_source(path: Path) -> SourceFile:
    """Read a file as UTF-8 text and recognise which source document it is."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ImportError_(path, msg("cannot read the file: {reason}",
                                     reason=exc.strerror or str(exc))) from None
    if b"\0" in data:
        line = data[: data.index(b"\0")].count(b"\n") + 1
        raise ImportError_(path, msg("a binary file (NUL byte); expected a UTF-8 text file: "
                                     "{accepted}", accepted=accepted()), line)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        byte = f"0x{data[exc.start]:02x}"
        raise ImportError_(path, msg("not UTF-8 text (byte {byte} at offset {offset}); "
                                     "expected {accepted}", byte=byte, offset=exc.start,
                                     accepted=accepted()), line) from None
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    glossary = _glossary_game(path, text)
    if glossary:
        # A glossary is the same for every game (it names its game): the corpus layer
        # reads it (.glossary), after the game's own importer.
        return SourceFile(path, GLOSSARY, text, hashlib.sha256(data).hexdigest(),
                          game=glossary, folder="glossary")
    lexicon = _glossary_game(path, text, LEXICON_FIRST_LINE)
    if lexicon:
        # so is a lexicon (.lexicon), read after the glossary
        return SourceFile(path, LEXICON, text, hashlib.sha256(data).hexdigest(),
                          game=lexicon, folder="lexicon")
    if path.suffix.lower() in (".yaml", ".yml"):
        # sources/published/<game>/<file>.yaml: the folder names the game; the reader
        # (judge.corpus.published) checks it against the file's own `game:`.
        return SourceFile(path, PUBLISHED, text, hashlib.sha256(data).hexdigest(),
                          game=path.parent.name, folder=f"published/{path.parent.name}")
    game, kind = _recognise(path, text)
    return SourceFile(path, kind.name, text, hashlib.sha256(data).hexdigest(),
                      game=game.game.id, folder=kind.folder)


def _glossary_game(path: Path, text: str, first=GLOSSARY_FIRST_LINE) -> str | None:
    """The game a glossary (or, with ``first``, a lexicon) file names, or None."""
    if path.suffix.lower() not in (".yaml", ".yml"):
        return None
    head = next((line.strip() for line in text.split("\n") if line.strip()), "")
    m = first.match(head)
    return m.group(1) if m else None


def _recognise(path: Path, text: str):
    lines = text.split("\n")
    first = next(((n, line.strip()) for n, line in enumerate(lines, 1) if line.strip()),
                 None)
    if first is None:
        raise ImportError_(path, msg("the file is empty; expected {accepted}",
                                     accepted=accepted()), 1)
    number, head = first
    for importer, kind in source_kinds():
        if kind.recognise(path, head, lines):
            return importer, kind
    raise ImportError_(path, msg("not a source the importer knows (line starts {head!r}); "
                                 "expected {accepted} or a published ruling "
                                 "(sources/published/<game>/*.yaml, docs/corpus-format.md)",
                                 head=head[:40], accepted=accepted()), number)
