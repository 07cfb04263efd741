"""Scenarios: a board position and what happens next, as a judge writes it in YAML.

The format is DESIGN.md's ("Scenario format"); this module validates a scenario
completely before anything runs (unknown card, zone, player, action or field; wrong
types) and builds the starting :class:`~judge.engine.state.GameState`.  It also writes a
state back out as a scenario's ``setup`` that loads to the same state.

Extensions to DESIGN.md, documented in docs/scenarios.md:

- ``rulings:`` a list, when one scenario reproduces several entries (``ruling:`` is one).
- ``expect_by_revision: {N: {...}}``: what revision N of the ruling says, checked when
  the scenario is replayed under that revision's date (QA-337 said "yes", then "no").
- an action may carry ``choices:`` (a mapping, or a list of one-key mappings used in order).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from judge.i18n import Messages

from . import budget as budgets
from .errors import ScenarioError
from .limits import check_int, check_scalar, is_scalar, short
from .match import ActionContext, game_package
from .rulesets import parse_ruleset
from .state import GameState, PlayerState
from .yamlsource import Located, load_located, read_source

TOP_LEVEL = ("game", "ruleset", "title", "ruling", "rulings", "description", "setup",
             "actions", "expect", "expect_by_revision", "tags")
SETUP_KEYS = ("active", "turn", "phase", "this_turn", "players", "flags")
PLAYER_KEYS = ("life",)
MAX_CARDS_IN_ZONE = 500
msg = Messages("judge")


@dataclass
class Scenario:
    """A parsed, validated scenario (the state is built by :meth:`start`)."""

    game: Any
    source: str
    located: Located
    title: str = ""
    ruling: list[str] = field(default_factory=list)
    ruleset: date | None = None
    ruleset_given: bool = False
    actions: list[ActionContext] = field(default_factory=list)
    expect: dict = field(default_factory=dict)
    expect_by_revision: dict[int, dict] = field(default_factory=dict)
    description: str = ""
    # the starting state parse_scenario built to validate the setup, copied by start()
    # (built once, not again for each run: a board's reading built it twice)
    built: GameState | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def data(self) -> dict:
        """The scenario as plain data (what the YAML said)."""
        return self.located.data

    def start(self) -> GameState:
        """A fresh starting state (each run gets its own)."""
        if self.built is None:
            return build_state(self.game, self.located)
        # the card budget in force now, as building the state would check it
        _check_card_budget(self.game, self.located.data["setup"]["players"], self.located,
                           budgets.current())
        return self.built.copy()


def parse_scenario(text: str, source: str = "<scenario>", corpus=None,
                   budget: budgets.Budget | None = None,
                   located: Located | None = None, as_of: Any = None) -> Scenario:
    """Read and validate a scenario; raise :class:`ScenarioError` saying what and where.

    ``budget`` (default: :func:`judge.engine.budget.current`) bounds the actions and the
    cards in all (:class:`~judge.engine.budget.BudgetExceeded`).  ``located``: the
    text already read by :func:`load_located` (it is then not read twice).  ``as_of``
    (``latest`` or a day): the ruleset to read the board at, in place of the text's
    ``ruleset:``, which is then not read (a request's ``?ruleset=``, a call's pinned day).
    """
    from .registry import UnknownGame, game_names, get_game

    budget = budget or budgets.current()
    if located is None:
        budgets.check_size(text, source, budget)
    doc = located or load_located(text, source, precheck(budget))
    data = doc.data
    if not isinstance(data, dict):
        raise ScenarioError(msg("a scenario is a mapping with game, setup and actions"),
                            file=source, line=1, accepted=list(TOP_LEVEL))
    for key in data:
        if key not in TOP_LEVEL:
            raise ScenarioError(msg("unknown field {key!r}", key=key), field=str(key),
                                accepted=list(TOP_LEVEL), **doc.where(key))
    given = data.get("ruleset") if as_of is None else as_of
    for key in ("game", "ruleset", "title", "description"):
        if key in data and not (key == "ruleset" and as_of is not None):
            try:
                check_scalar(data[key], key, "text" if key != "ruleset" else "a date")
            except ScenarioError as exc:
                raise exc.located(**doc.where(key)) from None
    if "game" not in data:
        raise ScenarioError(msg("the scenario does not say which game"), field="game",
                            accepted=game_names(), file=source, line=1)
    try:
        game = get_game(str(data["game"]), corpus)
    except UnknownGame:
        raise ScenarioError(msg("unknown game {game!r}", game=data["game"]), field="game",
                            accepted=game_names(), **doc.where("game")) from None
    ruling = data.get("rulings") or data.get("ruling") or []
    if isinstance(ruling, str):
        ruling = [ruling]
    if not isinstance(ruling, list) or not all(isinstance(r, str) for r in ruling):
        raise ScenarioError(msg("must be an entry id or a list of them"), field="ruling",
                            **doc.where("ruling"))
    if corpus is not None:
        for r in ruling:
            if r.split("#")[0] not in corpus:
                raise ScenarioError(msg("no corpus entry {r!r}", r=r), field="ruling",
                                    **doc.where("rulings" if "rulings" in data else "ruling"))
    scenario = Scenario(
        game=game, source=source, located=doc, title=str(data.get("title") or ""),
        ruling=ruling, ruleset=parse_ruleset(given, doc.where("ruleset") if as_of is None
                                             else None),
        ruleset_given=given not in (None, "latest"),
        description=str(data.get("description") or ""))
    if "setup" not in data or not isinstance(data["setup"], dict):
        raise ScenarioError(msg("the scenario needs a setup mapping"), field="setup",
                            accepted=list(SETUP_KEYS), **doc.where("setup"))
    # validates the setup now, so errors come early; kept for start()
    scenario.built = build_state(game, doc, budget)
    scenario.actions = _parse_actions(game, doc, budget)
    scenario.expect = _parse_expect(doc, ("expect",))
    by_rev = data.get("expect_by_revision") or {}
    if not isinstance(by_rev, dict):
        raise ScenarioError(msg("must map a revision number to expectations"),
                            field="expect_by_revision", **doc.where("expect_by_revision"))
    for number in by_rev:
        if not isinstance(number, int):
            raise ScenarioError(msg("{number!r} is not a revision number", number=number),
                                field="expect_by_revision", **doc.where("expect_by_revision"))
        scenario.expect_by_revision[number] = _parse_expect(doc, ("expect_by_revision", number))
    return scenario


def precheck(budget: budgets.Budget | None = None):
    """A check of the composed YAML (for :func:`load_located`): the actions and the
    cards of the setup against the budget, before a single value is built, so a
    board of thousands of cards or actions costs only its parsing."""
    import yaml

    def check(node, source: str) -> None:
        limit = budget or budgets.current()
        if not isinstance(node, yaml.MappingNode):
            return
        top = {k.value: v for k, v in node.value if isinstance(k, yaml.ScalarNode)}
        actions = top.get("actions")
        if isinstance(actions, yaml.SequenceNode) and len(actions.value) > limit.actions:
            raise budgets.BudgetExceeded(
                "actions", limit.actions, msg("the scenario has {count} actions, more than its "
                                              "budget of {max}", count=len(actions.value),
                                              max=limit.actions), field="actions", file=source,
                line=actions.start_mark.line + 1)
        setup = top.get("setup")
        players = {k.value: v for k, v in setup.value if isinstance(k, yaml.ScalarNode)
                   }.get("players") if isinstance(setup, yaml.MappingNode) else None
        if not isinstance(players, yaml.MappingNode):
            return
        total = 0
        for _name, player in players.value:
            for key, zone in (player.value if isinstance(player, yaml.MappingNode) else ()):
                if isinstance(zone, yaml.SequenceNode):
                    total += len(zone.value)
                elif isinstance(zone, yaml.ScalarNode) and key.value not in ("life", "mana") \
                        and zone.value.isdigit() and len(zone.value) < 7:
                    total += min(int(zone.value), MAX_CARDS_IN_ZONE + 1)
        if total > limit.cards:
            raise budgets.BudgetExceeded(
                "cards", limit.cards, msg("the board holds {count} cards in all, more than its "
                                          "budget of {max}", count=total, max=limit.cards),
                field="setup.players", file=source,
                line=players.start_mark.line + 1)
    return check


def load_scenario(path: str | Path, corpus=None) -> Scenario:
    """Read a scenario file (see :func:`parse_scenario`)."""
    return parse_scenario(read_source(path), str(path), corpus)


def _parse_expect(doc: Located, path: tuple) -> dict:
    node = doc.data
    for part in path:
        node = node.get(part) if isinstance(node, dict) else None
    if node is None:
        return {}
    if not isinstance(node, dict):
        raise ScenarioError(msg("expect is a mapping of state paths to values"),
                            field=".".join(map(str, path)), **doc.where(*path))
    return {str(k): v for k, v in node.items()}


def _parse_actions(game, doc: Located, budget: budgets.Budget | None = None
                   ) -> list[ActionContext]:
    raw = doc.data.get("actions") or []
    if not isinstance(raw, list):
        raise ScenarioError(msg("actions is a list"), field="actions", **doc.where("actions"))
    budget = budget or budgets.current()
    if len(raw) > budget.actions:
        raise budgets.BudgetExceeded(
            "actions", budget.actions, msg("the scenario has {count} actions, more than its "
                                           "budget of {max}", count=len(raw), max=budget.actions),
            field="actions", **doc.where("actions"))
    players = list((doc.data["setup"].get("players") or {}).keys())
    out = []
    for i, act in enumerate(raw):
        where = doc.where("actions", i)
        label = f"actions[{i}]"
        if not isinstance(act, dict):
            raise ScenarioError(msg("an action is a mapping with player and do"), field=label,
                                **where)
        do = act.get("do")
        if not isinstance(do, str) or do not in game.actions:
            raise ScenarioError(msg("unknown action {do}", do=short(do)), field=f"{label}.do",
                                accepted=sorted(game.actions), **doc.where("actions", i, "do"))
        spec = game.actions[do]
        player = act.get("player", doc.data["setup"].get("active"))
        if not is_scalar(player) or str(player) not in players:
            raise ScenarioError(msg("unknown player {player!r}", player=player), field=f"{label}.player",
                                accepted=players, **doc.where("actions", i, "player"))
        fields = {}
        for key, value in act.items():
            if key in ("player", "do", "choices", "note"):
                continue
            if key not in spec.fields:
                raise ScenarioError(msg("the action {do!r} has no field {key!r}", do=do, key=key),
                                    field=f"{label}.{key}", accepted=sorted(spec.fields),
                                    **doc.where("actions", i, key))
            try:
                fields[key] = spec.fields[key].check(key, value, game_package(game))
            except ScenarioError as exc:
                exc.field = f"{label}.{key}"
                raise exc.located(**doc.where("actions", i, key)) from None
            if spec.fields[key].kind == "player" and fields[key] not in players:
                raise ScenarioError(msg("unknown player {value!r}", value=value), field=f"{label}.{key}",
                                    accepted=players, **doc.where("actions", i, key))
        missing = [k for k, f in spec.fields.items() if f.required and k not in fields]
        if missing:
            raise ScenarioError(msg("the action {do!r} needs {items}",
                                    do=do, items=', '.join(missing)),
                                field=label, accepted=sorted(spec.fields), **where)
        choices = act.get("choices") or []
        if isinstance(choices, dict):
            choices = [{k: v} for k, v in choices.items()]
        if not isinstance(choices, list) or not all(
                isinstance(c, dict) and all(is_scalar(v) for v in c.values()) for c in choices):
            raise ScenarioError(msg("choices is a mapping (or a list of one-key mappings) of a choice's name to one answer"),
                                field=f"{label}.choices", **doc.where("actions", i, "choices"))
        out.append(ActionContext(index=i, player=str(player), do=do, fields=fields,
                                 choices=[dict(c) for c in choices], where=where))
    return out


def _fact_value(key, value) -> bool:
    """A this_turn fact's value: a scalar; ``keywords`` may be a list of them (a game
    records a played card's keywords), so a saved board reads back."""
    return is_scalar(value) or (key == "keywords" and isinstance(value, list)
                                and all(is_scalar(v) for v in value))


def build_state(game, doc: Located, budget: budgets.Budget | None = None) -> GameState:
    """The starting state of a scenario's ``setup``, every field checked.

    More cards in all than ``budget.cards`` is :class:`~judge.engine.budget.BudgetExceeded`.
    """
    setup = doc.data["setup"]
    for key in setup:
        if key not in SETUP_KEYS:
            raise ScenarioError(msg("unknown setup field {key!r}", key=key), field=f"setup.{key}",
                                accepted=list(SETUP_KEYS), **doc.where("setup", key))
    players_raw = setup.get("players")
    if not isinstance(players_raw, dict) or len(players_raw) != 2:
        raise ScenarioError(msg("setup.players names the two players (e.g. A and B)"),
                            field="setup.players", **doc.where("setup", "players"))
    names = [str(p) for p in players_raw]
    active = setup.get("active", names[0])
    if not is_scalar(active) or str(active) not in names:
        raise ScenarioError(msg("unknown player {active}", active=short(active)), field="setup.active",
                            accepted=names, **doc.where("setup", "active"))
    active = str(active)
    turn = setup.get("turn", 1)
    try:
        check_int("turn", turn, "setup.turn")
    except ScenarioError as exc:
        raise exc.located(**doc.where("setup", "turn")) from None
    phase = setup.get("phase")
    if phase is not None and (not isinstance(phase, str) or game.phases and
                              phase not in game.phases):
        raise ScenarioError(msg("unknown phase {phase!r}", phase=phase), field="setup.phase",
                            accepted=list(game.phases), **doc.where("setup", "phase"))
    this_turn = setup.get("this_turn") or []
    if not isinstance(this_turn, list) or not all(
            isinstance(t, dict) and all(_fact_value(k, v) for k, v in t.items()) for t in this_turn):
        raise ScenarioError(msg("this_turn is a list of mappings, e.g. {{player: A, played: N75}}"),
                            field="setup.this_turn", **doc.where("setup", "this_turn"))
    flags = setup.get("flags") or {}
    if not isinstance(flags, dict):
        raise ScenarioError(msg("flags is a mapping"), field="setup.flags",
                            **doc.where("setup", "flags"))
    _check_card_budget(game, players_raw, doc, budget or budgets.current())
    players = {}
    uid = 0
    for pname, raw in players_raw.items():
        pname = str(pname)
        base = ("setup", "players", pname)
        if raw is None:
            raw = {}
        if not isinstance(raw, dict):
            raise ScenarioError(msg("a player is a mapping of life, counters and zones"),
                                field=f"setup.players.{pname}", **doc.where(*base))
        accepted = list(PLAYER_KEYS) + list(game.counters) + list(game.zones)
        life = raw.get("life", game.starting_life)
        if life is not None:
            try:
                check_int("life", life, f"setup.players.{pname}.life")
            except ScenarioError as exc:
                raise exc.located(**doc.where(*base, "life")) from None
        counters = dict(game.counters)
        zones: dict[str, list] = {z: [] for z in game.zones}
        for key, value in raw.items():
            label = f"setup.players.{pname}.{key}"
            if key == "life":
                continue
            if key in game.counters:
                try:
                    counters[key] = _counter(key, value, game.counters[key], label)
                except ScenarioError as exc:
                    raise exc.located(**doc.where(*base, key)) from None
                continue
            if key not in game.zones:
                raise ScenarioError(msg("unknown zone or field {key!r} for {name}",
                                        key=key, name=game.name),
                                    field=label, accepted=accepted, **doc.where(*base, key))
            if isinstance(value, bool) or value is None:
                value = []
            if isinstance(value, int):
                if not 0 <= value <= MAX_CARDS_IN_ZONE:
                    raise ScenarioError(msg("a zone holds 0 to {max} cards",
                                            max=MAX_CARDS_IN_ZONE),
                                        field=label, **doc.where(*base, key))
                value = [game.anonymous_card(pname, key, i) for i in range(value)]
            if not isinstance(value, list):
                raise ScenarioError(msg("a zone is a list of cards, or a number of anonymous cards"), field=label, **doc.where(*base, key))
            if len(value) > MAX_CARDS_IN_ZONE:
                raise ScenarioError(msg("a zone holds at most {max} cards",
                                        max=MAX_CARDS_IN_ZONE),
                                    field=label, **doc.where(*base, key))
            for i, spec in enumerate(value):
                uid += 1
                zones[key].append(_make_card(game, spec, pname, key, f"c{uid}",
                                             doc, base + (key, i), f"{label}[{i}]"))
        players[pname] = PlayerState(pname, life, zones, counters)
    state = GameState(game=game.name, players=players, active=active, turn=turn,
                      phase=phase, this_turn=[dict(t) for t in this_turn], flags=dict(flags))
    try:
        game.validate_setup(state, doc)
    except ScenarioError as exc:
        raise exc.located(file=doc.source) from None
    game.prepare(state)
    return state


def _counter(name: str, value, default, label: str):
    """A player's counter a game declares (mana, say), checked like the game's default."""
    if isinstance(default, int) and not isinstance(default, bool):
        return check_int(name, value, label)
    return check_scalar(value, label)


def _check_card_budget(game, players_raw: dict, doc: Located, budget: budgets.Budget) -> None:
    """Count the cards of the whole setup before building any (a zone may be a number)."""
    total = 0
    for raw in players_raw.values():
        for key, value in (raw.items() if isinstance(raw, dict) else ()):
            if key not in game.zones:
                continue
            if isinstance(value, list):
                total += len(value)
            elif isinstance(value, int) and not isinstance(value, bool) and value > 0:
                total += min(value, MAX_CARDS_IN_ZONE + 1)
    if total > budget.cards:
        raise budgets.BudgetExceeded(
            "cards", budget.cards, msg("the board holds {count} cards in all, more than its "
                                       "budget of {max}", count=total, max=budget.cards),
            field="setup.players",
            **doc.where("setup", "players"))


def _make_card(game, spec, owner, zone, uid, doc: Located, path, label):
    if isinstance(spec, (str, int)) and not isinstance(spec, bool):
        spec = {"name": str(spec)}
    if not isinstance(spec, dict) or "name" not in spec or not is_scalar(spec["name"]):
        raise ScenarioError(msg("a card is a name, or a mapping with a name and its fields"),
                            field=label, **doc.where(*path))
    for key, value in spec.items():
        if key == "name":
            continue
        if key not in game.card_fields:
            raise ScenarioError(msg("unknown card field {key!r} for {name}",
                                    key=key, name=game.name),
                                field=f"{label}.{key}",
                                accepted=["name"] + sorted(game.card_fields),
                                **doc.where(*path, key))
        try:
            spec[key] = game.card_fields[key].check(key, value, game_package(game))
        except ScenarioError as exc:
            exc.field = f"{label}.{key}"
            raise exc.located(**doc.where(*path, key)) from None
    try:
        return game.make_card(dict(spec), owner, zone, uid)
    except ScenarioError as exc:
        exc.field = exc.field or label
        raise exc.located(**doc.where(*path)) from None


def state_to_setup(game, state: GameState) -> dict:
    """The ``setup`` of a scenario that loads to this state (a judge saves the board)."""
    players = {}
    for pname, player in state.players.items():
        raw: dict[str, Any] = {}
        if player.life is not None:
            raw["life"] = player.life
        for key, value in player.counters.items():
            if value != game.counters.get(key):
                raw[key] = value
        for zone, cards in player.zones.items():
            if cards:
                raw[zone] = [game.card_to_spec(c, state) for c in cards]
        players[pname] = raw
    setup: dict[str, Any] = {"active": state.active, "turn": state.turn}
    if state.phase:
        setup["phase"] = state.phase
    if state.this_turn:
        # A fact's uid names a card of this run; the written board numbers its cards
        # anew, so the fact names the card by its name there.
        setup["this_turn"] = [{k: v for k, v in t.items() if k != "uid"}
                              for t in state.this_turn]
    if state.flags:
        setup["flags"] = dict(state.flags)
    setup["players"] = players
    return setup
