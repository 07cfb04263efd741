"""Reading the published rulings (公開された裁定) among the sources of an import.

The format and how a document becomes revisions are in :mod:`judge.corpus.published`
(game-independent); this module reads the files, turns its errors into the importer's
``file:line: what``, applies the documents to the drafts the games' importers made, and
refuses an import that would silently drop published revisions.
"""
from __future__ import annotations

from pathlib import Path

from judge.i18n import msg
from judge.corpus.published import (Change, Document, PublishedError, apply_documents,
                                    read_document)

from .drafts import Draft
from .errors import ImportError_
from .sources import PUBLISHED, SourceFile
from .writer import load_manifest


def read_published(src: SourceFile, games: set[str]) -> Document:
    """The published document a source file holds (an ImportError_ if it is not one)."""
    try:
        # The folder names the game (sources/published/<game>/): the manifest and the
        # revisions' `source.file` say where the file lives by it.
        return read_document(src.text, src.path.parent.name, src.path.name, games)
    except PublishedError as exc:
        raise src.error(msg("{problem} (a published ruling, docs/corpus-format.md)",
                            problem=exc.message), exc.line) from None


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


def apply_published(drafts: dict[str, Draft], sources: list[SourceFile],
                    read: list[SourceFile], games: set[str], changes: list[Change] | None,
                    on_disk: dict[str, list[str]]) -> None:
    """Apply the published documents to the drafts (new entries, new revisions)."""
    published = [read_published(src, games) for src in sources]
    by_name = {src.name: src for src in read}
    given = set(by_name)
    for doc in published:
        for item in doc.items:
            target = (f"{doc.game}/qa/{item.qa}" if item.qa else
                      item.rule if "/" in item.rule else f"{doc.game}/rule/{item.rule}")
            missing = [s for s in on_disk.get(target, [])
                       if not s.startswith("sources/published/") and s not in given]
            if target not in drafts and missing:
                raise by_name[doc.name].error(
                    msg("{target} comes from {missing}, which this import does not read; "
                        "import the published rulings with the sources they add to "
                        "(judge import sources)", target=target, missing=", ".join(missing)),
                    item.line)
    entries = {k: d.entry for k, d in drafts.items()}
    touched: dict[str, set] = {}
    try:
        found = apply_documents(entries, published, touched)
    except PublishedError as exc:
        raise ImportError_(by_name[exc.document].path, exc.message, exc.line) from None
    for entry_id, entry in entries.items():
        if entry_id not in drafts:
            drafts[entry_id] = Draft(entry)
        drafts[entry_id].sources |= touched.get(entry_id, set())
    if changes is not None:
        changes.extend(found)


def check_published_set(read: list[SourceFile], root: Path, force: bool) -> None:
    """Importing the seeds without the published rulings would drop their revisions."""
    names = {s.name for s in read}
    if force or any(s.kind == PUBLISHED for s in read):
        return
    manifest, _ = load_manifest(root)
    dropped = sorted(n for n in manifest.get("sources", {})
                     if n.startswith("sources/published/") and n not in names)
    touched = any(set(r.get("sources", [])) & set(dropped) and
                  set(r.get("sources", [])) & names for r in manifest["files"].values())
    if dropped and touched:
        raise ImportError_(read[0].path, msg("the corpus holds revisions from {first} "
                                             "({count} published document(s)) that this "
                                             "import does not read, and would lose them; "
                                             "give the published rulings too (judge import "
                                             "sources), or --force to drop them",
                                             first=dropped[0], count=len(dropped)))
