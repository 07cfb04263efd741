"""Checking a result against a scenario's ``expect`` (what the ruling says happens).

Paths (DESIGN.md): ``<player>.life``, ``<player>.<zone>`` (card names in zone order),
``<player>.<zone>.count``, ``<player>.<counter>``, ``outcome`` (the last action: legal or
illegal), ``outcomes`` (every action's), ``winner``, ``phase``, ``turn``, and
``<player>.<zone>.<card name>.<field>`` (a field of the only card of that name there).
A game may add paths through :meth:`judge.engine.game.Game.expect_value`.
"""
from __future__ import annotations

from typing import Any

from judge.i18n import _

MISSING = object()


def state_value(game, state, outcomes: list[str], path: str) -> Any:
    """The value a path names in a result, or ``MISSING`` when the path means nothing."""
    value = game.expect_value(state, path)
    if value is not NotImplemented:
        return value
    if path == "outcome":
        return outcomes[-1] if outcomes else None
    if path == "outcomes":
        return list(outcomes)
    if path in ("winner", "phase", "turn", "active"):
        return getattr(state, path)
    parts = path.split(".")
    player = state.players.get(parts[0])
    if player is None or len(parts) < 2:
        return MISSING
    key = parts[1]
    if len(parts) == 2:
        if key == "life":
            return player.life
        if key in player.counters:
            return player.counters[key]
        if key in player.zones:
            return [c.name for c in player.zones[key]]
        return MISSING
    if key not in player.zones:
        return MISSING
    cards = player.zones[key]
    if len(parts) == 3 and parts[2] == "count":
        return len(cards)
    if len(parts) == 4:
        named = [c for c in cards if c.name == parts[2]]
        if len(named) != 1:
            return MISSING
        card = named[0]
        if parts[3] == "name":
            return card.name
        return card.props.get(parts[3], game.card_defaults.get(parts[3]))
    return MISSING


def normalise(value: Any) -> Any:
    """Compare YAML ``yes``/``no`` and strings forgivingly (True == "yes")."""
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if isinstance(value, list):
        return [normalise(v) for v in value]
    return value


def check_expect(game, state, outcomes: list[str], expect: dict) -> dict:
    """``{"checked": n, "failed": [{"path", "expected", "actual"}]}``."""
    failed = []
    for path, expected in expect.items():
        actual = state_value(game, state, outcomes, path)
        if actual is MISSING:
            failed.append({"path": path, "expected": expected,
                           "actual": _("(no such path in the result)")})
        elif normalise(actual) != normalise(expected):
            failed.append({"path": path, "expected": expected, "actual": actual})
    return {"checked": len(expect), "failed": failed}


def verdict_rows(game, state, outcomes: list[str], wanted: dict, checked: dict) -> list[dict]:
    """Each expectation of a run beside the engine's value (裁定との一致): ``path``,
    ``expected``, ``engine`` (what the run gives, or the reason it gives nothing) and
    ``ok``; ``checked`` is :func:`check_expect`'s answer for the same run.  The entry
    page's verdict and ``judge verify`` both read these rows."""
    failed = {f["path"]: f for f in checked.get("failed", [])}
    rows = []
    for path, expected in wanted.items():
        engine = failed[path]["actual"] if path in failed else \
            state_value(game, state, outcomes, path)
        rows.append({"path": path, "expected": expected, "engine": engine,
                     "ok": path not in failed})
    return rows
