"""Updating the index for a few changed entries, without a rebuild (増分更新).

When an editor's change is approved the corpus changes by one entry; rebuilding the
whole index (thousands of card entries) would take a minute.  :func:`update_entries`
deletes that entry's documents (``delete_by_term("entry", id)``) and adds the documents
of its new revisions in one Whoosh write, then re-opens the searcher over the new
corpus.  An index on disk is renamed to the folder of the new corpus's fingerprint
(with its metadata updated), so the next start finds it instead of rebuilding.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

from .indexer import META_FILE, document, fingerprint, index_path, read_meta
from .searcher import Searcher
from .units import units_of


def update_entries(searcher: Searcher, corpus, entry_ids: list[str]) -> Searcher:
    """A searcher over ``corpus`` whose index has the documents of ``entry_ids`` replaced."""
    ix = searcher._ix                      # noqa: SLF001 - the index this searcher owns
    with searcher._lock:                   # noqa: SLF001
        writer = ix.writer()
        try:
            for entry_id in entry_ids:
                writer.delete_by_term("entry", entry_id)
                if entry_id in corpus.entries:
                    for unit in units_of(corpus.entries[entry_id]):
                        writer.add_document(**document(unit))
            writer.commit()
        except BaseException:
            writer.cancel()
            raise
    fp = fingerprint(corpus)
    path = searcher.path
    if path is not None:
        path = _rename(Path(path), fp, ix.doc_count())
        from whoosh import index as whoosh_index
        ix = whoosh_index.open_dir(str(path))
    searcher.close()
    return Searcher(corpus, ix, path, fp)


def _rename(path: Path, fp: str, units: int) -> Path:
    meta = read_meta(path) or {}
    meta.update(fingerprint=fp, units=units)
    (path / META_FILE).write_text(json.dumps(meta, ensure_ascii=False, indent=1),
                                  encoding="utf-8")
    target = index_path(path.parent, fp)
    if target == path:
        return path
    if target.exists():                    # another process built it meanwhile
        return target
    os.replace(path, target)
    return target
