"""Invariants over generated Yu-Gi-Oh! boards and action sequences (hypothesis).

Whatever the board and the actions: no card is lost or duplicated (the fusion deck
included), an illegal action or a scenario error leaves the state exactly as it was,
battle never raises a player's life, life stays within 0..its start, the zones keep
their sizes, a fusion monster is only ever in the fusion deck, a monster zone or the
graveyard, a face-down monster is in defense position, an equip spell is laid over a
face-up monster on the field, and the terrain flag belongs to the field card in play.
"""
from collections import Counter
from datetime import date

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.engine import ScenarioError
from judge.engine.invariants import assert_steps_cited, perform_checked
from judge.engine.match import Match
from judge.engine.rulesets import Ruleset
from judge.engine.scenario import parse_scenario
from judge.games.yugioh.board import MONSTER_ZONES, SPELL_ZONES

NAMES = ["戦士", "竜", "番人", "Ｘ", "ふらわ", "壁", "虫", "剣士"]
EFFECTS = ["draw 1", "damage 300", "destroy", "bounce", "flip_all", "destroy_all",
           "相手は手札を1枚捨てる"]
PHASES = ["draw", "standby", "main1", "battle", "main2", "end"]
stat = st.integers(0, 30).map(lambda n: n * 100)


@st.composite
def monster(draw, name=None):
    face_down = draw(st.booleans())
    card = {"name": name or draw(st.sampled_from(NAMES)), "atk": draw(stat), "def": draw(stat),
            "level": draw(st.integers(1, 8)), "type": draw(st.sampled_from(["戦士族", "ドラゴン族"]))}
    if face_down:
        card["face_down"] = True
    else:
        card["position"] = draw(st.sampled_from(["attack", "attack", "defense"]))
    if draw(st.booleans()):
        card["flip_effect"] = draw(st.sampled_from(EFFECTS))
    return card


@st.composite
def spell(draw):
    kind = draw(st.sampled_from(["equip", "field", "normal", "fusion", "ritual", "trap"]))
    if kind == "equip":
        return {"name": "剣", "kind": "spell", "spell_type": "equip",
                "equip_atk": draw(st.integers(-10, 10).map(lambda n: n * 100)),
                "equip_to": draw(st.sampled_from([[], ["戦士族"], ["竜"]]))}
    if kind == "field":
        return {"name": draw(st.sampled_from(["草原", "暗黒の谷"])), "kind": "spell",
                "spell_type": "field", "field_atk": 300, "field_def": -300,
                "field_types": draw(st.sampled_from([[], ["戦士族"]]))}
    if kind == "normal":
        return {"name": draw(st.sampled_from(["魔法", "サンダー・ボルト", "光の護封剣"])),
                "kind": "spell", "effect": draw(st.sampled_from(EFFECTS))}
    if kind == "fusion":
        return {"name": "融合", "kind": "spell", "spell_type": "fusion"}
    if kind == "ritual":
        return "スカルライダーの復活"
    return {"name": "落とし穴", "kind": "trap", "trigger": "summon",
            "effect": draw(st.sampled_from(["destroy", "damage 500"]))}


def in_hand(card):
    if isinstance(card, dict):
        return {k: v for k, v in card.items() if k not in ("face_down", "position")}
    return card


@st.composite
def player(draw):
    key = lambda c: c if isinstance(c, str) else c["name"]      # noqa: E731
    monsters = draw(st.lists(monster(), min_size=draw(st.sampled_from([1, 1, 1, 0])),
                             max_size=MONSTER_ZONES, unique_by=key))
    hand = draw(st.lists(st.one_of(monster().map(in_hand), spell(), st.just("スカルライダー")),
                         max_size=4, unique_by=key))
    spells = [s for s in draw(st.lists(spell(), max_size=2))
              if isinstance(s, dict) and s.get("spell_type") not in ("field", "equip")]
    for s in spells:
        if s.get("kind") == "trap" or draw(st.booleans()):
            s["face_down"] = True
    if monsters and draw(st.booleans()):
        holder = draw(st.sampled_from([m for m in monsters]))
        if not holder.get("face_down") and sum(m["name"] == holder["name"]
                                               for m in monsters) == 1:
            spells.append({**draw(spell().filter(lambda c: isinstance(c, dict) and
                                                 c.get("spell_type") == "equip")),
                           "attached_to": holder["name"]})
    field = draw(st.lists(spell().filter(lambda c: isinstance(c, dict) and
                                         c.get("spell_type") == "field"), max_size=1))
    fusion_deck = draw(st.lists(st.builds(
        lambda m, a, b: {**{k: v for k, v in m.items() if k not in ("face_down", "position",
                                                                       "flip_effect")},
                         "name": "融合体", "materials": [a, b]},
        monster(), st.sampled_from(NAMES), st.sampled_from(NAMES)), max_size=2))
    return {"life": draw(st.sampled_from([8000, 500, 100])), "deck": draw(st.integers(0, 3)),
            "hand": hand, "monsters": monsters, "spells": spells, "field": field,
            "fusion_deck": fusion_deck}


def names(pl, *zones):
    out = [c if isinstance(c, str) else c["name"] for z in zones for c in pl.get(z) or []]
    return out or ["nothing"]


@st.composite
def action(draw, players, active):
    p = active if draw(st.integers(0, 5)) < 5 else "B" if active == "A" else "A"
    me, them = players[p], players["B" if p == "A" else "A"]

    def ref(*pools):
        pool = [n for pl, zones in pools for n in names(pl, *zones)]
        name = draw(st.sampled_from(pool))
        return name + "#2" if draw(st.integers(0, 7)) == 7 else name

    do = draw(st.sampled_from(["attack", "attack", "attack", "summon", "set", "flip",
                               "change_position", "activate", "activate", "equip", "fusion",
                               "ritual", "next_phase", "end_turn", "draw"]))
    act = {"player": p, "do": do}
    if do == "attack":
        act["attacker"] = ref((me, ["monsters"]))
        if them.get("monsters") and draw(st.integers(0, 3)) < 3:
            act["target"] = ref((them, ["monsters"]))
    elif do in ("summon", "set"):
        act["card"] = ref((me, ["hand"]))
        if draw(st.booleans()):
            act["tributes"] = [ref((me, ["monsters"])) for _ in range(draw(st.integers(0, 2)))]
    elif do in ("flip", "change_position"):
        act["card"] = ref((me, ["monsters"]))
    elif do in ("activate", "equip"):
        act["card"] = ref((me, ["hand", "spells"]))
        if draw(st.booleans()):
            act["target"] = ref((me, ["monsters"]), (them, ["monsters", "spells", "field"]))
    elif do == "fusion":
        act.update(spell="融合", monster="融合体",
                   materials=[ref((me, ["monsters", "hand"]))
                              for _ in range(draw(st.integers(1, 3)))])
    elif do == "ritual":
        act.update(spell="スカルライダーの復活", monster="スカルライダー",
                   tributes=[ref((me, ["monsters", "hand"]))
                             for _ in range(draw(st.integers(1, 3)))])
    elif do == "next_phase" and draw(st.booleans()):
        act["to"] = draw(st.sampled_from(PHASES))
    if draw(st.integers(0, 3)):
        anything = ((me, ["monsters", "spells", "field"]), (them, ["monsters", "spells", "field"]))
        act["choices"] = [{"flip_target": ref(*anything)}, {"target": ref(*anything)},
                          {"flip_target": ref(*anything)}]
    return act


@st.composite
def duel(draw):
    a, b = draw(player()), draw(player())
    actions, active = [], "A"
    for _ in range(draw(st.integers(0, 8))):
        act = draw(action({"A": a, "B": b}, active))
        actions.append(act)
        if act["do"] == "end_turn" and act["player"] == active:
            active = "B" if active == "A" else "A"
    mode = draw(st.sampled_from(["battle", "main1", "any"]))
    phase = mode if mode != "any" else draw(st.sampled_from(PHASES))
    turn = 3 if mode != "any" else draw(st.integers(1, 4))
    return yaml.safe_dump({"game": "yugioh", "setup": {
        "active": "A", "turn": turn, "phase": phase, "players": {"A": a, "B": b}},
        "actions": actions}, allow_unicode=True)


def invariants(state, start_life):
    field_cards = []
    for name, pl in state.players.items():
        z = pl.zones
        assert 0 <= pl.life <= start_life[name]
        assert len(z["monsters"]) <= MONSTER_ZONES and len(z["spells"]) <= SPELL_ZONES
        assert len(z["field"]) <= 1
        field_cards += z["field"]
        for zone, cards in z.items():
            for c in cards:
                if c.get("kind") == "fusion":
                    assert zone in ("fusion_deck", "monsters", "graveyard"), (c.name, zone)
                if zone != "monsters":
                    assert c.get("position") is None, (c.name, zone)
                if zone not in ("monsters", "spells"):
                    assert not c.get("face_down"), (c.name, zone)
        for m in z["monsters"]:
            assert m.get("position") in ("attack", "defense")
            if m.get("face_down"):
                assert m.get("position") == "defense"
        for s in z["spells"]:
            if s.get("attached_to"):
                holder = state.card(s["attached_to"])
                assert state.find(holder.uid)[1] == "monsters" and not holder.get("face_down")
    assert len(field_cards) <= 1
    terrain = state.flags.get("terrain")
    assert (terrain is None) == (not field_cards)
    if terrain:
        assert terrain["uid"] == field_cards[0].uid


@settings(deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(duel())
def test_generated_duels_keep_every_invariant(corpus, text):
    try:
        sc = parse_scenario(text, "generated", corpus)
    except ScenarioError:
        return
    state = sc.start()
    start_life = {p: pl.life for p, pl in state.players.items()}
    before = Counter(state.uids())
    match = Match(sc.game, state, Ruleset(sc.game.switches, corpus, date(2026, 12, 1)), corpus)
    invariants(match.state, start_life)
    for ctx in sc.actions:
        life = {p: pl.life for p, pl in match.state.players.items()}
        legal = perform_checked(match, ctx)
        if legal is None:
            continue
        if legal and ctx.do == "attack":
            for p, pl in match.state.players.items():
                assert pl.life <= life[p], "battle raised a player's life"
        assert Counter(match.state.uids()) == before
        invariants(match.state, start_life)
    assert_steps_cited(match)


@settings(deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(stat, stat, stat, st.sampled_from(["attack", "defense", "face-down"]))
def test_the_damage_table_for_any_stats(corpus, a, t, d, where):
    """Chapter 2's table, case by case, for arbitrary ATK and DEF."""
    target = {"name": "T", "atk": t, "def": d}
    if where == "face-down":
        target["face_down"] = True
    else:
        target["position"] = where
    text = yaml.safe_dump({"game": "yugioh", "setup": {"active": "A", "turn": 3, "phase": "battle",
                                                      "players": {
        "A": {"life": 8000, "monsters": [{"name": "X", "atk": a, "def": 0}]},
        "B": {"life": 8000, "monsters": [target]}}},
        "actions": [{"player": "A", "do": "attack", "attacker": "X", "target": "T"}]},
        allow_unicode=True)
    from judge.engine import run_text
    r = run_text(text, corpus)
    gy = {p: [c.name for c in r.state.players[p].zones["graveyard"]] for p in "AB"}
    life = {p: r.state.players[p].life for p in "AB"}
    if where == "attack":
        if a > t:
            assert gy == {"A": [], "B": ["T"]} and life == {"A": 8000, "B": 8000 - (a - t)}
        elif a == t:
            assert gy == {"A": ["X"], "B": ["T"]} and life == {"A": 8000, "B": 8000}
        else:
            assert gy == {"A": ["X"], "B": []} and life == {"A": 8000 - (t - a), "B": 8000}
    else:
        if a > d:
            assert gy == {"A": [], "B": ["T"]} and life == {"A": 8000, "B": 8000}
        elif a == d:
            assert gy == {"A": [], "B": []} and life == {"A": 8000, "B": 8000}
        else:
            assert gy == {"A": [], "B": []} and life == {"A": 8000 - (d - a), "B": 8000}
    if where == "face-down":
        assert r.steps[1].event == "flipped"
        assert r.state.players["B"].zones["graveyard" if a > d else "monsters"][0].get(
            "face_down") is None
