"""The state of a game: players, their zones and counters, turn, phase, this turn's history.

The state knows nothing of any game's rules; a game declares its zones and counters and
the engine keeps them.  Every change of state goes through
:meth:`judge.engine.match.Match.apply`, which logs it with its cause.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Iterator

from .cards import Card


@dataclass
class PlayerState:
    """One player: life, the game's zones (each an ordered list, top/first first), counters."""

    name: str
    life: int | None
    zones: dict[str, list[Card]]
    counters: dict[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict:
        """``{"life", "zones": {zone: [card…]}, <counter>: value…}`` as DESIGN.md shows."""
        out: dict[str, Any] = {"life": self.life}
        out.update(self.counters)
        out["zones"] = {zone: [c.as_json() for c in cards] for zone, cards in self.zones.items()}
        return out


@dataclass
class GameState:
    """The whole board at one moment."""

    game: str
    players: dict[str, PlayerState]
    active: str
    turn: int = 1
    phase: str | None = None
    this_turn: list[dict] = field(default_factory=list)
    winner: str | None = None
    flags: dict[str, Any] = field(default_factory=dict)   # game-wide facts (terrain, …)

    def opponent(self, player: str) -> str:
        """The other player (the games here are two-player)."""
        return next(p for p in self.players if p != player)

    def cards(self) -> Iterator[tuple[str, str, Card]]:
        """Every card with its controller and zone, in a stable order."""
        for pname, player in self.players.items():
            for zone, cards in player.zones.items():
                for card in cards:
                    yield pname, zone, card

    def find(self, uid: str) -> tuple[str, str, int]:
        """(player, zone, index) of the card with this uid; KeyError if it is nowhere."""
        for pname, player in self.players.items():
            for zone, cards in player.zones.items():
                for i, card in enumerate(cards):
                    if card.uid == uid:
                        return pname, zone, i
        raise KeyError(uid)

    def card(self, uid: str) -> Card:
        """The card with this uid."""
        pname, zone, i = self.find(uid)
        return self.players[pname].zones[zone][i]

    def uids(self) -> list[str]:
        """Every card's uid, in board order (for the conservation invariant)."""
        return [card.uid for _, _, card in self.cards()]

    def copy(self) -> "GameState":
        """A deep copy: the snapshot an illegal action is rolled back to."""
        return copy.deepcopy(self)

    def as_json(self) -> dict:
        """The ``state`` object of the engine's JSON (DESIGN.md)."""
        out: dict[str, Any] = {
            "active": self.active, "phase": self.phase, "turn": self.turn,
            "players": {name: p.as_json() for name, p in self.players.items()},
        }
        if self.this_turn:
            out["this_turn"] = copy.deepcopy(self.this_turn)   # a snapshot, not a view
        if self.winner:
            out["winner"] = self.winner
        if self.flags:
            out["flags"] = copy.deepcopy(self.flags)
        return out
