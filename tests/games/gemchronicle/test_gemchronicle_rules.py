"""Gem Chronicle rules through the engine: boards written in tests, checked against the page.

Each expectation comes from the rules text (quoted in the test's docstring or name), not
from running the engine; where the test rests on an interpretation it says which.
"""
import pytest

from judge.engine import ScenarioError, run_text
from judge.games.gemchronicle.interpretations import INTERPRETATIONS

from gc_boards import illegal_step, run, scenario, spell, unit


def players(a=None, b=None, **counters):
    base = {"A": {"deck": 5}, "B": {"deck": 5}}
    base["A"].update(a or {})
    base["B"].update(b or {})
    return base


# --- the turn --------------------------------------------------------------------------

def test_a_turn_runs_through_the_six_phases_in_order(corpus):
    """ドロー → マナ → タクティクス１ → 調律 → タクティクス２ → エンド, then the other player."""
    r = run(corpus, players(), [{"player": "A", "do": "next_phase"}] * 6, turn=3, phase="draw")
    phases = [s.text.params["phase"].render("ja") for s in r.steps if s.event == "phase"]
    assert phases == ["マナフェイズ", "タクティクスフェイズ１", "調律（バトル）フェイズ",
                      "タクティクスフェイズ２", "エンドフェイズ", "ドローフェイズ"]
    assert (r.state.active, r.state.turn) == ("B", 4)


def test_ending_the_turn_early_still_passes_the_mana_phase(corpus):
    """Skipping actions does not skip a phase: the mana phase still gives its mana."""
    r = run(corpus, players(), [{"player": "A", "do": "end_turn"}], turn=3, phase="draw")
    assert r.state.players["A"].counters["mana"] > 12
    assert (r.state.active, r.state.phase) == ("B", "draw")


def test_the_game_starts_only_from_forty_card_decks(corpus):
    """デッキ： ４０枚で一つのデッキ: a board before the game with 3 cards is refused."""
    r = run(corpus, {"A": {"deck": 40}, "B": {"deck": 40}},
            [{"player": "A", "do": "start_game"}], turn=1, phase="setup")
    assert r.state.winner is None
    with pytest.raises(ScenarioError, match="deck holds 3 cards"):
        run(corpus, {"A": {"deck": 40}, "B": {"deck": 3}}, [{"player": "A", "do": "start_game"}],
            turn=1, phase="setup")


def test_no_action_after_the_game_is_over(corpus):
    r = run(corpus, players(b={"life": 100}, a={"battle": [unit("騎士", atk=500)]}),
            [{"player": "A", "do": "attack", "attacker": "騎士"},
             {"player": "A", "do": "end_turn"}])
    assert r.state.winner == "A" and r.outcomes == ["legal", "illegal"]


# --- mana -------------------------------------------------------------------------------

@pytest.mark.parametrize("start, turn, first, gained", [
    (12, 1, "A", 2),      # the first player's first mana phase: 増加数 2
    (12, 2, "A", 2),      # the second player's first (per player: mana-schedule)
    (0, 3, "A", 4),       # 2ターン目から 4
    (0, 5, "A", 8),       # then 4 more each own mana phase
    (0, 13, "A", 12),     # never more than 12 at once (増加上限)
    (22, 13, "A", 2),     # never more than 24 held (最大所持値)
    (24, 5, "A", 0),
])
def test_the_mana_phase_increase(corpus, start, turn, first, gained):
    active = "A" if turn % 2 == 1 else "B"
    r = run(corpus, {"A": {"deck": 3, "mana": start}, "B": {"deck": 3, "mana": start}},
            [{"player": active, "do": "next_phase"}], active=active, turn=turn, phase="draw",
            flags={"first_player": first})
    assert r.state.players[active].counters["mana"] == start + gained
    mana_steps = [s for s in r.steps if s.event == "mana"]
    assert mana_steps and all(s.interpretation_id == "gemchronicle.mana-schedule"
                              for s in mana_steps)


def test_summoning_pays_the_ml(corpus):
    r = run(corpus, players(a={"hand": [unit("騎士", ml=5)], "mana": 7}),
            [{"player": "A", "do": "summon", "card": "騎士"}], phase="tactics1")
    assert r.state.players["A"].counters["mana"] == 2
    r = run(corpus, players(a={"hand": [unit("騎士", ml=8)], "mana": 7}),
            [{"player": "A", "do": "summon", "card": "騎士"}], phase="tactics1")
    assert illegal_step(r).rule == "gemchronicle/rule/mana-level"


# --- battle -----------------------------------------------------------------------------

def test_a_face_down_defender_is_turned_face_up_and_defends_with_its_def(corpus):
    r = run(corpus, players(a={"battle": [unit("騎士", atk=1500)]},
                            b={"battle": [unit("盾", atk=0, df=2000, position="defense",
                                               face_down=True)]}),
            [{"player": "A", "do": "attack", "attacker": "騎士", "target": "盾"}])
    assert r.state.players["A"].life == 3500
    shield = r.state.players["B"].zones["battle"][0]
    assert not shield.get("face_down")
    flip = [s for s in r.steps if s.event == "flip"][0]
    assert flip.interpretation_id == "gemchronicle.face-down-defense"


def test_a_breaker_against_the_edge_square_has_one_neighbour(corpus):
    """両隣: square 1 has only square 2 beside it; square 3 is not a neighbour."""
    r = run(corpus, players(a={"battle": [unit("破砕者", atk=2000, attack_type="ブレイカー")]},
                            b={"battle": [unit("端", atk=500, slot=1), unit("隣", atk=3000, slot=2),
                                          unit("遠い", atk=3000, slot=3)]}),
            [{"player": "A", "do": "attack", "attacker": "破砕者", "target": "端"}])
    b = {c.name: c for c in r.state.players["B"].zones["battle"]}
    assert "端" not in b and b["隣"].get("damage") == 1000 and not b["遠い"].get("damage")


def test_a_shooter_spared_counter_damage_even_on_equal_values(corpus):
    r = run(corpus, players(a={"battle": [unit("射手", atk=1000, attack_type="shooter")]},
                            b={"battle": [unit("剣士", atk=1000)]}),
            [{"player": "A", "do": "attack", "attacker": "射手", "target": "剣士"}])
    assert [c.name for c in r.state.players["A"].zones["battle"]] == ["射手"]
    assert [c.name for c in r.state.players["B"].zones["break"]] == ["剣士"]


def test_half_width_katakana_and_japanese_values_are_read(corpus):
    r = run(corpus, players(a={"battle": [unit("砲術師", atk=1000, attack_type="ﾌﾞﾗｽﾀｰ",
                                               position="攻撃表示")]}),
            [{"player": "A", "do": "attack", "attacker": "砲術師"}])
    assert r.state.players["A"].counters["mana"] == 10
    assert r.state.players["B"].life == 3000


def test_an_attack_on_a_stealth_unit_of_ones_own_is_not_needed_but_own_spells_target_it(corpus):
    """The stealth unit is hidden from the opponent only (相手から対象となっていた場合…)."""
    r = run(corpus, players(a={"battle": [unit("密偵", stealth=True, face_down=True)],
                               "hand": [spell("加護", "詠唱", "charge")]}),
            [{"player": "A", "do": "cast", "card": "加護", "target": "密偵"}], phase="tactics1")
    assert r.outcomes == ["legal"]
    assert r.state.players["A"].zones["battle"][0].get("charged")


def test_a_response_that_breaks_the_attacker_ends_the_attack(corpus):
    r = run(corpus, players(a={"battle": [unit("騎士", atk=3000)]},
                            b={"battle": [unit("剣士", atk=1000)],
                               "magic": [spell("迎撃", "結界", "break", face_down=True)]}),
            [{"player": "A", "do": "attack", "attacker": "騎士", "target": "剣士",
              "response": "迎撃", "response_target": "騎士"}])
    assert [c.name for c in r.state.players["A"].zones["break"]] == ["騎士"]
    assert r.state.players["B"].life == 4000
    assert [c.name for c in r.state.players["B"].zones["battle"]] == ["剣士"]


def test_a_chant_cannot_answer_an_attack(corpus):
    """詠唱: 相手ターンに発動することはできません; the whole attack as written is illegal."""
    r = run(corpus, players(a={"battle": [unit("騎士", atk=3000)]},
                            b={"battle": [unit("剣士", atk=1000)],
                               "magic": [spell("詠唱", "詠唱", "break", face_down=True)]}),
            [{"player": "A", "do": "attack", "attacker": "騎士", "target": "剣士",
              "response": "詠唱", "response_target": "騎士"}])
    step = illegal_step(r)
    assert (step.rule, step.clause) == ("gemchronicle/rule/spell-categories", "chant")
    assert r.state.players["B"].zones["battle"][0].name == "剣士"


# --- field card, statuses ----------------------------------------------------------------

def test_a_field_card_broken_twice_stays_in_its_zone(corpus):
    r = run(corpus, players(a={"field": [{"name": "神殿"}],
                               "hand": [spell("破砕", "詠唱", "break")]},
                            b={"field": [{"name": "庭園"}]}),
            [{"player": "A", "do": "cast", "card": "破砕", "target": "庭園"}], phase="tactics1")
    garden = r.state.players["B"].zones["field"][0]
    assert garden.get("face_down") and garden.get("returned")
    assert r.state.players["B"].zones["break"] == []


def test_every_interpretation_is_documented():
    text = (pytest.importorskip("pathlib").Path(__file__).resolve().parents[3] / "docs" /
            "games" / "gemchronicle.md").read_text(encoding="utf-8")
    for ident, interp in INTERPRETATIONS.items():
        assert ident.startswith("gemchronicle.")
        assert f"**{ident.split('.', 1)[1]}.**" in text, ident
        assert interp.reason and interp.basis


# --- bad input: a clear error naming what and where -------------------------------------

@pytest.mark.parametrize("a, words", [
    ({"battle": [{"name": "騎士", "attack_type": "ランサー"}]}, "attack_type"),
    ({"battle": [{"name": "騎士", "slot": 6}]}, "slot"),
    ({"battle": [{"name": "騎士", "slot": 2}, {"name": "剣士", "slot": 2}]}, "square 2"),
    ({"battle": [{"name": "騎士", "face_down": True}]}, "face-down in attack position"),
    ({"battle": [{"name": "騎士", "statuses": {"毒": 1}}]}, "statuses"),
    ({"battle": [{"name": "魔女", "kind": "禁呪ユニット"}]}, "is a forbidden unit"),
    ({"forbidden": [{"name": "騎士", "kind": "unit"}]}, "forbidden"),
    ({"hand": [{"name": "騎士", "damage": 300}]}, "not on the field"),
    ({"battle": [{"name": "騎士", "atk": -5}]}, "negative"),
    ({"mana": 30}, "mana"),
    ({"forbidden_deck": 13}, "at most 12"),
    ({"battle": [{"name": "騎士", "color": "red"}]}, "unknown card field"),
])
def test_a_bad_setup_is_an_error_naming_the_field_and_line(corpus, a, words):
    text = scenario(players(a=a), [])
    with pytest.raises(ScenarioError) as err:
        run_text(text, corpus)
    message = str(err.value)
    assert words in message and err.value.line and err.value.file
    assert "Traceback" not in message


@pytest.mark.parametrize("b_magic, action, words", [
    ([{"name": "反撃", "kind": "spell", "category": "アクセラレーション", "conditional": True,
       "effect": "stun", "face_down": True}],
     {"player": "B", "do": "cast", "card": "反撃", "target": "騎士"}, "condition_met"),
    ([{"name": "謎", "kind": "spell", "face_down": True}],
     {"player": "B", "do": "cast", "card": "謎", "target": "騎士"}, "category"),
    ([], {"player": "A", "do": "attack", "attacker": "騎士", "target": "幽霊"}, "幽霊"),
    ([{"name": "反撃", "kind": "spell", "category": "結界", "effect": "break", "face_down": True}],
     {"player": "A", "do": "attack", "attacker": "騎士", "response": "反撃",
      "response_target": "どこにもいない"}, "response_target"),
    ([], {"player": "A", "do": "cure", "unit": "騎士", "status": "毒"}, "status"),
])
def test_an_action_the_scenario_got_wrong_names_the_field(corpus, b_magic, action, words):
    text = scenario(players(a={"battle": [unit("騎士")]}, b={"magic": b_magic}), [action])
    with pytest.raises(ScenarioError) as err:
        run_text(text, corpus)
    assert words in str(err.value) and err.value.line


def test_a_setup_before_the_game_with_a_bad_deck_lists_every_violation(corpus):
    deck = [{"name": "騎士"}] * 2 + [{"name": f"カード{i}"} for i in range(30)] + \
        [{"name": "神殿", "kind": "field"}]
    text = scenario({"A": {"deck": deck, "forbidden_deck": 13}, "B": {"deck": 40}}, [],
                    phase="setup", turn=1)
    with pytest.raises(ScenarioError) as err:
        run_text(text, corpus)
    message = str(err.value)
    for words in ("33 cards", "2 units are named 「騎士」", "forbidden deck holds 13",
                  "「神殿」 is a field card"):
        assert words in message
