"""The board workbench's scenario handling: start, read, write back, run.

A board is a scenario (DESIGN.md's YAML).  The workbench starts from an empty board of
a game, from a scenario file the corpus links, or from a permalink; the form and the
YAML text edit the same data (:func:`parse_text` reads text into data with any error
located at its line; :func:`dump_yaml` writes data back as YAML a judge reads easily);
:func:`run` runs it.  Scenario files are only ever read from
``<corpus>/<game>/scenarios/<name>.yaml``: any other path is refused before the
filesystem is touched.
"""
from __future__ import annotations

import dataclasses
import re
from datetime import date
from pathlib import Path
from typing import Any, NamedTuple

import yaml

from judge.corpus.games import corpus_games
from judge.engine.budget import check_size
from judge.engine.errors import ScenarioError
from judge.engine.rulesets import parse_ruleset
from judge.engine.runner import RunResult, run_scenario, scenario_paths
from judge.engine.scenario import parse_scenario, precheck
from judge.engine.yamlsource import load_located
from judge.i18n import msg

SCENARIO_PATH = re.compile(r"^(?P<game>[a-z][a-z0-9_]*)/scenarios/"
                           r"(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*)\.ya?ml$")
ISO_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")
# A permalink pins every board's text (with_ruleset): compiled once, not looked up in
# re's cache four times a board.
RULESET_LINE = re.compile(r"^ruleset:.*$", flags=re.M)
GAME_LINE = re.compile(r"^(game:.*)$", flags=re.M)


class FlowMap(dict):
    """A mapping written on one line: ``{name: 魔理沙, attack: 3}`` (cards, actions)."""


class FlowList(list):
    """A list of plain values written on one line: ``hand: [魔理沙, 霊夢]``."""


class _Dumper(yaml.SafeDumper):
    pass


_Dumper.add_representer(FlowMap, lambda d, v: d.represent_mapping(
    "tag:yaml.org,2002:map", v, flow_style=True))
_Dumper.add_representer(FlowList, lambda d, v: d.represent_sequence(
    "tag:yaml.org,2002:seq", v, flow_style=True))


def _flowed(value: Any, in_list: bool = False) -> Any:
    if isinstance(value, dict):
        items = {k: _flowed(v) for k, v in value.items()}
        simple = all(not isinstance(v, (dict, list)) or
                     (isinstance(v, list) and all(not isinstance(x, (dict, list)) for x in v))
                     for v in value.values())
        return FlowMap(items) if in_list and simple else items
    if isinstance(value, list):
        if value and all(not isinstance(v, (dict, list)) for v in value):
            return FlowList(value)
        return [_flowed(v, in_list=True) for v in value]
    return value


def dump_yaml(data: dict) -> str:
    """Scenario data as YAML: block style, cards and actions one per line, Japanese as is."""
    data = dict(data)
    if isinstance(data.get("ruleset"), str) and ISO_DAY.match(data["ruleset"]):
        try:
            data["ruleset"] = date.fromisoformat(data["ruleset"])
        except ValueError:
            pass
    by_rev = data.get("expect_by_revision")
    if isinstance(by_rev, dict):       # JSON made the revision numbers strings
        data["expect_by_revision"] = {int(k) if isinstance(k, str) and k.isdigit() else k: v
                                      for k, v in by_rev.items()}
    return yaml.dump(_flowed(data), Dumper=_Dumper, allow_unicode=True, sort_keys=False,
                     default_flow_style=False, width=100)


def plain(value: Any) -> Any:
    """YAML data made JSON-safe (dates as ISO strings, keys as strings)."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, date):
        return value.isoformat()
    return value


def empty_scenario(game) -> dict:
    """The data of a blank board of a game: two players, no cards, no actions, in the
    start the game declares (``Game.blank_setup``: a turn where the board can act)."""
    return {"game": game.name, "ruleset": "latest", "title": "", "setup": game.blank_setup(),
            "actions": []}


def scenario_file(root: Path, rel: str) -> Path:
    """The scenario file a ``?from=`` names; ``FileNotFoundError`` for anything else."""
    m = SCENARIO_PATH.match(rel or "")
    if not m or m.group("game") not in {g.id for g in corpus_games(root)} or ".." in rel:
        raise FileNotFoundError(rel)
    path = (root / rel).resolve()
    base = (root / m.group("game") / "scenarios").resolve()
    if path.parent != base or not path.is_file():
        raise FileNotFoundError(rel)
    return path


def with_ruleset(text: str, day: str | None) -> str:
    """The scenario text with its top-level ``ruleset:`` set to ``day`` (comments kept).

    Only for a text a judge is shown or sent (the workbench's ``?ruleset=``, a
    permalink): to run a board at a day, pass ``as_of`` to :func:`read_board` or
    :func:`run` instead.
    """
    if day is None:
        return text
    parse_ruleset(day)           # raises ScenarioError for a day that is not a date
    line = f"ruleset: {day}"
    if RULESET_LINE.search(text):
        return RULESET_LINE.sub(line, text, count=1)
    if GAME_LINE.search(text):
        return GAME_LINE.sub(lambda m: m.group(1) + "\n" + line, text, count=1)
    return line + "\n" + text


def recursive(source: str) -> ScenarioError:
    """The error for YAML whose alias contains itself (``a: &a [*a]``), which the engine's
    reader would otherwise follow forever."""
    return ScenarioError(msg("the YAML refers to itself (an alias inside its own anchor)"),
                         file=source, accepted=msg("plain mappings and lists"))


def parse_text(text: str, corpus, source: str = "<board>") -> tuple[Any, dict | None]:
    """``(data, error)``: the text's data (None if it is not YAML) and its first error.

    The data comes back even when the scenario is invalid as a scenario (an unknown
    card…), so the form can still show the board being written.
    """
    return read_board(text, corpus, source)[:2]


class Board(NamedTuple):
    """A board read once (盤面): its YAML data (None if the text is not YAML), its first
    error (None if it runs), and the parsed scenario :func:`run` takes (None on an error).
    """

    data: Any
    error: dict | None
    scenario: Any

    @property
    def game(self) -> str | None:
        """The game id the board names, as written (None if it names none)."""
        value = self.data.get("game") if isinstance(self.data, dict) else None
        return str(value) if value is not None else None

    @property
    def ruleset(self) -> Any:
        """The board's ``ruleset:`` as written (a day, ``latest``), or None."""
        return self.data.get("ruleset") if isinstance(self.data, dict) else None


def read_board(text: str, corpus, source: str = "<board>", as_of: Any = None) -> Board:
    """The board of a text, read once: data, error and scenario (see :class:`Board`).

    ``as_of`` (``latest`` or a day) is the ruleset to read it at in place of the text's
    ``ruleset:``; the text itself is not changed.
    """
    if as_of is not None:
        parse_ruleset(as_of)     # a day that is not a date: ScenarioError, before the text
    try:
        check_size(text, source)
        located = load_located(text, source, precheck())
    except ScenarioError as exc:
        return Board(None, exc.as_dict(), None)
    except RecursionError:
        return Board(None, recursive(source).as_dict(), None)
    data = plain(located.data)
    try:
        scenario = parse_scenario(text, source, corpus, located=located, as_of=as_of)
    except ScenarioError as exc:
        return Board(data, exc.as_dict(), None)
    return Board(data, None, scenario)


def at(scenario, as_of: Any):
    """The parsed scenario read at ``as_of`` (``latest`` or a day) instead of its own
    ruleset (a copy; the scenario given is not changed)."""
    day = parse_ruleset(as_of)
    return dataclasses.replace(scenario, ruleset=day, ruleset_given=day is not None)


def run(text: str, corpus, source: str = "<board>", scenario=None,
        as_of: Any = None) -> RunResult:
    """Run a board.  A scenario pinned to a day checks what its ruling said that day.

    Under a ruleset date, the expectation checked is ``expect_by_revision[N]`` where N is
    the revision of the scenario's ruling in force that day (if the scenario has one),
    else ``expect``: the same choice ``judge replay`` makes for each revision.
    ``scenario`` is the text already parsed (:func:`read_board`), if it was; ``as_of``
    (``latest`` or a day) the ruleset to run it at in place of the text's ``ruleset:``.
    """
    if as_of is not None:
        parse_ruleset(as_of)     # a day that is not a date: ScenarioError, before the text
    try:
        if scenario is None:
            scenario = parse_scenario(text, source, corpus, as_of=as_of)
        elif as_of is not None:
            scenario = at(scenario, as_of)
    except RecursionError:
        raise recursive(source) from None
    expect, origin = None, None
    if scenario.ruleset_given and scenario.expect_by_revision and scenario.ruling:
        ruling = scenario.ruling[0].split("#")[0]
        if ruling in corpus:
            rev = corpus.get(ruling).in_force(scenario.ruleset)
            if rev is not corpus.get(ruling).current and rev.number in scenario.expect_by_revision:
                expect = scenario.expect_by_revision[rev.number]
                origin = f"revision {rev.number} of {ruling}"
    return run_scenario(scenario, corpus, "scenario", expect=expect, expect_source=origin)


# Fields whose values are words of a game's vocabulary (judge/games/<game>/i18n.py TERMS).
OPTION_TERMS = {"kind": "kind", "type": "kind", "target_kind": "kind", "position": "position",
                "zone": "zone", "to": "phase", "phase": "phase", "attack_type": "attack_type"}


def game_spec(game) -> dict:
    """What the board form needs to know about a game: zones, fields, actions, phases."""
    from judge.engine.match import game_package
    from judge.i18n import Term, gettext, render

    from .boardview import counter_label, term_text, zone_label
    package = game_package(game)

    def label(kind: str, key: str) -> str:
        # the reader's word for a YAML key (攻撃するカード for attacker); the key stays
        return Term(kind, key, package).render()

    def doc(text: str) -> str:
        # the help of a field or an action, from the game's catalogue (N_ in its module)
        return gettext(text, package) if text else ""

    def choices(name: str, f) -> list:
        # one choice a value, in the game's own word (攻撃表示), not every spelling; the
        # value itself is what the form sends, never shown to the reader
        if f.choices:
            # a word may be a message of the game's catalogue (Vision's target kinds)
            return [[value, render(word)] for value, word in f.choices]
        return [[o, label(name, o)] for o in f.options]

    def fields(specs) -> dict:
        return {name: {"kind": f.kind, "required": f.required, "options": list(f.options),
                       "choices": choices(name, f),
                       **({"option_labels": {**{o: option_label(name, o) for o in f.options},
                                             **dict(choices(name, f) if f.choices else ())}}
                          if f.options else {}),
                       "doc": doc(f.doc), "label": label("field", name)}
                for name, f in specs.items()}

    def option_label(name: str, value) -> str:
        # a choice's value as the game's word for it: the field's own list (msgctxt the
        # field's name: spell_type), else the vocabulary the field names (a kind, a zone)
        said = term_text(game.name, name, value)
        if said == str(value) and name in OPTION_TERMS:
            said = term_text(game.name, OPTION_TERMS[name], value)
        if said == str(value):
            # a value that names a card's field (a skill's type: passive, the card's
            # passive skills), in the game's word for that field
            said = term_text(game.name, "field", value)
        return said

    return {
        "name": game.name, "title": game.title or game.name, "titles": dict(game.titles),
        "zones": [{"id": z, "label": zone_label(game.name, z),
                   "labels": dict(game.zone_labels.get(z, {}))} for z in game.zones],
        "phases": list(game.phases), "counters": dict(game.counters),
        "counter_labels": {c: counter_label(game.name, c) for c in game.counters},
        "phase_labels": {p: label("phase", p) for p in game.phases},
        "starting_life": game.starting_life,
        "needed_fields": {z: list(fs) for z, fs in game.needed_fields.items()},
        "blank_setup": game.blank_setup(),
        "card_fields": fields(game.card_fields),
        "actions": {name: {"doc": doc(spec.doc), "fields": fields(spec.fields),
                           "label": label("action", name)}
                    for name, spec in sorted(game.actions.items())},
    }


def list_scenarios(corpus) -> list[dict]:
    """Every scenario file of the corpus: path, game, title, the rulings it reproduces."""
    out = []
    root = Path(corpus.root)
    for path in scenario_paths(corpus):
        rel = path.relative_to(root).as_posix()
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        except (yaml.YAMLError, OSError, UnicodeDecodeError):
            data = {}
        if not isinstance(data, dict):
            data = {}
        rulings = data.get("rulings") or data.get("ruling") or []
        out.append({"path": rel, "game": path.parts[-3],
                    "title": str(data.get("title") or path.stem),
                    "rulings": [rulings] if isinstance(rulings, str) else list(rulings)})
    return out
