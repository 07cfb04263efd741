"""Reading the published rulings (公開された裁定) among the sources of an import.

The format and how a document becomes revisions are in :mod:`judge.corpus.published`;
this module turns its errors into the importer's ``file:line: what`` and tells which
corpus files already exist and from which sources (from the import manifest).
"""
from __future__ import annotations

from pathlib import Path

from judge.corpus.published import Document, PublishedError, read_document

from .sources import SourceFile
from .writer import load_manifest


def read_published(src: SourceFile) -> Document:
    """The published document a source file holds (an ImportError_ if it is not one)."""
    try:
        # The folder names the game (sources/published/<game>/): the manifest and the
        # revisions' `source.file` say where the file lives by it.
        return read_document(src.text, src.path.parent.name, src.path.name)
    except PublishedError as exc:
        raise src.error(f"{exc.message} (a published ruling, docs/corpus-format.md)",
                        exc.line) from None


def published_ids(root: Path) -> dict[str, list[str]]:
    """Entry id -> the sources the import manifest records for its file."""
    manifest, _ = load_manifest(Path(root))
    out: dict[str, list[str]] = {}
    for rel, record in manifest.get("files", {}).items():
        parts = rel[:-3].split("/", 2) if rel.endswith(".md") else []
        if len(parts) == 3:
            out["/".join(parts[:2]) + "/" + parts[2].replace("／", "/")] = \
                list(record.get("sources", []))
    return out
