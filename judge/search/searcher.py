"""Searching the index (検索): the one object the web app and the CLI hold.

A :class:`Searcher` is opened once per process (the web app opens it at startup) over
an :class:`~judge.search.store.IndexStore` (the opened index), and answers each search
by planning it (:mod:`judge.search.plan`) and running the plan
(:mod:`judge.search.run`); when nothing matches it tries the best "did you mean"
correction, then any of the words.  Threads share a searcher without a lock around
searches (see :mod:`judge.search.store`).

Bad *queries* never raise: every oddity of what was typed is read somehow and said in a
notice.  A failure of the search itself (a bug, a broken disk) does raise: the web app
and the CLI turn it into a clear message at their boundary.
"""
from __future__ import annotations

import threading
from pathlib import Path
from typing import Iterable

from judge.corpus import Corpus
from judge.i18n import msg

from . import plan as planning
from . import question
from .analysis import is_kana
from . import query as ql
from .results import Hit, SearchResult
from .run import ASKED, STRICT, QueryRun
from .store import IndexStore
from . import suggest, tables
from .suggest import StoredVocabulary, Vocabulary

__all__ = ["Searcher", "SearchResult", "Hit"]


class Searcher:
    """The search of one corpus over its opened index."""

    # each result says what it matched (SearchResult.matched): a results page counts its
    # entries from that, and asks only for the hits of the entries it shows
    counts_entries = True

    def __init__(self, store: IndexStore):
        self._store = store
        self._vocabulary: Vocabulary | StoredVocabulary | None = None
        self._update_lock = threading.Lock()

    @classmethod
    def open(cls, corpus: Corpus, index_dir: str | Path | None = None,
             build: bool = True) -> "Searcher":
        """Open the index of ``corpus``, building it first if it is missing or stale.

        Never fails because of the index: a damaged index is rebuilt; if the index
        folder cannot be written at all, the index is built in memory.  Without
        ``build`` (a serving worker), a missing, stale or damaged index raises
        :class:`~judge.search.store.IndexMissing` instead.
        """
        return cls(IndexStore.open(corpus, index_dir, build=build))

    @property
    def corpus(self) -> Corpus:
        return self._store.corpus

    @property
    def path(self) -> Path | None:
        return self._store.path

    @property
    def fingerprint(self) -> str:
        return self._store.fingerprint

    @property
    def store(self) -> IndexStore:
        """The opened index (what a query runs against)."""
        return self._store

    def close(self) -> None:
        """Close the index's Whoosh readers."""
        self._store.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # --- keeping up with the corpus ---------------------------------------------------

    def reindex(self, entry_ids: Iterable[str], corpus: Corpus | None = None) -> None:
        """Re-index these entries as ``corpus`` (default: this searcher's) now has them.

        For an editor's approved ruling: only the entries' passages are analysed and
        written (well under a second for one entry); an id no longer in the corpus
        loses its passages.  Searches running meanwhile finish on the old state; the
        next ones see the new.
        """
        with self._update_lock:
            old = self._store
            self._store = old.update(entry_ids, corpus or old.corpus)
            if corpus is not None and corpus is not old.corpus:
                self._vocabulary = None      # (the update dropped the file's old names)
        # the old store's searchers are left to the garbage collector: a search that
        # began before the swap may still be reading through them

    # --- searching --------------------------------------------------------------------

    def search(self, query: str, game: str | None = None, kind: str | None = None,
               limit: int = 10, offset: int = 0, exact_count: bool = False,
               depth: int = 0) -> SearchResult:
        """Search.  Whatever was typed gets an answer (with notices); a failure of the
        index itself raises, for the caller's boundary to report.

        With ``exact_count``, a question's small result (at most EXACT_LIMIT passages)
        counts only the passages its ranking keeps (a results page's total: each is read
        for the words it holds in a row).  With ``depth``, the ranking scores the passages
        it would for ``depth`` hits and gives the first ``limit`` of that ranking (a
        results page shows its own hits ranked as deep as it always ranked them)."""
        text = query if isinstance(query, str) else ("" if query is None else str(query))
        store = self._store          # one state for the whole search, even across reindex
        result = SearchResult(query=text)
        plan = planning.plan(store, text, game, kind, limit, offset, result)
        if plan is None:
            return result
        plan.exact_count, plan.depth = exact_count, depth
        asked = None if plan.pin else self._asks(plan)
        for step in tables.SEARCH_STEPS:
            if self._STEPS[step](self, store, plan, asked, result):
                break
        if result.total == 0 and not result.did_you_mean and not result.notices:
            result.notices.append(msg("nothing matches {query!r}: try fewer words, another "
                                      "spelling, or remove a filter", query=plan.pq.text()))
        return result

    def vocabulary(self) -> Vocabulary | StoredVocabulary:
        """Card, term and rule names for "did you mean": the file ``judge index`` wrote
        beside the index, else built from the corpus on first use."""
        if self._vocabulary is None:
            path = self.path
            found = StoredVocabulary.open(path / suggest.FILE) if path is not None else None
            self._vocabulary = found or Vocabulary.from_corpus(self.corpus)
        return self._vocabulary

    @staticmethod
    def _asks(plan: planning.Plan):
        """The content words of a query of plain words (see :mod:`judge.search.question`),
        and whether it asks; None for a phrase or an OR (the judge's own query)."""
        pq = plan.pq
        if not pq.terms or any(t.phrase for t in pq.terms) or any(len(g) > 1 for g in pq.groups):
            return None
        analysis = question.content_words(" ".join(t.text for t in pq.terms))
        if all(is_kana(t.text) for t in pq.terms) or not analysis.content:
            # a reading typed in kana (ぷれいえりあ) is a word, not a sentence: MeCab
            # would cut it into question words; nothing but question words is no question
            analysis.asks = False
        return analysis

    def _question(self, store: IndexStore, plan: planning.Plan, analysis) -> bool:
        """Set ``plan.question`` to the query's concepts (False: it has none)."""
        pq = plan.pq
        if len(pq.terms) > 1 and not analysis.asks:
            # keywords the judge spaced apart: each is one concept, whole (romaji
            # words that read as a glossary name together: that name)
            concepts = question.keywords(store, [t.text for t in pq.terms], plan.game)
        else:
            concepts = question.concepts(store, " ".join(t.text for t in pq.terms),
                                         plan.game, analysis)[0]
        plan.question = concepts[:question.MAX_CONCEPTS] or None
        plan.cover = ASKED if analysis.asks else STRICT
        return bool(concepts)

    # --- the steps of a search (tables.SEARCH_STEPS): each the passages it found ---------

    def _words(self, store: IndexStore, plan: planning.Plan, asked, result) -> int:
        """The query's words as typed (not a question's)."""
        if asked is not None and asked.asks:
            return 0
        return QueryRun(store, plan.but(question=None), result).execute()

    def _concepts(self, store: IndexStore, plan: planning.Plan, asked, result) -> int:
        """A question, or words that are not all in one passage: the passages holding
        most of its content words (a word found nowhere read as kana or by its reading
        first)."""
        if asked is None or not self._question(store, plan, asked):
            return 0
        for concept in plan.question:
            question.widen(store, concept, result.notices)
        result.question = {"words": [c.label for c in plan.question],
                           "left_out": asked.dropped, "asks": asked.asks}
        found = QueryRun(store, plan, result).execute()
        plan.question = None
        return found

    def _respelled(self, store: IndexStore, plan: planning.Plan, _asked, result) -> int:
        """No match: suggest names, and search the best correction."""
        if not plan.groups or plan.pin:
            return 0
        result.did_you_mean = planning.corrections(store, plan, self.vocabulary())
        if not result.did_you_mean:
            return 0
        corrected = ql.parse(result.did_you_mean[0], store.game_aliases)
        corrected.excluded = plan.pq.excluded
        groups, _ = planning.words_of(corrected)
        found = groups and QueryRun(store, plan.but(pq=corrected, groups=groups, pin=None),
                                    result).execute()
        if found:
            result.notices.append(msg("nothing matches {query!r}; showing results for "
                                      "{instead!r}", query=plan.pq.text(),
                                      instead=result.did_you_mean[0]))
        return found or 0

    def _some_words(self, store: IndexStore, plan: planning.Plan, _asked, result) -> int:
        """Still no match: the passages holding some of the words."""
        words = plan.words
        if not plan.groups or plan.pin or len(words) < 2:
            return 0
        found = QueryRun(store, plan.but(groups=[words], pin=None), result).execute()
        if found:
            result.notices.append(msg("no passage has all of the words; showing "
                                      "passages with some of them"))
        return found

    _STEPS = {"words": _words, "concepts": _concepts, "respelled": _respelled,
              "some_words": _some_words}
