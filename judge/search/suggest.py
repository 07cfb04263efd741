"""「もしかして」: card and term names close to a word that found nothing.

The vocabulary is the titles and aliases of the corpus's cards and terms (and rule
titles), compared in the normal form, so ぐれいず, ｸﾞﾚｲｽﾞ and グレイス are all close to
グレイズ.  Candidates share a character bigram with the word; they are ranked by edit
distance, and one at most a quarter of the word's length away (at least one edit) is
offered.

A worker of a large corpus does not build the vocabulary itself: ``judge index`` writes
it beside the index (:data:`FILE`, a read-only SQLite database of the names and their
bigrams, :func:`write_vocabulary`), and every worker of the machine reads the same file
through the kernel's page cache (:class:`StoredVocabulary`).  At 100,000 entries the
names are 76,000 and building them took a worker 1.3 s on its first typo and 20 MB.
"""
from __future__ import annotations

import logging
import re
import sqlite3
from array import array
from collections import Counter, defaultdict
from itertools import chain
from pathlib import Path

from judge.common.sqlite_files import ReadOnlyFile, write_atomically
from judge.corpus import Corpus

from . import tables
from .highlight import needle

MAX_SUGGESTIONS = tables.MAX_SUGGESTIONS
FILE = "vocabulary.sqlite"       # in the index's folder
log = logging.getLogger(__name__)


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
        return cls(vocabulary_names(corpus))

    def close(self, word: str, limit: int = MAX_SUGGESTIONS) -> list[str]:
        """Names within a few edits of ``word`` (as the corpus writes them), best first."""
        w, allowed, grams, need = _asked(word)
        if not w:
            return []
        # the names' shared bigrams counted in C (Counter over the arrays), and only
        # those sharing enough of them made into candidates: a typo at 100,000 entries
        # has thousands of names sharing one bigram (7 ms counted one by one)
        by_gram = self.by_gram
        counts = Counter(chain.from_iterable(by_gram.get(g, ()) for g in grams))
        norms, names = self._norms, self.names
        return _ranked(w, allowed, need, ((norms[i], shared, names[norms[i]])
                                          for i, shared in counts.items() if shared >= need),
                       limit)


def vocabulary_names(corpus: Corpus) -> dict[str, str]:
    """{normal form: the name as the corpus writes it} of the corpus's card, term and
    rule names (titles and aliases, and their parts), from its table of names."""
    names: dict[str, str] = {}
    for name, _id, _kind in corpus.tables.names(("card", "term", "rule")):
        # the whole name, and its parts: 想起「テリブルスーヴニール」 is also
        # テリブルスーヴニール, 十六夜 咲夜 is also 咲夜
        for part in [name, *_PARTS.split(name)]:
            part = part.strip()
            norm = _word_form(part)
            if len(norm) >= 2 and norm not in names:
                names[norm] = part
    return names


def _asked(word: str) -> tuple[str, int, set[str], int]:
    """The word's normal form, the edits allowed, its bigrams and how many of them a
    name within those edits must share ("" when the word is too short to ask)."""
    w = _word_form(word)
    if len(w) < 2:
        return "", 0, set(), 0
    allowed = max(1, len(w) // tables.EDIT_CHARS)
    grams = _grams(w)
    # q-gram lemma: one edit destroys at most two bigrams, so a name within
    # ``allowed`` edits shares at least len(grams) - 2 * allowed of them.
    return w, allowed, grams, max(1, len(grams) - 2 * allowed)


def _ranked(w: str, allowed: int, need: int, candidates, limit: int) -> list[str]:
    """The candidates (normal form, bigrams shared, name) within ``allowed`` edits of
    ``w``, nearest first (then most bigrams shared, shortest, by name)."""
    scored = []
    for norm, shared, name in candidates:
        if norm == w or shared < need or abs(len(norm) - len(w)) > allowed:
            continue
        d = edit_distance(w, norm, allowed)
        if d <= allowed:
            scored.append((d, -shared, len(norm), name))
    scored.sort()
    return [name for *_, name in scored[:limit]]


_SCHEMA = """
CREATE TABLE names (seq INTEGER PRIMARY KEY, norm TEXT NOT NULL, name TEXT NOT NULL);
CREATE TABLE grams (gram TEXT NOT NULL, seq INTEGER NOT NULL,
                    PRIMARY KEY (gram, seq)) WITHOUT ROWID;
"""


def write_vocabulary(corpus: Corpus, path: Path) -> None:
    """Write the corpus's vocabulary to ``path`` (atomically: a worker opening it sees
    the whole file or none)."""
    def fill(conn: sqlite3.Connection) -> None:
        conn.executescript(_SCHEMA)
        names = vocabulary_names(corpus)
        conn.executemany("INSERT INTO names VALUES (?, ?, ?)",
                         ((i, norm, name) for i, (norm, name) in enumerate(names.items())))
        conn.executemany("INSERT INTO grams VALUES (?, ?)",
                         ((g, i) for i, norm in enumerate(names) for g in _grams(norm)))
    write_atomically(path, fill)


class StoredVocabulary:
    """The vocabulary :func:`write_vocabulary` wrote, read where it lies: a typo's
    candidates are counted by SQLite (a look-up takes milliseconds, and only a word
    that found nothing asks)."""

    def __init__(self, path: Path):
        self.path = path
        self._file = ReadOnlyFile(path)

    @classmethod
    def open(cls, path: Path) -> "StoredVocabulary | None":
        """The vocabulary at ``path``, or None when there is none that opens."""
        if not path.is_file():
            return None
        found = cls(path)
        try:
            found._file.rows("SELECT count(*) FROM names")
        except sqlite3.Error as exc:
            log.warning("did-you-mean vocabulary %s unreadable (%s): built in memory", path, exc)
            return None
        return found

    def close(self, word: str, limit: int = MAX_SUGGESTIONS) -> list[str]:
        """As :meth:`Vocabulary.close`."""
        w, allowed, grams, need = _asked(word)
        if not w:
            return []
        rows = self._file.rows(
            "SELECT n.norm, count(*) AS shared, n.name FROM grams g JOIN names n USING (seq) "
            f"WHERE g.gram IN ({','.join('?' * len(grams))}) GROUP BY g.seq "
            "HAVING shared >= ? AND abs(length(n.norm) - ?) <= ?",
            (*grams, need, len(w), allowed))
        return _ranked(w, allowed, need, rows, limit)
