"""A day filter (before:, after:, an as-of search) read from each passage's day, kept as
an array: the same passages as Whoosh's range query over the index's day field, on the
real index and after an entry was re-indexed with another date."""
from __future__ import annotations

from dataclasses import replace
from datetime import date

from hypothesis import given, settings, strategies as st
from whoosh.query import NumericRange

from judge.corpus import Corpus
from judge.search import Searcher
from judge.search.matching import bitset


def by_range_query(store, start: int, end: int | None) -> int:
    """What day_docs answered before: Whoosh's range query, live passages only."""
    docs = store.searcher().docs_for_query(NumericRange("day", start, end))
    return bitset(docs, store.matcher.n) & store.live


DAYS = st.integers(2008_01_01, 2027_12_31)


@settings(deadline=None)
@given(start=DAYS, span=st.one_of(st.none(), st.integers(0, 100_000)))
def test_a_day_filter_is_the_range_query_on_the_real_index(real_searcher, start, span):
    store = real_searcher.store
    end = None if span is None else start + span
    assert store.day_docs(start, end) == by_range_query(store, start, end)


def test_a_day_filter_follows_an_entry_reindexed_with_another_date(sample_corpus, tmp_path):
    searcher = Searcher.open(sample_corpus, index_dir=tmp_path / "ix")
    try:
        old = sample_corpus.get("vision/qa/QA-346")
        day = int(old.revisions[-1].date.day.strftime("%Y%m%d"))
        assert searcher.store.day_docs(day, day)           # read once: the array is made
        moved = replace(old.revisions[-1], date=replace(old.revisions[-1].date,
                                                        day=date(2026, 1, 2)))
        entries = dict(sample_corpus.entries)
        entries[old.id] = replace(old, revisions=[*old.revisions[:-1], moved])
        searcher.reindex([old.id], Corpus(entries.values(), sample_corpus.root))
        store = searcher.store
        for start, end in ((day, day), (20260102, 20260102), (20260101, None), (0, None)):
            assert store.day_docs(start, end) == by_range_query(store, start, end)
        assert store.day_docs(20260102, 20260102)          # the moved passages are there
    finally:
        searcher.close()
