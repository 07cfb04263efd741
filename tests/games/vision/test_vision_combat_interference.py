"""Interference during combat (奇襲, 速攻, the waiting attack) and QA-337's timing limit.

What the texts say: a 奇襲 character is played from the hand 「こちらの攻撃に干渉して」
and is a card being played (瞋怒 may negate it); a 奇襲 and 速攻 character so played
blocks (vision/term/プレイ); character.1 / spell.1 allow plays only with no
interference; QA-337 revision 1: a card with the wrong timing cannot be resolved when
the granting effect says so.  The expectations below are read off those sentences.
"""
import yaml

from judge.engine import run_text
from judge.engine.moves import legal_moves
from judge.engine.scenario import state_to_setup

CIRNO = "No.010"          # チルノ: attack 3, toughness 2, graze 2
SAKUYA = "No.027"         # 十六夜 咲夜: 奇襲 速攻, node 4, cost 2, attack 3, toughness 3
LUNA = "No.1364"          # ルナチャイルド: 奇襲 only, node 1, cost 1
CHEN = "No.011"           # 橙: no 奇襲


def scenario(a, b, actions, active="A"):
    return yaml.safe_dump({"game": "vision", "title": "t",
                           "setup": {"active": active, "phase": "main",
                                     "players": {"A": a, "B": b}},
                           "actions": actions}, allow_unicode=True, sort_keys=False)


WAIT = {"player": "A", "do": "attack", "attacker": "チルノ", "resolve": "no"}


def listed(corpus, result, player):
    from judge.engine.registry import get_game
    game = get_game("vision", corpus)
    found = legal_moves(game, result.state, result.ruleset, corpus)
    return [m.action for m in found.moves if m.player == player], found


def test_the_waiting_attack_lists_the_surprise_play_and_the_block(corpus):
    result = run_text(scenario({"field": [CIRNO]},
                               {"hand": [SAKUYA, CHEN], "nodes": 6, "deck": 5}, [WAIT]),
                      corpus)
    assert result.outcomes == ["legal"]
    b_moves, found = listed(corpus, result, "B")
    plays = {m["card"] for m in b_moves if m["do"] == "play"}
    assert "十六夜 咲夜" in plays               # 奇襲: in interference to the attack
    assert "橙" not in plays                    # character.1: no interference
    blocks = [m for m in b_moves if m["do"] == "block"]
    assert blocks and all(m["blocker"] == "none" for m in blocks)   # no character yet
    a_moves = [m["do"] for m in listed(corpus, result, "A")[0]]
    assert "next_phase" not in a_moves and "attack" not in a_moves
    assert "resolve" in a_moves                 # both pass: the combat resolves


def test_a_resolved_quick_character_is_listed_as_a_blocker_and_the_board_saves(corpus, tmp_path):
    result = run_text(scenario({"field": [CIRNO]}, {"hand": [SAKUYA], "nodes": 4},
                               [WAIT, {"player": "B", "do": "play", "card": SAKUYA}]), corpus)
    assert result.outcomes == ["legal", "legal"]
    b_moves, _ = listed(corpus, result, "B")
    assert {m.get("blocker") for m in b_moves if m["do"] == "block"} == {"none", "十六夜 咲夜"}
    # The waiting attack survives saving the board as a setup and running it again.
    from judge.engine.registry import get_game
    setup = state_to_setup(get_game("vision", corpus), result.state)
    text = yaml.safe_dump({"game": "vision", "setup": setup,
                           "actions": [{"player": "B", "do": "block",
                                        "blocker": "十六夜 咲夜"}]},
                          allow_unicode=True, sort_keys=False)
    again = run_text(text, corpus)
    assert again.outcomes == ["legal"]
    assert [c.name for c in again.state.players["B"].zones["graveyard"]] == ["十六夜 咲夜"]
    assert again.state.players["B"].life == 25


def test_surprise_is_only_against_the_opponents_attack(corpus):
    # A's own 奇襲 character cannot be played in A's own attack: character.1 holds.
    result = run_text(scenario({"field": [CIRNO], "hand": [SAKUYA], "nodes": 4}, {},
                               [WAIT, {"player": "A", "do": "play", "card": SAKUYA}]),
                      corpus)
    assert result.outcomes == ["legal", "illegal"]
    assert result.steps[-1].clause == "character.1"


def test_without_a_waiting_attack_there_is_nothing_to_block(corpus):
    result = run_text(scenario({"field": [CIRNO]}, {"field": [LUNA]},
                               [{"player": "B", "do": "block", "blocker": "ルナチャイルド"}]),
                      corpus)
    assert result.outcomes == ["illegal"]


def test_a_block_is_declared_once(corpus):
    result = run_text(scenario({"field": [CIRNO]}, {"field": [CHEN, LUNA]},
                               [WAIT, {"player": "B", "do": "block", "blocker": "橙",
                                       "resolve": "no"},
                                {"player": "B", "do": "block", "blocker": "ルナチャイルド"}]),
                      corpus)
    assert result.outcomes == ["legal", "legal", "illegal"]


def test_the_one_action_attack_is_unchanged(corpus):
    result = run_text(scenario({"field": [CIRNO]}, {"field": [CHEN], "deck": 5},
                               [{"player": "A", "do": "attack", "attacker": "チルノ",
                                 "block": "橙"}]), corpus)
    assert result.outcomes == ["legal"]
    # 3 damage on 橙 (toughness 2): 決死; 2 on チルノ (toughness 2): 決死 too.
    assert [c.name for c in result.state.players["B"].zones["graveyard"]] == ["橙"]
    assert not any(c.props.get("attacking") for _, _, c in result.state.cards())


def test_passing_with_nothing_waiting_resolves_the_combat_unblocked(corpus):
    result = run_text(scenario({"field": [CIRNO]}, {"deck": 5},
                               [WAIT, {"player": "B", "do": "resolve", "graze": "yes"}]),
                      corpus)
    assert result.outcomes == ["legal", "legal"]
    assert result.state.players["B"].life == 22
    assert len(result.state.players["B"].zones["nodes"]) == 2      # graze 2 (6.5.3.b)


def test_qa337_revision_1_wrong_timing_in_the_opponents_turn(corpus):
    text = scenario({"graveyard": ["No.075"]}, {},
                    [{"player": "A", "do": "resolve_as_if_played", "card": "マナの生成",
                      "timing_restricted": "yes"}], active="B")
    for day in ("2014-04-09", None):
        result = run_text(text, corpus, ruleset=day) if day else run_text(text, corpus)
        assert [c.name for c in result.state.players["A"].zones["graveyard"]] == ["マナの生成"]
    old = run_text(text, corpus, ruleset="2014-04-09")
    assert any(s.rule == "vision/qa/QA-337" and "その制限に従います" in (s.quote or "")
               for s in old.steps)
    # Without the limit, revision 1 ignores the restriction: it resolves.
    free = scenario({"graveyard": ["No.075"]}, {},
                    [{"player": "A", "do": "resolve_as_if_played", "card": "マナの生成"}],
                    active="B")
    assert [c.name for c in run_text(free, corpus, ruleset="2014-04-09")
            .state.players["A"].zones["nodes"]] == ["マナの生成"]


def test_wrong_timing_checks_a_spells_phase(corpus):
    # 死符「ギャストリドリーム」 is a spell: character.1 / spell.1 say one's own main phase.
    text = scenario({"graveyard": ["No.070"]}, {"field": [CIRNO]},
                    [{"player": "A", "do": "resolve_as_if_played", "card": "No.070",
                      "timing_restricted": "yes", "resolved_target": "チルノ"}], active="B")
    result = run_text(text, corpus, ruleset="2014-04-09")
    assert [c.name for c in result.state.players["A"].zones["graveyard"]] == \
        ["死符「ギャストリドリーム」"]
    failed = [s for s in result.steps if s.event == "fail"]
    assert failed and failed[0].interpretation_id == "vision.wrong-timing"
    assert failed[0].revision == 1 and "その制限に従います" in failed[0].quote
    # In A's own main phase the same resolution has the right timing: it resolves.
    own = run_text(text.replace("active: B", "active: A"), corpus, ruleset="2014-04-09")
    assert not [s for s in own.steps if s.event == "fail"]
    assert any(s.event == "resolved" for s in own.steps)


def test_a_setup_holds_one_waiting_attack_by_a_character_on_the_field(corpus):
    import pytest
    from judge.engine import ScenarioError
    two = {"field": [{"name": "チルノ", "number": "No.010", "attacking": True},
                     {"name": "橙", "number": "No.011", "attacking": True}]}
    with pytest.raises(ScenarioError, match="one attack"):
        run_text(scenario(two, {}, []), corpus)
    in_hand = {"hand": [{"name": "チルノ", "number": "No.010", "attacking": True}]}
    with pytest.raises(ScenarioError, match="attacking"):
        run_text(scenario(in_hand, {}, []), corpus)
