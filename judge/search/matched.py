"""What a search matched, counted by entry from bitsets (件数): a page's total and chips
without ranking every passage.

A results page shows a dozen entries but says how many there are and how many of each
game and kind.  Counting them among the ranked hits made every page rank and read 200
of them (issue 27); here they are counted from the candidates' bitset itself.

Each entry's live passages are numbered in a row (the indexer writes an entry's passages
together; an update deletes all of an entry's passages and appends its new ones), so an
entry is known by its last passage: :func:`entry_ends` marks them, and
:func:`entries_of` turns a set of passages into the set of their entries' last passages
with one addition (a candidate inside an entry carries up to the entry's last passage).
Those marks are counted per game or kind with the same bitsets as the passages.
"""
from __future__ import annotations

import threading
import weakref

from .matching import bitset

_ENDS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()
_ENDS_LOCK = threading.Lock()


def entry_ends(store) -> int:
    """The last passage of each entry in ``store``'s index (a bitset; read once per store
    from the entry field's terms: a passage number is an entry's last if it is the
    highest of the entry's term in its segment).  A deleted entry's mark is on a passage
    that is not live, which no candidate is in."""
    ends = _ENDS.get(store)
    if ends is None:
        reader = store.reader()
        last = []
        for leaf, offset in reader.leaf_readers():
            for _term, info in leaf.iter_field("entry"):
                last.append(offset + info.max_id())
        ends = bitset(last, store.matcher.n)
        with _ENDS_LOCK:
            ends = _ENDS.setdefault(store, ends)
    return ends


def entries_of(store, docs: int) -> int:
    """The entries holding a passage of ``docs``, each as its last passage (a bitset).

    Within an entry the passages before its last are a run of ones in ``live & ~ends``;
    adding the candidates among them carries one bit out of the run, onto the entry's
    last passage (a zero there), and no further: runs of different entries do not mix."""
    if docs <= 0:
        return 0
    return marks(docs, store.live, entry_ends(store))


def marks(docs: int, live: int, ends: int) -> int:
    """:func:`entries_of` over bitsets: ``docs`` (live passages), the ``live`` passages
    and the ``ends`` of the entries, each entry's live passages in a row."""
    inner = docs & ~ends
    carried = ((live & ~ends) + inner) & ends if inner else 0
    return carried | (docs & ends)


def passages_beside(store, d: int) -> int:
    """The live passages of passage ``d``'s entry (a bitset): the run from the passage
    after the previous entry's last to its own entry's last (no postings read)."""
    ends = entry_ends(store)
    after = ends >> d
    last = d + (after & -after).bit_length() - 1
    before = ends & ((1 << d) - 1)
    first = before.bit_length()          # (the previous entry's last passage, plus one)
    return ((1 << (last + 1)) - (1 << first)) & store.live


def _counted(marks: int, masks: dict[str, int]) -> dict[str, int]:
    counts = ((value, (marks & mask).bit_count()) for value, mask in masks.items())
    return {v: c for v, c in sorted(counts, key=lambda x: (-x[1], x[0])) if c}


class Matched:
    """The passages one search matched in one store: ``passages`` within the search's
    game and kind filters, ``before`` them (what the chips of a filtered page count)."""

    __slots__ = ("store", "passages", "before", "game", "kind")

    def __init__(self, store, passages: int, before: int, game: str | None,
                 kind: str | None):
        self.store, self.passages, self.before = store, passages, before
        self.game, self.kind = game, kind

    def union(self, other: "Matched | None") -> "Matched":
        """These passages and ``other``'s (another search of the same page), each
        search's before its own filters."""
        if other is None:
            return self
        if other.store is not self.store:
            # (an entry re-indexed between the page's searches: passage numbers of two
            # states do not mix; the first search's count stands)
            return self
        return Matched(self.store, self.passages | other.passages, self.before | other.before,
                       self.game, self.kind)

    def only(self, entry_ids) -> "Matched":
        """Only the passages of these entries."""
        postings = self.store.matcher.postings
        keep = 0
        for entry_id in entry_ids:
            keep |= postings("entry", entry_id).bits
        return Matched(self.store, self.passages & keep, self.before & keep, self.game,
                       self.kind)

    def passage_count(self) -> int:
        """How many passages matched."""
        return max(self.passages, 0).bit_count()

    def entry_count(self) -> int:
        """How many entries hold a matched passage (a page's total)."""
        return entries_of(self.store, self.passages).bit_count()

    def counts(self, dim: str) -> dict[str, int]:
        """The matched entries of each game (``dim`` "game") or kind, most first."""
        masks = self.store.game_docs if dim == "game" else self.store.kind_docs
        return _counted(entries_of(self.store, self.passages), masks)

    def chips(self, dim: str) -> dict[str, int]:
        """The entries of each value of ``dim`` among the passages matched before the
        search's filters, within the other dimension's filter: what choosing each value
        of ``dim`` would find (the chips of a filtered page)."""
        store = self.store
        if dim == "game":
            masks, other = store.game_docs, (store.kind_docs.get(self.kind, 0)
                                             if self.kind else -1)
        else:
            masks, other = store.kind_docs, (store.game_docs.get(self.game, 0)
                                             if self.game else -1)
        return _counted(entries_of(store, self.before & other), masks)
