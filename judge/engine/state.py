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


def _copy_value(value: Any) -> Any:
    """A deep copy of plain data (dicts, lists, scalars), much faster than copy.deepcopy."""
    if isinstance(value, dict):
        return {k: _copy_value(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy_value(v) for v in value]
    if isinstance(value, (str, int, float, bool, type(None), tuple)):
        return value
    return copy.deepcopy(value)


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
        """A deep copy: the snapshot an illegal action is rolled back to.

        Written out by hand because it runs before every action: ``copy.deepcopy`` of a
        board took two thirds of the engine's time (bench/engine.py).
        """
        players = {
            name: PlayerState(p.name, p.life,
                              {zone: [Card(c.uid, c.name, c.owner, _copy_value(c.props))
                                      for c in cards] for zone, cards in p.zones.items()},
                              _copy_value(p.counters))
            for name, p in self.players.items()}
        return GameState(self.game, players, self.active, self.turn, self.phase,
                         _copy_value(self.this_turn), self.winner, _copy_value(self.flags))

    def as_json(self) -> dict:
        """The ``state`` object of the engine's JSON (DESIGN.md)."""
        out: dict[str, Any] = {
            "active": self.active, "phase": self.phase, "turn": self.turn,
            "players": {name: p.as_json() for name, p in self.players.items()},
        }
        if self.this_turn:
            out["this_turn"] = _copy_value(self.this_turn)     # a snapshot, not a view
        if self.winner:
            out["winner"] = self.winner
        if self.flags:
            out["flags"] = _copy_value(self.flags)
        return out
