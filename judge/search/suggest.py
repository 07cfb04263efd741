"""「もしかして」: card and term names close to a word that found nothing.

The vocabulary is the titles and aliases of the corpus's cards and terms (and rule
titles), compared in the normal form, so ぐれいず, ｸﾞﾚｲｽﾞ and グレイス are all close to
グレイズ.  Candidates share a character bigram with the word; they are ranked by edit
distance, and one at most a quarter of the word's length away (at least one edit) is
offered.
"""
from __future__ import annotations

import re
from array import array
from collections import defaultdict

from judge.corpus import Corpus

from . import tables
from .highlight import needle

MAX_SUGGESTIONS = tables.MAX_SUGGESTIONS


def edit_distance(a: str, b: str, limit: int) -> int:
    """Levenshtein distance, or ``limit + 1`` as soon as it must exceed ``limit``."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        best = i
        for j, cb in enumerate(b, 1):
            v = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb))
            cur.append(v)
            best = min(best, v)
        if best > limit:
            return limit + 1
        prev = cur
    return prev[-1]


_PARTS = re.compile(r"[「」『』（）()\[\]【】／/・\s]+")
_NOT_WORD = re.compile(r"\W+")


def _word_form(text: str) -> str:
    return _NOT_WORD.sub("", needle(text))


def _grams(s: str) -> set[str]:
    return {s[i:i + 2] for i in range(len(s) - 1)} or {s}


class Vocabulary:
    """Names a judge may mean, looked up by shared bigrams."""

    def __init__(self, names: dict[str, str]):
        # normal form -> the name as the corpus writes it
        self.names = names
        self._norms = list(names)
        grams: dict[str, list[int]] = defaultdict(list)
        for i, norm in enumerate(self._norms):
            for g in _grams(norm):
                grams[g].append(i)
        # bigram -> the names holding it, by number: kept in every serving worker, where
        # lists of the names were 10 MB at 100,000 entries (arrays: about a third)
        self.by_gram: dict[str, array] = {g: array("i", ids) for g, ids in grams.items()}

    @classmethod
    def from_corpus(cls, corpus: Corpus) -> "Vocabulary":
        """Card, term and rule names (titles and aliases) of a corpus, from its table of
        names (no entry is read)."""
        names: dict[str, str] = {}
        for name, _id, _kind in corpus.tables.names(("card", "term", "rule")):
            # the whole name, and its parts: 想起「テリブルスーヴニール」 is also
            # テリブルスーヴニール, 十六夜 咲夜 is also 咲夜
            for part in [name, *_PARTS.split(name)]:
                part = part.strip()
                norm = _word_form(part)
                if len(norm) >= 2 and norm not in names:
                    names[norm] = part
        return cls(names)

    def close(self, word: str, limit: int = MAX_SUGGESTIONS) -> list[str]:
        """Names within a few edits of ``word`` (as the corpus writes them), best first."""
        w = _word_form(word)
        if len(w) < 2:
            return []
        allowed = max(1, len(w) // tables.EDIT_CHARS)
        grams = _grams(w)
        counts: dict[int, int] = defaultdict(int)
        for g in grams:
            for i in self.by_gram.get(g, ()):
                counts[i] += 1
        # q-gram lemma: one edit destroys at most two bigrams, so a name within
        # ``allowed`` edits shares at least len(grams) - 2 * allowed of them.
        need = max(1, len(grams) - 2 * allowed)
        scored = []
        for i, shared in counts.items():
            norm = self._norms[i]
            if norm == w or shared < need or abs(len(norm) - len(w)) > allowed:
                continue
            d = edit_distance(w, norm, allowed)
            if d <= allowed:
                scored.append((d, -shared, len(norm), self.names[norm]))
        scored.sort()
        return [name for *_, name in scored[:limit]]
