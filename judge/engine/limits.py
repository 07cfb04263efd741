"""The sensible range of every number a scenario gives (入力の範囲).

These are bounds on input, not rules of any game: they keep a typo (or a hostile
permalink) from feeding the engine a number no board holds (``life:`` with 5,000
digits).  A field not named here takes :data:`DEFAULT_RANGE`.  docs/budgets.md lists
them; a game still checks its own rules (a slot a game numbers 1-5, say) itself.
"""
from __future__ import annotations

from typing import Any

from judge.i18n import Messages

from .errors import ScenarioError

msg = Messages("judge")
# What check_scalar's callers ask for, named here so the catalogue has them.
SCALAR_KINDS = (msg("a single value"), msg("text"), msg("a date"))

DEFAULT_RANGE = (-999_999, 999_999)

RANGES: dict[str, tuple[int, int]] = {
    "life": (-999_999, 999_999),
    "turn": (1, 9_999),
    "atk": (0, 999_999), "def": (0, 999_999),
    "attack": (0, 999_999), "toughness": (0, 999_999),
    "graze": (0, 999), "damage": (0, 999_999),
    "level": (0, 99), "ml": (0, 99), "node": (0, 99), "cost": (0, 999),
    "mana": (0, 9_999),
}


def number_range(name: str) -> tuple[int, int]:
    """The accepted range of the number field ``name``."""
    return RANGES.get(str(name), DEFAULT_RANGE)


def check_int(name: str, value: Any, label: str | None = None) -> int:
    """``value`` if it is a whole number in ``name``'s range, else a :class:`ScenarioError`."""
    low, high = number_range(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScenarioError(msg("must be a whole number, not {value}", value=short(value)),
                            field=label or name, accepted=msg("{low} to {high}", low=low,
                                                              high=high))
    if not low <= value <= high:
        why = (msg("{value} must not be negative", value=short(value)) if value < 0 <= low
               else msg("{value} is out of range", value=short(value)))
        raise ScenarioError(why, field=label or name,
                            accepted=msg("{low} to {high}", low=low, high=high))
    return value


def is_scalar(value: Any) -> bool:
    """Whether ``value`` is a single value (text, number, yes/no, date, nothing)."""
    return not isinstance(value, (dict, list, tuple, set, bytes))


def check_scalar(value: Any, label: str, what: str = "a single value") -> Any:
    """``value`` if it is a scalar, else a :class:`ScenarioError` (a list where a name goes)."""
    if not is_scalar(value):
        kind = msg("a mapping") if isinstance(value, dict) else msg("a list")
        raise ScenarioError(msg("must be {what}, not {kind}", what=msg(what), kind=kind),
                            field=label, accepted=what)
    return value


def short(value: Any, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters (a 5,000-digit number is not echoed)."""
    try:
        text = repr(value)
    except ValueError:          # an int too long to print
        return "<a number too long to print>"
    return text if len(text) <= limit else text[:limit] + "…"
