"""Matching and ranking on top of Whoosh's postings (照合と順位付け).

Whoosh's own collectors score every matching document through a tree of Python
matchers; with bigram phrases that costs hundreds of milliseconds per query at 10,000
passages.  Here the postings of each query term are read once into Python sets and
dicts (C-speed set algebra, cached per term), so that:

* the set of matching passages (AND of the words, OR groups, exclusions, filters), its
  size and the counts per game and kind are exact and cheap;
* only a *pool* of candidates is scored with BM25: every candidate when there are few,
  else the candidates in the terms' champion lists (each term's best-scoring passages,
  Manning, Raghavan & Schütze, Introduction to IR, 7.1.3).  The tail of a very large
  result set is therefore ranked approximately; the top is what the judge reads.

A word matches a passage when all its character bigrams occur in it, when it is one of
its morphemes, or when it is the passage's id; the bigrams are checked to be *in a row*
(the word contiguous in the normal text) for the scored pool: a passage whose bigrams
are only scattered is dropped when the result is small and ranked low otherwise.
Quoted phrases are checked exactly with Whoosh's phrase query.
"""
from __future__ import annotations

import heapq
import math
from collections import OrderedDict
from dataclasses import dataclass, field

from whoosh import query as Q

from .analysis import (is_kana, kana_reading, morph_words, normalize, phrase_terms, pieces,
                       query_grams, to_katakana)
from .highlight import needle

K1, B = 1.2, 0.75
TITLE_BOOST = 2.0
BOOST_MORPH = 1.5        # a whole-word (morpheme) match beats a match inside a word
BOOST_SPLIT = 0.6        # the words of an unspaced query found apart
BOOST_ID = 8.0           # the id or number itself
SCATTERED = 0.3          # a word whose bigrams are not in a row
SCORE_ALL = 800          # at most this many candidates: score them all
EXACT_LIMIT = 400        # at most this many: drop passages with scattered bigrams
CHAMPIONS = 150          # per term, the best passages kept as its champion list
FIELDS_BI = ("title_bi", "body_bi")
FIELDS_MO = ("title_mo", "body_mo")


class LRU(OrderedDict):
    """A small least-recently-used cache."""

    def __init__(self, size: int):
        super().__init__()
        self.size = size

    def get_or(self, key, make):
        if key in self:
            self.move_to_end(key)
            return self[key]
        value = make()
        self[key] = value
        if len(self) > self.size:
            self.popitem(last=False)
        return value


@dataclass
class Word:
    """One word or phrase of the query, with the terms it is looked up and scored by."""

    text: str
    phrase: bool
    grams: list[str]                     # bigram-field terms, in order
    morphs: list[list[str]]              # morph-field terms: per word, surface (+ base)
    ids: list[str]                       # id tokens (qa-337, 6.5.3.b, n75)
    needle: str                          # the word as it appears in normal text
    morph_needles: list[str] = field(default_factory=list)
    yomi: list[str] = field(default_factory=list)   # title-reading grams (kana words)

    @classmethod
    def of(cls, text: str, phrase: bool = False) -> "Word | None":
        """The plan of one word; None when it has nothing searchable (emoji, marks)."""
        grams = phrase_terms(text)
        if not grams:
            return None
        ids = [p.text for p in pieces(normalize(text)) if p.kind == "id"]
        morphs = [] if phrase else morph_words(text)
        yomi: list[str] = []
        if not phrase and is_kana(text):
            # ぷれい is looked up as the word プレイ too (MeCab cannot read hiragana
            # loanwords), and as a reading of the titles (きんじゅぞーん -> 禁呪ゾーン)
            kata = morph_words(to_katakana(normalize(text, fold_kana=False)))
            if len(kata) == 1 and len(morphs) != 1:
                morphs = kata
            yomi = query_grams(kana_reading(text)) if len(kana_reading(text)) > 1 else []
        return cls(text, phrase, grams, morphs, [] if phrase else ids, needle(text),
                   [needle(forms[0]) for forms in morphs], yomi)


@dataclass
class Postings:
    """The postings of one term: passage -> term frequency, and the passages as a set."""

    weights: dict = field(default_factory=dict)
    docs: frozenset = frozenset()


class Matcher:
    """Set-based matching and BM25 ranking over one open Whoosh searcher."""

    def __init__(self, searcher, text_of):
        self.searcher = searcher
        self.reader = searcher.reader()
        self.text_of = text_of            # docnum -> normal text (for the in-a-row check)
        self.n = self.reader.doc_count_all()
        self._postings = LRU(256)
        self._champions = LRU(1024)
        self._phrases = LRU(64)
        self._morphs = LRU(256)
        self._grams = LRU(256)
        self._idf: dict[tuple[str, str], float] = {}
        # per field and passage, the BM25 length norm K1 * (1 - B + B * length / average)
        self._norm: dict[str, list[float]] = {}
        for f in FIELDS_BI + FIELDS_MO:
            get = self._length_reader(f)
            lengths = [get(d) or 0 for d in range(self.n)]
            total = self.reader.field_length(f)
            avg = (total / self.n) if self.n and total else 1.0
            self._norm[f] = [K1 * (1 - B + B * (n or 1) / avg) for n in lengths]
        self._norm["ids"] = [K1] * self.n
        self._norm["title_yomi"] = self._norm["title_bi"]

    def _length_reader(self, fieldname: str):
        perdoc = getattr(self.reader, "_perdoc", None)
        if perdoc is not None and hasattr(perdoc, "doc_field_length_reader"):
            return perdoc.doc_field_length_reader(fieldname)
        return lambda d: self.reader.doc_field_length(d, fieldname)

    # --- postings ---------------------------------------------------------------------

    def postings(self, fieldname: str, term: str) -> Postings:
        """The (cached) postings of a term."""
        return self._postings.get_or((fieldname, term), lambda: self._read(fieldname, term))

    def _read(self, fieldname: str, term: str) -> Postings:
        try:
            m = self.reader.postings(fieldname, term)
        except Exception:          # noqa: BLE001 - TermNotFound and friends: no postings
            return Postings()
        ids: list[int] = []
        weights: list[float] = []
        while m.is_active():
            ids.append(m.id())
            weights.append(m.weight())
            m.next()
        return Postings(dict(zip(ids, weights)), frozenset(ids))

    def docs(self, fieldnames: tuple[str, ...], term: str) -> frozenset:
        """Passages holding the term in any of the fields."""
        sets = [self.postings(f, term).docs for f in fieldnames]
        return sets[0].union(*sets[1:]) if len(sets) > 1 else sets[0]

    def idf(self, fieldname: str, term: str) -> float:
        """BM25 idf (never negative)."""
        key = (fieldname, term)
        if key not in self._idf:
            df = len(self.postings(fieldname, term).docs)
            self._idf[key] = math.log(1 + (self.n - df + 0.5) / (df + 0.5))
        return self._idf[key]

    # --- matching ---------------------------------------------------------------------

    def grams_docs(self, grams: list[str]) -> frozenset:
        """Passages holding all the grams (not checked to be in a row)."""
        return self._grams.get_or(tuple(grams), lambda: self._grams_docs(grams))

    def _grams_docs(self, grams: list[str]) -> frozenset:
        result = None
        for g in sorted(set(grams), key=lambda g: len(self.docs(FIELDS_BI, g))):
            s = self.docs(FIELDS_BI, g)
            result = s if result is None else result & s
            if not result:
                return frozenset()
        return result or frozenset()

    def morph_docs(self, forms: list[str]) -> frozenset:
        """Passages holding the morpheme (any of its forms)."""
        def make():
            out = frozenset()
            for form in forms:
                out = out | self.docs(FIELDS_MO, form)
            return out
        return self._morphs.get_or(tuple(forms), make)

    def word_docs(self, word: Word) -> frozenset:
        """Every passage the word may match (see the module docstring)."""
        if word.phrase:
            return self.phrase_docs(word)
        out = self.grams_docs(word.grams)
        for i in word.ids:
            out = out | self.postings("ids", i).docs | self.docs(FIELDS_BI, i)
        if word.yomi:
            out = out | self.yomi_docs(word)
        if len(word.morphs) == 1:
            out = out | self.morph_docs(word.morphs[0])
        elif len(word.morphs) > 1:
            split = None
            for forms in word.morphs:
                s = self.morph_docs(forms) | self.grams_docs(phrase_terms(forms[0]))
                split = s if split is None else split & s
                if not split:
                    break
            out = out | (split or frozenset())
        return out

    def yomi_docs(self, word: Word) -> frozenset:
        """Passages whose title reads as the kana word (all its reading bigrams)."""
        def make():
            result = None
            for g in set(word.yomi):
                s = self.postings("title_yomi", g).docs
                result = s if result is None else result & s
                if not result:
                    break
            return result or frozenset()
        return self._grams.get_or(("yomi",) + tuple(word.yomi), make)

    def phrase_docs(self, word: Word) -> frozenset:
        """Passages holding the phrase exactly (Whoosh's positional phrase query)."""
        def make():
            candidates = self.grams_docs(word.grams)
            if len(word.grams) == 1 or not candidates:
                return candidates
            q = Q.Or([Q.Phrase(f, word.grams) for f in FIELDS_BI])
            return frozenset(self.searcher.docs_for_query(q)) & candidates
        return self._phrases.get_or(tuple(word.grams), make)

    def in_a_row(self, d: int, word: Word) -> bool:
        """True when the word (or each of its morphemes) really occurs in passage ``d``."""
        if word.phrase:
            return True                  # phrases were checked exactly
        text = self.text_of(d)
        if word.needle in text:
            return True
        if any(d in self.postings("ids", i).docs for i in word.ids):
            return True
        if word.yomi and d in self.yomi_docs(word):
            return True
        if word.morphs:
            return all(d in self.morph_docs(forms) or n in text
                       for forms, n in zip(word.morphs, word.morph_needles))
        return False

    # --- ranking ----------------------------------------------------------------------

    def terms(self, word: Word) -> list[tuple[str, str, float]]:
        """(field, term, boost) the word is scored by."""
        out = []
        share = 1.0 / len(word.grams)
        for g in dict.fromkeys(word.grams):
            out += [("title_bi", g, share * TITLE_BOOST), ("body_bi", g, share)]
        if len(word.morphs) == 1:
            for form in word.morphs[0]:
                out += [("title_mo", form, BOOST_MORPH * TITLE_BOOST),
                        ("body_mo", form, BOOST_MORPH)]
        elif word.morphs:
            b = BOOST_MORPH * BOOST_SPLIT / len(word.morphs) * 2
            for forms in word.morphs:
                for form in forms:
                    out += [("title_mo", form, b * TITLE_BOOST), ("body_mo", form, b)]
        for i in word.ids:
            out.append(("ids", i, BOOST_ID))
        if word.yomi:
            share = 1.0 / len(word.yomi)
            out += [("title_yomi", g, share * TITLE_BOOST) for g in dict.fromkeys(word.yomi)]
        return out

    def _bm25(self, fieldname: str, tf: float, d: int) -> float:
        return tf * (K1 + 1) / (tf + self._norm[fieldname][d])

    def champions(self, fieldname: str, term: str) -> list[int]:
        """The term's best passages by its own BM25 contribution (cached)."""
        def make():
            p = self.postings(fieldname, term)
            if len(p.weights) <= CHAMPIONS:
                return list(p.weights)
            bm = self._bm25
            return heapq.nlargest(CHAMPIONS, p.weights,
                                  key=lambda d: bm(fieldname, p.weights[d], d))
        return self._champions.get_or((fieldname, term), make)

    def score(self, pool, terms: list[tuple[str, str, float]]) -> dict[int, float]:
        """BM25 of every passage of the pool over the scoring terms."""
        scores = dict.fromkeys(pool, 0.0)
        k = K1 + 1
        for fieldname, term, boost in terms:
            p = self.postings(fieldname, term)
            weights = p.weights
            if not weights:
                continue
            w = self.idf(fieldname, term) * boost * k
            norm = self._norm[fieldname]
            if len(weights) < len(scores):
                hits = [(d, tf) for d, tf in weights.items() if d in scores]
            else:
                get = weights.get
                hits = [(d, get(d)) for d in scores if d in p.docs]
            for d, tf in hits:
                scores[d] += w * tf / (tf + norm[d])
        return scores

    def pool(self, candidates: frozenset | set, terms: list[tuple[str, str, float]],
             want: int) -> set:
        """The candidates worth scoring: all of them, or those in the champion lists."""
        if len(candidates) <= SCORE_ALL:
            return set(candidates)
        chosen: set = set()
        for fieldname, term, _ in terms:
            chosen.update(d for d in self.champions(fieldname, term) if d in candidates)
        if len(chosen) < want:
            for d in candidates:
                chosen.add(d)
                if len(chosen) >= want * 2:
                    break
        return chosen
