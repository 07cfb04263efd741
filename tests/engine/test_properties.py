"""Invariants of the engine core, over generated toy boards and action sequences."""
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.engine import ScenarioError
from judge.engine.invariants import assert_steps_cited, perform_checked
from judge.engine.match import Match
from judge.engine.rulesets import Ruleset
from judge.engine.scenario import parse_scenario

NAMES = st.sampled_from(["X", "Y", "Z", "上海人形", "ふらわ～戦車"])
ZONE = st.lists(NAMES, max_size=4)
ACTION = st.one_of(
    st.builds(lambda p: {"player": p, "do": "draw"}, st.sampled_from("AB")),
    st.builds(lambda p, c: {"player": p, "do": "discard", "card": c}, st.sampled_from("AB"), NAMES),
    st.builds(lambda p, t, h: {"player": p, "do": "hit", "target": t, "hit": h},
              st.sampled_from("AB"), st.sampled_from("AB"), st.booleans()),
)


def scenario(a_deck, a_hand, b_deck, b_hand, actions):
    return yaml.safe_dump({"game": "toy", "setup": {"players": {
        "A": {"deck": a_deck, "hand": a_hand}, "B": {"deck": b_deck, "hand": b_hand}}},
        "actions": actions}, allow_unicode=True)


@settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ZONE, ZONE, ZONE, ZONE, st.lists(ACTION, max_size=8),
       st.sampled_from([None, "2015-01-01"]))
def test_cards_are_conserved_and_illegal_actions_change_nothing(corpus, a_deck, a_hand, b_deck,
                                                                b_hand, actions, ruleset):
    text = scenario(a_deck, a_hand, b_deck, b_hand, actions)
    try:
        sc = parse_scenario(text, "gen", corpus)
    except ScenarioError:
        return
    state = sc.start()
    before_uids = sorted(state.uids())
    match = Match(sc.game, state, Ruleset(sc.game.switches, corpus,
                                          None if ruleset is None else __import__("datetime").date.fromisoformat(ruleset)), corpus)
    for ctx in sc.actions:
        perform_checked(match, ctx)
        assert sorted(match.state.uids()) == before_uids
    assert_steps_cited(match)
