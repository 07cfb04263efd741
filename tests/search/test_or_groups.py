"""A query is an AND of OR groups (``グレイズ OR 貫通``: either word).  The check that a
small result's words are really in the passage (not scattered bigrams) once asked for
every word of the query, so an OR of two words found only the passages holding both."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

# words of the real corpus: some found in a handful of passages, some in hundreds (a
# result too large for the passage-by-passage check takes the other path)
WORDS = ["貫通", "ノード", "グレイズ", "結界", "スペルカード", "融合", "召喚", "干渉",
         "手札", "プレイ", "禁呪", "マナ", "ダメージ"]


def _found(searcher, query: str) -> tuple[int, set]:
    """The total and the passages found (an entry's id and clause, its revision's date:
    an older revision's passage is a passage of its own)."""
    result = searcher.search(query, limit=5000)
    return result.total, {(h.id, h.clause, h.date) for h in result.hits}


@settings(deadline=None)
@given(st.lists(st.sampled_from(WORDS), min_size=2, max_size=3, unique=True))
def test_an_or_finds_every_passage_either_word_finds(real_searcher, words):
    alone = [_found(real_searcher, w)[1] for w in words]
    total, either = _found(real_searcher, " OR ".join(words))
    assert either == set().union(*alone)
    assert total == len(either)


def test_an_or_beside_a_word_keeps_both_groups(real_searcher):
    """貫通 (ノード OR グレイズ): every passage found holds 貫通, and one of the others."""
    total, found = _found(real_searcher, "貫通 ノード OR グレイズ")
    both = _found(real_searcher, "貫通 ノード")[1] | _found(real_searcher, "貫通 グレイズ")[1]
    assert total and found == both
