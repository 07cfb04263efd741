"""The engine's invariants as checks, for property tests and anyone driving a Match.

Every game's property tests ask the same of each generated action: bad input and
illegal actions leave the board exactly as it was, an illegal action is one cited
``legal: false`` step, no card is lost or duplicated, and every step quotes real text.
"""
from __future__ import annotations

from collections import Counter

from .errors import ScenarioError


def perform_checked(match, ctx) -> bool | None:
    """Perform one action and assert the invariants; None when the input was refused.

    Raises AssertionError (with what broke) when the engine breaks one.
    """
    snapshot = match.state.as_json()
    cards = Counter(match.state.uids())
    try:
        legal = match.perform(ctx)
    except ScenarioError:
        assert match.state.as_json() == snapshot, "refused input changed the state"
        return None
    if not legal:
        assert match.state.as_json() == snapshot, "an illegal action changed the state"
        last = match.steps[-1]
        assert last.legal is False and last.rule in match.corpus and last.quote, \
            "an illegal action must be one cited legal: false step"
    assert Counter(match.state.uids()) == cards, "a card was lost or duplicated"
    return legal


def assert_steps_cited(match) -> None:
    """Every step so far quotes an existing entry, and interpretations are documented."""
    for step in match.steps:
        assert step.rule in match.corpus and step.quote.strip(), f"step {step.n} cites nothing"
        if step.interpretation:
            assert step.interpretation_id in match.game.interpretations, \
                f"step {step.n}: undocumented interpretation {step.interpretation_id}"
