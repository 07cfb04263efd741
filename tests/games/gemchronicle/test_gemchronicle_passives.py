"""Passive skills, the field card's reach, 重複, 貫通's first half and boost attacks.

The effects themselves (ATK +300, hinder_attack, …) are card texts a test declares, as a
scenario does; what each test checks is what the page says happens to them: where they
reach, when they do not work, which one prevails, what a piercing attack ignores.
"""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.engine import ScenarioError, run_text
from judge.engine.moves import legal_moves
from judge.engine.runner import run_scenario
from judge.engine.scenario import load_scenario

from gc_boards import illegal_step, run, scenario, spell, unit


def board(a=None, b=None):
    base = {"A": {"deck": 5}, "B": {"deck": 5}}
    base["A"].update(a or {})
    base["B"].update(b or {})
    return base


def attack(target="剣士", attacker="騎士", **more):
    return {"player": "A", "do": "attack", "attacker": attacker, "target": target, **more}


def field_card(*passive, face_down=False):
    return {"name": "神殿", "face_down": face_down, "passive": list(passive)}


# --- the field card: 自分フィールド全てに効果, 相手フィールドには影響はありません ---------------

@settings(deadline=None)
@given(amount=st.integers(1, 10).map(lambda n: n * 100), atk=st.integers(5, 20).map(lambda n: n * 100))
def test_a_field_card_reaches_every_own_unit_and_no_opposing_one(corpus, amount, atk):
    """「フィールドカードは自分フィールド全てに効果を与えます。特に記載がない場合相手フィールドには
    影響はありません」."""
    r = run(corpus, board(a={"field": [field_card({"effect": "atk", "amount": amount})],
                             "battle": [unit("騎士", atk), unit("弓兵", atk + 100)],
                             "forbidden": [{**unit("魔女", atk), "kind": "forbidden_unit"}]},
                          b={"battle": [unit("剣士", atk)]}), [],
            expect={"A.battle.騎士.now.atk": atk + amount, "A.battle.弓兵.now.atk": atk + 100 + amount,
                    "A.forbidden.魔女.now.atk": atk + amount, "B.battle.剣士.now.atk": atk})
    assert not r.expect_failed


def test_a_field_card_that_names_the_opponent_reaches_both_fields(corpus):
    r = run(corpus, board(a={"field": [field_card({"effect": "def", "amount": 500, "scope": "all"})],
                             "battle": [unit("騎士", 1000, 1000)]},
                          b={"battle": [unit("剣士", 1000, 1000)]}), [],
            expect={"A.battle.騎士.now.def": 1500, "B.battle.剣士.now.def": 1500})
    assert not r.expect_failed


def test_a_field_card_not_yet_activated_gives_nothing(corpus):
    """The field zone is where the field card 「発動される」: face-down it is not active."""
    r = run(corpus, board(a={"field": [field_card({"effect": "atk", "amount": 500}, face_down=True)],
                             "battle": [unit("騎士", 1000)]}), [],
            expect={"A.battle.騎士.now.atk": 1000})
    assert not r.expect_failed


# --- パッシブスキル: 自他問わず; マナがなければ発動できません; 凍結ロック ----------------------------

@pytest.mark.parametrize("mana, in_force", [(0, False), (2, False), (3, True), (24, True)])
def test_a_passive_that_needs_mana_works_only_with_the_mana(corpus, mana, in_force):
    r = run(corpus, board(a={"mana": mana, "battle": [unit("騎士", 1000, passive=[
        {"effect": "atk", "amount": 500, "cost": 3}])]}), [],
        expect={"A.battle.騎士.now.atk": 1500 if in_force else 1000, "A.mana": mana})
    assert not r.expect_failed


@pytest.mark.parametrize("as_, frozen, counts", [
    ("trait", True, False), ("resistance", True, False), ("skill", True, True),
    ("trait", False, True), ("属性特性", True, False)])
def test_freeze_lock_suspends_traits_and_resistances(corpus, as_, frozen, counts):
    """凍結ロック: 「属性特性、属性耐性の効果も一時的に無効になります」 (a passive skill is no
    action, so it still works: interpretation passive-in-force)."""
    more = {"statuses": {"freeze_lock": 2}} if frozen else {}
    r = run(corpus, board(a={"battle": [unit("騎士", 1000, passive=[
        {"effect": "atk", "amount": 300, "as": as_}], **more)]}), [],
        expect={"A.battle.騎士.now.atk": 1300 if counts else 1000})
    assert not r.expect_failed


# --- 重複 ---------------------------------------------------------------------------------

@settings(deadline=None)
@given(st.lists(st.tuples(st.integers(0, 8), st.integers(1, 9)), min_size=2, max_size=4))
def test_overlapping_unit_effects_the_higher_ml_prevails(corpus, sources):
    """「ユニット同士の場合、マナレベルの高い方が優先されます」 (on equal ML, the higher effect)."""
    units = [unit(f"楽師{i}", 100, 100, ml, position="defense",
                  passive=[{"effect": "atk", "amount": n * 100, "scope": "own"}])
             for i, (ml, n) in enumerate(sources)]
    units.append(unit("兵士", 1000, 1000, 0))
    ml, n = max(sources)
    r = run(corpus, board(a={"battle": units}), [],
            expect={"A.battle.兵士.now.atk": 1000 + n * 100})
    assert not r.expect_failed


def test_a_raise_and_a_lowering_do_not_overlap(corpus):
    r = run(corpus, board(a={"field": [field_card({"effect": "atk", "amount": 300, "scope": "all"})],
                             "battle": [unit("騎士", 1000)]},
                          b={"field": [{**field_card({"effect": "atk", "amount": -500, "scope": "all"}),
                                        "name": "沼"}]}), [],
            expect={"A.battle.騎士.now.atk": 800})
    assert not r.expect_failed


# --- 貫通: 攻撃を阻害する効果を無視して -------------------------------------------------------

def hindered_board(attributes=()):
    return board(a={"battle": [unit("騎士", 1800, attributes=list(attributes))]},
                 b={"battle": [unit("剣士", 1200)],
                    "magic": [{**spell("茨", "barrier"), "permanent": True,
                               "passive": [{"effect": "hinder_attack", "scope": "opponent"}]}]})


def test_an_effect_hindering_attacks_stops_an_attack_without_pierce(corpus):
    r = run(corpus, hindered_board(), [attack()])
    step = illegal_step(r)
    assert step.interpretation_id == "gemchronicle.pierce-hinder"
    assert r.state.players["B"].life == 4000


def test_a_piercing_attack_ignores_it_and_the_move_list_agrees(corpus, tmp_path):
    r = run(corpus, hindered_board(["pierce"]), [attack()])
    assert r.outcomes == ["legal"] and r.state.players["B"].life == 3400
    for pierce, listed in (((), False), (("pierce",), True)):
        path = tmp_path / f"b{len(pierce)}.yaml"
        path.write_text(scenario(hindered_board(pierce), []), encoding="utf-8")
        sc = load_scenario(path, corpus)
        res = run_scenario(sc, corpus)
        found = legal_moves(sc.game, res.state, res.ruleset, corpus, ["A"])
        attacks = [m.action for m in found.moves if m.action["do"] == "attack"]
        assert bool(attacks) is listed
        if not listed:
            assert any(m.action["do"] == "attack" and m.interpretation for m in found.refused)


@pytest.mark.parametrize("effect, on, negated", [
    ("bounce", "騎士", True), ("break", "騎士", True), ("stun", "騎士", True),
    ("freeze_lock", "騎士", True), ("remove", "騎士", True),
    ("stealth", "剣士", True), ("bounce", "剣士", True),
    ("burn_damage", "B", False), ("charge", "剣士", False)])
def test_a_piercing_attack_negates_a_hindering_answer(corpus, effect, on, negated):
    """The answer is still cast (to the break zone); only a hindering effect is negated."""
    answer = {**spell("反撃", "acceleration", effect), "amount": 300}
    r = run(corpus, board(a={"battle": [unit("騎士", 1800, attributes=["pierce"])]},
                          b={"battle": [unit("剣士", 1200, ml=3)], "hand": [answer]}),
            [attack(response="反撃", response_target=on)])
    assert r.outcomes == ["legal"]
    assert [c.name for c in r.state.players["B"].zones["break"]][0] == "反撃"
    pierced = [s for s in r.steps if s.event == "pierce"]
    assert bool(pierced) is negated
    if negated:       # the battle happened: 1800 against 1200
        assert "剣士" in [c.name for c in r.state.players["B"].zones["break"]]
        assert r.state.players["B"].life == 3400


# --- ブーストアタック -------------------------------------------------------------------------

@pytest.mark.parametrize("card, legal", [
    ({"kind": "unit"}, False), ({"kind": "unit", "ace": True}, True),
    ({"kind": "forbidden_unit"}, True)])
def test_boost_attacks_belong_to_forbidden_units_equip_cards_and_aces(corpus, card, legal):
    zone = "forbidden" if card["kind"] == "forbidden_unit" else "battle"
    me = {**unit("使い手", 2000, ml=6), **card, "boost": {"effect": "burn_damage", "amount": 700,
                                                        "cost": 5}}
    r = run(corpus, board(a={zone: [me]}),
            [{"player": "A", "do": "skill", "unit": "使い手", "type": "boost", "target": "B"}],
            phase="tactics1")
    assert r.outcomes == ["legal" if legal else "illegal"]
    assert r.state.players["B"].life == (3300 if legal else 4000)
    assert r.state.players["A"].counters["mana"] == (7 if legal else 12)


def test_a_boost_attack_is_refused_on_the_opponents_turn(corpus):
    me = {**unit("魔女", 2000, ml=8), "kind": "forbidden_unit", "boost": {"effect": "break"}}
    r = run(corpus, board(a={"forbidden": [me]}, b={"battle": [unit("剣士")]}),
            [{"player": "A", "do": "skill", "unit": "魔女", "type": "boost", "target": "剣士"}],
            active="B", turn=4, phase="tactics1")
    assert illegal_step(r).rule == "gemchronicle/rule/skills"


@pytest.mark.parametrize("written, atk, df, attributes", [
    (["ATK+300"], 1300, 1000, []), (["攻撃力＋３００", "貫通"], 1300, 1000, ["pierce"]),
    (["守備力−200"], 1000, 800, []), (["def -200", "破壊"], 1000, 800, ["destroy"])])
def test_a_passive_written_short_as_the_board_editor_writes_it(corpus, written, atk, df, attributes):
    r = run(corpus, board(a={"battle": [unit("騎士", 1000, 1000, passive=written)]}), [],
            expect={"A.battle.騎士.now.atk": atk, "A.battle.騎士.now.def": df,
                    "A.battle.騎士.now.attributes": attributes})
    assert not r.expect_failed


# --- bad input: what and where -------------------------------------------------------------

@pytest.mark.parametrize("a, words", [
    ({"field": [field_card({"effect": "atk", "amount": 300, "scope": "self"})]}, "passive[0].scope"),
    ({"field": [field_card({"effect": "glow"})]}, "passive[0].effect"),
    ({"battle": [unit("騎士", passive=[{"effect": "atk"}])]}, "passive[0].amount"),
    ({"battle": [unit("騎士", passive=[{"effect": "atk", "amount": 0}])]}, "not 0"),
    ({"battle": [unit("騎士", passive=[{"effect": "pierce", "power": 1}])]}, "power"),
    ({"magic": [{**spell("茨", "barrier"), "passive": ["hinder_attack"]}]}, "permanent"),
    ({"field": [field_card({"effect": "atk", "amount": 1, "as": "trait"})]}, "passive[0].as"),
    ({"battle": [unit("騎士", boost={"effect": "break", "cost": -1})]}, "boost.cost"),
    ({"battle": [unit("騎士", boost="break")]}, "boost"),
    ({"battle": [unit("騎士", passive=["ATK+"])]}, "passive[0].effect"),
    ({"battle": [unit("騎士", passive=["貫通+100"])]}, "passive[0].amount"),
])
def test_a_bad_declared_skill_names_its_field_and_line(corpus, a, words):
    with pytest.raises(ScenarioError) as err:
        run_text(scenario(board(a=a), []), corpus)
    assert words in str(err.value) and err.value.line and err.value.file


@pytest.mark.parametrize("action, words", [
    ({"effect": "bounce", "target": "剣士"}, "declares"),
    ({"type": "active", "target": "剣士"}, "nothing to target"),
])
def test_a_skill_action_against_its_card_is_input_error(corpus, action, words):
    me = {**unit("魔女", ml=8), "kind": "forbidden_unit", "boost": {"effect": "break"}}
    act = {"player": "A", "do": "skill", "unit": "魔女", "type": "boost", **action}
    with pytest.raises(ScenarioError) as err:
        run_text(scenario(board(a={"forbidden": [me]}, b={"battle": [unit("剣士")]}), [act],
                          phase="tactics1"), corpus)
    assert words in str(err.value)
