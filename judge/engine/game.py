"""What a game tells the engine: zones, card fields, actions, switches, interpretations.

A game is a subclass of :class:`Game` in ``judge/games/<game>/``; the engine core never
imports a game.  Actions are procedures (generators of :mod:`judge.engine.events`)
registered with :func:`action`, each declaring the fields a scenario may give it, so a
scenario is validated before anything runs.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from .cards import Card, worth_writing
from .checks import require
from .cite import Cite, Interpretation
from .errors import ScenarioError
from .limits import check_int, is_scalar, msg, short
from .rulesets import Switch

# The kinds of value an action or card field takes; see FieldSpec.check.
KINDS = ("card", "cards", "player", "str", "int", "bool", "yesno", "choice", "list", "map")


@dataclass(frozen=True)
class FieldSpec:
    """One field of an action or card: its kind, whether it is required, its options."""

    kind: str = "str"
    required: bool = False
    options: tuple[str, ...] = ()
    doc: str = ""
    # What a form offers, one per value: (the value a file writes, the game's own word
    # for it).  ``options`` may accept several spellings of each (攻撃表示, attack).
    choices: tuple[tuple[str, str], ...] = ()

    def check(self, name: str, value: Any, package: str | None = None) -> Any:
        """The value converted to its kind, or a :class:`ScenarioError` saying what fits.

        ``package``: the game's, whose catalogue gives each option its own word; a
        choice may then be written so (守備表示 for ``defense``), as a judge says it.
        """
        k = self.kind
        if k == "int":
            return check_int(name, value)
        if k == "bool":
            if not isinstance(value, bool):
                raise ScenarioError(msg("must be true or false, not {value}",
                                        value=short(value)), field=name,
                                    accepted="true, false")
            return value
        if k == "yesno":
            if value in (True, "yes", "はい"):
                return "yes"
            if value in (False, "no", "いいえ"):
                return "no"
            raise ScenarioError(msg("must be yes or no, not {value}", value=short(value)),
                                field=name,
                                accepted="yes, no")
        if k == "choice":
            if is_scalar(value) and str(value) not in self.options and package:
                value = self.option_named(name, str(value), package) or value
            if not is_scalar(value) or str(value) not in self.options:
                raise ScenarioError(msg("{value} is not one of the options",
                                        value=short(value)), field=name,
                                    accepted=list(self.options))
            return str(value)
        if k in ("card", "player", "str"):
            if isinstance(value, (dict, list)) or value is None:
                raise ScenarioError(msg("must be a name, not {value}", value=short(value)),
                                    field=name)
            return str(value)
        if k in ("cards", "list"):
            if isinstance(value, (str, int)):
                return [str(value)]
            if not isinstance(value, list):
                raise ScenarioError(msg("must be a list, not {value}", value=short(value)),
                                    field=name)
            if any(isinstance(v, list) for v in value):
                raise ScenarioError(msg("must be a list of names, not a list of lists"),
                                    field=name)
            return [str(v) if not isinstance(v, dict) else v for v in value]
        if k == "map":
            if not isinstance(value, dict):
                raise ScenarioError(msg("must be a mapping, not {value}", value=short(value)),
                                    field=name)
        return value


    def option_named(self, name: str, typed: str, package: str) -> str | None:
        """The option that is ``typed`` NFKC- and case-folded, or whose word in the
        game's catalogue (Japanese or English) is: 守備表示 -> defense.  None when no
        option is so named."""
        import unicodedata
        from judge.i18n import Term
        want = unicodedata.normalize("NFKC", typed).strip().casefold()
        for option in self.options:
            if option.casefold() == want:                 # Defense, ＤＥＦＥＮＳＥ
                return option
            for lang in ("ja", "en"):
                word = Term(name, option, package).render(lang)
                if word != option and unicodedata.normalize("NFKC", word).casefold() == want:
                    return option
        return None


@dataclass
class ActionSpec:
    """An action a scenario can take (``do: attack``): its fields and its procedure."""

    name: str
    procedure: Callable[..., Iterator]
    fields: dict[str, FieldSpec] = field(default_factory=dict)
    doc: str = ""


def action(name: str, doc: str = "", **fields: FieldSpec) -> Callable:
    """Declare a procedure as the action ``name`` with its fields (see :class:`Game`)."""
    def wrap(fn: Callable) -> Callable:
        fn.action_spec = ActionSpec(name, fn, dict(fields), doc or (fn.__doc__ or "").strip())
        return fn
    return wrap


@dataclass(frozen=True)
class Assumption:
    """A ruling's answer holds only when ``switch`` has ``value`` (裁定の前提).

    A game lists these as ``ruling_assumptions`` on its class.  ``match`` picks the
    sentence of the ruling to quote; ``why`` says what in the answer needs that value.
    """

    entry: str
    switch: str
    value: object
    match: str
    why: str


class Game:
    """Base class of a game.  Subclasses set the class attributes below.

    Everything another layer needs to know about a game is declared here, once (see
    docs/engine.md, "Adding a game"):

    - ``name``: the id used in scenarios, corpus ids and URLs (lower case, one word).
    - ``titles``: ``{"ja": …, "en": …}``; ``title`` is the Japanese one, the one shown.
    - ``aliases``: what a judge may type for the game in a search (``game:…``).
    - ``zones``: the zone names, in board order (DESIGN.md fixes the shared ones).
    - ``zone_labels``: zone -> ``{"ja": …, "en": …}``, every zone labelled in both.
    - ``board_layout``: where the board page draws each zone: ``main`` (the play
      zones), ``hand`` and ``piles`` (at the side); ``counted_zones`` are piles shown
      as a count.
    - ``counter_labels``: a player's counter -> ``{"ja": …, "en": …}``.
    - ``board_stats``: the card fields a card's tile shows, in order, each
      ``(field, short mark, {"ja": …, "en": …})`` (``("atk", "ATK", {"ja": "攻撃力"…})``);
      a short mark in a language's own script is ``{"ja": "攻", "en": "ATK"}``.
    - ``phases``: the game's phase names, in turn order.
    - ``empty_board_phase``: the phase an empty board (the workbench's) starts in, when
      the first phase cannot hold one (default: the first phase).
    - ``needed_fields``: zone -> the card fields a card there needs (a monster's ``atk``
      and ``def``): the board editor asks for them as the card is placed.
    - ``blank_board``: a sensible start for a board a judge builds from nothing (the
      workbench's blank board, :meth:`blank_setup`): the setup's ``active``, ``turn``
      and ``phase`` (the active player's own turn past the first, in the phase where
      attacks and plays are allowed) and ``player``, what each player starts with
      beside ``starting_life`` (a deck as a number of cards, nodes…).
    - ``card_fields``: field name -> :class:`FieldSpec` for cards in a scenario.
    - ``card_defaults``: a field's value when a card does not set it.
    - ``counters``: a player's counters and their defaults.
    - ``starting_life``: the life a player has when a scenario does not say.
    - ``switches``: the rules that changed over time (:class:`Switch`).
    - ``interpretations``: every :class:`Interpretation` the game makes.
    - ``procedures``: the functions decorated with :func:`action`.
    - ``ruling_assumptions``: the switch value each ruling's answer needs
      (:class:`judge.engine.game.Assumption`; ``judge lint`` reports conflicts).
    - ``commands``: the game's own ``judge`` subcommands (click commands).
    - ``game_over``: the :class:`Cite` that refuses every action once a player has won
      (an interpretation where no text says the game ends there).
    - ``play_zones``, ``destroyed_zones``: how a run's outcome reads (its verdict,
      :mod:`judge.engine.verdict`): a card leaving a play zone for a destroyed zone is
      destroyed (破壊, 決死, ブレイク), for any other zone it is moved there.
    """

    name: str = ""
    titles: dict[str, str] = {}
    title: str = ""
    aliases: tuple[str, ...] = ()
    zones: tuple[str, ...] = ()
    zone_labels: dict[str, dict[str, str]] = {}
    board_layout: dict[str, tuple[str, ...]] = {}
    counted_zones: tuple[str, ...] = ()
    counter_labels: dict[str, dict[str, str]] = {}
    board_stats: tuple[tuple[str, "str | dict[str, str]", dict[str, str]], ...] = ()
    phases: tuple[str, ...] = ()
    empty_board_phase: str | None = None
    blank_board: dict[str, Any] = {}
    needed_fields: dict[str, tuple[str, ...]] = {}
    card_fields: dict[str, FieldSpec] = {}
    card_defaults: dict[str, Any] = {}
    counters: dict[str, Any] = {}
    starting_life: int | None = None
    switches: dict[str, Switch] = {}
    interpretations: dict[str, Interpretation] = {}
    procedures: tuple[Callable, ...] = ()
    ruling_assumptions: tuple = ()
    commands: tuple = ()
    game_over: Cite | None = None
    play_zones: tuple[str, ...] = ()
    destroyed_zones: tuple[str, ...] = ()

    LANGUAGES = ("ja", "en")
    LAYOUT_PARTS = ("main", "hand", "piles")

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if cls.titles.get("ja"):
            cls.title = cls.titles["ja"]

    @classmethod
    def check_declaration(cls) -> None:
        """Raise ``TypeError`` naming what a game class leaves undeclared or inconsistent.

        The registry calls it, so a plugin with a missing label fails when it is
        registered, not when a judge opens its board.
        """
        where = f"{cls.__module__}.{cls.__qualname__}"
        problems = []
        if not re.fullmatch(r"[a-z][a-z0-9_]*", cls.name or ""):
            problems.append(f"name {cls.name!r} is not a lower-case id")
        if not cls.__qualname__.endswith("Game"):
            problems.append("a game class is named <Name>Game")
        for lang in cls.LANGUAGES:
            if not cls.titles.get(lang):
                problems.append(f"titles has no {lang!r} title")
        for zone in cls.zones:
            labels = cls.zone_labels.get(zone) or {}
            missing = [lang for lang in cls.LANGUAGES if not labels.get(lang)]
            if missing:
                problems.append(f"zone {zone!r} has no label in {', '.join(missing)}")
        for zone in cls.zone_labels:
            if zone not in cls.zones:
                problems.append(f"zone_labels names {zone!r}, which is not a zone")
        for part, zones in cls.board_layout.items():
            if part not in cls.LAYOUT_PARTS:
                problems.append(f"board_layout part {part!r} is not one of "
                                f"{', '.join(cls.LAYOUT_PARTS)}")
            problems += [f"board_layout[{part!r}] names {z!r}, which is not a zone"
                         for z in zones if z not in cls.zones]
        for counter in cls.counters:
            labels = cls.counter_labels.get(counter) or {}
            if any(not labels.get(lang) for lang in cls.LANGUAGES):
                problems.append(f"counter {counter!r} is not labelled in ja and en")
        problems += [f"play_zones/destroyed_zones name {z!r}, which is not a zone"
                     for z in (*cls.play_zones, *cls.destroyed_zones) if z not in cls.zones]
        for zone, fields in cls.needed_fields.items():
            problems += [f"needed_fields names {zone!r}.{f!r}, not a zone and card field"
                         for f in fields if zone not in cls.zones or f not in cls.card_fields]
        for stat, _short, labels in cls.board_stats:
            if any(not labels.get(lang) for lang in cls.LANGUAGES):
                problems.append(f"board stat {stat!r} is not labelled in ja and en")
        if problems:
            raise TypeError(f"game {where}: " + "; ".join(problems))

    def __init__(self, corpus=None):
        self.corpus = corpus
        self.actions: dict[str, ActionSpec] = {}
        for fn in self.procedures:
            spec = fn.action_spec
            self.actions[spec.name] = spec

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    # Hooks a game may override -------------------------------------------------------

    def blank_setup(self) -> dict:
        """The setup of a blank board that can act (see :attr:`blank_board`): two
        players, no cards of their own, in the game's declared start."""
        start = dict(self.blank_board)
        player: dict[str, Any] = {}
        if self.starting_life is not None:
            player["life"] = self.starting_life
        player.update(start.pop("player", {}))
        setup: dict[str, Any] = {"active": start.pop("active", "A"),
                                 "turn": start.pop("turn", 1)}
        if self.phases:
            setup["phase"] = start.pop("phase", None) or self.empty_board_phase \
                or self.phases[0]
        setup.update(start)
        setup["players"] = {"A": dict(player), "B": dict(player)}
        return setup

    def make_card(self, spec: dict, owner: str, zone: str, uid: str) -> Card:
        """Build a card from a scenario's card spec (already a mapping with ``name``).

        The default keeps the declared fields as they are; a game looks the name up in
        its card list and lets the mapping's fields override it.
        """
        props = {k: v for k, v in spec.items() if k != "name"}
        return Card(uid=uid, name=str(spec["name"]), owner=owner, props=props)

    def card_to_spec(self, card: Card, state=None) -> dict | str:
        """A card as a scenario writes it (the reverse of :meth:`make_card`).

        ``state`` lets a game write references between cards (an equipment's holder)
        by name instead of by uid.
        """
        props = {k: v for k, v in card.props.items() if worth_writing(v)}
        return {"name": card.name, **props} if props else card.name

    def anonymous_card(self, owner: str, zone: str, index: int) -> dict:
        """The spec of an unnamed card when a scenario gives a zone as a number."""
        return {"name": f"{zone}-{index + 1}"}

    def prepare(self, state) -> None:
        """Called once after a scenario's setup is loaded (derived fields, checks)."""

    def validate_setup(self, state, where) -> None:
        """Raise :class:`ScenarioError` for a setup the game cannot hold (zone limits…)."""

    def refers_to(self, card: Card, ref: str) -> bool:
        """Whether an action's ``ref`` names ``card`` other than by its name or uid (a
        game that numbers its cards: ``No.070``).  The default: no other way."""
        return False

    def refuse_after_win(self, match, act) -> Iterator:
        """A game that is over stays over: once a player has won, every action is
        refused, citing :attr:`game_over` (the driver asks before each action)."""
        if match.state.winner is not None and self.game_over is not None:
            yield from require(False, self.game_over,
                               msg("the game is over: {winner} has won",
                                   winner=match.state.winner))

    def after_action(self, match, act) -> Iterator:
        """Events the game yields after every legal action (state-based checks: a
        player at 0 life loses).  The default yields nothing."""
        yield from ()

    def expect_value(self, state, path: str) -> Any:
        """A game-specific ``expect`` path's value; return ``NotImplemented`` if unknown."""
        return NotImplemented
