"""Legal actions (合法手): what each player may do now, and why anything else is refused.

Like python-chess's ``legal_moves``: from any board the engine lists every action each
player may take, each with the rule that allows it.  Nothing here knows a game's rules:
an action is legal iff performing it on a copy of the board is legal (the game's own
procedure decides, with its own checks and citations).  What is enumerated is the game's
*action space*: its declared actions (``Game.procedures``) with the values its
``move_space`` declaration gives each field (the cards of some zones, a choice's options).
A choice the procedure leaves open (block, graze, a mode) is branched over its options,
so each listed action is complete and can be pasted into a scenario's ``actions:``.

A candidate the procedure answers with a :class:`ScenarioError` (a card that is not where
the action takes it from) is outside the action space; one it answers with a
``legal: false`` step is *refused*, and that step (its rule and detail) says why not.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations, product
from typing import Any, Iterator

from . import budget as budgets
from .budget import BudgetExceeded
from .errors import ScenarioError
from .limits import msg, short
from .match import ActionContext, Match

# How deep a chain of open choices is followed (block, then graze, then a mode…).
MAX_OPEN_CHOICES = 4


@dataclass(frozen=True)
class Cards:
    """A card field's candidates: the cards of ``whose`` player's ``zones``.

    ``whose`` is ``own`` (the acting player), ``opponent`` or ``any``.  ``optional``:
    the action may also leave the field out (an attack with no target is a direct
    attack).  For a field that takes a list of cards, ``sizes`` are the list lengths.
    ``players``: ``whose`` players themselves are candidates too (an effect that
    targets a card or a player).
    """

    zones: tuple[str, ...]
    whose: str = "own"
    optional: bool = False
    sizes: tuple[int, ...] = (1,)
    players: bool = False


@dataclass(frozen=True)
class Values:
    """A field's candidates given as values (a choice's options, the opponent)."""

    values: tuple[Any, ...]
    optional: bool = False


# An action a game marks as no player's own choice (a card effect does it): not a move.
EFFECT_ONLY = None


@dataclass
class Move:
    """One action of the action space tried on a copy of the board."""

    player: str
    action: dict
    legal: bool
    rule: str
    clause: str | None
    detail: Any
    interpretation: bool = False
    step: dict = field(default_factory=dict)

    def as_json(self) -> dict:
        """``{"player", "action", "rule"}`` (DESIGN.md) plus the step that decided it."""
        out = {"player": self.player, "action": self.action, "rule": self.rule,
               "clause": self.clause, "interpretation": self.interpretation}
        out["step"] = self.step
        return out


@dataclass
class MoveList:
    """The legal moves of a board, the refused ones, and what was not enumerated."""

    moves: list[Move]
    refused: list[Move]
    not_enumerated: list[str]
    winner: str | None = None

    def as_json(self) -> dict:
        """``{"moves": [...]}`` as DESIGN.md fixes it, plus ``refused`` (why not)."""
        return {"moves": [m.as_json() for m in self.moves],
                "refused": [m.as_json() for m in self.refused],
                "not_enumerated": self.not_enumerated,
                "winner": self.winner}


def card_refs(state, owners: list[str], zones: tuple[str, ...]) -> list[str]:
    """How an action names each card of these zones: its name, or ``Name#2`` for the
    second of that name there (the order :meth:`Match.card` counts in), so a move reads
    the same once its board is written out as a scenario."""
    cards = [c for p in state.players if p in owners
             for z, zone in state.players[p].zones.items() if z in zones for c in zone]
    refs, seen = [], {}
    for card in cards:
        total = sum(1 for c in cards if c.name == card.name)
        seen[card.name] = seen.get(card.name, 0) + 1
        refs.append(card.name if total == 1 else f"{card.name}#{seen[card.name]}")
    return refs


def _domain(state, player: str, spec) -> list:
    if isinstance(spec, Values):
        values = list(spec.values)
    else:
        owners = {"own": [player], "opponent": [state.opponent(player)],
                  "any": list(state.players)}[spec.whose]
        cards = card_refs(state, owners, spec.zones)
        if spec.sizes != (1,):
            values = [list(combo) for n in spec.sizes for combo in combinations(cards, n)]
        else:
            values = cards
        if spec.players:
            values = list(owners) + values
    return ([None] if spec.optional else []) + values


def candidates(game, state, player: str) -> Iterator[dict]:
    """Every action mapping of the game's action space for ``player`` on this board."""
    space = getattr(game, "move_space", {}) or {}
    for name, spec in game.actions.items():
        fields = space.get(name, {})
        if fields is EFFECT_ONLY:
            continue
        required = [k for k, f in spec.fields.items() if f.required and k not in fields]
        if required:
            continue
        keys = list(fields)
        domains = [_domain(state, player, fields[k]) for k in keys]
        for values in product(*domains):
            act = {"player": player, "do": name}
            act.update({k: v for k, v in zip(keys, values) if v is not None})
            yield act


def not_enumerated(game) -> list[str]:
    """The actions whose required fields the game's ``move_space`` gives no values."""
    space = getattr(game, "move_space", {}) or {}
    out = []
    for name, spec in game.actions.items():
        fields = space.get(name, {})
        if fields is EFFECT_ONLY:
            out.append(name)
            continue
        if any(f.required and k not in fields for k, f in spec.fields.items()):
            out.append(name)
    return sorted(out)


def try_action(game, state, ruleset, corpus, act: dict,
               clock=None) -> tuple[Match, bool]:
    """Perform one action mapping on a copy of ``state``; (the match, legal?).

    Raises :class:`ScenarioError` when the mapping is outside the action space (a card
    not where the action takes it from, a choice left open).
    """
    spec = game.actions[act["do"]]
    fields = {}
    for key, value in act.items():
        if key in ("player", "do", "choices"):
            continue
        fields[key] = spec.fields[key].check(key, value)
    choices = [dict(c) for c in act.get("choices", [])]
    match = Match(game, state.copy(), ruleset, corpus,
                  budget=clock.budget if clock else None, clock=clock)
    legal = match.perform(ActionContext(index=0, player=act["player"], do=act["do"],
                                        fields=fields, choices=choices))
    return match, legal


def _open_choice(exc: ScenarioError, act: dict) -> str | None:
    """The name of the choice an error says is open, if the action has not given it."""
    if not exc.options or not exc.field or not exc.field.startswith("actions[0]."):
        return None
    name = exc.field.split(".", 1)[1]
    given = name in act or any(name in c for c in act.get("choices", []))
    return None if given else name


def _with_choice(game, act: dict, name: str, value: str) -> dict:
    out = dict(act)
    if name in game.actions[act["do"]].fields:
        out[name] = value
    else:
        out["choices"] = list(act.get("choices", [])) + [{name: value}]
    return out


def _step_json(step) -> dict:
    data = step.as_json()
    return {k: data.get(k) for k in ("n", "event", "detail", "rule", "clause", "quote",
                                     "interpretation", "interpretation_id", "message",
                                     "params")
            if k in data}


def _judge(game, state, ruleset, corpus, act: dict, depth: int = 0,
           clock=None) -> Iterator[Move]:
    try:
        match, legal = try_action(game, state, ruleset, corpus, act, clock)
    except BudgetExceeded:
        raise                  # the whole listing is over its budget: say so
    except ScenarioError as exc:
        name = _open_choice(exc, act)
        if name is None or depth >= MAX_OPEN_CHOICES:
            return
        for option in exc.options:
            yield from _judge(game, state, ruleset, corpus,
                              _with_choice(game, act, name, option), depth + 1, clock)
        return
    # The step that decides: the forbidding one, or the first of a legal action.
    step = match.steps[-1] if not legal else (match.steps[0] if match.steps else None)
    if step is None:           # pragma: no cover - every action logs at least one step
        return
    yield Move(player=act["player"], action=act, legal=legal, rule=step.rule,
               clause=step.clause, detail=step.detail, interpretation=step.interpretation,
               step=_step_json(step))


def legal_moves(game, state, ruleset, corpus, players: list[str] | None = None,
                budget=None) -> MoveList:
    """Every action of the action space tried on a copy of ``state``: legal or refused.

    A finished game (a winner) has no moves.  ``players`` defaults to both, the
    player to act first.  The whole listing stays within one run's time budget
    (:mod:`judge.engine.budget`): over it, ``BudgetExceeded``.
    """
    clock = budgets.Clock(budget or budgets.current())
    skipped = not_enumerated(game)
    if state.winner:
        return MoveList([], [], skipped, state.winner)
    order = players or sorted(state.players, key=lambda p: p != state.active)
    moves, refused = [], []
    for player in order:
        for act in candidates(game, state, player):
            for move in _judge(game, state, ruleset, corpus, act, clock=clock):
                (moves if move.legal else refused).append(move)
    return MoveList(moves, refused, skipped)


def explain(game, state, ruleset, corpus, act: dict) -> list[Move]:
    """Why one action is legal or refused (open choices branched): its deciding steps.

    Raises :class:`ScenarioError` for an action outside the game's action space.
    """
    if act.get("do") not in game.actions:
        raise ScenarioError(msg("unknown action {do}", do=short(act.get("do"))), field="do",
                            accepted=sorted(game.actions))
    if act.get("player") not in state.players:
        raise ScenarioError(msg("unknown player {player!r}", player=act.get("player")),
                            field="player",
                            accepted=list(state.players))
    clock = budgets.Clock(budgets.current())
    found = list(_judge(game, state, ruleset, corpus, act, clock=clock))
    if not found:
        try_action(game, state, ruleset, corpus, act)     # raises the input error
    return found


def moves_after(scenario, corpus, ruleset: str | None = "scenario") -> tuple[Any, MoveList]:
    """The scenario run to its end, and the legal moves of the board it leaves."""
    from .runner import run_scenario
    result = run_scenario(scenario, corpus, ruleset)
    return result, legal_moves(scenario.game, result.state, result.ruleset, corpus)
