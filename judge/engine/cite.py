"""Citations: which corpus entry (and clause, and sentence) drove a step.

A :class:`Cite` names an entry of the corpus, optionally a clause (``6.5.2.b``) and a
piece of the sentence to quote; the engine looks the sentence up in the revision in
force under the ruleset, so a quote is always the corpus's own text.  An
:class:`Interpretation` marks a step where the texts are silent or ambiguous and the
engine had to choose; each game lists its interpretations, with reasons, in its docs.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Interpretation:
    """A choice the engine makes where the cited texts are silent or ambiguous.

    ``id`` is stable (``<game>.starting-life``); ``reason`` says why the engine chose so
    and ``basis`` names what it rests on (a public fact, the nearest rule, a ruling).
    """

    id: str
    reason: object
    basis: str = ""


@dataclass(frozen=True)
class Cite:
    """The rule behind a step: a corpus entry, clause and sentence (see module docs)."""

    entry: str
    clause: str | None = None
    match: str | None = None
    interpretation: Interpretation | None = None

    def because(self, interpretation: Interpretation) -> "Cite":
        """The same citation, marked as resting on an interpretation."""
        return Cite(self.entry, self.clause, self.match, interpretation)
