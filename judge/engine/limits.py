"""The sensible range of every number a scenario gives (入力の範囲).

These are bounds on input, not rules of any game: they keep a typo (or a hostile
permalink) from feeding the engine a number no board holds (``life:`` with 5,000
digits).  A field not named here takes :data:`DEFAULT_RANGE`.  docs/budgets.md lists
them; a game still checks its own rules (a Gem Chronicle slot is 1-5) itself.
"""
from __future__ import annotations

from typing import Any

from .errors import ScenarioError

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
        raise ScenarioError(f"must be a whole number, not {short(value)}",
                            field=label or name, accepted=f"{low} to {high}")
    if not low <= value <= high:
        why = "must not be negative" if value < 0 <= low else "is out of range"
        raise ScenarioError(f"{short(value)} {why}", field=label or name,
                            accepted=f"{low} to {high}")
    return value


def is_scalar(value: Any) -> bool:
    """Whether ``value`` is a single value (text, number, yes/no, date, nothing)."""
    return not isinstance(value, (dict, list, tuple, set, bytes))


def check_scalar(value: Any, label: str, what: str = "a single value") -> Any:
    """``value`` if it is a scalar, else a :class:`ScenarioError` (a list where a name goes)."""
    if not is_scalar(value):
        kind = "a mapping" if isinstance(value, dict) else "a list"
        raise ScenarioError(f"must be {what}, not {kind}", field=label, accepted=what)
    return value


def short(value: Any, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters (a 5,000-digit number is not echoed)."""
    try:
        text = repr(value)
    except ValueError:          # an int too long to print
        return "<a number too long to print>"
    return text if len(text) <= limit else text[:limit] + "…"
