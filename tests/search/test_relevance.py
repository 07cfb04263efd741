"""The relevance set against the real corpus: every must-be-first entry in the top 3."""
from __future__ import annotations

import pytest

from relevance_eval import evaluate, judge, load

ITEMS = load()


def test_the_set_is_big_and_varied():
    assert len(ITEMS) >= 60
    kinds = {item.get("kind") for item in ITEMS}
    assert {"id", "term", "rule", "qa", "card", "hiragana", "typo", "filter",
            "phrase", "exclude", "halfwidth", "unspaced"} <= kinds


@pytest.mark.parametrize("item", ITEMS, ids=[i["q"] for i in ITEMS])
def test_must_be_first_entries_are_in_the_top_3(real_searcher, item):
    hits = real_searcher.search(item["q"], limit=10).hits
    outcome = judge(item, hits)
    assert outcome.ok, (f"{item['q']}: {outcome.problems}; got "
                        f"{[(h.id, h.clause) for h in hits[:5]]}")


def test_recall_and_mrr(real_searcher, capsys):
    _, summary = evaluate(real_searcher, ITEMS)
    with capsys.disabled():
        print(f"\nrelevance: {summary['passed']}/{summary['queries']} queries, "
              f"recall@10 {summary['recall@10']:.3f}, MRR {summary['MRR']:.3f}, "
              f"MAP@10 {summary['MAP@10']:.3f}")
    assert summary["recall@10"] >= 0.9
    assert summary["MRR"] >= 0.85
    assert summary["MAP@10"] >= 0.95      # issue 15: speed work must keep the quality
