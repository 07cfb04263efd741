"""The run of one query plan (検索の実行): match, count, rank, cut the page, snippets.

A :class:`QueryRun` takes a :class:`~judge.search.plan.Plan` and an
:class:`~judge.search.store.IndexStore` and fills a
:class:`~judge.search.results.SearchResult`.  Matching and BM25 are in
:mod:`judge.search.matching`; here a prior puts the current revision first (an older
revision 0.6, a withdrawn entry 0.75), the entry named by the whole query gets ×2, an
id query's entry is pinned first, the top of the ranking is taken with a heap (never a
sort of every candidate), at most :data:`PER_ENTRY` passages of one entry come before
the others' (the rest follow), and snippets are cut only for the passages of the page.
"""
from __future__ import annotations

import functools
import heapq
import itertools
import math
from typing import Iterable, Iterator

from .analysis import kana_reading, normalize, pieces
from .highlight import needle
from .matching import (EXACT_LIMIT, SCATTERED, Among, PoolScores, Word, _numpy, bitset,
                       has, members)
from . import matching
from . import query as ql
from . import tables
from .matched import Matched, passages_beside
from .plan import Plan
from .results import Hit, SearchResult
from .store import _PAREN_TAIL, IndexStore
from .stored_hits import StoredHits

# the ranking's constants (what each means: tables.py, which the offline search reads too)
PER_ENTRY = tables.PER_ENTRY
PIN = tables.PIN
EXACT_NAME = tables.EXACT_NAME
PHRASE_BY_TEXT = tables.PHRASE_BY_TEXT
MAX_NAMED = tables.MAX_NAMED
CARD_WORDS = tables.CARD_WORDS
STRICT = tables.STRICT
ASKED = tables.ASKED
TERM_PAGE = tables.TERM_PAGE
OTHER_GAME = tables.OTHER_GAME
FOCUS_SHARE = tables.FOCUS_SHARE
FOCUS_MIN = tables.FOCUS_MIN


class QueryRun:
    """One run of a plan over a store; :meth:`execute` fills the result."""

    def __init__(self, store: IndexStore, plan: Plan, result: SearchResult):
        self.store = store
        self.m = store.matcher
        self.plan = plan
        self.result = result
        # a question's concepts (the searcher clears the plan's after the run; the
        # page's further passages, asked for later, are read as the run read them)
        self._question = plan.question
        self._cbits: list[int] | None = None      # a question: each concept's passages
        self._cells: dict[int, int] = {}           # concepts held -> passages
        self._held_of: dict[int, set[int]] = {}    # passage -> the concepts it holds
        self._words_in: list[list[set[int]]] | None = None   # see _read_pool
        self._holds_in: list[list[set[int]]] = []
        self._pooled: set[int] = set()
        self._among: Among | None = None          # the pool, tested word by word
        self._texts: dict[int, str] = {}          # passage -> its normal text (_text)
        self._pool_held: dict[int, set[int]] = {}  # pooled passage -> concepts it holds
        self._kept: dict = {}                      # the pool's passages of each morpheme
        # what the ranking scored with, for the page's other passages (_rest_of_entries)
        self._terms: list = []
        self._named_docs: list[int] = []
        self._pinned_docs: list[int] = []
        self._weight = None                         # a question: concepts held -> weight
        self._focus_docs = 0                        # a question: its one game's passages
        self._terms_of_concept: dict[int, list] = {}  # a question: see _concept_terms

    def execute(self) -> int:
        """Match, count, rank and cut the page into ``result``; returns the total."""
        question = self._question
        cands = self._match_question() if question else self._match()
        result = self.result
        store = self.store
        if question and self.plan.exact_count and 0 < cands.bit_count() <= EXACT_LIMIT:
            # a small result, counted by entry for a page: only the passages the ranking
            # keeps (holding a concept's words in a row), as for keywords (_match)
            docs = members(cands)
            self._read_pool(docs)
            cands = bitset([d for d in docs if self._pool_held.get(d)], self.m.n)
        result.facets = {"game": _counts(cands, store.game_docs),
                         "kind": _counts(cands, store.kind_docs)}
        before = cands
        if self.plan.game is not None:
            cands &= store.game_docs.get(self.plan.game, 0)
        if self.plan.kind is not None:
            cands &= store.kind_docs.get(self.plan.kind, 0)
        # the page's total and chips count the entries of these (not of the hits ranked)
        result.matched = Matched(store, cands, before, self.plan.game, self.plan.kind)
        result.total = cands.bit_count()
        if not cands:
            return 0
        ranked = (self._rank_question(cands, result.total) if question
                  else self._rank(cands, result.total))
        page = self._page(ranked)
        marks = self._needles()
        # what ranking and grouping read (entry, game, kind, clause, revision, rank)
        # from the kept stored fields; the title and the text when a hit is shown
        result.hits = self._hits(page, marks)
        # the further passages of the entries a results page shows, when it asks
        result.rest_of = functools.partial(self._rest_hits, page, cands, result.total, marks)
        return result.total

    def _hits(self, page: list[tuple[int, float]], marks: list[str]) -> "StoredHits":
        hits = StoredHits(self.store, page, marks)
        question = self._question
        if question:
            for hit, (d, _score) in zip(hits, page):
                held = self._held(d)
                hit.matched = [c.label for i, c in enumerate(question) if i in held]
                hit.missing = [c.label for i, c in enumerate(question) if i not in held]
        return hits

    def _rest_hits(self, page: list[tuple[int, float]], cands: int, count: int,
                   marks: list[str], entry_ids: list[str]) -> list[Hit]:
        """The hits of :meth:`_rest_of_entries` (the entries ``entry_ids``)."""
        return list(self._hits(self._rest_of_entries(page, cands, count, entry_ids), marks))

    # --- matching ---------------------------------------------------------------------

    def _match(self) -> int:
        """The passages matching every group, the filters, and no excluded word."""
        m, store, plan = self.m, self.store, self.plan
        n = m.n
        cands = store.live
        phrases = []
        for group in plan.groups:
            docs = 0
            if len(group) == 1 and group[0].phrase:
                # a phrase alone: its bigrams narrow first, the phrase is checked after
                phrases.append(group[0])
                docs = m.grams_docs(group[0].grams)
            else:
                for w in group:
                    docs |= m.word_docs(w)
            cands &= docs
            if not cands:
                break
        if plan.filt is not None:
            cands &= plan.filt
        for w in phrases:
            if cands <= 0:
                break
            if len(w.grams) > 1 and (known := m.kept_phrase_docs(w)) is not None:
                cands &= known           # checked before: every passage of its bigrams
            elif len(w.grams) > 1 and 0 < cands.bit_count() <= PHRASE_BY_TEXT:
                whole = cands == m.grams_docs(w.grams)
                cands = bitset((d for d in members(cands) if w.needle in store.text_of(d)), n)
                if whole:
                    # every passage holding its bigrams was checked: that is the phrase's
                    # passages (phrase_docs), kept for its next search (a new page of
                    # the same phrase read a thousand texts again at 10,000 entries)
                    m.keep_phrase_docs(w, cands)
            elif len(w.grams) > 1:
                cands &= m.phrase_docs(w)
        cands = max(cands, 0) if (plan.groups or plan.filt is not None) else 0
        cands = self._exclude(cands)
        if cands and plan.groups and cands.bit_count() <= EXACT_LIMIT:
            # small result: exact, each group's word really in the passage (not scattered
            # bigrams)
            cands = bitset(holding_every_group(m, members(cands), plan.groups), n)
        return cands

    def _exclude(self, cands: int) -> int:
        """The candidates without the passages holding an excluded word (-貫通)."""
        m, store, n = self.m, self.store, self.m.n
        for w in self.plan.excluded if cands else ():
            hit = m.word_docs(w) & cands
            if hit and hit.bit_count() <= EXACT_LIMIT and not w.phrase:
                hit = bitset((d for d in members(hit) if w.needle in store.text_of(d)), n)
            cands &= ~hit
        return cands

    # --- a question: how many of its content words a passage holds --------------------

    def _concept_bits(self) -> list[int]:
        """Per concept, the passages that may hold it (any of its words, in its game)."""
        if self._cbits is None:
            store, m = self.store, self.m
            out = []
            for concept in self._question:
                bits = 0
                for w, game in concept.words:
                    docs = m.word_docs(w)
                    bits |= docs if game is None else docs & store.game_docs.get(game, 0)
                out.append(bits)
            self._cbits = out
        return self._cbits

    def _match_question(self) -> int:
        """The passages holding the most concepts there are, or one fewer (at least one).

        Each passage falls in the cell of the concepts it holds (a partition refined one
        concept at a time by bitsets: only non-empty cells are kept).  How many concepts
        each passage holds is counted first, for all passages at once, so that only the
        passages holding enough of them are partitioned: refining every passage of the
        concepts' words made the cells of the passages holding one or two common words
        too, each a bitset of the whole index, to drop them after."""
        plan, store = self.plan, self.store
        allowed = store.live if plan.filt is None else store.live & plan.filt
        bits = self._concept_bits()
        union = 0
        for b in bits:
            union |= b
        allowed = self._exclude(allowed & union)
        if not allowed:
            self._cells = {}
            return 0
        keep = _at_least(_counted(bits, allowed), allowed)
        self._cells = _partition(bits, keep)
        return keep

    def _held(self, d: int) -> set[int]:
        """The concepts passage ``d`` really holds (a word's bigrams in a row); read once
        a run (the ranking reads it, then the page's ``matched`` and ``missing``)."""
        held = self._held_of.get(d)
        if held is None:
            held = self._held_of[d] = self._read_held(d)
        return held

    def _read_held(self, d: int) -> set[int]:
        words_in = self._words_in
        if words_in is not None and d in self._pooled:
            # a pooled passage: which words it holds was read for the whole pool
            return set(self._pool_held.get(d, ()))
        bits = self._concept_bits()
        out = set()
        for i, concept in enumerate(self._question):
            if has(bits[i], d) and any(
                    (game is None or has(self.store.game_docs.get(game, 0), d))
                    and has(self.m.word_docs(w), d) and self._holds(d, w)
                    for w, game in concept.words):
                out.add(i)
        return out

    def _read_pool(self, pool: list[int]) -> None:
        """Per concept word, the passages of the pool that may hold it (in its game), as
        sets: one pass over each word's bitset for the whole pool, where a test per
        passage shifts a bitset of every passage of the index (a pool of hundreds at
        100,000 entries)."""
        m, games = self.m, self.store.game_docs
        among = self._among = Among(pool, m.n)
        self._kept = {}
        self._pooled = set(pool)
        self._words_in = [[set(among.of(m.word_docs(w)
                                        & (-1 if game is None else games.get(game, 0))))
                           for w, game in concept.words] for concept in self._question]
        # and those that hold it (_holds), each word checked for all of them at once
        self._holds_in = [[self._holds_all(docs, w) for docs, (w, _g) in zip(row, concept.words)]
                          for row, concept in zip(self._words_in, self._question)]
        # and, per pooled passage, the concepts one of whose words it holds: one pass over
        # those sets (asking each passage of each concept's each word was ~140 set
        # comprehensions of generators a question)
        held: dict[int, set[int]] = {}
        for i, row in enumerate(self._holds_in):
            for docs in row:
                for d in docs:
                    held.setdefault(d, set()).add(i)
        self._pool_held = held

    def _holds_all(self, docs: set[int], w: Word) -> set[int]:
        """The passages of ``docs`` for which :meth:`_holds` is true."""
        if not docs:
            return set()
        if len(w.morphs) > 1 and not w.ids and not w.yomi:
            text = self._text
            return {d for d in docs if w.needle in text(d)}
        return self.m.in_a_row_of(sorted(docs), w, self._among, self._kept, self._text)

    def _text(self, d: int) -> str:
        """Passage ``d``'s normal text, read once a run: a concept's words of several
        morphemes (its lexicon's and glossary's wordings) are each looked for in the
        same pooled passages (a question read ~840 texts from the postings files for
        ~250 passages at 100,000 entries)."""
        texts = self._texts
        text = texts.get(d)
        if text is None:
            text = texts[d] = self.store.text_of(d)
        return text

    def _holds(self, d: int, w: Word) -> bool:
        """A concept's word is in passage ``d``: in a row, and a word of several
        morphemes as written (存在しない語 is not 存在, する, ない and 語 anywhere)."""
        if len(w.morphs) > 1 and not w.ids and not w.yomi:
            return w.needle in self._text(d)
        return self.m.in_a_row(d, w)

    def _rank_question(self, cands: int, count: int) -> list[tuple[int, float]]:
        """Passages by the IDF-weighted number of concepts they hold, BM25 among equals.

        Cells are read from the heaviest down until the page (and a margin) is full;
        within a large cell only its champions are scored, as for a plain query."""
        m, store, plan = self.m, self.store, self.plan
        bits = self._concept_bits()
        # a word's weight is its rarity among the passages that explain (rules, Q&A,
        # terms): the card list's data fields (ノード, コスト, キャラクター on every
        # Vision card) would make the games' own words look common
        texts = store.live & ~store.kind_docs.get("card", 0)
        n = max(texts.bit_count(), 1)
        idf = [math.log(1 + (n - df + 0.5) / (df + 0.5))
               for df in ((b & texts).bit_count() for b in bits)]

        def weight(held) -> float:
            return sum(idf[i] for i in held)

        self._weight = weight
        self._focus_docs = (self._focus(bits, texts) if plan.cover == ASKED and plan.game is None
                            else 0)
        head_size = max(plan.offset + plan.limit, plan.depth) * tables.HEAD_TIMES + tables.HEAD_MORE
        pool: list[int] = []
        cells = sorted(self._cells.items(), key=lambda c: -weight(_indices(c[0])))
        for held, docs in cells:
            docs &= cands
            if not docs:
                continue
            size = docs.bit_count()
            if size > EXACT_LIMIT:
                # (a large cell: its champions, by the terms of the concepts it holds)
                terms = [t for i in _indices(held) for t in self._concept_terms(i)]
                pool += m.pool(docs, size, terms, head_size)
            else:
                pool += members(docs)
            if len(pool) >= head_size:
                break
        if not self._pooled.issuperset(pool):
            self._read_pool(pool)
        return self._question_scores(pool, Among(pool, m.n))

    def _question_scores(self, pool: list[int], among: Among) -> list[tuple[int, float]]:
        """:meth:`_rank_question`'s scores of the passages of ``pool`` holding a concept
        (``among``: the same passages, tested word by word), best first."""
        m, store, plan = self.m, self.store, self.plan
        prior = store.prior
        terms_kind = store.kind_docs.get("term", 0)
        focus, weight = self._focus_docs, self._weight
        ranked = []
        # the pool's term pages and passages of the focus, read once (a test per
        # passage shifts a bitset of every passage)
        term_pages = set(among.of(terms_kind)) if plan.cover == ASKED else set()
        # a question is answered by the texts that explain: a card holding the same
        # words (a name with 空 in it, a card's text with ターン and コマンド) comes
        # after them, as for keywords
        card_pages = (set(among.of(store.kind_docs.get("card", 0)))
                      if plan.cover == ASKED else set())
        focused = set(among.of(focus)) if focus else set()
        # the passages holding the same concepts are scored by BM25 together
        by_held: dict[frozenset, list[int]] = {}
        for d in pool:
            held = self._held(d)
            if held:
                by_held.setdefault(frozenset(held), []).append(d)
        # (in a large index each term is looked up once for the whole pool, whichever
        # groups hold it)
        scores = PoolScores(m, pool) if m.n >= matching.NUMPY_FROM and pool else None
        for held, docs in by_held.items():
            terms = [t for i in sorted(held) for t in self._concept_terms(i)]
            bm25 = (dict(zip(docs, scores.score(terms, docs).tolist())) if scores is not None
                    else m.score(docs, terms))
            weighed = weight(held) * plan.cover       # (the same float for each passage)
            for d in docs:
                score = (weighed + bm25.get(d, 0.0)) * prior[d]
                if d in term_pages:
                    score *= TERM_PAGE
                elif d in card_pages:
                    score *= CARD_WORDS
                if focus and d not in focused:
                    score *= OTHER_GAME
                ranked.append((d, score))
        ranked.sort(key=lambda x: (-x[1], x[0]))
        return ranked

    def _concept_terms(self, i: int) -> list[tuple[str, str, float]]:
        """The scoring terms of concept ``i``'s words, in order, made once a run: each
        group of passages holding the same concepts is scored by their terms, and a
        concept is in most groups (its words' terms were made again for each, their
        long words' bigrams sorted by rarity each time)."""
        found = self._terms_of_concept.get(i)
        if found is None:
            m = self.m
            found = self._terms_of_concept[i] = [
                t for w, _g in self._question[i].words for t in m.terms(w)]
        return found

    def _focus(self, bits: list[int], texts: int) -> int:
        """The passages of the one game a question's words point to, or 0.

        A word most of whose explaining passages are one game's (モンスター, ユニット and
        ノード are each one game's word) names that game; when every such word
        names the same one, the question is about it.  A lexicon name only near the
        text's word (負け: one fight's as well as the game's) does not vote: the game
        whose text it is paired with is not the game it is said of."""
        named = set()
        for concept, b in zip(self._question, bits):
            if concept.near:
                continue
            b &= texts
            total = b.bit_count()
            if total < FOCUS_MIN:
                continue
            counts = {g: (b & docs).bit_count() for g, docs in self.store.game_docs.items()}
            game, most = max(counts.items(), key=lambda x: x[1])
            if most >= FOCUS_SHARE * total:
                named.add(game)
        return self.store.game_docs.get(named.pop(), 0) if len(named) == 1 else 0

    # --- ranking ----------------------------------------------------------------------

    def _pinned(self, cands: int) -> list[int]:
        pin = self.plan.pin
        if not pin:
            return []
        m = self.m
        entry_id, _, clause = pin.partition("#")
        found = [d for d in m.postings("entry", entry_id).ids if has(cands, d)]
        if clause:
            found = [d for d in found if has(m.postings("ids", clause.lower()).bits, d)]
        return [d for d in found if has(self.store.current, d)] or found

    def _rank(self, cands: int, count: int) -> Iterable[tuple[int, float]]:
        """The head of the ranking, best first (as much as the page needs, and more)."""
        m, store, plan = self.m, self.store, self.plan
        words = plan.words
        want = plan.offset + plan.limit
        deep = max(want, plan.depth)          # (the pool and the head as for this many)
        head_size = deep * tables.HEAD_TIMES + tables.HEAD_MORE
        pinned = self._pinned(cands)
        prior = store.prior
        terms = [t for w in words for t in m.terms(w)]
        self._terms, self._pinned_docs = terms, pinned
        if not terms:
            top = members(cands & store.current, head_size)
            if len(top) < head_size:
                top += members(cands & ~store.current, head_size - len(top))
            pinned_set = set(pinned)
            ranked = [(d, prior[d] + (PIN if d in pinned_set else 0.0)) for d in top]
            ranked.sort(key=lambda x: (-x[1], x[0]))
            return ranked
        named = self._named_docs = self._named(words, cands)
        pool = list(dict.fromkeys(m.pool(cands, count, terms, deep) + pinned + named))
        ranked = self._scored(pool, head_size)
        if count > EXACT_LIMIT:
            # a large result was not checked passage by passage: the head of the
            # ranking is, passages whose words are only scattered moved down; checked
            # only as far as the page reads it (_settled)
            return _settled(m, ranked, plan.groups, want)
        return ranked

    def _scored(self, pool: list[int], head_size: int) -> list[tuple[int, float]]:
        """The first ``head_size`` of ``pool`` by :meth:`_rank`'s score, best first."""
        m, store = self.m, self.store
        terms, named, pinned = self._terms, self._named_docs, self._pinned_docs
        prior = store.prior
        if m.n >= matching.NUMPY_FROM and pool:
            return self._head(pool, terms, named, pinned, head_size)
        scores = m.score(pool, terms)
        named_set, pinned_set = set(named), set(pinned)
        # the pool's cards, read once (a test per passage shifts the whole bitset)
        cards = set(Among(scores, m.n).of(store.kind_docs.get("card", 0)))
        for d in scores:
            sc = scores[d] * prior[d]
            if d in named_set:
                sc *= EXACT_NAME
            elif d in cards:
                sc *= CARD_WORDS
            scores[d] = sc + (PIN if d in pinned_set else 0.0)
        # the page needs the head only: a heap, not a sort of the whole pool
        # (_page looks at the first head_size passages only)
        return heapq.nsmallest(head_size, scores.items(), key=lambda x: (-x[1], x[0]))

    def _head(self, pool: list[int], terms, named: list[int], pinned: list[int],
              head_size: int) -> list[tuple[int, float]]:
        """:meth:`_rank`'s head in a large index: the pool's scores weighed and ordered by
        numpy (each passage's prior, the named entry's and the cards' factors, the pin),
        the same float operations in the same order as the loop below them, and one
        sort by (-score, passage) where a Python key was called for each of the pool's
        ~600-900 passages and the dict of scores walked twice."""
        np = _numpy()
        m, store = self.m, self.store
        docs = np.array(pool, dtype=np.int64)
        sc = m.score_array(pool, terms) * np.frombuffer(store.prior, dtype=np.float64)[docs]
        cards = Among(pool, m.n).mask(store.kind_docs.get("card", 0))
        named_at = np.isin(docs, named) if named else np.zeros(len(pool), dtype=bool)
        sc = np.where(named_at, sc * EXACT_NAME, np.where(cards, sc * CARD_WORDS, sc))
        if pinned:
            sc = sc + np.where(np.isin(docs, pinned), PIN, 0.0)
        order = np.lexsort((docs, -sc))[:head_size]
        return list(zip(docs[order].tolist(), sc[order].tolist()))

    def _named(self, words: list[Word], cands: int) -> list[int]:
        """Passages of the entries whose name is the whole query (グレイズ, ぷれい, 禁呪ゾーン)."""
        if not words or len(words) > tables.NAMED_WORDS or any(w.phrase for w in words):
            return []
        store = self.store
        typed = "".join(w.needle for w in words)
        ids = set(store.names.get(typed, ()))
        if len(words) == 1 and words[0].yomi:
            # a kana word: the entries whose title *reads* so, checked on titles that
            # hold all the reading's bigrams and are not longer than it (kana or kanji)
            wanted = kana_reading(words[0].text)
            # (the current revisions only, at most 200 titles looked at)
            # (their titles from the corpus's table in one query, no entry read)
            looked = [store.entry_of(d) for d in
                      members(self.m.yomi_docs(words[0]) & cands & store.current,
                              tables.NAMED_READINGS)]
            titles = self._titles(looked)
            for entry_id in dict.fromkeys(looked):
                title = titles.get(entry_id)
                if title is None or entry_id in ids:
                    continue
                # (a title ends with its reading in brackets only if it ends with a
                # bracket: the pattern is tried on those alone, ~200 titles a kana query)
                bare = (_PAREN_TAIL.sub("", title) if title.rstrip()[-1:] in (")", "）")
                        else title)
                names = {n for n in (title, bare) if len(n) <= len(wanted)}
                if any(store.reading(n) == wanted for n in names):
                    ids.add(entry_id)
        if not ids or len(ids) > MAX_NAMED:
            return []               # no name, or one that many entries share: no bonus
        return [d for i in ids for d in self.m.postings("entry", i).ids
                if has(cands, d) and has(store.current, d)]

    def _page(self, ranked: Iterable[tuple[int, float]]) -> list[tuple[int, float]]:
        """The hits of one page, at most PER_ENTRY of an entry before the other entries'.

        ``ranked`` is read in order and only as far as the page needs (it may be
        :func:`_settled`'s generator, which checks passages as they are read)."""
        offset, limit = self.plan.offset, self.plan.limit
        first, later = [], []
        # a plain dict (a Counter's missing key is a Python call: one for each of the
        # ~200 entries a page of 200 hits reads at 100,000 entries)
        seen: dict[str, int] = {}
        head = max(offset + limit, self.plan.depth) * tables.HEAD_TIMES + tables.HEAD_MORE
        entry_of = self.store.entry_of
        want = offset + limit
        ranked = iter(ranked)
        for item in itertools.islice(ranked, head):
            entry = entry_of(item[0])
            n = seen[entry] = seen.get(entry, 0) + 1
            if n <= PER_ENTRY:
                first.append(item)
                if len(first) >= want:
                    # the page is the first ``want`` of these: what follows (and the
                    # later passages of an entry) comes after it, its entries not read
                    return first[offset:want]
            else:
                later.append(item)
        ordered = first + later + list(ranked)
        return ordered[offset: offset + limit]

    def _rest_of_entries(self, page: list[tuple[int, float]], cands: int, count: int,
                         entry_ids: list[str]) -> list[tuple[int, float]]:
        """The candidates of these entries not in ``page``, scored as the ranking scores
        them, best first: a page ranks only the head it shows, and the further passages
        of the entries it shows (listed under each) may rank below that head."""
        store, m = self.store, self.m
        shown = {d for d, _sc in page}
        # a passage of each entry on the page: its entry's run of passages (an entry
        # only another search found: its postings)
        beside = {store.entry_of(d): d for d in reversed([d for d, _sc in page])}
        rest = 0
        for entry_id in dict.fromkeys(entry_ids):
            d = beside.get(entry_id)
            rest |= (passages_beside(store, d) if d is not None
                     else m.postings("entry", entry_id).bits)
        docs = [d for d in members(rest & cands) if d not in shown]
        if not docs:
            return []
        if self._question:
            # which concepts each holds, read as for the ranking's pool (the page's own
            # passages were read already); only those holding one are kept, as there
            unread = [d for d in docs if d not in self._held_of]
            if unread:
                self._read_pool(unread)
            return self._question_scores(docs, Among(docs, m.n))
        if not self._terms:
            pinned = set(self._pinned_docs)
            prior = store.prior
            return sorted(((d, prior[d] + (PIN if d in pinned else 0.0)) for d in docs),
                          key=lambda x: (-x[1], x[0]))
        ranked = self._scored(docs, len(docs))
        return (list(_settled(m, ranked, self.plan.groups, len(ranked)))
                if count > EXACT_LIMIT else ranked)

    # --- the page ---------------------------------------------------------------------

    def _needles(self) -> list[str]:
        """The words to mark in the snippets."""
        out: list[str] = []
        # a question's words are planned already (each Word.of its text, as below):
        # planning them again was a tenth of a long question's search at 100,000 entries
        # and so are a query's own words (plan.words_of made each of its terms' Word:
        # making them again for the marks was a tenth of a keyword's search)
        if self._question:
            typed = [(ql.Term(w.text), w) for c in self._question for w, _g in c.words]
        else:
            planned = {(w.text, w.phrase): w for w in self.plan.words}
            typed = [(t, planned.get((t.text, t.phrase))) for t in self.plan.pq.terms]
        seen = set()
        for term, word in typed:
            if (term.text, term.phrase) in seen:
                continue          # the same words again: the same needles, kept once below
            seen.add((term.text, term.phrase))
            out.append(needle(term.text))
            normal = normalize(term.text)
            for p in pieces(normal):
                out.append(needle(normal[p.start:p.end]) if p.kind == "id" else p.text)
            if not term.phrase:
                word = word or Word.of(term.text)
                lone_lo, lone_hi = tables.UNMARKED_MORPHS
                for forms in (word.morphs if word else []):
                    w = needle(forms[0])
                    if len(w) >= 2 or (w and not w.isascii()
                                       and not lone_lo <= w <= lone_hi):
                        out.append(w)
        return [n for n in dict.fromkeys(out) if n]

    def _titles(self, ids) -> dict[str, str]:
        """The titles of the page's entries, by id, without reading the entries (a
        results page reads up to 200 hits of as many entries; unpickling each for its
        title was most of a new results page at 100,000 entries)."""
        return self.store.titles(ids)


def holding_every_group(m, docs: list[int], groups: list[list[Word]]) -> set[int]:
    """The passages of ``docs`` holding, for each group of the query, one of its words in
    a row (not as scattered bigrams): the query is an AND of ORs, so ``貫通 OR ノード``
    keeps a passage with either word, where asking for every word kept only the
    passages with both."""
    held = set(docs)
    for group in groups:
        if not held:
            break
        among = [d for d in docs if d in held]      # in the order given (rank order)
        held = set().union(*(m.in_a_row_of(among, w) for w in group))
    return held


def _settled(m, ranked: list[tuple[int, float]], groups: list[list[Word]], want: int
             ) -> Iterator[tuple[int, float]]:
    """``ranked`` (best first) in its order after the in-a-row check (a passage whose
    words are only scattered bigrams gets ×SCATTERED), the passages checked in rank order
    and only as far as the reader goes: the check only lowers a score, so a checked
    passage that sorts before the next unchecked one's unchecked score is settled.
    Reading all of it gives what checking the whole head and sorting it gives."""
    pending: list = []                 # checked, not yet given: ((-score, d), (d, score))
    at, size = 0, want + 20
    while at < len(ranked) or pending:
        if at < len(ranked):
            bound = (-ranked[at][1], ranked[at][0])
            while pending and pending[0][0] < bound:
                yield heapq.heappop(pending)[1]
            chunk = ranked[at:at + size]
            at += len(chunk)
            size = 50
            held = holding_every_group(m, [d for d, _sc in chunk], groups)
            if not pending and len(held) == len(chunk):
                # nothing waits and no score of the chunk moved: it is in order, and
                # before every passage after it (the heap would give it back as it is)
                yield from chunk
                continue
            for d, sc in chunk:
                sc = sc if d in held else sc * SCATTERED
                heapq.heappush(pending, ((-sc, d), (d, sc)))
        else:
            yield heapq.heappop(pending)[1]


def _partition(bits: list[int], docs: int) -> dict[int, int]:
    """``docs`` by the bits holding them: {the indices of those bits as a bitset: the
    passages}, non-empty cells only, refined one bit at a time.  The cells come in the
    order of a partition of any larger set (a cell's place follows from what it holds
    alone), which the ranking's ties in weight keep."""
    cells = {0: docs} if docs else {}
    for i, b in enumerate(bits):
        refined = {}
        for held, part in cells.items():
            inside = part & b
            if inside:
                refined[held | 1 << i] = inside
            if part & ~b:
                refined[held] = part & ~b
        cells = refined
    return cells


def _counted(bits: list[int], among: int) -> list[int]:
    """How many of ``bits`` hold each passage of ``among``, as the bits of a binary count
    (plane j: the passages whose count has bit j set): an adder over bitsets, a few big-
    int operations a concept whatever the number of passages."""
    planes: list[int] = []
    for b in bits:
        carry = b & among
        for j, plane in enumerate(planes):
            planes[j], carry = plane ^ carry, plane & carry
            if not carry:
                break
        if carry:
            planes.append(carry)
    return planes


def _at_least(planes: list[int], among: int) -> int:
    """The passages of ``among`` counted (:func:`_counted`) at the most there are, or one
    fewer, and at least one: a question's candidates."""
    top, best = among, 0
    for j in reversed(range(len(planes))):
        if top & planes[j]:
            top &= planes[j]
            best |= 1 << j
    need = max(1, best - 1)
    # count >= need, compared from the highest bit down
    above, equal = 0, among
    for j in reversed(range(len(planes))):
        if need >> j & 1:
            equal &= planes[j]
        else:
            above |= equal & planes[j]
            equal &= ~planes[j]
    return above | equal


def _indices(held: int) -> list[int]:
    return [i for i in range(held.bit_length()) if held >> i & 1]


def _counts(cands: int, masks: dict[str, int]) -> dict[str, int]:
    """Facet counts: how many of the candidates each value holds, most first."""
    counts = ((value, (cands & mask).bit_count()) for value, mask in masks.items())
    return {v: c for v, c in sorted(counts, key=lambda x: (-x[1], x[0])) if c}

