"""One result per entry (項目ごと), made whole only where a results page reads it.

A results page groups up to :data:`~judge.search.tables.FETCH` hits (100 on page 1; its
total and chips count every matched entry, search/matched.py) and shows ten.  At
100,000 entries 200 hits are ~185 entries, and making a dict of every hit and a group of every entry, each hit sorted into
its group's best, passages and older revisions, was a third of a new page (issue 27).
Here a light pass over the hits (:func:`gather`) finds each entry, its game, kind and
best score (what the total, the chips and the order of the groups read); a group's hits
are made into dicts and sorted (:meth:`Group.settle`) only when its exact tier is read or
it is shown, by the same steps over the same hits in the same order as before.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from judge.corpus.model import plain_text
from judge.corpus.present import date_known

from . import tables

PASSAGES = tables.PASSAGES        # passages shown under an entry besides its best


class Briefs(Sequence):
    """A search's hits as the results page reads them: each hit's brief dict
    (:meth:`~judge.search.results.Hit.brief`, with the hit under ``_hit`` until it is
    shown), made when first read; :meth:`rows` reads what grouping needs from the hits
    themselves."""

    def __init__(self, hits: list):
        self._hits = hits
        # the dicts made so far, then any appended (another search's, already made)
        self._made: list = [None] * len(hits)

    def __len__(self) -> int:
        return len(self._made)

    def append(self, made: dict) -> None:
        """Add a result (a dict already made) after the hits, as a list would."""
        self._made.append(made)

    def __setitem__(self, i: int, made: dict) -> None:
        """Put a result (a dict already made) in place of the ``i``-th."""
        self._made[i] = made

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self._made)))]
        made = self._made[i]
        if made is None:
            hit = self._hits[i]
            made = self._made[i] = hit.brief()
            made["_hit"] = hit
            made["_brief"] = True
        return made

    def rows(self, stop: int | None = None) -> list[tuple]:
        """:func:`rows` of these results (the first ``stop``), read from the hits where
        no dict was made."""
        hits = self._hits
        # the searcher's lazy hits read them from the index's kept fields, unmade
        rows = (hits.rows(stop) if hasattr(hits, "rows") else
                [(h.id, h.current, round(h.score, 4), h.game, h.kind, h.clause, h.revision)
                 for h in hits[:stop]])
        for i, m in enumerate(self._made[:stop]):
            if m is not None:
                row = _row(m)
                if i < len(rows):
                    rows[i] = row
                else:
                    rows.append(row)
        return rows


def _row(h: dict) -> tuple:
    return (h["id"], h["current"], h["score"], h.get("game"), h.get("kind"), h.get("clause"),
            h.get("revision"))


def rows(hits, stop: int | None = None) -> list[tuple]:
    """(entry, current, score, game, kind, clause, revision) of each of ``hits`` (hit
    dicts, or :class:`Briefs`: the score as the brief dict rounds it, or as a caller
    changed it since), or of the first ``stop``."""
    if isinstance(hits, Briefs):
        return hits.rows(stop)
    return [_row(h) for h in hits[:stop]]


class Group:
    """One entry in the results: its best hit, further passages, older revisions' hits.

    ``entry``, ``game``, ``kind`` and ``score`` (the best hit's) are known from the
    start; ``best``, ``passages`` and ``old`` are made from the entry's hits when first
    read, as the hits came: the first in the current revision is the best (the first
    hit if none is), a later one in an older revision is folded into ``old`` (unless
    older revisions are listed), the others are passages."""

    __slots__ = ("entry", "game", "kind", "score", "tier", "explains", "pending", "_hits",
                 "_at", "_with_old", "_best", "_passages", "_old")

    def __init__(self, hits, at: list[int], row: tuple, pending: tuple | None):
        self._hits, self._at = hits, at
        self.entry, _current, self.score, self.game, self.kind = row[:5]
        self.tier = 0
        # an editors' glossary or lexicon page (用語集), which explains a word rather than
        # answers; a term page taken from the texts (the wiki's グレイズ, with its
        # rulings) answers as a rule does
        self.explains = False
        # (corpus, old) until :meth:`settle` has made the best hit the current revision's
        # and sorted the passages (only a group whose tier is read or that is shown needs it)
        self.pending = pending
        self._with_old = bool(pending and pending[1])
        self._best = self._passages = self._old = None

    def with_more(self, more: list[int], pending: tuple) -> "Group":
        """The group made again with further hits (indices into its hits, after its
        own): its entry, score, tier and place stay; its best, passages and older
        revisions are made anew (``pending``: as :func:`gather` gives it)."""
        group = Group(self._hits, [*self._at, *more],
                      (self.entry, None, self.score, self.game, self.kind), pending)
        group.tier, group.explains = self.tier, self.explains
        return group

    def _make(self) -> None:
        hits, at = self._hits, self._at
        best, passages, old = hits[at[0]], [], []
        for i in at[1:]:
            hit = hits[i]
            if not hit["current"] and best["current"] and not self._with_old:
                old.append(hit)
            elif not best["current"] and hit["current"]:
                old.append(best)
                best = hit
            else:
                passages.append(hit)
        self._best, self._passages, self._old = best, passages, old

    @property
    def best(self) -> dict:
        if self._best is None:
            self._make()
        return self._best

    @best.setter
    def best(self, hit: dict) -> None:
        self._best = hit

    @property
    def passages(self) -> list[dict]:
        if self._best is None:
            self._make()
        return self._passages

    @passages.setter
    def passages(self, hits: list[dict]) -> None:
        self._passages = hits

    @property
    def old(self) -> list[dict]:
        if self._best is None:
            self._make()
        return self._old

    def settle(self) -> "Group":
        """The group as shown: its best hit the entry's current revision, passages in
        older revisions folded (unless asked for), at most PASSAGES more passages."""
        if self.pending is not None:
            corpus, old = self.pending
            self.pending = None
            if not self.best["current"] and not old:
                _current_first(self, corpus)
            if not old and self.best["current"]:
                # one pass (a test of each passage against the kept list compared dicts
                # key by key: quadratic in an entry's passages)
                keep = []
                for p in self.passages:
                    (keep if p["current"] else self.old).append(p)
                self.passages = keep
            self.passages = self.passages[:PASSAGES]
        return self

    def as_json(self) -> dict:
        """The group as one result of the page's JSON."""
        self.settle()
        out = dict(self.best)
        out.update({"passages": self.passages, "old_matches": len(self.old),
                    "old": self.old, "exact": self.tier})
        return out


def gather(hits, corpus, old: bool) -> list[Group]:
    """The groups of ``hits`` (a list of hit dicts, or :class:`Briefs`), one per entry
    in the order the entries first come, none of them made whole yet."""
    facts = rows(hits)
    at: dict[str, list[int]] = {}
    best: dict[str, int] = {}
    for i, row in enumerate(facts):
        entry = row[0]
        seen = at.get(entry)
        if seen is None:
            at[entry] = [i]
            best[entry] = i
        else:
            seen.append(i)
            if row[1] and not facts[best[entry]][1]:
                best[entry] = i          # the first hit in the current revision
    pending = (corpus, old)
    return [Group(hits, at[entry], facts[i], pending) for entry, i in best.items()]


_REV = re.compile(r"\?rev=\d+")


def _current_first(group: Group, corpus) -> None:
    """A group whose words matched only an older revision: its hit becomes the entry's
    current revision (the judge asked about the rule as it stands), and the older
    wording that matched is kept as a note on it (``old_wording``) with its link."""
    hit = group.best
    entry = corpus.entries.get(hit["id"])
    if entry is None or entry.status == "withdrawn" or not entry.revisions:
        return
    shown(hit)                    # its URL and date are read here
    from .units import unit_text
    number = entry.revisions[0].number
    clause = hit.get("clause")
    if clause and entry.kind != "card":
        # the clause's own text (what units_of would make of this one clause, without
        # making every unit of every revision of the entry)
        raw = entry.revisions[0].clauses.get(clause)
        text = plain_text(raw) if raw else ""
    else:
        text = unit_text(entry, number, clause) if clause else ""
    current = dict(hit)
    if text:
        current["_hit"] = _Snippet(lambda: text)
    else:
        # the entry's text: cut only if the group is shown (most are not)
        clause = None
        current["_hit"] = _Snippet(lambda: unit_text(entry, number, None))
    url = _REV.sub("", hit["url"]).split("#")[0]
    current.update({"revision": number, "current": True, "clause": clause,
                    "url": url + (f"#{clause}" if clause else ""),
                    "date": (str(entry.revisions[0].date) if entry.revisions[0].date
                             else None), "date_known": date_known(entry.revisions[0]),
                    "snippet": None,
                    "old_wording": {"revision": hit["revision"], "url": hit["url"],
                                    "clause": hit.get("clause")}})
    group.old.insert(0, hit)
    group.best = current


class _Snippet:
    """The snippet of a hit made here (no words marked), cut when it is shown."""

    def __init__(self, text_of):
        self._text_of = text_of

    @property
    def snippet(self) -> str:
        from .highlight import snippet
        return snippet(self._text_of(), [])


def shown(r: dict) -> dict:
    """A result made whole from its hit (title, URL, date: :meth:`Hit.fill`) where it
    was brief; its snippet is left to the caller."""
    if r.pop("_brief", False):
        r["_hit"].fill(r)
    return r
