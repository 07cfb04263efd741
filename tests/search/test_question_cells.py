"""A question's candidates (run._match_question): counting how many concepts each
passage holds first, then partitioning only the passages holding enough, gives the
cells, in the order, that partitioning every passage and keeping those cells gave."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from judge.search.run import _at_least, _counted, _partition


def _every_cell(bits: list[int], allowed: int) -> tuple[dict[int, int], int]:
    """The partition of every allowed passage, then its cells holding the most concepts
    there are or one fewer (what the search did before counting)."""
    cells = {0: allowed} if allowed else {}
    for i, b in enumerate(bits):
        refined = {}
        for held, docs in cells.items():
            if docs & b:
                refined[held | 1 << i] = docs & b
            if docs & ~b:
                refined[held] = docs & ~b
        cells = refined
    cells.pop(0, None)
    if not cells:
        return {}, 0
    need = max(1, max(h.bit_count() for h in cells) - 1)
    kept = {h: d for h, d in cells.items() if h.bit_count() >= need}
    out = 0
    for docs in kept.values():
        out |= docs
    return kept, out


def _counted_cells(bits: list[int], allowed: int) -> tuple[dict[int, int], int]:
    keep = _at_least(_counted(bits, allowed), allowed)
    return _partition(bits, keep), keep


@settings(deadline=None)
@given(st.lists(st.sets(st.integers(0, 300), max_size=200), min_size=1, max_size=8),
       st.sets(st.integers(0, 300), max_size=300))
def test_counting_first_keeps_the_same_cells_in_the_same_order(concepts, allowed):
    bits = [sum(1 << d for d in c) for c in concepts]
    union = 0
    for b in bits:
        union |= b
    allowed_bits = sum(1 << d for d in allowed) & union
    if not allowed_bits:
        return
    before = _every_cell(bits, allowed_bits)
    after = _counted_cells(bits, allowed_bits)
    assert list(after[0].items()) == list(before[0].items())
    assert after[1] == before[1]
