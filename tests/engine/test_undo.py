"""Rollback by the undo log: any sequence of changes, then a failed check or bad input,
leaves the state exactly as it was (Match keeps no copy of the state to fall back on)."""
from __future__ import annotations

from types import SimpleNamespace

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from toygame import RULE

from judge.engine import ScenarioError
from judge.engine import events as ev
from judge.engine.cite import Cite
from judge.engine.match import ActionContext, Match
from judge.engine.rulesets import Ruleset
from judge.engine.scenario import parse_scenario

CITE = Cite(RULE, "draw")
PLAYER = st.sampled_from("AB")
KEY = st.sampled_from(["power", "asleep", "x"])
VALUE = st.one_of(st.none(), st.integers(-3, 3), st.booleans())
CHANGE = st.one_of(
    st.tuples(st.just("move"), st.integers(0, 99), st.sampled_from(["deck", "hand", "board"]),
              st.one_of(st.none(), PLAYER), st.one_of(st.none(), st.integers(0, 4)),
              st.dictionaries(KEY, st.integers(0, 3), max_size=2),
              st.lists(KEY, max_size=2).map(tuple)),
    st.tuples(st.just("set"), st.integers(0, 99), st.dictionaries(KEY, VALUE, max_size=3)),
    st.tuples(st.just("life"), PLAYER, st.integers(-5, 5)),
    st.tuples(st.just("counter"), PLAYER, st.sampled_from(["mana", "plays"]), st.integers(0, 9)),
    st.tuples(st.just("turn"), st.one_of(st.none(), st.just("main")),
              st.one_of(st.none(), st.integers(1, 3)), st.one_of(st.none(), PLAYER)),
    st.tuples(st.just("record"), st.dictionaries(st.sampled_from(["player", "played"]),
                                                 st.sampled_from(["A", "X"]), min_size=1)),
    st.tuples(st.just("flag"), st.sampled_from(["terrain", "first"]), VALUE),
    st.tuples(st.just("win"), PLAYER),
)
ENDING = st.sampled_from(["illegal", "bad input", "crash"])


def _board(corpus):
    text = yaml.safe_dump({"game": "toy", "setup": {
        "players": {"A": {"deck": ["X", "Y"], "hand": ["Z"], "board": ["上海人形"]},
                    "B": {"deck": ["X"], "hand": ["ふらわ～戦車", "Y"]}},
        "this_turn": [{"player": "A", "played": "X"}]}}, allow_unicode=True)
    sc = parse_scenario(text, "gen", corpus)
    return sc, sc.start()


def _event(change, state):
    kind, *args = change
    cards = [c for _, _, c in state.cards()]
    if kind == "move":
        k, zone, player, index, props, clear = args
        return ev.Move(cards[k % len(cards)], zone, player=player, index=index, props=props,
                       clear=clear, cite=CITE)
    if kind == "set":
        return ev.SetCard(cards[args[0] % len(cards)], args[1], cite=CITE)
    if kind == "life":
        return ev.LifeChange(*args, cite=CITE)
    if kind == "counter":
        return ev.SetCounter(*args, cite=CITE)
    if kind == "turn":
        return ev.SetTurn(phase=args[0], turn=args[1], active=args[2], cite=CITE)
    if kind == "record":
        return ev.Record(args[0], cite=CITE)
    if kind == "flag":
        return ev.SetFlag(args[0], args[1], cite=CITE)
    return ev.Win(args[0], cite=CITE)


def _snapshot(state) -> str:
    return yaml.safe_dump({"state": state.as_json(), "this_turn": state.this_turn,
                           "winner": state.winner, "flags": state.flags,
                           "props": [(c.uid, dict(c.props)) for _, _, c in state.cards()]},
                          allow_unicode=True)


@settings(deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(CHANGE, max_size=12), ENDING)
def test_any_changes_then_a_failure_leave_the_state_as_it_was(corpus, changes, ending):
    sc, state = _board(corpus)
    match = Match(sc.game, state, Ruleset(sc.game.switches, corpus, None), corpus)

    def chaos(m, ctx):
        for change in changes:
            yield _event(change, m.state)
        if ending == "illegal":
            yield ev.Check(ok=False, cite=CITE, detail="no")
        elif ending == "bad input":
            raise ScenarioError("bad input found mid-action")
        raise RuntimeError("a bug mid-action")

    match.game = SimpleNamespace(actions={"chaos": SimpleNamespace(procedure=chaos)})
    before, steps = _snapshot(match.state), len(match.steps)
    ctx = ActionContext(0, "A", "chaos", {})
    if ending == "illegal":
        assert match.perform(ctx) is False
        assert len(match.steps) == steps + 1 and match.steps[-1].legal is False
    else:
        with pytest.raises((ScenarioError, RuntimeError)):
            match.perform(ctx)
        assert len(match.steps) == steps
    assert _snapshot(match.state) == before


def test_every_change_type_is_generated():
    """The property above covers every change an action can yield (if the engine gains
    one, this fails until it is generated, and Match.apply must undo it)."""
    changes = {c for c in vars(ev).values() if isinstance(c, type) and issubclass(c, ev.Event)
               and c not in (ev.Event, ev.Check, ev.Note, ev.Choose)}
    assert {ev.Move, ev.SetCard, ev.LifeChange, ev.SetCounter, ev.SetTurn, ev.Record,
            ev.SetFlag, ev.Win} == changes
