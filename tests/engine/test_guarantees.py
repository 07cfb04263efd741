"""The engine's own guarantees, tested inside the engine with toy actions.

A toy game here changes the state first and then fails a check, or meets bad input
half-way: the rollback must leave the state exactly as it was.  ``Match.apply`` must
handle every change type, and ``GameState.copy`` must copy every field of the state.
"""
from __future__ import annotations

import dataclasses

import pytest

from judge.engine import (Check, FieldSpec, LifeChange, Move, Record, SetCard, SetCounter,
                          SetFlag, SetTurn, Win, action, run_text)
from judge.engine.cards import Card
from judge.engine.errors import ScenarioError
from judge.engine.events import CHANGES
from judge.engine.match import APPLY
from judge.engine.registry import register_game, unregister_game
from judge.engine.state import GameState, PlayerState

from judge.engine import Cite
from toygame import RULE, ToyGame


@action("grab", card=FieldSpec("card", required=True))
def grab(match, act):
    """Changes the state in every way it can, then fails a check."""
    card = match.card(act.get("card"), player=act.player, zones=("deck",), field="card")
    cite = Cite(RULE, "draw")
    yield Move(card, "hand", cite=cite, props={"tapped": True})
    yield SetCard(card, {"power": 9}, cite=cite)
    yield LifeChange(act.player, -3, cite=cite)
    yield SetCounter(act.player, "mana", 7, cite=cite)
    yield SetTurn(phase="main", turn=5, active="B", cite=cite)
    yield Record({"grabbed": card.name}, cite=cite)
    yield SetFlag("storm", True, cite=cite)
    yield Win(act.player, cite=cite)
    yield Check(ok=False, cite=cite, detail="then the rule says no")


@action("grab_then_typo", card=FieldSpec("card", required=True))
def grab_then_typo(match, act):
    """Changes the state, then finds a card the scenario got wrong (input error)."""
    card = match.card(act.get("card"), player=act.player, zones=("deck",), field="card")
    yield Move(card, "hand", cite=Cite(RULE, "draw"))
    yield LifeChange(act.player, -1, cite=Cite(RULE, "draw"))
    match.card("no such card", player=act.player, zones=("hand",), field="card")


class RollbackGame(ToyGame):
    name = "rollbacktoy"
    counters = {"mana": 0}
    counter_labels = {"mana": {"ja": "マナ", "en": "mana"}}
    procedures = ToyGame.procedures + (grab, grab_then_typo)


@pytest.fixture(autouse=True)
def rollback_game():
    register_game(RollbackGame)
    yield
    unregister_game(RollbackGame.name)


SCENARIO = """\
game: rollbacktoy
setup:
  active: A
  players:
    A: {deck: [X, Y], hand: [Z]}
    B: {deck: 2}
actions:
  - {player: A, do: %s, card: X}
"""


def test_an_action_that_changed_everything_then_fails_a_check_changes_nothing(corpus):
    result = run_text(SCENARIO % "grab", corpus)
    assert result.outcomes == ["illegal"]
    assert result.state.as_json() == result.initial.as_json()
    assert result.state.winner is None and not result.state.flags
    assert [s.legal for s in result.steps] == [False]     # the changes' steps are gone too


def test_bad_input_found_mid_action_rolls_back_before_the_error(corpus):
    from judge.engine.scenario import parse_scenario
    from judge.engine.match import Match
    from judge.engine.rulesets import Ruleset
    scenario = parse_scenario(SCENARIO % "grab_then_typo", corpus=corpus)
    state = scenario.start()
    before = state.as_json()
    match = Match(scenario.game, state, Ruleset(scenario.game.switches, corpus), corpus)
    with pytest.raises(ScenarioError):
        match.perform(scenario.actions[0])
    assert match.state.as_json() == before and match.steps == []


def test_apply_has_one_function_per_change_type():
    assert set(APPLY) == set(CHANGES)
    assert all(dataclasses.is_dataclass(t) for t in CHANGES)


def test_every_change_type_changes_the_state_as_it_says(corpus):
    from judge.engine.match import Match
    from judge.engine.rulesets import Ruleset
    card = Card("c1", "X", "A", {})
    state = GameState("rollbacktoy", {
        "A": PlayerState("A", 5, {"deck": [card], "hand": [], "board": [], "discard": []},
                         {"mana": 0}),
        "B": PlayerState("B", 5, {"deck": [], "hand": [], "board": [], "discard": []},
                         {"mana": 0})}, "A")
    game = RollbackGame(corpus)
    match = Match(game, state, Ruleset(game.switches, corpus), corpus)
    cite = Cite(RULE, "draw")
    changes = {
        Move: (Move(card, "hand", cite=cite), lambda s: s.players["A"].zones["hand"][0].uid),
        SetCard: (SetCard(card, {"power": 4}, cite=cite), lambda s: s.card("c1").props),
        LifeChange: (LifeChange("B", -2, cite=cite), lambda s: s.players["B"].life),
        SetCounter: (SetCounter("A", "mana", 3, cite=cite),
                     lambda s: s.players["A"].counters["mana"]),
        SetTurn: (SetTurn(phase="main", turn=2, active="B", cite=cite),
                  lambda s: (s.phase, s.turn, s.active)),
        Record: (Record({"x": 1}, cite=cite), lambda s: s.this_turn),
        SetFlag: (SetFlag("storm", "on", cite=cite), lambda s: s.flags),
        Win: (Win("B", cite=cite), lambda s: s.winner),
    }
    assert set(changes) == set(CHANGES), "a change type without a case here"
    expected = {Move: "c1", SetCard: {"power": 4}, LifeChange: 3, SetCounter: 3,
                SetTurn: ("main", 2, "B"), Record: [{"x": 1}], SetFlag: {"storm": "on"},
                Win: "B"}
    for kind, (change, read) in changes.items():
        match.apply(change)
        assert read(match.state) == expected[kind], kind.__name__
    assert len(match.steps) == len(CHANGES)


def test_apply_refuses_what_is_not_a_change(corpus):
    from judge.engine.errors import EngineInvariantError
    from judge.engine.match import Match
    from judge.engine.rulesets import Ruleset
    from judge.engine.scenario import parse_scenario
    scenario = parse_scenario(SCENARIO % "grab", corpus=corpus)
    match = Match(scenario.game, scenario.start(), Ruleset({}, corpus), corpus)
    with pytest.raises(EngineInvariantError):
        match.apply(Check(ok=True, cite=Cite(RULE, "draw")))


def _filled_state() -> GameState:
    """A state whose every field holds something mutable or non-default."""
    card = Card("c1", "X", "A", {"power": [1, 2], "notes": {"a": 1}})
    return GameState("toy", {"A": PlayerState("A", 3, {"deck": [card]}, {"mana": [1]})},
                     active="A", turn=4, phase="main", this_turn=[{"x": [1]}],
                     winner="A", flags={"f": {"g": 1}})


def test_state_copy_covers_every_field():
    state = _filled_state()
    for f in dataclasses.fields(GameState):      # a field added later must be filled here
        default = f.default_factory() if f.default_factory is not dataclasses.MISSING \
            else f.default
        assert getattr(state, f.name) != default, f"fill {f.name} in _filled_state"
    copied = state.copy()
    for f in dataclasses.fields(GameState):
        assert getattr(copied, f.name) == getattr(state, f.name), f.name
    for f in dataclasses.fields(PlayerState):
        assert getattr(copied.players["A"], f.name) == getattr(state.players["A"], f.name)
    for f in dataclasses.fields(Card):
        assert getattr(copied.players["A"].zones["deck"][0], f.name) == \
            getattr(state.players["A"].zones["deck"][0], f.name), f.name
    # and shares nothing mutable with the original
    copied.players["A"].zones["deck"][0].props["power"].append(3)
    copied.players["A"].counters["mana"].append(2)
    copied.this_turn[0]["x"].append(2)
    copied.flags["f"]["g"] = 2
    assert state == _filled_state()
