"""Cards in play: each physical card has its own identity (two copies are two cards)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


def worth_writing(value: Any) -> bool:
    """Whether a card field is written out (JSON, a saved board): not absent, false or
    empty.  0 is a value (a monster with ATK 0 is not a monster without ATK), which a
    test ``value in (None, False, [])`` would drop, since 0 == False."""
    return value is not None and value is not False and value != [] and value != {}


@dataclass
class Card:
    """One card: a unique ``uid`` within the game, its name, owner, and game fields.

    ``props`` holds the fields a game uses (``atk``, ``graze``, ``position``,
    ``face_down``, ``asleep``, ``damage``, ``keywords``…); fields left at their game
    default are not stored, so a card's JSON shows what matters.
    """

    uid: str
    name: str
    owner: str
    props: dict[str, Any] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Any:
        return self.props.get(key)

    def get(self, key: str, default: Any = None) -> Any:
        """A field's value, or ``default`` when the card does not have it."""
        value = self.props.get(key)
        return default if value is None else value

    def as_json(self) -> dict:
        """The card as DESIGN.md's engine JSON writes it: name first, then its fields."""
        out: dict[str, Any] = {"name": self.name}
        for key, value in self.props.items():
            if worth_writing(value):
                out[key] = value
        out["uid"] = self.uid
        return out

    def label(self) -> str:
        """How a step's text names the card: 「name」."""
        return f"「{self.name}」"
