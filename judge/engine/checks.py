"""Requiring a rule (要件): the one helper every game uses to check an action is legal.

``yield from require(ok, cite, detail)`` makes the action illegal, citing the rule,
when ``ok`` is false: :class:`~judge.engine.Match` rolls the state back and logs one
``legal: false`` step citing it.  A requirement that holds is not logged (the log of a
legal action shows what happened, not every precondition it met).  A check a judge
should see in the log whether it holds or not (step 2 of playing a card: the nodes
against the cost) is yielded as a :class:`~judge.engine.events.Check` directly, with a
detail that reads true either way; docs/engine.md, "Adding a game", states this.
"""
from __future__ import annotations

from typing import Iterator

from .cite import Cite
from .events import Check


def require(ok: bool, cite: Cite, detail: str, event: str = "illegal") -> Iterator[Check]:
    """Make the action illegal, citing ``cite``, unless ``ok`` (else yield nothing).

    ``detail`` says, in words a judge reads, why the action is illegal; ``event`` names
    the kind of step (``illegal`` unless the game says more).
    """
    if not ok:
        yield Check(ok=False, cite=cite, detail=detail, event=event)
