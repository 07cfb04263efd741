"""Vision rules through small boards: what each text says happens, and bad input.

Each expectation is read off the cited text (6.5.3.b: exactly X cards; play-supplement:
a play that cannot pay is not declared; …), never off the engine's output.
"""
import pytest
import yaml
from click.testing import CliRunner

from judge.cli import main
from judge.engine import ScenarioError, run_text
from judge.engine.scenario import parse_scenario, state_to_setup


def board(a=None, b=None, actions=(), active="A", phase=None, this_turn=None, extra=""):
    setup = {"active": active, "players": {"A": a or {}, "B": b or {}}}
    if phase:
        setup["phase"] = phase
    if this_turn:
        setup["this_turn"] = this_turn
    doc = {"game": "vision", "title": "t", "setup": setup, "actions": list(actions)}
    return yaml.safe_dump(doc, allow_unicode=True, sort_keys=False) + extra


def attack(**fields):
    return {"player": "A", "do": "attack", "attacker": "チルノ", **fields}


def line_of(text, needle):
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def zone(result, player, name):
    return [c.name for c in result.state.players[player].zones[name]]


# --- the card list ----------------------------------------------------------------------

@pytest.mark.parametrize("written, number", [
    ("No.075", "N75"), ("Ｎｏ．０７５", "N75"), ("N75", "N75"), ("マナの生成", "N75"),
    ("河童『お化けキューカンバー』", "N203"), ("ふらわ～戦車／１３弾", "N1125"),
    ({"name": "ふらわ～戦車", "number": "No.1125"}, "N1125"),
])
def test_a_card_is_found_by_number_or_name_as_the_texts_write_it(corpus, written, number):
    result = run_text(board(a={"hand": [written]}), corpus)
    card = result.state.players["A"].zones["hand"][0]
    assert card["number"] == number
    entry = corpus.get(f"vision/card/{number}")
    assert card.name == (entry.data.get("parsed") or {}).get("name", entry.data["name"])


def test_card_list_facts_and_overrides(corpus):
    result = run_text(board(a={"field": [{"name": "チルノ", "number": "No.010", "attack": 7}],
                               "hand": ["No.075"]}), corpus)
    cirno = result.state.players["A"].zones["field"][0]
    raw = corpus.get("vision/card/N10").data
    assert cirno["attack"] == 7                                  # the mapping overrides
    assert cirno["toughness"] == int(raw["toughness"]) and cirno["graze"] == int(raw["graze"])
    mana = result.state.players["A"].zones["hand"][0]
    assert (mana["type"], mana["node"], mana["cost"]) == ("command", 0, 0)
    assert any("自分ターン" in k for k in mana["keywords"])


def test_a_name_several_printings_share_needs_a_number(corpus):
    text = board(a={"hand": ["十六夜 咲夜"]})
    with pytest.raises(ScenarioError) as err:
        run_text(text, corpus, source="s.yaml")
    e = err.value
    numbers = [e.key for e in corpus if e.game == "vision" and e.kind == "card"
               and e.data.get("name") == "十六夜 咲夜"]
    assert len(numbers) > 1 and all(n in str(e.accepted) for n in numbers)
    assert e.line == line_of(text, "十六夜 咲夜") and e.file == "s.yaml"


def test_a_shared_name_with_every_stat_needs_no_number(corpus):
    spec = {"name": "十六夜 咲夜", "type": "character", "node": 2, "cost": 1, "attack": 3,
            "toughness": 3, "graze": 1}
    result = run_text(board(a={"field": [spec]}), corpus)
    assert result.state.players["A"].zones["field"][0]["attack"] == 3


def test_unknown_card_names_close_names_and_the_line(corpus):
    text = board(a={"hand": ["チルノー"]})
    with pytest.raises(ScenarioError) as err:
        run_text(text, corpus, source="s.yaml")
    assert err.value.line == line_of(text, "チルノー") and "チルノ" in str(err.value.accepted)
    assert "unknown card" in str(err.value)


def test_a_number_that_is_another_card_is_refused(corpus):
    with pytest.raises(ScenarioError) as err:
        run_text(board(a={"hand": [{"name": "チルノ", "number": "No.075"}]}), corpus)
    assert "マナの生成" in str(err.value)


# --- malformed scenarios: one screen, with the line ----------------------------------------

BAD = {
    "bad yaml": ("game: vision\nsetup:\n  players: {A: {hand: [チルノ}, B: {}}\n", 3, None),
    "unknown zone": ("game: vision\nsetup:\n  players:\n    A: {cemetery: 1}\n    B: {}\n", 4,
                     "graveyard"),
    "unknown card": ("game: vision\nsetup:\n  players:\n    A: {hand: [存在しないカード]}\n"
                     "    B: {}\n", 4, None),
    "missing graze choice": ("game: vision\nsetup:\n  players:\n    A: {field: [No.010]}\n"
                             "    B: {deck: 5}\nactions:\n  - {player: A, do: attack, "
                             "attacker: チルノ, block: none}\n", 7, "yes, no"),
    "missing block choice": ("game: vision\nsetup:\n  players:\n    A: {field: [No.010]}\n"
                             "    B: {deck: 5, field: [No.019]}\nactions:\n  - {player: A, "
                             "do: attack, attacker: チルノ, graze: yes}\n", 7, "リリーブラック"),
    "bad field value": ("game: vision\nsetup:\n  players:\n    A: {field: [{name: チルノ, "
                        "number: No.010, asleep: maybe}]}\n    B: {}\n", 4, None),
    "damage at toughness": ("game: vision\nsetup:\n  players:\n    A: {field: [{name: チルノ, "
                            "number: No.010, damage: 2}]}\n    B: {}\n", 4, "0 to 1"),
}


@pytest.mark.parametrize("name", list(BAD))
def test_malformed_scenarios_get_a_one_screen_error_with_the_line(corpus, name, tmp_path):
    text, line, accepted = BAD[name]
    with pytest.raises(ScenarioError) as err:
        run_text(text, corpus, source="bad.yaml")
    e = err.value
    assert e.file == "bad.yaml" and e.line == line, str(e)
    if accepted:
        assert accepted in str(e.accepted), str(e)
    assert len(str(e)) < 500 and "Traceback" not in str(e)
    if name not in ("bad yaml", "missing graze choice"):
        return                          # the command prints the same error (two suffice)
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    out = CliRunner().invoke(main, ["--corpus", str(corpus.root), "run", str(path)])
    assert out.exit_code == 2 and f"bad.yaml:{line}" in out.output
    assert "Traceback" not in out.output and out.output.count("\n") <= 3


def test_open_target_lists_the_legal_targets(corpus):
    text = board(a={"hand": ["No.824"], "nodes": 3, "field": ["No.010"]},
                 b={"field": ["No.019"]},
                 actions=[{"player": "A", "do": "play", "card": "拳打「げんこつスマッシュ」"}])
    with pytest.raises(ScenarioError) as err:
        run_text(text, corpus)
    assert err.value.field == "actions[0].target"
    assert set(err.value.accepted.split(", ")) == {"チルノ", "リリーブラック"}


def test_an_x_cost_needs_x(corpus):
    text = board(a={"hand": ["No.298"], "nodes": 5, "graveyard": ["No.010"]},
                 actions=[{"player": "A", "do": "play", "card": "リザレクション",
                           "target": "チルノ"}])
    with pytest.raises(ScenarioError) as err:
        run_text(text, corpus)
    assert err.value.field == "actions[0].x"


# --- graze (6.5) ------------------------------------------------------------------------

@pytest.mark.parametrize("x", [0, 1, 2, 3, 4])
def test_graze_adds_exactly_x_cards_asleep(corpus, x):
    text = board(a={"field": [{"name": "チルノ", "number": "No.010", "graze": x}]},
                 b={"deck": 10, "nodes": 1}, actions=[attack(block="none", graze="yes")])
    result = run_text(text, corpus)
    nodes = result.state.players["B"].zones["nodes"]
    assert len(nodes) == 1 + x                                       # 6.5.3.b
    assert all(n["asleep"] for n in nodes[1:])
    assert zone(result, "B", "nodes")[1:] == [f"deck-{i + 1}" for i in range(x)]  # the top
    assert len(result.state.players["B"].zones["deck"]) == 10 - x


def test_graze_is_asked_only_when_the_rule_lets_the_player_graze(corpus):
    text = board(a={"field": ["No.010"]}, b={"deck": 2},
                 actions=[attack(block="none")])
    run_text(text, corpus, ruleset="2008-06-09")        # Ver.2.0: X or fewer, no choice
    with pytest.raises(ScenarioError) as err:           # 6.5.3.a: the player chooses
        run_text(text, corpus)
    assert "graze" in err.value.field and err.value.accepted == "yes, no"


def test_graze_answer_in_japanese(corpus):
    text = board(a={"field": ["No.010"]}, b={"deck": 5},
                 actions=[attack(block="none", graze="はい")])
    assert len(run_text(text, corpus).state.players["B"].zones["nodes"]) == 2


def test_old_ruleset_quotes_the_rulebook_and_new_quotes_6_5(corpus):
    text = board(a={"field": ["No.010"]}, b={"deck": 5},
                 actions=[attack(block="none", graze="yes")])
    old = run_text(text, corpus, ruleset="2010-01-01")
    new = run_text(text, corpus)
    graze_old = [s for s in old.steps if s.rule == "vision/rule/6.5"]
    graze_new = [s for s in new.steps if s.rule == "vision/rule/6.5"]
    assert {s.revision for s in graze_old} == {1} and {s.clause for s in graze_old} == {"graze"}
    assert {s.revision for s in graze_new} == {2}
    assert {"6.5.2.a", "6.5.2.b", "6.5.3.a", "6.5.3.b"} <= {s.clause for s in graze_new}


# --- combat -----------------------------------------------------------------------------

def test_piercing_counts_damage_already_marked(corpus):
    text = board(a={"field": [{"name": "突撃", "type": "character", "attack": 5,
                               "toughness": 5, "graze": 1, "keywords": ["貫通"]}]},
                 b={"deck": 5, "field": [{"name": "壁", "type": "character", "attack": 0,
                                          "toughness": 4, "graze": 0, "damage": 2}]},
                 actions=[{"player": "A", "do": "attack", "attacker": "突撃", "block": "壁"}])
    result = run_text(text, corpus)
    assert result.state.players["B"].life == 25 - 3               # 5 - (4 - 2)
    assert zone(result, "B", "graveyard") == ["壁"] and zone(result, "B", "nodes") == []


def test_first_strike_destroys_before_the_blocker_strikes(corpus):
    text = board(a={"field": [{"name": "速", "type": "character", "attack": 3, "toughness": 1,
                               "graze": 0, "keywords": ["先制"]}]},
                 b={"field": [{"name": "遅", "type": "character", "attack": 3, "toughness": 2,
                               "graze": 0}]},
                 actions=[{"player": "A", "do": "attack", "attacker": "速", "block": "遅"}])
    result = run_text(text, corpus)
    assert zone(result, "A", "field") == ["速"] and zone(result, "B", "graveyard") == ["遅"]


@pytest.mark.parametrize("why, a, b, attacker, block, active", [
    ("asleep attacker", {"field": [{"name": "チルノ", "number": "N10", "asleep": True}]}, {},
     "チルノ", "none", "A"),
    ("not A's turn", {"field": ["No.010"]}, {}, "チルノ", "none", "B"),
    ("asleep blocker", {"field": ["No.010"]},
     {"field": [{"name": "リリーブラック", "number": "N19", "asleep": True}]}, "チルノ",
     "リリーブラック", "A"),
    ("not a character", {"field": ["No.109"]}, {}, "霧符「ガシングガーデン」", "none", "A"),
])
def test_forbidden_attacks_are_illegal_and_change_nothing(corpus, why, a, b, attacker, block,
                                                          active):
    text = board(a=a, b=b, active=active,
                 actions=[attack(attacker=attacker, block=block)])
    result = run_text(text, corpus)
    assert result.outcomes == ["illegal"], why
    assert result.state.as_json() == result.initial.as_json()
    assert len(result.steps) == 1 and result.steps[0].legal is False


# --- playing ----------------------------------------------------------------------------

def test_required_nodes_count_sleeping_nodes_and_cost_sleeps_active_ones(corpus):
    text = board(a={"hand": ["No.010"], "nodes": [{"name": "nodes-1", "asleep": True},
                                                   "nodes-2"]},
                 actions=[{"player": "A", "do": "play", "card": "チルノ"}])
    result = run_text(text, corpus)
    assert result.outcomes == ["legal"]
    assert [n["asleep"] for n in result.state.players["A"].zones["nodes"]] == [True, True]


def test_resolve_with_nothing_waiting_is_illegal(corpus):
    result = run_text(board(actions=[{"player": "A", "do": "resolve"}]), corpus)
    assert result.outcomes == ["illegal"]


def test_newest_played_card_resolves_first(corpus):
    text = board(a={"hand": ["No.127"], "nodes": 2}, b={"hand": ["No.221"], "nodes": 2},
                 actions=[{"player": "A", "do": "play", "card": "古の記憶", "resolve": "no"},
                          {"player": "B", "do": "play", "card": "紅葉狩り"}])
    result = run_text(text, corpus)
    order = [s.detail for s in result.steps if s.event == "to-graveyard"]
    assert "紅葉狩り" in order[0] and "古の記憶" in order[1]


def test_a_saved_board_loads_to_the_same_board(corpus):
    text = board(a={"hand": ["No.010", "No.824"], "nodes": 5},
                 actions=[{"player": "A", "do": "play", "card": "チルノ"},
                          {"player": "A", "do": "play", "card": "拳打「げんこつスマッシュ」",
                           "target": "チルノ", "resolve": "no"}])
    result = run_text(text, corpus)
    setup = state_to_setup(result.scenario.game, result.state)
    again = parse_scenario(yaml.safe_dump({"game": "vision", "setup": setup},
                                          allow_unicode=True), "saved", corpus).start()
    assert state_to_setup(result.scenario.game, again) == setup
    waiting = again.players["A"].zones["play_area"][0]
    assert again.card(waiting["target"]).name == "チルノ"
