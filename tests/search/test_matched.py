"""A page's total and chips counted from bitsets (search/matched.py): each entry is known
by its last passage, and a set of passages becomes the set of their entries' last
passages by one addition; the counts are those of grouping every hit of the ranking."""
from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.search.matched import entries_of, entry_ends, marks
from judge.search.matching import members
from judge.search.shaping import shaped


@settings(deadline=None)
@given(st.lists(st.tuples(st.integers(1, 9), st.booleans()), min_size=1, max_size=40),
       st.data())
def test_the_marks_are_the_last_passages_of_the_entries_holding_a_passage(layout, data):
    # entries laid out one after another, each a run of passages; a deleted entry's run
    # (an update re-wrote it further on) is not live and marked at its end all the same
    live = ends = 0
    entry_of: dict[int, int] = {}
    last: dict[int, int] = {}
    at = 0
    for number, (size, alive) in enumerate(layout):
        for d in range(at, at + size):
            if alive:
                live |= 1 << d
                entry_of[d] = number
        at += size
        ends |= 1 << (at - 1)
        last[number] = at - 1
    chosen = data.draw(st.sets(st.sampled_from(sorted(entry_of) or [0])))
    docs = sum(1 << d for d in chosen if d in entry_of)
    expected = sum(1 << last[e] for e in {entry_of[d] for d in chosen if d in entry_of})
    assert marks(docs, live, ends) == expected


def test_each_entry_of_the_index_is_marked_once_at_its_last_passage(real_searcher):
    store = real_searcher.store
    ends = entry_ends(store)
    by_entry: dict[str, list[int]] = {}
    for d in members(store.live):
        by_entry.setdefault(store.entry_of(d), []).append(d)
    assert ends.bit_count() == len(by_entry)
    for passages in by_entry.values():
        # an entry's passages in a row, and every one of them carried to the last
        assert passages == list(range(passages[0], passages[-1] + 1))
        for d in passages:
            assert entries_of(store, 1 << d) == 1 << passages[-1]


def test_the_marks_follow_an_update(sample_corpus, tmp_path):
    """An entry re-indexed is appended with its new passages: still one mark an entry."""
    from dataclasses import replace

    from judge.corpus import Corpus
    from judge.search import Searcher
    s = Searcher.open(sample_corpus, index_dir=tmp_path / "ix")
    try:
        old = sample_corpus.get("vision/qa/QA-346")
        rev = replace(old.revisions[0], text="**Q.** 封印されたノードは？\n\n**A.** いいえ。")
        entries = dict(sample_corpus.entries)
        entries[old.id] = replace(old, revisions=[rev, *old.revisions])
        s.reindex([old.id], Corpus(entries.values(), sample_corpus.root))
        store = s.store
        found = {}
        for d in members(store.live):
            found.setdefault(store.entry_of(d), set()).add(entries_of(store, 1 << d))
        assert all(len(m) == 1 for m in found.values())
        assert entry_ends(store) & store.live == sum(m.pop() for m in found.values())
        from judge.search.matched import passages_beside
        for d in members(store.live):
            assert passages_beside(store, d) == store.matcher.postings(
                "entry", store.entry_of(d)).bits & store.live
    finally:
        s.close()


def _keyword_queries():
    import yaml
    from pathlib import Path
    data = yaml.safe_load((Path(__file__).parent / "relevance.yaml").read_text("utf-8"))
    return [q["q"] for q in data["queries"]]


@pytest.mark.parametrize("game,kind", [(None, None), ("vision", None), (None, "rule")])
def test_the_counts_are_those_of_every_hit_of_the_ranking(real_searcher, game, kind):
    """For keywords, the entries counted from the bitsets are the entries of the full
    ranking (every hit, asked for all of them), by game and kind too."""
    checked = 0
    for q in _keyword_queries():
        result = real_searcher.search(q, game=game, kind=kind, limit=500)
        if result.matched is None or result.question or result.total > 500:
            continue
        hits = list(result.hits)
        entries = {h.id: (h.game, h.kind) for h in hits}
        matched = result.matched
        assert matched.entry_count() == len(entries), q
        assert matched.passage_count() == len(hits), q
        assert matched.counts("game") == _most_first(Counter(g for g, _k in entries.values()))
        assert matched.counts("kind") == _most_first(Counter(k for _g, k in entries.values()))
        checked += 1
    assert checked > 50


def _most_first(counts: Counter) -> dict:
    return {v: c for v, c in sorted(counts.items(), key=lambda x: (-x[1], x[0]))}


def test_a_page_cut_short_counts_what_the_whole_search_counts(real_searcher, real_corpus):
    """A page that ranks only the hits of the entries it shows says the total and the
    chips of the page that groups every hit (the same entries, from the bitsets)."""
    from judge.search import shaping
    for q in ("プレイ", "グレイズ", "攻撃", "マナ", "ダメージ"):
        for game in (None, "vision"):
            cut = shaped(real_searcher, real_corpus, q, game=game)
            whole = shaped(_Whole(real_searcher), real_corpus, q, game=game)
            assert cut["total"] == whole["total"], q
            assert cut["facets"] == whole["facets"], q
            assert [r["id"] for r in cut["results"]] == [r["id"] for r in whole["results"]], q
            assert cut["passages_total"] == whole["passages_total"], q
    assert shaping.fetch_for(10, True) < shaping.FETCH


class _Whole:
    """The searcher asked for every hit, saying nothing of what it matched: the page
    groups every hit and counts the groups (as a page once did among 200)."""

    def __init__(self, searcher):
        self._s = searcher
        self.corpus = searcher.corpus

    def search(self, text, limit=10, offset=0, **kw):
        result = self._s.search(text, limit=500, offset=offset, **kw)
        assert result.total <= 500 or limit < 10      # (every hit: the whole ranking)
        result.matched = None
        return result


def test_the_passages_beside_one_are_its_entrys(real_searcher):
    """An entry's passages found from one of them (its run between two entries' last
    passages) are those the entry field's postings hold."""
    from judge.search.matched import passages_beside
    store = real_searcher.store
    seen = set()
    for d in members(store.live):
        entry_id = store.entry_of(d)
        if entry_id in seen and d % 7:
            continue
        seen.add(entry_id)
        assert passages_beside(store, d) == store.matcher.postings("entry", entry_id).bits \
            & store.live, entry_id
