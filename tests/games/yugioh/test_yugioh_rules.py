"""Rules of chapter 2 and the interpretations around them, on small boards."""
import pytest
import yaml

from judge.engine import ScenarioError, run_text
from judge.engine.scenario import parse_scenario, state_to_setup

from yugioh_boards import board

W = {"atk": 1800, "def": 1000, "level": 4}          # a plain level-4 monster


def mon(name, **kw):
    return {"name": name, **W, **kw}


def run(corpus, *args, **kw):
    return run_text(board(*args, **kw), corpus)


def zone(result, player, z):
    return [c.name for c in result.state.players[player].zones[z]]


def illegal_step(result):
    step = result.steps[-1]
    assert step.legal is False and result.outcomes[-1] == "illegal"
    return step


# --- battle -----------------------------------------------------------------------------

def test_attack_lower_charges_the_attacker_not_the_attacked(corpus):
    r = run(corpus, {"monsters": [mon("弱", atk=1000)]}, {"monsters": [mon("強", atk=1500)]},
            [{"player": "A", "do": "attack", "attacker": "弱", "target": "強"}])
    assert r.state.players["A"].life == 7500 and r.state.players["B"].life == 8000


def test_each_monster_attacks_once_a_turn(corpus):
    r = run(corpus, {"monsters": [mon("X", atk=3000)]}, {"monsters": [mon("Y", atk=100), mon("Z", atk=100)]},
            [{"player": "A", "do": "attack", "attacker": "X", "target": "Y"},
             {"player": "A", "do": "attack", "attacker": "X", "target": "Z"}])
    assert r.outcomes == ["legal", "illegal"]
    assert r.steps[-1].interpretation_id == "yugioh.attack-once"


def test_no_attack_on_the_first_turn(corpus):
    r = run(corpus, {"monsters": [mon("X")]}, {}, [{"player": "A", "do": "attack", "attacker": "X"}],
            turn=1)
    assert illegal_step(r).interpretation_id == "yugioh.first-turn-no-attack"
    assert r.state.players["B"].life == 8000


def test_attack_outside_the_battle_phase_is_illegal(corpus):
    r = run(corpus, {"monsters": [mon("X")]}, {}, [{"player": "A", "do": "attack", "attacker": "X"}],
            phase="main1")
    # the interpretation whose reason says it: battles belong to the battle phase
    assert illegal_step(r).interpretation_id == "yugioh.turn-player"


def test_only_the_turn_player_attacks(corpus):
    r = run(corpus, {"monsters": [mon("X")]}, {"monsters": [mon("Y")]},
            [{"player": "B", "do": "attack", "attacker": "Y", "target": "X"}])
    assert illegal_step(r).interpretation_id == "yugioh.turn-player"


def test_battle_damage_stops_at_zero_and_the_duel_is_won(corpus):
    r = run(corpus, {"monsters": [mon("X", atk=3000)]}, {"life": 1000},
            [{"player": "A", "do": "attack", "attacker": "X"}])
    assert r.state.players["B"].life == 0
    assert r.state.winner == "A"
    assert any(s.interpretation_id == "yugioh.life-zero" for s in r.steps)


def test_face_down_target_with_destroy_flip_effect_can_end_the_battle(corpus):
    r = run(corpus, {"monsters": [mon("X", atk=3000)]},
            {"monsters": [mon("虫", atk=0, face_down=True, flip_effect="destroy")]},
            [{"player": "A", "do": "attack", "attacker": "X", "target": "虫",
              "choices": {"flip_target": "X"}}])
    assert zone(r, "A", "graveyard") == ["X"]
    assert zone(r, "B", "monsters") == ["虫"]          # no damage calculation followed
    assert r.steps[-1].interpretation_id == "yugioh.battle-ends-without-monster"
    assert r.state.players["A"].life == 8000 and r.state.players["B"].life == 8000


def test_open_flip_choice_is_an_input_error_naming_the_options(corpus):
    with pytest.raises(ScenarioError) as err:
        run(corpus, {"monsters": [mon("X")]},
            {"monsters": [mon("虫", face_down=True, flip_effect="destroy")]},
            [{"player": "A", "do": "attack", "attacker": "X", "target": "虫"}])
    assert "flip_target" in str(err.value) and "X" in str(err.value)


def test_attacking_a_card_that_is_not_there_names_what_is(corpus):
    with pytest.raises(ScenarioError) as err:
        run(corpus, {"monsters": [mon("X")]}, {"monsters": [mon("Y")]},
            [{"player": "A", "do": "attack", "attacker": "X", "target": "Nobody"}])
    assert "Y" in str(err.value) and "actions[0].target" in str(err.value)


# --- summons ----------------------------------------------------------------------------

def test_one_normal_summon_a_turn(corpus):
    r = run(corpus, {"hand": [mon("P"), mon("Q")]}, {},
            [{"player": "A", "do": "summon", "card": "P"},
             {"player": "A", "do": "set", "card": "Q"}], phase="main1")
    assert r.outcomes == ["legal", "illegal"]
    assert zone(r, "A", "hand") == ["Q"]


@pytest.mark.parametrize("level, tributes, legal", [
    (4, 0, True), (4, 1, False), (5, 0, False), (6, 1, True), (7, 1, False), (8, 2, True)])
def test_tributes_by_level(corpus, level, tributes, legal):
    field = [mon(f"T{i}") for i in range(tributes)]
    r = run(corpus, {"hand": [mon("Big", level=level)], "monsters": field}, {},
            [{"player": "A", "do": "summon", "card": "Big",
              "tributes": [f"T{i}" for i in range(tributes)]}], phase="main1")
    assert r.outcomes == ["legal" if legal else "illegal"]
    if legal:
        assert zone(r, "A", "monsters") == ["Big"]
        assert sorted(zone(r, "A", "graveyard")) == sorted(f"T{i}" for i in range(tributes))


def test_ritual_monster_cannot_be_normal_summoned(corpus):
    r = run(corpus, {"hand": ["スカルライダー"]}, {},
            [{"player": "A", "do": "summon", "card": "スカルライダー", "tributes": []}],
            phase="main1")
    step = illegal_step(r)
    assert step.rule == "yugioh/rule/ritual"


def test_change_position_once_and_not_the_turn_it_arrived(corpus):
    r = run(corpus, {"hand": [mon("P")], "monsters": [mon("Old")]}, {},
            [{"player": "A", "do": "summon", "card": "P"},
             {"player": "A", "do": "change_position", "card": "P"},
             {"player": "A", "do": "change_position", "card": "Old"},
             {"player": "A", "do": "change_position", "card": "Old"}], phase="main1")
    assert r.outcomes == ["legal", "illegal", "legal", "illegal"]
    old = r.state.players["A"].zones["monsters"][0]
    assert old.get("position") == "defense"


def test_flip_by_owner_goes_to_attack_position(corpus):
    r = run(corpus, {"monsters": [mon("F", face_down=True)]}, {},
            [{"player": "A", "do": "flip", "card": "F"}], phase="main1")
    card = r.state.players["A"].zones["monsters"][0]
    assert card.get("position") == "attack" and not card.get("face_down")


def test_a_setup_fact_marks_a_monster_set_this_turn(corpus):
    r = run(corpus, {"monsters": [mon("F", face_down=True)]}, {},
            [{"player": "A", "do": "flip", "card": "F"}], phase="main1",
            this_turn=[{"player": "A", "set": "F"}])
    assert illegal_step(r).clause == "flip-effects.2"


def test_end_turn_gives_a_fresh_turn(corpus):
    r = run(corpus, {"hand": [mon("P")], "deck": 2}, {"deck": 3},
            [{"player": "A", "do": "summon", "card": "P"},
             {"player": "A", "do": "end_turn"},
             {"player": "B", "do": "draw"},
             {"player": "B", "do": "draw"}], phase="main1")
    assert r.outcomes == ["legal", "legal", "legal", "illegal"]
    assert r.state.active == "B" and r.state.turn == 4 and r.state.phase == "draw"
    assert r.state.this_turn == [{"player": "B", "drew": True}]
    assert len(r.state.players["B"].zones["hand"]) == 1


def test_phases_only_go_forward(corpus):
    r = run(corpus, {}, {}, [{"player": "A", "do": "next_phase"},
                             {"player": "A", "do": "next_phase", "to": "main1"}],
            phase="main1")
    assert r.outcomes == ["legal", "illegal"] and r.state.phase == "battle"


# --- equip spells and field cards -------------------------------------------------------

SWORD = {"name": "剣", "kind": "spell", "spell_type": "equip", "equip_atk": 500}


def test_equip_follows_its_monster_to_the_graveyard(corpus):
    r = run(corpus, {"monsters": [mon("X", atk=3000)]},
            {"monsters": [mon("Y", atk=1000)], "spells": [{**SWORD, "attached_to": "Y"}]},
            [{"player": "A", "do": "attack", "attacker": "X", "target": "Y"}])
    # Y fights at 1500, loses: B takes 3000 - 1500
    assert r.state.players["B"].life == 6500
    assert zone(r, "B", "graveyard") == ["Y", "剣"]
    assert any(s.interpretation_id == "yugioh.equip-follows-monster" for s in r.steps)


def test_equip_on_the_opponents_face_up_monster_is_allowed(corpus):
    r = run(corpus, {"hand": [SWORD]}, {"monsters": [mon("Y")]},
            [{"player": "A", "do": "equip", "card": "剣", "target": "Y"}], phase="main1")
    assert r.outcomes == ["legal"]
    assert r.state.players["A"].zones["spells"][0].get("attached_to") == \
        r.state.players["B"].zones["monsters"][0].uid


def test_a_field_card_of_the_same_player_is_replaced_too(corpus):
    old = {"name": "旧地形", "spell_type": "field", "field_atk": 100}
    new = {"name": "新地形", "kind": "spell", "spell_type": "field", "field_atk": 200}
    r = run(corpus, {"field": [old], "hand": [new], "monsters": [mon("X", atk=1000)]}, {},
            [{"player": "A", "do": "activate", "card": "新地形"}], phase="main1")
    assert zone(r, "A", "field") == ["新地形"] and zone(r, "A", "graveyard") == ["旧地形"]
    assert r.state.flags["terrain"]["name"] == "新地形"
    from judge.games.yugioh.board import current_atk
    assert current_atk(r.state, r.state.players["A"].zones["monsters"][0]) == 1200


def test_two_field_cards_on_the_duel_field_is_a_setup_error(corpus):
    f = {"name": "F", "spell_type": "field"}
    with pytest.raises(ScenarioError) as err:
        parse_scenario(board({"field": [f]}, {"field": [dict(f, name="G")]}), "x.yaml", corpus)
    assert "one field card" in str(err.value)


# --- fusion and ritual --------------------------------------------------------------------

FUSION_DECK = [{"name": "C", "atk": 2500, "def": 2000, "level": 7, "materials": ["A1", "B1"]}]
FUSION_SPELL = {"name": "融合", "kind": "spell", "spell_type": "fusion"}


def test_fusion_materials_from_the_hand_are_an_interpretation(corpus):
    r = run(corpus, {"hand": [FUSION_SPELL, mon("B1")], "monsters": [mon("A1")],
                     "fusion_deck": FUSION_DECK}, {},
            [{"player": "A", "do": "fusion", "spell": "融合", "materials": ["A1", "B1"],
              "monster": "C"}], phase="main1")
    assert r.outcomes == ["legal"]
    assert any(s.interpretation_id == "yugioh.fusion-materials-hand-or-field" for s in r.steps)


def test_fusion_does_not_use_the_normal_summon(corpus):
    r = run(corpus, {"hand": [FUSION_SPELL, mon("P")], "monsters": [mon("A1"), mon("B1")],
                     "fusion_deck": FUSION_DECK}, {},
            [{"player": "A", "do": "fusion", "spell": "融合", "materials": ["A1", "B1"],
              "monster": "C"},
             {"player": "A", "do": "summon", "card": "P"}], phase="main1")
    assert r.outcomes == ["legal", "legal"]


def test_a_fusion_monster_in_the_hand_is_a_setup_error(corpus):
    with pytest.raises(ScenarioError) as err:
        parse_scenario(board({"hand": FUSION_DECK}), "x.yaml", corpus)
    assert "fusion deck" in str(err.value) and "setup.players.A.hand[0]" in str(err.value)


def test_non_fusion_monster_returned_to_hand_goes_to_the_hand(corpus):
    bounce = {"name": "戻す", "kind": "spell", "effect": "bounce"}
    r = run(corpus, {"hand": [bounce]}, {"monsters": [mon("Y")]},
            [{"player": "A", "do": "activate", "card": "戻す", "target": "Y"}], phase="main1")
    assert zone(r, "B", "hand") == ["Y"]
    assert r.state.players["B"].zones["hand"][0].get("position") is None


def test_ritual_with_a_scenario_level_cites_no_public_fact(corpus):
    r = run(corpus, {"hand": [{"name": "スカルライダー", "level": 2}, "スカルライダーの復活"],
                     "monsters": [mon("T", level=2)]}, {},
            [{"player": "A", "do": "ritual", "spell": "スカルライダーの復活", "tributes": ["T"],
              "monster": "スカルライダー"}], phase="main1")
    assert r.outcomes == ["legal"]
    levels = [s for s in r.steps if "add up" in s.detail][0]
    assert not levels.interpretation


def test_wrong_ritual_spell_is_illegal(corpus):
    r = run(corpus, {"hand": [{"name": "儀式X", "kind": "ritual", "level": 4, "atk": 1, "def": 1},
                              "スカルライダーの復活"], "monsters": [mon("T", level=4)]}, {},
            [{"player": "A", "do": "ritual", "spell": "スカルライダーの復活", "tributes": ["T"],
              "monster": "儀式X"}], phase="main1")
    assert "専用の儀式カード" in illegal_step(r).quote


# --- cards and scenarios ------------------------------------------------------------------

def test_card_names_are_matched_across_widths(corpus):
    r = run(corpus, {"hand": ["サンダー･ボルト"]}, {"monsters": [mon("Y")]},
            [{"player": "A", "do": "activate", "card": "サンダー・ボルト"}], phase="main1")
    assert zone(r, "A", "graveyard") == ["サンダー・ボルト"] and zone(r, "B", "graveyard") == ["Y"]


def test_a_misspelt_effect_word_is_refused_with_the_vocabulary(corpus):
    with pytest.raises(ScenarioError) as err:
        parse_scenario(board({"hand": [{"name": "S", "kind": "spell", "effect": "destory"}]}),
                       "x.yaml", corpus)
    assert "destroy_all" in str(err.value) and "x.yaml" in str(err.value)


def test_a_described_effect_is_only_logged(corpus):
    r = run(corpus, {"hand": [{"name": "S", "kind": "spell", "effect": "相手は手札を1枚捨てる"}]},
            {}, [{"player": "A", "do": "activate", "card": "S"}], phase="main1")
    assert any("相手は手札を1枚捨てる" in s.detail for s in r.steps)
    assert r.state.players["B"].zones["hand"] == []


def test_face_down_attack_position_is_a_setup_error_with_its_line(corpus):
    text = board({"monsters": [mon("X", face_down=True, position="attack")]})
    with pytest.raises(ScenarioError) as err:
        parse_scenario(text, "x.yaml", corpus)
    assert err.value.line and "defense" in str(err.value)


def test_six_monsters_is_a_setup_error(corpus):
    with pytest.raises(ScenarioError) as err:
        parse_scenario(board({"monsters": [mon(f"M{i}") for i in range(6)]}), "x.yaml", corpus)
    assert "holds 5" in str(err.value)


def test_final_state_saved_as_setup_loads_to_the_same_board(corpus):
    r = run(corpus, {"hand": [SWORD], "monsters": [mon("X"), mon("X")],
                     "field": [{"name": "草原", "spell_type": "field", "field_atk": 300}]},
            {"hand": ["スカルライダー"]},
            [{"player": "A", "do": "equip", "card": "剣", "target": "X#2"}], phase="main1")
    setup = state_to_setup(r.scenario.game, r.state)
    again = parse_scenario(yaml.safe_dump({"game": "yugioh", "setup": setup},
                                          allow_unicode=True), "saved", corpus).start()
    strip = lambda s: {p: {z: [{k: v for k, v in c.items() if k != "uid"} for c in cards]
                           for z, cards in pl["zones"].items()}
                       for p, pl in s.as_json()["players"].items()}
    assert strip(again) == strip(r.state)
    held = again.players["A"].zones["spells"][0].get("attached_to")
    assert held == again.players["A"].zones["monsters"][1].uid
