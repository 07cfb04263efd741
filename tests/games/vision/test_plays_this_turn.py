"""The plays of this turn are read as records are added, and stay right when an illegal
action's records are undone (restrictions.py keeps them per match)."""
from __future__ import annotations

from types import SimpleNamespace

from judge.corpus import DEFAULT_CORPUS
from judge.engine import Cite, Record
from judge.engine.events import Check
from judge.engine.match import ActionContext, Match
from judge.engine.rulesets import Ruleset
from judge.engine.scenario import load_scenario
from judge.games.vision import restrictions

SCENARIO = DEFAULT_CORPUS / "vision" / "scenarios" / "play-world-talisman-limit.yaml"


def _fresh(match, player):
    restrictions._READ.pop(match, None)
    return restrictions.plays_this_turn(match, player)


def test_plays_follow_records_added_and_undone(corpus):
    sc = load_scenario(SCENARIO, corpus)
    match = Match(sc.game, sc.start(), Ruleset(sc.game.switches, corpus, sc.ruleset), corpus)
    cite = Cite("vision/term/プレイ", match="世界呪符")
    assert [p.name for p in restrictions.plays_this_turn(match, "A")] == \
        [p.name for p in _fresh(match, "A")] and len(_fresh(match, "A")) == 1

    def plays(*numbers, fail=False):
        def procedure(m, ctx):
            for n in numbers:
                yield Record({"player": "A", "played": n}, cite=cite)
            restrictions.plays_this_turn(m, "A")      # read mid-action, as a check does
            if fail:
                yield Check(ok=False, cite=cite, detail="stop")
        match.game = SimpleNamespace(actions={"x": SimpleNamespace(procedure=procedure)})
        return match.perform(ActionContext(0, "A", "x", {}))

    assert plays("No.192")
    read = [p.number for p in restrictions.plays_this_turn(match, "A")]
    assert read == [p.number for p in _fresh(match, "A")] == ["N109", "N192"]
    assert plays("No.075", fail=True) is False           # read mid-action, then undone
    assert plays("No.001")                               # another record in its place
    assert [p.number for p in restrictions.plays_this_turn(match, "A")] == \
        [p.number for p in _fresh(match, "A")] == ["N109", "N192", "N1"]
