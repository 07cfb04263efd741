"""Searching the corpus as it stood on a day (``?as_of=`` / ``--as-of``).

The index holds every revision of every entry; a search as of a day keeps, of each
entry, only the passages of the revision in force that day (judge.corpus.changes.as_of)
and drops the entries published later.  It filters the public :class:`Searcher`'s
results, so it follows whatever the searcher ranks; it looks at the first
``MAX_SCAN`` results.
"""
from __future__ import annotations

from datetime import date
from urllib.parse import quote

from judge.corpus.changes import as_of
from judge.corpus.present import date_known
from judge.i18n import msg

MAX_SCAN = 500


def search_as_of(searcher, query: str, day: date, game: str | None = None,
                 kind: str | None = None, limit: int = 10, offset: int = 0):
    """A :class:`SearchResult` of the passages in force on ``day`` (see module doc)."""
    result = searcher.search(query, game=game, kind=kind, limit=MAX_SCAN, offset=0)
    kept = []
    for hit in result.hits:
        entry = searcher.corpus.entries.get(hit.id)
        rev = as_of(entry, day) if entry is not None else None
        if rev is None or rev.number != hit.revision:
            continue
        hit.current = True          # the revision that stood that day: link it as such
        hit.withdrawn = rev.status == "withdrawn"
        hit.date = str(rev.date) if rev.date else hit.date
        hit.date_known = date_known(rev)
        kept.append(hit)
    scanned_all = result.total <= MAX_SCAN
    result.total = len(kept)
    # the passages matched are today's, not the day's: not known
    result.matched = None
    result.rest_of = None
    result.hits = kept[offset: offset + limit]
    result.offset = offset
    result.notices.append(msg("as of {day}: each entry as it stood that day", day=day.isoformat())
                          if scanned_all else
                          msg("as of {day}: each entry as it stood that day (among the first "
                              "{max} results)", day=day.isoformat(), max=MAX_SCAN))
    return result


def as_of_url(hit, day: date) -> str:
    """The entry page of a hit as it stood on ``day``."""
    url = "/entry/" + quote(hit.id, safe="/") + f"?as_of={day.isoformat()}"
    return url + ("#" + quote(hit.clause, safe="") if hit.clause else "")
