"""What a judge likeliest needs first, when a phone cannot hold everything.

One order for everything the phone downloads within a budget (the entry pages,
:mod:`.pages`; the search bundle's passages, :mod:`.bundle`): rules, then terms, Q&A
and cards; within a kind, each game's entries in turn (every game gets its share of a
budget, not the first game all of it); current texts before older revisions.
"""
from __future__ import annotations

ORDER = {"rule": 0, "term": 1, "qa": 2, "card": 3}
KINDS = tuple(ORDER)


def kind_of(entry_id: str) -> str:
    """``<game>/qa/QA-337`` -> ``qa``."""
    parts = entry_id.split("/")
    return parts[1] if len(parts) > 1 else ""


def entry_order(ids) -> list[str]:
    """Entry ids, the likeliest needed first: by kind (:data:`ORDER`), then the games
    taken in turn (the first rule of each game, then the second of each, …), each
    game's entries in id order."""
    by_kind: dict[int, dict[str, list[str]]] = {}
    for entry_id in sorted(ids):
        rank = ORDER.get(kind_of(entry_id), len(ORDER))
        by_kind.setdefault(rank, {}).setdefault(entry_id.split("/")[0], []).append(entry_id)
    out: list[str] = []
    for rank in sorted(by_kind):
        games = list(by_kind[rank].values())
        for i in range(max(len(g) for g in games)):
            out += [g[i] for g in games if i < len(g)]
    return out
