"""Landing a ruling (裁定の反映): an approved change's source file written, the corpus
imported, reloaded and re-indexed; on any failure, all of it taken back.

The editors' approval page (judge/editors/pages.py) calls :func:`land` inside its
transaction (the corpus lock held, the change marked approved); the page keeps the
request's side (the login, the database session, the answer), this module the corpus's.

A worker killed mid-landing (kill -9, a power cut) runs no take-back: its source file
and corpus stay written while its uncommitted approval is lost, so the ruling would be
live with the change still pending.  Each landing therefore keeps a journal
(``sources/.landing/<change id>.json``, a hidden folder the importer skips) from before
its source file is written until the database has committed or the landing is taken
back; :func:`recover` finishes what such a worker left, from its journal.
"""
from __future__ import annotations

import json
import os
from pathlib import Path


def land(change, svc, sources: Path, log) -> Path:
    """Write the source file, import, reload the corpus and update the index; on any
    failure, take it all back (the source file removed, the corpus imported and the
    index updated again without it) and raise.

    ``change`` is the pending change (:class:`judge.editors.models.PendingChange`'s
    fields), ``svc`` the app's :class:`~judge.app.services.Services`, ``sources`` the
    published sources' folder, ``log`` where a conflict or a failed take-back is told.
    """
    from judge.corpus.changes import write_published_qa
    from judge.corpus.importer import ImportError_, import_paths
    from judge.corpus.published import PublishedError
    key = change.entry_id.rsplit("/", 1)[1]
    new_entry = is_new(svc.root, change.entry_id)
    journal = journal_path(sources, change.id)

    def journaled(path: Path) -> None:
        _write_json(journal, {"change": change.id, "entry": change.entry_id,
                              "path": str(path), "new_entry": new_entry})
    try:
        path = write_published_qa(
            sources, svc.corpus, change.game, key, change.published, change.url,
            change.retrieved, change.document, before_write=journaled,
            **({"withdrawn": change.reason} if change.action == "withdrawal"
               else {"question": change.question, "answer": change.answer}))
    except BaseException:
        journal.unlink(missing_ok=True)       # nothing was written
        raise
    try:
        report = import_paths([sources], svc.root)
        if report.conflicts:
            # As with `judge import`: a file edited by hand is kept; the rest is written.
            log.warning("approval of change %s: %s", change.id,
                        "; ".join(map(str, report.conflicts)))
        svc.reload([change.entry_id])
    except ImportError_ as exc:
        take_back(svc, sources, path, change.entry_id, new_entry, log)
        raise PublishedError(str(exc)) from None
    except BaseException:
        take_back(svc, sources, path, change.entry_id, new_entry, log)
        raise
    return path


def is_new(root: Path, entry_id: str) -> bool:
    """Whether the corpus has no file of this entry yet (a landing would make it)."""
    from judge.corpus.store import entry_path
    return not entry_path(root, entry_id).exists()


def take_back(svc, sources: Path, path: Path, entry_id: str, new_entry: bool, log) -> None:
    """Undo a landing: remove its source file and bring corpus and index back to the
    sources without it (an entry the landing made is removed: no source makes it now).
    Logged, never raised: the caller reports the first failure."""
    from judge.corpus.importer import import_paths
    from judge.corpus.importer.writer import forget_files
    from judge.corpus.store import entry_path
    try:
        path.unlink(missing_ok=True)
        import_paths([sources], svc.root)
        if new_entry:
            made = entry_path(svc.root, entry_id)
            forget_files(svc.root, [made.relative_to(svc.root).as_posix()])
        svc.reload([entry_id])
    except Exception:      # noqa: BLE001 - reported; the first error is the one raised
        log.exception("approval of %s: taking back %s failed; run judge "
                      "import on the sources", entry_id, path)
        return
    for journal in journals(sources):
        if _read_json(journal).get("path") == str(path):
            journal.unlink(missing_ok=True)


def journal_path(sources: Path, change_id: int) -> Path:
    """Where the landing of change ``change_id`` keeps its journal."""
    return Path(sources) / ".landing" / f"{int(change_id)}.json"


def journals(sources: Path) -> list[Path]:
    """The journals of landings not yet finished (or left by a worker that died)."""
    folder = Path(sources) / ".landing"
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


def finished(sources: Path, change_id: int) -> None:
    """The approval of ``change_id`` is committed: its landing needs no journal."""
    journal_path(sources, change_id).unlink(missing_ok=True)


def recover(svc, sources: Path, approved, log) -> list[int]:
    """Finish the landings a dead worker left: for each journal, a change the database
    holds as approved keeps what landed; any other (its approval never committed) is
    taken back.  ``approved(change_id) -> bool`` asks the database.  Call it holding
    the corpus lock, so that a landing in progress is not mistaken for a dead one.
    Returns the change ids taken back."""
    taken = []
    for journal in journals(sources):
        data = _read_json(journal)
        change_id = data.get("change")
        if not isinstance(change_id, int) or approved(change_id):
            journal.unlink(missing_ok=True)
            continue
        log.warning("change %s: its landing was interrupted before the approval was "
                    "recorded; taking back %s", change_id, data.get("path"))
        take_back(svc, sources, Path(data["path"]), data["entry"],
                  bool(data.get("new_entry")), log)
        journal.unlink(missing_ok=True)
        taken.append(change_id)
    return taken


def _write_json(path: Path, data: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_suffix(".part")
    with open(part, "w", encoding="utf-8") as out:
        json.dump(data, out, ensure_ascii=False)
        out.flush()
        os.fsync(out.fileno())
    os.replace(part, path)


def _read_json(path: Path) -> dict:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}
