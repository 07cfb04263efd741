"""Scoring the relevance set (tests/search/relevance.yaml): top-3 checks, recall@10, MRR,
MAP@10.

Shared by test_relevance.py and bench/search.py.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

RELEVANCE = Path(__file__).with_name("relevance.yaml")
TOP = 3


def load() -> list[dict]:
    """The relevance queries."""
    return yaml.safe_load(RELEVANCE.read_text(encoding="utf-8"))["queries"]


def matches(hit, wanted: str) -> bool:
    """A hit is the wanted entry (``id``) or the wanted clause (``id#clause``)."""
    entry, _, clause = wanted.partition("#")
    return hit.id == entry and (not clause or hit.clause == clause)


def rank_of(hits, wanted: str) -> int | None:
    """1-based rank of the first hit that is the wanted entry or clause."""
    for i, h in enumerate(hits, 1):
        if matches(h, wanted):
            return i
    return None


@dataclass
class Outcome:
    """How one query did."""

    q: str
    ok: bool
    reciprocal_rank: float
    recall: float
    problems: list[str] = field(default_factory=list)
    average_precision: float = 0.0


def average_precision(hits, relevant: list[str], k: int = 10) -> float:
    """AP@k: the precision at each rank where a relevant entry (or clause) first shows,
    averaged over every relevant one (those never shown count 0)."""
    if not relevant:
        return 1.0
    found, total, used = 0, 0.0, set()
    for rank, h in enumerate(hits[:k], 1):
        w = next((w for w in relevant if w not in used and matches(h, w)), None)
        if w is not None:
            used.add(w)
            found += 1
            total += found / rank
    return total / len(relevant)


def judge(item: dict, hits) -> Outcome:
    """Check one query's hits (a list of Hit, best first) against its expectations."""
    first = item.get("first") or []
    any_ = item.get("any") or []
    also = item.get("also") or []
    problems = []
    for w in first:
        r = rank_of(hits, w)
        if r is None or r > TOP:
            problems.append(f"{w} at rank {r}")
    if any_:
        ranks = [r for r in (rank_of(hits, w) for w in any_) if r is not None]
        if not ranks or min(ranks) > TOP:
            problems.append(f"none of {any_} in the top {TOP} (best rank "
                            f"{min(ranks) if ranks else None})")
    title = item.get("any_title")
    if title:
        # a name several cards share (十六夜 咲夜 has many printings): any of them
        titles = [re.sub(r"\s*\([^()]*\)$", "", h.title) for h in hits]
        if title not in titles[:TOP]:
            problems.append(f"no entry titled {title} in the top {TOP}")
        rr = 1.0 / (titles.index(title) + 1) if title in titles else 0.0
        recall = 1.0 if title in titles[:10] else 0.0
        ap = 1.0 / (titles.index(title) + 1) if title in titles[:10] else 0.0
        return Outcome(item["q"], not problems, rr, recall, problems, ap)
    key = first + any_
    ranks = [r for r in (rank_of(hits, w) for w in key) if r is not None]
    rr = 1.0 / min(ranks) if ranks else 0.0
    relevant = first + ([any_[0]] if any_ and not any(rank_of(hits[:10], w) for w in any_)
                        else [w for w in any_ if rank_of(hits[:10], w)][:1]) + also
    found = sum(1 for w in relevant if (r := rank_of(hits, w)) is not None and r <= 10)
    recall = found / len(relevant) if relevant else 1.0
    return Outcome(item["q"], not problems, rr, recall, problems,
                   average_precision(hits, relevant))


def evaluate(searcher, items: list[dict] | None = None) -> tuple[list[Outcome], dict]:
    """Run every query; return the outcomes and {"queries", "passed", "recall@10", "MRR",
    "MAP@10"}."""
    items = items if items is not None else load()
    outcomes = [judge(item, searcher.search(item["q"], limit=10).hits) for item in items]
    n = len(outcomes) or 1
    summary = {"queries": len(outcomes), "passed": sum(o.ok for o in outcomes),
               "recall@10": sum(o.recall for o in outcomes) / n,
               "MRR": sum(o.reciprocal_rank for o in outcomes) / n,
               "MAP@10": sum(o.average_precision for o in outcomes) / n}
    return outcomes, summary
