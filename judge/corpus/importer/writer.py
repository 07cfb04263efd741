"""Writing the corpus (書き出し): atomic files, the manifest, hand edits left alone.

``corpus/.import-manifest.json`` records, for every file the importer wrote, the hash
of what it wrote and the sources it came from.  A file whose content no longer has that
hash was edited by hand: the import reports a conflict and leaves it, unless forced.
A file the import no longer produces is removed only when all its sources were part of
this import and nobody edited it.  Files whose content would not change are not
touched, so a second import changes nothing, not even a modification time.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

from judge.corpus.store import stale_temp_files, write_atomic
from judge.i18n import msg

MANIFEST = ".import-manifest.json"


@dataclass
class Conflict:
    """A corpus file the import did not overwrite, and why."""

    path: str
    reason: str

    def __str__(self) -> str:
        return f"{self.path}: {self.reason}"


@dataclass
class WriteResult:
    """What writing did: files written, left unchanged, removed, and conflicts."""

    written: list[str] = field(default_factory=list)
    unchanged: int = 0
    removed: list[str] = field(default_factory=list)
    conflicts: list[Conflict] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def _hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def load_manifest(root: Path) -> tuple[dict, str | None]:
    """The manifest (empty if none), and a warning if it could not be read."""
    path = root / MANIFEST
    if not path.exists():
        return {"files": {}, "sources": {}}, None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data.get("files"), dict):
            raise ValueError("no 'files' mapping")
        data.setdefault("sources", {})
        return data, None
    except (ValueError, OSError, AttributeError) as exc:
        return ({"files": {}, "sources": {}},
                f"{MANIFEST} could not be read ({exc}); every existing file that differs "
                "from the import is treated as edited by hand")


def render_manifest(manifest: dict) -> str:
    """The manifest's text: sorted keys, so it is as stable as the corpus."""
    body = {"version": 1, "sources": manifest["sources"], "files": manifest["files"]}
    return json.dumps(body, ensure_ascii=False, sort_keys=True, indent=1) + "\n"


def write_corpus(root: Path, outputs: dict[str, tuple[str, list[str]]],
                 sources: dict[str, str], force: bool = False) -> WriteResult:
    """Bring ``root`` to ``outputs`` (relative path -> (text, source names)).

    ``sources`` maps the names of the sources imported now to their hashes.  Every
    decision is made before the first write; each write is atomic.
    """
    root = Path(root)
    manifest, warning = load_manifest(root)
    result = WriteResult(notes=[warning] if warning else [])
    # An import killed mid-write leaves its temp files; this one clears them first.
    stale = stale_temp_files(root)
    for path in stale:
        path.unlink(missing_ok=True)
    if stale:
        names = ", ".join(p.relative_to(root).as_posix() for p in stale[:5])
        names += " …" if len(stale) > 5 else ""
        result.notes.append(msg("removed {count} temp file(s) of an interrupted import: "
                                "{names}", count=len(stale), names=names))
    files: dict = dict(manifest["files"])
    to_write: list[tuple[Path, str]] = []
    to_remove: list[Path] = []
    for rel, (text, names) in sorted(outputs.items()):
        data = text.encode("utf-8")
        new = _hash(data)
        path = root / rel
        record = {"sha256": new, "sources": sorted(names)}
        if path.exists():
            current = _hash(path.read_bytes())
            if current == new:
                result.unchanged += 1
                files[rel] = record
                continue
            ours = files.get(rel, {}).get("sha256") == current
            if not ours and not force:
                why = ("edited by hand since the last import" if rel in files else
                       "not written by the importer")
                result.conflicts.append(Conflict(
                    rel, f"{why}; kept as it is (judge import --force overwrites it)"))
                continue
        to_write.append((path, text))
        result.written.append(rel)
        files[rel] = record
    imported = set(sources)
    for rel in sorted(set(files) - set(outputs)):
        record = files[rel]
        if not set(record.get("sources", [])) <= imported:
            continue                      # produced by a source not imported this time
        path = root / rel
        if not path.exists():
            del files[rel]
            continue
        if _hash(path.read_bytes()) != record.get("sha256") and not force:
            result.conflicts.append(Conflict(
                rel, "no longer produced by the import but edited by hand; kept (judge "
                     "import --force removes it)"))
            continue
        to_remove.append(path)
        result.removed.append(rel)
        del files[rel]
    done: set[Path] = set()
    try:
        for path, text in to_write:
            write_atomic(path, text)
            done.add(path)
        for path in to_remove:
            path.unlink()
            done.add(path)
        _write_manifest(root, {"files": files, "sources": {**manifest["sources"], **sources}})
    except OSError as exc:
        raise _not_written(root, manifest, files, to_write, to_remove, done, exc) from exc
    return result


def forget_files(root: Path, rels: list[str]) -> None:
    """Remove corpus files and their records from the manifest (an editor's approval
    taken back: the entry its source file made has no source any more, and an import
    keeps a file whose sources it was not given)."""
    root = Path(root)
    manifest, _warning = load_manifest(root)
    for rel in rels:
        (root / rel).unlink(missing_ok=True)
        manifest["files"].pop(rel, None)
    _write_manifest(root, manifest)


def _write_manifest(root: Path, merged: dict) -> None:
    text = render_manifest(merged)
    manifest_path = root / MANIFEST
    if not manifest_path.exists() or manifest_path.read_text(encoding="utf-8") != text:
        write_atomic(manifest_path, text)


def _not_written(root: Path, manifest: dict, files: dict, to_write: list, to_remove: list,
                 done: set[Path], exc: OSError):
    """The error of a write that failed part-way (a full disk): it names the files not
    written.  Each file is whole, old or new (written atomically); the manifest is
    brought to what was written, where it can be, so the next import neither takes
    the new files for hand edits nor loses track of the old."""
    from .errors import ImportError_
    missing = [p for p, _ in to_write if p not in done] + [p for p in to_remove
                                                            if p not in done]
    for path in missing:
        rel = path.relative_to(root).as_posix()
        if rel in manifest["files"]:
            files[rel] = manifest["files"][rel]
        else:
            files.pop(rel, None)
    try:
        _write_manifest(root, {"files": files, "sources": manifest["sources"]})
        kept = True
    except OSError:
        kept = False
    names = [p.relative_to(root).as_posix() for p in missing]
    shown = ", ".join(names[:5]) + (" …" if len(names) > 5 else "")
    error = exc.strerror or str(exc)
    if kept:
        return ImportError_(root, msg(
            "writing the corpus failed ({error}): {count} file(s) not written: {names}. "
            "The files written are whole, the others as they were, and the import "
            "manifest says which; free some space and run the import again",
            error=error, count=len(names), names=shown or "-"))
    return ImportError_(root, msg(
        "writing the corpus failed ({error}): {count} file(s) not written: {names}, nor "
        "the import manifest. The files written are whole, the others as they were; "
        "free some space and run the import again (judge import --force if it reports "
        "the files written now as edited by hand)",
        error=error, count=len(names), names=shown or "-"))
