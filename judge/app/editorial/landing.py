"""Landing a ruling (裁定の反映): an approved change's source file written, the corpus
imported, reloaded and re-indexed; on any failure, all of it taken back.

The editors' approval page (judge/editors/pages.py) calls :func:`land` inside its
transaction (the corpus lock held, the change marked approved); the page keeps the
request's side (the login, the database session, the answer), this module the corpus's.
"""
from __future__ import annotations

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
    path = write_published_qa(
        sources, svc.corpus, change.game, key, change.published, change.url, change.retrieved,
        change.document, **({"withdrawn": change.reason} if change.action == "withdrawal"
                            else {"question": change.question, "answer": change.answer}))
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
