"""The engine core, driven through the toy game: log, legality, rulesets, choices."""
import pytest
import yaml

from judge.engine import EngineInvariantError, ScenarioError, run_text
from judge.engine.scenario import parse_scenario, state_to_setup

BASE = """\
game: toy
title: core
setup:
  active: A
  players:
    A: {deck: [X, Y], hand: [Z]}
    B: {deck: 3}
actions:
  - {player: A, do: draw}
  - {player: A, do: discard, card: X}
"""


def test_every_change_is_a_cited_step(corpus):
    result = run_text(BASE, corpus)
    data = result.as_json()
    assert [s["event"] for s in data["steps"]] == ["check", "draw", "check", "move"]
    assert all(s["rule"] == "vision/rule/toy" and s["quote"] for s in data["steps"])
    assert data["state"]["players"]["A"]["zones"]["discard"][0]["name"] == "X"
    assert data["outcomes"] == ["legal", "legal"]


def test_illegal_action_is_a_step_and_changes_nothing(corpus):
    text = BASE.replace("A: {deck: [X, Y], hand: [Z]}", "A: {deck: [], hand: [Z]}") \
               .replace("- {player: A, do: discard, card: X}", "- {player: A, do: discard, card: Z}")
    result = run_text(text, corpus)
    steps = result.as_json()["steps"]
    assert [s["legal"] for s in steps] == [False, False]
    assert steps[0]["clause"] == "draw" and steps[1]["clause"] == "discard"
    assert result.state.as_json() == result.initial.as_json()


def test_ruleset_switch_follows_the_revision_in_force(corpus):
    text = BASE.replace("- {player: A, do: discard, card: X}",
                        "- {player: A, do: discard, card: X}\n  - {player: A, do: discard, card: Z}")
    latest = run_text(text, corpus)
    older = run_text(text, corpus, ruleset="2015-06-01")
    assert latest.outcomes == ["legal", "legal", "illegal"]     # needs 2 cards in hand
    assert older.outcomes == ["legal", "legal", "legal"]        # revision 1: any card
    assert latest.steps[-1].revision == 2 and older.steps[-1].revision == 1
    assert "2 cards" in latest.steps[-1].quote and "any card" in older.steps[-1].quote


def test_ruleset_before_every_revision_uses_the_oldest(corpus):
    result = run_text(BASE, corpus, ruleset="1999-01-01")
    assert result.steps[-1].revision == 1


def test_open_choice_is_an_input_error_naming_options(corpus):
    text = BASE + "  - {player: A, do: hit, target: B}\n"
    with pytest.raises(ScenarioError) as err:
        run_text(text, corpus)
    assert err.value.line == 11 and "hit" in err.value.field
    assert err.value.accepted == "yes, no"


@pytest.mark.parametrize("choices", ["{hit: yes}", "[{hit: yes}]"])
def test_choice_given_in_choices(corpus, choices):
    text = BASE + f"  - {{player: A, do: hit, target: B, choices: {choices}}}\n"
    result = run_text(text, corpus)
    assert result.state.players["B"].life == 4
    assert result.steps[-2].interpretation and result.steps[-2].interpretation_id == "toy.hit-choice"


def test_expect_is_checked(corpus):
    text = BASE + "expect:\n  A.hand: [Z]\n  A.discard: [X]\n  A.deck.count: 1\n  outcome: legal\n"
    result = run_text(text, corpus)
    assert result.expect == {"checked": 4, "failed": []}
    wrong = run_text(text.replace("A.deck.count: 1", "A.deck.count: 5"), corpus)
    assert [f["path"] for f in wrong.expect["failed"]] == ["A.deck.count"]


def test_unknown_expect_path_fails_rather_than_passes(corpus):
    result = run_text(BASE + "expect:\n  A.mana: 3\n", corpus)
    assert result.expect["failed"][0]["actual"] == "(no such path in the result)"


@pytest.mark.parametrize("text, line, field, accepted", [
    ("game: toy\nsetup:\n\tplayers: 1\n", 3, None, None),
    ("game: toy\nsetup:\n  players:\n    A: {deck: 1}\n    B: {mana: 3}\n", 5,
     "setup.players.B.mana", "deck"),
    ("game: chess\nsetup: {}\n", 1, "game", "vision"),
    ("game: toy\nsetup:\n  players: {A: {}, B: {}}\nactions:\n  - {player: A, do: fly}\n", 5,
     "actions[0].do", "draw"),
    ("game: toy\nsetup:\n  players: {A: {}, B: {}}\nactions:\n  - {player: C, do: draw}\n", 5,
     "actions[0].player", "A, B"),
    ("game: toy\nsetup:\n  players: {A: {}, B: {}}\nactions:\n  - {player: A, do: discard}\n",
     5, "actions[0]", "card"),
    ("game: toy\nsetup:\n  players: {A: {hand: [{name: X, power: high}]}, B: {}}\n", 3,
     "setup.players.A.hand[0].power", None),
    ("game: toy\nsetup:\n  players: {A: {hand: [{name: X, colour: red}]}, B: {}}\n", 3,
     "setup.players.A.hand[0].colour", "power"),
    ("game: toy\nsetup:\n  players: {A: {}, B: {}}\n  turn: zero\n", 4, "setup.turn", None),
    ("game: toy\ngame: toy\n", 2, None, None),
    ("game: toy\nsetup: !!python/object:os.system {}\n", None, None, None),
    ("game: toy\nfoo: 1\nsetup: {}\n", 2, "foo", "setup"),
    ("game: toy\nsetup: &a {players: [*a]}\n", 2, None, None),
    ("game: toy\nruleset: yesterday\nsetup:\n  players: {A: {}, B: {}}\n", 2, "ruleset",
     "YYYY-MM-DD"),
])
def test_bad_scenarios_say_what_and_where(corpus, text, line, field, accepted):
    with pytest.raises(ScenarioError) as err:
        run_text(text, corpus, source="bad.yaml")
    e = err.value
    assert e.file == "bad.yaml"
    if line:
        assert e.line == line, str(e)
    if field:
        assert e.field == field, str(e)
    if accepted:
        assert accepted in str(e.accepted), str(e)
    assert "Traceback" not in str(e) and len(str(e)) < 400


def test_unknown_card_in_action_lists_what_is_there(corpus):
    with pytest.raises(ScenarioError) as err:
        run_text(BASE.replace("card: X", "card: Q"), corpus)
    assert err.value.line == 10 and "X" in err.value.accepted and "Z" in err.value.accepted


def test_huge_scenario_is_refused(corpus):
    text = BASE + "description: " + "あ" * 300_000 + "\n"
    with pytest.raises(ScenarioError, match="larger than"):
        run_text(text, corpus)


def test_saved_board_loads_to_the_same_state(corpus):
    result = run_text(BASE.replace("this_turn: []", ""), corpus)
    saved = {"game": "toy", "setup": state_to_setup(result.scenario.game, result.state)}
    again = parse_scenario(yaml.safe_dump(saved, allow_unicode=True), "saved", corpus)
    strip = lambda s: {p: {z: [c["name"] for c in cs] for z, cs in v["zones"].items()}
                       for p, v in s.as_json()["players"].items()}
    assert strip(again.start()) == strip(result.state)
    assert again.start().players["B"].life == result.state.players["B"].life


def test_this_turn_round_trips(corpus):
    text = BASE.replace("  active: A\n", "  active: A\n  this_turn: [{player: A, played: X}]\n")
    result = run_text(text, corpus)
    assert result.state.this_turn == [{"player": "A", "played": "X"}]
    assert state_to_setup(result.scenario.game, result.state)["this_turn"] == result.state.this_turn


def test_a_cite_the_corpus_lacks_is_an_engine_bug(corpus, monkeypatch):
    import toygame
    monkeypatch.setattr(toygame, "RULE", "vision/rule/nowhere")
    with pytest.raises(EngineInvariantError, match="cites what the corpus does not have"):
        run_text(BASE, corpus)


def test_alias_bomb_is_refused(corpus):
    ten = lambda name: ", ".join([f"*{name}"] * 10)
    text = ("game: toy\na: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [" + ten("a") + "]\n"
            "c: &c [" + ten("b") + "]\nd: &d [" + ten("c") + "]\ne: [" + ten("d") + "]\n")
    with pytest.raises(ScenarioError, match="more than"):
        run_text(text, corpus)
