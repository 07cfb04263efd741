"""A results page reads only what it shows (issue 27): the in-a-row check of a large
result runs in rank order only as far as the page reads (``run._settled``), the page's
passages stop being read once it is full (``QueryRun._page``), and of the ~200 hits a
page groups only the results shown are made whole (``Hit.brief`` / ``Hit.fill``).
Each is checked against the eager way it replaced: the same page, in the same order."""
from __future__ import annotations

import heapq
from collections import Counter
from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

from judge.search import run
from judge.search.indexer import RANK_OLDER, RANK_WITHDRAWN
from judge.search.results import Hit
from judge.search.shaping import shaped


class _Matcher:
    """A matcher whose in-a-row check is a fixed set of passages; it records what it
    was asked to check."""

    def __init__(self, in_a_row: set[int]):
        self.in_a_row = in_a_row
        self.checked: list[int] = []

    def in_a_row_of(self, docs, word):
        self.checked += docs
        return {d for d in docs if d in self.in_a_row}


def _eager(ranked, in_a_row):
    """What _rank did before: check the whole head, then sort it."""
    head = [(d, sc if d in in_a_row else sc * run.SCATTERED) for d, sc in ranked]
    head.sort(key=lambda x: (-x[1], x[0]))
    return head


_RANKED = st.lists(st.tuples(st.integers(0, 400), st.sampled_from([0.5, 1.0, 1.5, 2.0, 3.3, 7.0])),
                   max_size=120, unique_by=lambda x: x[0]).map(
    lambda xs: heapq.nsmallest(len(xs), xs, key=lambda x: (-x[1], x[0])))


@settings(deadline=None)
@given(_RANKED, st.sets(st.integers(0, 400)), st.integers(1, 60))
def test_settled_gives_the_eager_order(ranked, in_a_row, want):
    m = _Matcher(in_a_row)
    assert list(run._settled(m, ranked, [["w"]], want)) == _eager(ranked, in_a_row)


@settings(deadline=None)
@given(_RANKED, st.sets(st.integers(0, 400)), st.integers(1, 30), st.integers(0, 40))
def test_settled_checks_only_as_far_as_it_is_read(ranked, in_a_row, want, read):
    m = _Matcher(in_a_row)
    got = list(zip(range(read), run._settled(m, ranked, [["w"]], want)))
    assert [x for _, x in got] == _eager(ranked, in_a_row)[:len(got)]
    # each passage checked once, in rank order
    assert m.checked == [d for d, _ in ranked[:len(m.checked)]]
    # where every word is in a row, the first batch (the page and 20) is all it checks
    held = _Matcher({d for d, _ in ranked})
    list(zip(range(read), run._settled(held, ranked, [["w"]], want)))
    if read <= want + 20:
        assert len(held.checked) == (min(len(ranked), want + 20) if read else 0)


def _old_page(ranked, entry_of, offset, limit, depth=0):
    """QueryRun._page before it stopped early (``depth``: the head as for that many hits,
    if more than the page's)."""
    first, later = [], []
    seen: Counter = Counter()
    head = max(offset + limit, depth) * 3 + 20
    for d, score in ranked[:head]:
        entry = entry_of(d)
        seen[entry] += 1
        (first if seen[entry] <= run.PER_ENTRY else later).append((d, score))
    return (first + later + ranked[head:])[offset: offset + limit]


@settings(deadline=None)
@given(st.lists(st.integers(0, 12), max_size=150), st.integers(0, 30), st.integers(1, 25),
       st.sampled_from([0, 0, 40]))
def test_the_page_stops_reading_once_full_and_is_the_same_page(entries, offset, limit, depth):
    ranked = [(d, 100.0 - d) for d in range(len(entries))]
    read: list[int] = []

    def entry_of(d):
        read.append(d)
        return entries[d]

    q = run.QueryRun.__new__(run.QueryRun)
    q.plan = SimpleNamespace(offset=offset, limit=limit, depth=depth)
    q.store = SimpleNamespace(entry_of=entry_of)
    assert q._page(iter(ranked)) == _old_page(ranked, lambda d: entries[d], offset, limit,
                                              depth)
    firsts = [d for d in range(len(entries))
              if entries[:d + 1].count(entries[d]) <= run.PER_ENTRY]
    if len(firsts) >= offset + limit and \
            firsts[offset + limit - 1] < max(offset + limit, depth) * 3 + 20:
        # full before the end: nothing after the page's last passage was read
        assert max(read) == firsts[offset + limit - 1]


def test_a_stored_hit_is_the_hit_the_stored_fields_make(real_searcher):
    """StoredHit (made from the kept tuple, its title read when asked) answers as the
    Hit the stored fields' dict made."""
    store = real_searcher.store
    result = real_searcher.search("グレイズ", limit=30)
    assert result.hits
    for hit in result.hits:
        assert "title" not in hit.__dict__                 # not read yet
        f = store.stored(hit._docnum)
        eager = Hit(id=f["entry"], game=f["game"], kind=f["kind"],
                    title=store.titles([f["entry"]]).get(f["entry"], f["entry"]), cut=None,
                    score=hit.score, clause=f.get("clause"), revision=f["revision"],
                    current=f["rank"] != RANK_OLDER, date=f.get("date"),
                    date_known=f.get("date_known", True),
                    withdrawn=f["rank"] == RANK_WITHDRAWN,
                    text_of=lambda d=hit._docnum: store.plain_of(d), marks=hit.marks)
        assert hit.as_json() == eager.as_json()
        assert hit.brief() | {k: getattr(hit, k) for k in ("title", "url", "date",
                                                           "date_known", "withdrawn")} \
            == {**hit.as_json(snippets=False)}
        assert list(hit.fill(hit.brief())) == list(hit.as_json())   # the same key order


def test_a_results_page_makes_whole_only_the_results_it_shows(real_searcher, real_corpus,
                                                              monkeypatch):
    filled = []
    real_fill = Hit.fill
    monkeypatch.setattr(Hit, "fill", lambda self, brief: filled.append(self) or
                        real_fill(self, brief))
    data = shaped(real_searcher, real_corpus, "攻撃", limit=5)
    shown = [r for g in data["results"] for r in (g, *g["passages"], *g["old"])]
    assert data["passages_total"] > 2 * len(shown)           # most hits are not shown
    # each shown result was made whole once (a group's best is copied, then filled),
    # with what the brief left out
    assert len(filled) <= len(shown) + sum(1 for g in data["results"] if g.get("old_wording"))
    for r in shown:
        assert r["title"] and r["url"].startswith("/entry/") and r["snippet"] is not None
        assert "_hit" not in r and "_brief" not in r


def test_a_phrase_checked_on_its_texts_is_kept_for_its_next_search(real_corpus, real_index_dir,
                                                                   monkeypatch):
    """A phrase alone is checked on the text of every passage holding its bigrams; that
    is its phrase_docs, kept: the next search of it (a new page of the same phrase)
    reads no text and finds the same.  A phrase narrowed by another word first is
    checked on fewer passages and not kept."""
    from judge.search import Searcher
    from judge.search.matching import Word
    phrase = "プレイしたものとして解決"
    word = Word.of(phrase, phrase=True)
    narrowed, fresh = (Searcher.open(real_corpus, index_dir=real_index_dir) for _ in range(2))
    assert narrowed.search(f'"{phrase}" カード', limit=20).total > 0
    assert narrowed.store.matcher.kept_phrase_docs(word) is None
    store = fresh.store
    reads: list[int] = []
    text_of = store.text_of
    monkeypatch.setattr(store, "text_of", lambda d: reads.append(d) or text_of(d))
    first = fresh.search(f'"{phrase}"', limit=50)
    read_first = len(reads)
    again = fresh.search(f'"{phrase}"', limit=50)
    assert first.total > 0 and read_first >= first.total
    assert len(reads) == read_first                       # nothing read the second time
    assert again.total == first.total
    assert [(h.id, h.clause, h.score) for h in again.hits] == \
        [(h.id, h.clause, h.score) for h in first.hits]
    assert store.matcher.kept_phrase_docs(word) is not None
    narrowed.close()
    fresh.close()


def test_the_exact_tier_is_read_once_a_passage_and_as_the_entry_says(real_searcher,
                                                                      real_corpus,
                                                                      monkeypatch):
    """_exact_tier with what it reads kept per passage (shaping._tier_facts) gives the
    tier the entry itself gives, and a second read takes nothing from the corpus."""
    from judge.search import shaping
    from judge.search.analysis import normalize
    hits = [h.brief() for h in real_searcher.search("グレイズ", limit=60).hits]
    hits.append({"id": "vision/rule/no-such-entry", "revision": 1, "clause": None})
    forms = [" ".join(normalize(q).split())
             for q in ("グレイズ", "ぐれいず", "6.5", "攻撃 グレイズ", '"グレイズ"', "ダメージ")]

    def expected(h, q):
        entry = real_corpus.entries.get(h["id"])
        if entry is None or not q:
            return 0
        if q.replace(" ", "") in shaping.exact_names(entry):
            return 3
        held = shaping.held_text(entry, h["revision"], h.get("clause"))
        if all(w in held for w in q.split()):
            return 1 if entry.kind == "card" else 2
        return 0

    want = [[expected(h, q) for h in hits] for q in forms]
    assert [[shaping._exact_tier(h, real_corpus, q) for h in hits] for q in forms] == want
    assert {t for row in want for t in row} >= {0, 2, 3}      # the tiers were exercised
    reads: list[str] = []
    entries = real_corpus.entries

    class Spy:
        def get(self, key, default=None):
            reads.append(key)
            return entries.get(key, default)

    monkeypatch.setattr(real_corpus, "entries", Spy())
    assert [[shaping._exact_tier(h, real_corpus, q) for h in hits] for q in forms] == want
    assert reads == ["vision/rule/no-such-entry"] * len(forms)   # only the missing entry
