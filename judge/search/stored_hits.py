"""A page's hits made from the index's kept stored fields (検索結果の行): a results page
asks for a page of hits and shows a dozen, so each :class:`StoredHit` is made when first
read and its title and text read only when shown."""
from __future__ import annotations

from collections.abc import Sequence

from .indexer import RANK_OLDER, RANK_WITHDRAWN
from .results import Hit
from .store import ABSENT, STORED_FIELDS, IndexStore

_AT = {name: i for i, name in enumerate(STORED_FIELDS)}
_CLAUSE, _DATE, _KNOWN = _AT["clause"], _AT["date"], _AT["date_known"]
_ENTRY, _GAME, _KIND, _RANK, _REVISION = (_AT["entry"], _AT["game"], _AT["kind"], _AT["rank"],
                                          _AT["revision"])


class StoredHit(Hit):
    """A :class:`Hit` of the index, made from its passage's kept stored fields (a tuple,
    no dict): what ranking and grouping read is set; the entry's title is looked up
    and the text read when first asked for (a results page makes up to 200 hits and
    shows a dozen)."""

    def __init__(self, store: IndexStore, docnum: int, score: float, marks: list[str]):
        v = store.values(docnum)
        self._store, self._docnum = store, docnum
        self.id, self.game, self.kind = v[_ENTRY], v[_GAME], v[_KIND]
        self.cut, self.score, self.revision = None, score, v[_REVISION]
        self.clause = None if v[_CLAUSE] is ABSENT else v[_CLAUSE]
        self.date = None if v[_DATE] is ABSENT else v[_DATE]
        self.date_known = True if v[_KNOWN] is ABSENT else v[_KNOWN]
        rank = v[_RANK]
        self.current, self.withdrawn = rank != RANK_OLDER, rank == RANK_WITHDRAWN
        self.text_of, self.marks, self.matched, self.missing = None, marks, None, None

    def __getattr__(self, name: str):
        # only for an attribute not set yet: the title, read once
        if name == "title":
            entry = self.__dict__["id"]
            self.title = self._store.titles([entry]).get(entry, entry)
            return self.title
        raise AttributeError(name)

    @property
    def text(self) -> str:
        """The passage's plain text (what snippets are cut from)."""
        return self._store.plain_of(self._docnum)


class StoredHits(Sequence):
    """The hits of a page, each a :class:`StoredHit` made when first read: a results
    page asks for 200 and shows a dozen; :meth:`rows` gives what its grouping reads of
    each from the kept stored fields (issue 27)."""

    def __init__(self, store: IndexStore, page: list[tuple[int, float]], marks: list[str]):
        self._store, self._page, self._marks = store, page, marks
        self._made: list = [None] * len(page)

    def __len__(self) -> int:
        return len(self._page)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self._page)))]
        hit = self._made[i]
        if hit is None:
            d, score = self._page[i]
            hit = self._made[i] = StoredHit(self._store, d, score, self._marks)
        return hit

    def rows(self, stop: int | None = None) -> list[tuple]:
        """(entry, current, score rounded as :meth:`Hit.brief` rounds it, game, kind,
        clause, revision) of each hit, or of the first ``stop`` (of a hit made already,
        as it stands)."""
        values = self._store.values
        out = []
        for (d, score), hit in zip(self._page[:stop], self._made):
            if hit is None:
                v = values(d)
                out.append((v[_ENTRY], v[_RANK] != RANK_OLDER, round(score, 4), v[_GAME],
                            v[_KIND], None if v[_CLAUSE] is ABSENT else v[_CLAUSE],
                            v[_REVISION]))
            else:
                out.append((hit.id, hit.current, round(hit.score, 4), hit.game, hit.kind,
                            hit.clause, hit.revision))
        return out
