"""A results page groups its ~200 hits without making each one whole (issue 27): the
groups are found from the hits' entry, revision and score (``grouping.gather``), and a
group's hits become dicts only when its tier is read or it is shown.  Checked against
the eager grouping it replaced, and on the real corpus by what a page made."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from judge.search import grouping, run
from judge.search.shaping import shaped


def _eager(hits: list[dict], old: bool) -> list[tuple]:
    """group_hits's loop before the groups were lazy: (best, passages, old) per entry."""
    groups: dict[str, list] = {}
    for hit in hits:
        g = groups.get(hit["id"])
        if g is None:
            groups[hit["id"]] = [hit, [], []]
            continue
        if not hit["current"] and g[0]["current"] and not old:
            g[2].append(hit)
        elif not g[0]["current"] and hit["current"]:
            g[2].append(g[0])
            g[0] = hit
        else:
            g[1].append(hit)
    return [tuple(g) for g in groups.values()]


_HITS = st.lists(st.tuples(st.sampled_from("abcdef"), st.booleans(),
                           st.floats(0.1, 9.0, allow_nan=False), st.sampled_from([None, "1", "2"])),
                 max_size=40).map(lambda xs: [
                     {"id": e, "current": c, "score": s, "clause": cl, "revision": 1 + (not c),
                      "game": "g-" + e, "kind": "rule", "n": i}
                     for i, (e, c, s, cl) in enumerate(xs)])


@settings(deadline=None)
@given(_HITS, st.booleans())
def test_lazy_groups_are_the_eager_groups(hits, old):
    groups = grouping.gather(hits, None, old)
    want = _eager(hits, old)
    assert [g.entry for g in groups] == [b["id"] for b, _p, _o in want]
    # known before the group is made: its best hit's score, game and kind
    assert [(g.score, g.game, g.kind) for g in groups] == [
        (b["score"], b["game"], b["kind"]) for b, _p, _o in want]
    assert [(g.best, g.passages, g.old) for g in groups] == want


@settings(deadline=None)
@given(_HITS, st.integers(0, 40))
def test_briefs_rows_read_the_dicts_made_since(hits, changed):
    class Hit:
        def __init__(self, h):
            self.h = h
            self.id, self.current, self.score = h["id"], h["current"], h["score"]
            self.game, self.kind, self.clause, self.revision = (h["game"], h["kind"],
                                                                h["clause"], h["revision"])

        def brief(self):
            return {k: v for k, v in self.h.items() if k != "n"} | {"score": round(self.score, 4)}

    briefs = grouping.Briefs([Hit(h) for h in hits])
    if changed < len(hits):
        briefs[changed]["score"] *= 2            # a caller scaling a wording's scores
    rows = grouping.rows(briefs)
    assert rows == grouping.rows([briefs[i] for i in range(len(hits))])
    assert grouping.rows(briefs, 3) == rows[:3]
    briefs.append({"id": "z", "current": True, "score": 1.0, "clause": None, "revision": 1})
    assert len(briefs) == len(hits) + 1 and grouping.rows(briefs)[-1][0] == "z"


def test_a_page_makes_whole_only_the_hits_it_reads(real_searcher, real_corpus):
    """Of a broad query's hits (up to 200), the page makes a StoredHit and a dict only for the
    hits of the groups it shows or reads; its total and chips count all of them."""
    seen = []

    class Watching:
        corpus = real_searcher.corpus

        def search(self, *a, **kw):
            result = real_searcher.search(*a, **kw)
            seen.append(result)
            return result

    data = shaped(Watching(), real_corpus, "攻撃", limit=10)
    first = seen[0]
    assert isinstance(first.hits, run.StoredHits) and len(first.hits) >= 40
    made = sum(h is not None for h in first.hits._made)
    assert 0 < made < len(first.hits) // 2
    # the page as the eager hits give it: the same total and chips
    assert data["passages_total"] == len(first.hits)
    ids = {first.hits[i].id for i in range(len(first.hits))}
    assert data["total"] == len(ids)
    assert sum(data["facets"]["game"].values()) == len(ids)
