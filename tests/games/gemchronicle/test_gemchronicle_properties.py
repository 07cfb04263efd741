"""Invariants over generated Gem Chronicle boards and action sequences (hypothesis).

Whatever the board and the actions: no card is lost or duplicated, an illegal action or a
scenario error leaves the state exactly as it was, mana stays within 0..24, life never
rises, the zones keep their limits and contents (five squares, one forbidden unit, one
field card), a card off the field carries nothing of its stay there, and a winner stays
the winner.  Also the battle table itself, over generated values: what the page says
each cell does to LP and to the units.
"""
from collections import Counter

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.engine import ScenarioError, run_text
from judge.engine.match import Match
from judge.engine.rulesets import Ruleset
from judge.engine.scenario import parse_scenario
from judge.games.gemchronicle import cards as C
from judge.games.gemchronicle import passive_skills as P
from judge.games.gemchronicle.zones import HOLDS, LIMITS, ON_FIELD

PHASES = ["draw", "mana", "tactics1", "battle", "tactics2", "end"]
EFFECTS = ["none", "break", "burn_damage", "bounce", "remove", "negate", "stun", "freeze_lock",
           "ignite", "charge", "stealth"]
stat = st.integers(0, 30).map(lambda n: n * 100)
SETTINGS = settings(deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])


@st.composite
def a_unit(draw, name, on_field=True):
    card = {"name": name, "atk": draw(stat), "def": draw(stat), "ml": draw(st.integers(0, 8)),
            "attack_type": draw(st.sampled_from(["attacker", "shooter", "breaker", "blaster"]))}
    if on_field:
        card["position"] = draw(st.sampled_from(["attack", "defense"]))
        if card["position"] == "defense" and draw(st.booleans()):
            card["face_down"] = True
        if draw(st.integers(0, 3)) == 0:
            card["damage"] = draw(st.integers(1, 10)) * 100
        if draw(st.integers(0, 3)) == 0:
            card["statuses"] = draw(st.dictionaries(
                st.sampled_from(["stun", "freeze_lock", "burn"]), st.integers(1, 3),
                min_size=1))
        if draw(st.integers(0, 4)) == 0:
            card["stealth"], card["face_down"] = True, True
        for flag in ("charged", "summoned_this_turn", "attacked"):
            if draw(st.integers(0, 4)) == 0:
                card[flag] = True
    if draw(st.integers(0, 4)) == 0:
        card["attributes"] = draw(st.lists(st.sampled_from(["destroy", "pierce"]), max_size=2))
    if draw(st.integers(0, 4)) == 0:
        card["consecutive"] = draw(st.integers(2, 3))
    if draw(st.integers(0, 3)) == 0:
        card["passive"] = draw(st.lists(a_passive(), min_size=1, max_size=2))
    if draw(st.integers(0, 4)) == 0:
        card["boost"] = {"effect": draw(st.sampled_from(EFFECTS[:4])),
                         "cost": draw(st.integers(0, 6))}
        card["ace"] = draw(st.booleans())
    return card


@st.composite
def a_passive(draw, scopes=("self", "own", "opponent", "all"), traits=True):
    """A declared passive skill (its card text): an ATK/DEF change or a granted attribute."""
    entry = {"effect": draw(st.sampled_from(["atk", "def", "pierce", "destroy", "charged",
                                             "hinder_attack"]))}
    if entry["effect"] in ("atk", "def"):
        entry["amount"] = draw(st.sampled_from([-500, -200, 200, 300, 500]))
    entry["scope"] = draw(st.sampled_from(scopes))
    if draw(st.integers(0, 3)) == 0:
        entry["cost"] = draw(st.integers(1, 20))
    if traits and draw(st.integers(0, 3)) == 0:
        entry["as"] = draw(st.sampled_from(["trait", "resistance"]))
    return entry


@st.composite
def a_magic(draw, name, in_zone=True):
    if draw(st.integers(0, 5)) == 0:
        card = {"name": name, "kind": "equip"}
        if draw(st.booleans()):
            card["passive"] = draw(st.lists(a_passive(traits=False), min_size=1, max_size=2))
    else:
        card = {"name": name, "kind": "spell",
                "category": draw(st.sampled_from(["chant", "acceleration", "barrier"])),
                "effect": draw(st.sampled_from(EFFECTS))}
        for key, value in (("amount", draw(st.integers(1, 20)) * 100),
                           ("turns", draw(st.integers(1, 3))), ("permanent", True),
                           ("conditional", True), ("cost", draw(st.integers(1, 6)))):
            if draw(st.integers(0, 3)) == 0:
                card[key] = value
        if card.get("permanent") and draw(st.booleans()):
            card["passive"] = draw(st.lists(a_passive(("own", "opponent", "all"), False),
                                            min_size=1, max_size=2))
    if in_zone:
        if draw(st.booleans()):
            card["face_down"] = True
        if draw(st.integers(0, 3)) == 0:
            card["set_this_turn"] = True
    return card


@st.composite
def a_player(draw, p):
    battle = []
    for i, square in enumerate(draw(st.lists(st.integers(1, 5), unique=True, max_size=5))):
        battle.append({**draw(a_unit(f"{p}ユニット{i}")), "slot": square})
    zones = {
        "life": draw(st.sampled_from([4000, 1500, 300])),
        "mana": draw(st.integers(0, 24)),
        "deck": draw(st.integers(0, 3)),
        "battle": battle,
        "magic": [draw(a_magic(f"{p}魔法{i}")) for i in range(draw(st.integers(0, 3)))],
        "hand": [draw(st.one_of(a_unit(f"{p}手札{i}", on_field=False),
                                a_magic(f"{p}手札{i}", in_zone=False)))
                 for i in range(draw(st.integers(0, 3)))],
        "forbidden_deck": [{**draw(a_unit(f"{p}禁呪{i}", on_field=False)),
                            "kind": "forbidden_unit"} for i in range(draw(st.integers(0, 2)))],
    }
    if draw(st.booleans()):
        zones["forbidden"] = [{**draw(a_unit(f"{p}禁呪ゾーン")), "kind": "forbidden_unit"}]
    if draw(st.booleans()):
        zones["field"] = [{"name": f"{p}神殿", "face_down": draw(st.booleans()),
                           "returned": draw(st.booleans())}]
        if draw(st.booleans()):
            zones["field"][0]["passive"] = draw(st.lists(a_passive(("own", "all"), False),
                                                         min_size=1, max_size=2))
    return zones


def names(pl, *zones):
    return [c["name"] for z in zones for c in pl.get(z) or []] or ["なにもない"]


@st.composite
def an_action(draw, players, active):
    p = active if draw(st.integers(0, 4)) else ("B" if active == "A" else "A")
    me, them = players[p], players["B" if p == "A" else "A"]

    def ref(*pools):
        return draw(st.sampled_from([n for pl, zones in pools for n in names(pl, *zones)]))

    do = draw(st.sampled_from(["attack", "attack", "attack", "attack", "summon", "set", "cast",
                               "cast",
                               "change_position", "skill", "cure", "activate_field",
                               "next_phase", "end_turn"]))
    act = {"player": p, "do": do}
    anything = ((me, ["battle", "forbidden", "magic", "field"]),
                (them, ["battle", "forbidden", "magic", "field"]))
    if do == "attack":
        act["attacker"] = ref((me, ["battle", "forbidden"]))
        if draw(st.integers(0, 3)):
            act["target"] = ref((them, ["battle", "forbidden"]))
        if draw(st.integers(0, 3)) == 0:
            act["response"] = ref((them, ["magic", "hand"]))
            act["response_target"] = ref(*anything)
            act["condition_met"] = draw(st.sampled_from(["yes", "no"]))
    elif do == "summon":
        act["card"] = ref((me, ["hand", "forbidden_deck"]))
        if draw(st.booleans()):
            act["position"] = draw(st.sampled_from(["attack", "defense", "守備表示"]))
        if draw(st.integers(0, 3)) == 0:
            act["face_down"] = True
        if draw(st.integers(0, 3)) == 0:
            act["slot"] = draw(st.integers(1, 5))
    elif do == "set":
        act["card"] = ref((me, ["hand"]))
    elif do == "cast":
        act["card"] = ref((me, ["hand", "magic"]))
        act["target"] = draw(st.one_of(st.just(ref(*anything)), st.sampled_from(["A", "B"])))
        act["condition_met"] = draw(st.sampled_from(["yes", "no"]))
    elif do == "change_position":
        act["unit"] = ref((me, ["battle", "forbidden"]))
    elif do == "skill":
        act["unit"] = ref((me, ["battle", "forbidden"]))
        act["type"] = draw(st.sampled_from(["active", "passive", "boost"]))
        act["effect"] = draw(st.sampled_from(EFFECTS[:-1]))
        act["target"] = ref(*anything)
        act["amount"] = 500
        act["cost"] = draw(st.integers(0, 4))
    elif do == "cure":
        act["unit"] = ref((me, ["battle", "forbidden"]))
        act["status"] = draw(st.sampled_from(["stun", "freeze_lock", "燃焼"]))
    elif do == "activate_field":
        act["card"] = ref((me, ["field"]))
    return act


@st.composite
def a_game(draw, battles=False):
    """A board and actions; ``battles``: A's battle phase on turn 3, mostly attacks."""
    a, b = draw(a_player("A")), draw(a_player("B"))
    active = "A" if battles else draw(st.sampled_from("AAAB"))
    moves = an_action({"A": a, "B": b}, active)
    if battles:
        moves = st.one_of(moves, an_attack({"A": a, "B": b}), an_attack({"A": a, "B": b}))
    actions = draw(st.lists(moves, min_size=1, max_size=8))
    return yaml.safe_dump({"game": "gemchronicle", "setup": {
        "active": active, "turn": 3 if battles else draw(st.sampled_from([3, 4, 2, 1, 6])),
        "phase": "battle" if battles else draw(st.sampled_from(["tactics1", "tactics2"] + PHASES)),
        "players": {"A": a, "B": b}},
        "actions": actions}, allow_unicode=True)


@st.composite
def an_attack(draw, players):
    """A's attack on one of B's units or on B, sometimes answered by B."""
    a, b = players["A"], players["B"]
    act = {"player": "A", "do": "attack",
           "attacker": draw(st.sampled_from(names(a, "battle", "forbidden")))}
    if draw(st.integers(0, 3)):
        act["target"] = draw(st.sampled_from(names(b, "battle", "forbidden")))
    if draw(st.integers(0, 4)) == 0:
        act["response"] = draw(st.sampled_from(names(b, "magic", "hand")))
        act["response_target"] = draw(st.sampled_from(names(a, "battle") + names(b, "battle")))
        act["condition_met"] = "yes"
    return act


def invariants(state):
    for pname, pl in state.players.items():
        z = pl.zones
        assert 0 <= pl.counters["mana"] <= 24
        for zone, (most, _) in LIMITS.items():
            assert len(z[zone]) <= most, (pname, zone)
        for zone, (kinds, _) in HOLDS.items():
            assert all(C.kind(c) in kinds for c in z[zone]), (pname, zone)
        squares = [c.get("slot") for c in z["battle"]]
        assert squares == sorted(set(squares)) and all(1 <= s <= 5 for s in squares)
        for zone, cards in z.items():
            for c in cards:
                if zone not in ON_FIELD:
                    assert not any(c.get(k) for k in ("slot", "damage", "statuses",
                                                      "attached_to", "attacked")), (c, zone)
                if C.kind(c) == "field":
                    assert zone in ("field", "removed"), (c.name, zone)
                if zone in ("battle", "forbidden"):
                    assert c.get("damage", 0) >= 0
                    assert all(n >= 1 for n in C.statuses(c).values())
                    if c.get("face_down") and not c.get("stealth"):
                        assert C.position(c) == "defense", c
        for c in z["magic"]:
            if c.get("attached_to"):
                assert state.find(c["attached_to"])[1] in ("battle", "forbidden")
        for zone in ("battle", "forbidden"):
            for c in z[zone]:
                passive_invariants(state, pname, c)


def passive_invariants(state, owner, unit):
    """What the page says of passive skills holds for every unit on the field."""
    found = P.in_force(state, unit)
    for eff in found.counted:
        # マナがなければ発動できません; 凍結ロック: 属性特性・属性耐性も無効
        assert state.players[eff.controller].counters["mana"] >= eff.cost
        # ステルス: 相手からの魔法、スキル、効果は無効化されます
        assert not (unit.get("stealth") and eff.controller != owner)
        if eff.as_ != "skill":
            assert "freeze_lock" not in C.statuses(eff.source)
        # 特に記載がない場合相手フィールドには影響はありません; an inactive field card gives nothing
        if C.kind(eff.source) == "field":
            assert not eff.source.get("face_down")
            assert eff.controller == owner or any(
                e["scope"] == "all" for e in eff.source.get("passive"))
    # 重複: one ATK (and one DEF) change of each direction counts, never a sum
    kinds = [(e.effect, e.amount > 0) for e in found.counted if e.effect in ("atk", "def")]
    assert len(kinds) == len(set(kinds))
    for eff, reason, winner in found.dropped:
        if reason == "overlap":
            assert (eff.effect, eff.amount > 0) == (winner.effect, winner.amount > 0)
            if C.is_unit(eff.source) and C.is_unit(winner.source):
                assert winner.source.get("ml", 0) >= eff.source.get("ml", 0)
            else:
                assert winner.strength() >= eff.strength()
    assert P.atk(state, unit) >= 0 and P.defense(state, unit) >= 0


@SETTINGS
@given(a_game())
def test_generated_games_keep_every_invariant(corpus, text):
    check_game(corpus, text)


@SETTINGS
@given(a_game(battles=True))
def test_generated_battles_keep_every_invariant(corpus, text):
    check_game(corpus, text)


def check_game(corpus, text):
    """Run a generated game action by action, checking the invariants after each."""
    try:
        sc = parse_scenario(text, "generated", corpus)
    except ScenarioError:
        return
    state = sc.start()
    match = Match(sc.game, state, Ruleset(sc.game.switches, corpus, None), corpus)
    uids = Counter(state.uids())
    invariants(match.state)
    for ctx in sc.actions:
        before = match.state.as_json()
        lives = {p: pl.life for p, pl in match.state.players.items()}
        winner = match.state.winner
        steps = len(match.steps)
        try:
            legal = match.perform(ctx)
        except ScenarioError:
            assert match.state.as_json() == before
            continue
        if not legal:
            assert match.state.as_json() == before
            assert len(match.steps) == steps + 1 and match.steps[-1].legal is False
            assert match.steps[-1].rule.startswith("gemchronicle/rule/")
        assert Counter(match.state.uids()) == uids
        for p, pl in match.state.players.items():
            assert pl.life <= lives[p]
        if winner:
            assert match.state.winner == winner
        invariants(match.state)
        for step in match.steps:
            if step.interpretation:
                assert step.interpretation_id in sc.game.interpretations


# --- the battle table over generated values ------------------------------------------------

def battle(corpus, a, v, position, attack_type="attacker", pierce=False):
    attacker = {"name": "攻撃者", "atk": a, "def": 0, "ml": 1, "attack_type": attack_type}
    if pierce:
        attacker["attributes"] = ["pierce"]
    target = {"name": "対象", "atk": v if position == "attack" else 0,
              "def": v if position == "defense" else 0, "ml": 1, "position": position}
    text = yaml.safe_dump({"game": "gemchronicle", "setup": {
        "active": "A", "turn": 3, "phase": "battle", "players": {
            "A": {"deck": 1, "battle": [attacker]}, "B": {"deck": 1, "battle": [target]}}},
        "actions": [{"player": "A", "do": "attack", "attacker": "攻撃者", "target": "対象"}]},
        allow_unicode=True)
    r = run_text(text, corpus)
    s = r.state.players
    return (s["A"].life, s["B"].life, [c.name for c in s["A"].zones["break"]],
            [c.name for c in s["B"].zones["break"]],
            next((c.get("damage", 0) for c in s["B"].zones["battle"]), None))


values = st.integers(1, 60).map(lambda n: n * 50)


@settings(deadline=None)
@given(values, values)
def test_against_an_attack_position_unit(corpus, a, v):
    """攻撃表示: exceeding breaks it, the excess to its player; not exceeding breaks the
    attacker, the excess to its player, the target keeps continuous damage; equal: both."""
    a_life, b_life, a_broken, b_broken, damage = battle(corpus, a, v, "attack")
    if a > v:
        assert (a_life, b_life, a_broken, b_broken) == (4000, 4000 - (a - v), [], ["対象"])
    elif a < v:
        assert (a_life, b_life, a_broken, b_broken) == (4000 - (v - a), 4000, ["攻撃者"], [])
        assert damage == a
    else:
        assert (a_life, b_life, a_broken, b_broken) == (4000, 4000, ["攻撃者"], ["対象"])


@settings(deadline=None)
@given(values, values, st.booleans())
def test_against_a_defense_position_unit(corpus, a, v, pierce):
    """守備表示: exceeding breaks it with no damage (pierce: the excess goes through); not
    exceeding, the attacker's player takes the excess and the attacker stays; equal: nothing."""
    a_life, b_life, a_broken, b_broken, damage = battle(corpus, a, v, "defense", pierce=pierce)
    assert a_broken == []
    if a > v:
        assert (a_life, b_life, b_broken) == (4000, 4000 - ((a - v) if pierce else 0), ["対象"])
    elif a < v:
        assert (a_life, b_life, b_broken, damage) == (4000 - (v - a), 4000, [], a)
    else:
        assert (a_life, b_life, b_broken, damage) == (4000, 4000, [], 0)


@settings(deadline=None)
@given(values, values, st.sampled_from(["attack", "defense"]), st.sampled_from(["shooter",
                                                                               "blaster"]))
def test_shooters_and_blasters_take_no_counter_damage(corpus, a, v, position, kind):
    """反撃ダメージを受けずに攻撃することができます: never broken, never the excess."""
    a_life, _, a_broken, _, _ = battle(corpus, a, v, position, attack_type=kind)
    assert (a_life, a_broken) == (4000, [])
