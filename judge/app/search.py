"""A search as a judge runs it (検索): the one function the search page, ``/api/search``
and ``judge search`` call.

Every path groups the hits by entry, corrects a kana typo, expands glossary terms and
falls back to a partial match (judge/search/shaping.py); a search ``as_of`` a day does
all of that over the passages in force that day, each linked to its entry as it stood
then.  The doors only read their arguments into a :class:`SearchQuery` and show the
answer.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from types import SimpleNamespace


@dataclass(frozen=True)
class SearchQuery:
    """What a judge asked: the words, the filters, the day read at, the page."""

    text: str
    game: str | None = None
    kind: str | None = None
    as_of: date | None = None        # the day the corpus is read at (None: today's)
    page: int = 1
    limit: int = 10
    old: bool = False                # list older revisions' passages instead of a count


def kind_named(word: str | None) -> str | None:
    """The kind of entry a word names (rule, ルール, 裁定, Q&A, ...: the words ``kind:``
    takes in the query), None when it names none; the CLI's ``--kind`` and the API's
    ``kind=`` read it the same way."""
    import unicodedata
    from judge.search.tables import QUERY_KINDS
    if not word:
        return None
    return QUERY_KINDS.get(unicodedata.normalize("NFKC", word).strip().casefold())


def game_named(corpus, word: str | None) -> str | None:
    """The game a word names (its id, a title in either language, a declared alias:
    as games.yaml declares them), None when it names none of the corpus's games."""
    import unicodedata
    from judge.corpus import alias_table
    if not word:
        return None
    return alias_table(corpus.games).get(unicodedata.normalize("NFKC", word).strip().lower())


class _AsOf:
    """A searcher that finds only the passages in force on one day (the same ``search``
    as :class:`judge.search.Searcher`, so the shaping runs over it unchanged)."""

    def __init__(self, searcher, as_of: date):
        self._searcher, self._as_of = searcher, as_of
        self.corpus = searcher.corpus

    def search(self, text: str, game=None, kind=None, limit: int = 10, offset: int = 0):
        """The passages in force that day (:func:`judge.search.asof.search_as_of`)."""
        from judge.search.asof import search_as_of
        result = search_as_of(self._searcher, text, self._as_of, game=game, kind=kind,
                              limit=limit, offset=offset)
        result.redirect = None          # a pinned id opens the current page: stay here
        return result


def search(searcher, corpus, query: SearchQuery) -> dict:
    """The results of ``query``: the shaped JSON of :func:`judge.search.shaping.shaped`
    (one result per entry, ``corrected``, ``expanded``, ``dropped``), with ``as_of``
    when the corpus is read at a day.  Paging is the door's (:func:`paged`)."""
    from judge.search.shaping import shaped
    used = searcher if query.as_of is None else _AsOf(searcher, query.as_of)
    data = shaped(used, corpus, query.text, game=query.game, kind=query.kind,
                  page=query.page, limit=query.limit, old=query.old)
    if query.as_of is not None:
        from judge.search.asof import as_of_url
        for group in data["results"]:
            for hit in (group, *group.get("passages", ()), *group.get("old", ())):
                # each linked to its entry as it stood that day
                hit["url"] = as_of_url(SimpleNamespace(id=hit["id"], clause=hit.get("clause")),
                                       query.as_of)
        data["as_of"] = query.as_of.isoformat()
    return data


def paged(data: dict, query: SearchQuery, max_page: int | None = None) -> dict:
    """The results with their paging, as ``/api/search`` and ``judge search --json``
    answer (``page``, ``pages``, ``limit``, ``game``, ``kind``)."""
    from judge.search.shaping import paged as with_pages
    return with_pages(data, query.page, query.limit, query.game, query.kind, max_page)
