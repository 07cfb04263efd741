"""What a rules procedure yields: changes of state, checks, notes and choice requests.

A game writes each procedure (an attack, the seven steps of a play, a fusion) as a Python
generator that reads like its rulebook::

    def graze(match, defender, attacker):
        choice = yield Choose("graze", ["yes", "no"], cite=Cite("<game>/rule/6.5", "6.5.3.a"))
        if choice == "no":
            return
        for card in match.top_of_deck(defender, x):
            yield Move(card, "nodes", props={"asleep": True}, cite=…, event="graze")

The driver (:class:`judge.engine.match.Match`) applies every change through one
function, so the step log is complete by construction; a failed :class:`Check` makes
the whole action illegal and rolls the state back.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .cards import Card
from .cite import Cite


@dataclass
class Event:
    """Base of everything a procedure yields: the rule that drove it and what to say."""

    cite: Cite = field(kw_only=True)
    detail: str = field(default="", kw_only=True)
    event: str = field(default="", kw_only=True)


@dataclass
class Move(Event):
    """A card goes to a zone (of ``player``, default its owner); ``index`` 0 is the top.

    ``props`` are set on arrival (``asleep``, ``position``, ``face_down``…); ``clear``
    names props that the card loses on the way (damage marked on a destroyed card…).
    """

    card: Card
    zone: str
    player: str | None = None
    index: int | None = None
    props: dict[str, Any] = field(default_factory=dict)
    clear: tuple[str, ...] = ()


@dataclass
class SetCard(Event):
    """A card's fields change where it is (``asleep``, ``position``, ``damage``…)."""

    card: Card
    props: dict[str, Any]


@dataclass
class LifeChange(Event):
    """A player's life goes up (positive) or down (negative ``amount``)."""

    player: str
    amount: int


@dataclass
class SetCounter(Event):
    """A player's counter (mana, …) takes a new value."""

    player: str
    name: str
    value: Any


@dataclass
class SetTurn(Event):
    """The phase, turn number or active player changes.

    A new turn number starts a fresh ``this_turn`` (what happened last turn is history).
    """

    phase: str | None = None
    turn: int | None = None
    active: str | None = None


@dataclass
class Record(Event):
    """Something happened this turn that a later rule may ask about (``this_turn``)."""

    fact: dict


@dataclass
class SetFlag(Event):
    """A game-wide fact changes (the terrain of a field card, …); ``None`` removes it."""

    name: str
    value: Any


@dataclass
class Win(Event):
    """The game ends: ``player`` wins."""

    player: str


@dataclass
class Check(Event):
    """A rule the action must satisfy; when ``ok`` is false the action is illegal."""

    ok: bool


@dataclass
class Note(Event):
    """A cited step that changes nothing (a resolution fails, a rule applies, …)."""


@dataclass
class Choose(Event):
    """A choice a player must make; the scenario's action or ``choices:`` answers it.

    The generator receives the answer: ``answer = yield Choose(...)``.
    """

    name: str
    options: list[str]
    player: str | None = None


CHANGES = (Move, SetCard, LifeChange, SetCounter, SetTurn, Record, SetFlag, Win)
