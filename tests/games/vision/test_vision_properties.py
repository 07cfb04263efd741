"""Invariants over generated Vision boards and action sequences (hypothesis).

Whatever the board and the actions (attacks with random blocks and graze answers,
plays with random targets, resolutions, resolutions as if played, cards put onto the
field): no card is lost or duplicated, an illegal action or a scenario error leaves the
state exactly as it was, life never goes up and an attack costs at most the attacker's
attack, a graze moves cards only from the defender's deck to the defender's node area
(asleep, as many as left the deck), characters on a field carry less damage than their
toughness, attachments hang on a character on a field, and only played cards in a
play area carry the props of a played card.
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
from judge.games.vision.cards import PLAY_PROPS, is_character

CHAR_NAMES = ["霊夢", "魔理沙", "咲夜", "妖夢", "ＡＢＣ", "ふらわ"]
HAND = ["No.010", "No.003", "No.075", "No.142", "No.096", "No.083", "No.127", "No.341",
        "No.109", "No.192", "No.824", "No.364", "No.298", "No.203", "No.743", "No.048"]
TARGETING = ["瞋怒", "断罪裁判", "作戦阻止", "拳打「げんこつスマッシュ」", "想起「テリブルスーヴニール」",
             "リザレクション"]
GRAVE = ["No.341", "No.824", "No.109", "No.010", "No.075", "No.203"]
RULESETS = [None, date(2014, 4, 9), date(2010, 1, 1), date(2008, 6, 9)]


@st.composite
def character(draw, name):
    toughness = draw(st.integers(1, 6))
    card = {"name": name, "type": "character", "attack": draw(st.integers(0, 6)),
            "toughness": toughness, "graze": draw(st.integers(0, 4)),
            "damage": draw(st.integers(0, toughness - 1))}
    if draw(st.booleans()):
        card["asleep"] = True
    words = draw(st.lists(st.sampled_from(["貫通", "先制"]), max_size=2, unique=True))
    if words:
        card["keywords"] = words
    return card


@st.composite
def player(draw, prefix):
    names = draw(st.lists(st.sampled_from(CHAR_NAMES), max_size=3, unique=True))
    field = [draw(character(f"{prefix}{n}")) for n in names]
    field += draw(st.lists(st.sampled_from(["No.1125", "No.203", "No.743"]), max_size=1))
    nodes = [{"name": f"nodes-{i + 1}",
              **({"asleep": True} if draw(st.integers(0, 3)) == 0 else {})}
             for i in range(draw(st.integers(0, 8)))]
    removed = draw(st.lists(st.sampled_from([{"name": "No.192", "face_down": True}, "No.010"]),
                            max_size=1))
    return {"life": draw(st.integers(1, 25)), "deck": draw(st.integers(0, 8)),
            "hand": draw(st.lists(st.sampled_from(HAND), min_size=1, max_size=4)), "nodes": nodes,
            "field": field, "graveyard": draw(st.lists(st.sampled_from(GRAVE), max_size=2)),
            "removed": removed}


def names(pl, *zones):
    out = []
    for z in zones:
        for c in pl.get(z) or []:
            if isinstance(c, dict):
                c = c["name"]
            out.append(c)
    return out


@st.composite
def action(draw, players):
    do = draw(st.sampled_from(["attack", "attack", "attack", "play", "play", "play", "play",
                               "resolve", "resolve_as_if_played", "put_onto_field"]))
    p = "A" if do == "attack" else draw(st.sampled_from(["A", "A", "A", "B"]))
    me, them = players[p], players["B" if p == "A" else "A"]
    known = {"No.010": "チルノ", "No.003": "大妖精", "No.075": "マナの生成", "No.142": "瞋怒",
             "No.096": "断罪裁判", "No.083": "作戦阻止", "No.127": "古の記憶",
             "No.341": "怪奇「釣瓶落としの怪」", "No.109": "霧符「ガシングガーデン」",
             "No.192": "秋符「秋の空と乙女の心」", "No.824": "拳打「げんこつスマッシュ」",
             "No.364": "想起「テリブルスーヴニール」", "No.298": "リザレクション",
             "No.203": "河童「お化けキューカンバー」", "No.743": "贖罪の檻", "No.048": "西行妖",
             "No.1125": "ふらわ～戦車"}

    def ref(pool):
        pool = [known.get(n, n) for n in pool] or ["なし"]
        return draw(st.sampled_from(pool))

    everything = names(me, "field", "hand", "graveyard") + names(them, "field", "graveyard")
    act = {"player": p, "do": do}
    if do == "attack":
        act["attacker"] = ref(names(me, "field"))
        act["block"] = draw(st.sampled_from(["none", ref(names(them, "field"))]))
        act["graze"] = draw(st.sampled_from(["yes", "no"]))
    elif do == "play":
        act["card"] = ref(names(me, "hand"))
        if act["card"] in TARGETING:
            act["target"] = ref(everything + [known[n] for n in HAND])
        if draw(st.integers(0, 3)) == 0:
            act["resolve"] = "no"
        if act["card"] == "リザレクション":
            act["x"] = draw(st.integers(0, 3))
        act["choices"] = [{"resolved_target": ref(everything)}]
    elif do == "resolve_as_if_played":
        act["card"] = ref(names(me, "graveyard", "removed"))
        act["choices"] = [{"resolved_target": ref(everything)}]
        if draw(st.booleans()):
            act["afterwards"] = draw(st.sampled_from(["none", "discard", "remove"]))
    elif do == "put_onto_field":
        act["card"] = ref(names(me, "hand"))
        act["asleep"] = draw(st.sampled_from(["yes", "no"]))
    return act


@st.composite
def game(draw):
    a, b = draw(player("A")), draw(player("B"))
    actions = [draw(action({"A": a, "B": b})) for _ in range(draw(st.integers(1, 8)))]
    this_turn = draw(st.lists(st.sampled_from([{"player": "A", "played": "N75"},
                                               {"player": "A", "played": "N109"},
                                               {"player": "A", "played": "N3"}]),
                              max_size=2))
    setup = {"active": "A", "phase": draw(st.sampled_from(["main"] * 5 + ["end"])),
             "this_turn": this_turn, "players": {"A": a, "B": b}}
    return yaml.safe_dump({"game": "vision", "setup": setup, "actions": actions},
                          allow_unicode=True), draw(st.sampled_from(RULESETS))


def invariants(state):
    for pname, pl in state.players.items():
        for zone, cards in pl.zones.items():
            for c in cards:
                if zone != "play_area":
                    assert not any(c.props.get(k) for k in PLAY_PROPS), (c.name, zone)
                else:
                    assert c.props.get("stack"), c.name
                if zone == "field" and is_character(c):
                    assert c.get("damage", 0) < c.get("toughness"), c.name
                if zone == "field":
                    assert not c.get("face_down"), c.name
                if c.get("attached_to"):
                    holder = state.card(c["attached_to"])
                    assert zone == "field" and state.find(holder.uid)[1] == "field"
                    assert is_character(holder)


@settings(deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(game())
def test_generated_vision_games_keep_every_invariant(corpus, generated):
    text, day = generated
    try:
        sc = parse_scenario(text, "generated", corpus)
    except ScenarioError:
        return
    match = Match(sc.game, sc.start(), Ruleset(sc.game.switches, corpus, day), corpus)
    before = Counter(match.state.uids())
    invariants(match.state)
    for ctx in sc.actions:
        life = {p: pl.life for p, pl in match.state.players.items()}
        zones = {p: {z: len(c) for z, c in pl.zones.items()}
                 for p, pl in match.state.players.items()}
        attack = None
        if ctx.do == "attack":
            try:
                attack = match.card(ctx.fields["attacker"], player=ctx.player,
                                    zones=("field",)).get("attack")
            except ScenarioError:
                pass
        if not perform_checked(match, ctx):
            continue
        assert Counter(match.state.uids()) == before
        for p, pl in match.state.players.items():
            assert pl.life <= life[p], "life went up"
        if ctx.do == "attack":
            defender = "B" if ctx.player == "A" else "A"
            lost = life[defender] - match.state.players[defender].life
            assert 0 <= lost <= (attack or 0)
            d = match.state.players[defender].zones
            grazed = zones[defender]["deck"] - len(d["deck"])
            assert grazed >= 0 and len(d["nodes"]) - zones[defender]["nodes"] == grazed
            assert all(n.get("asleep") for n in d["nodes"][zones[defender]["nodes"]:])
            if grazed:
                assert lost > 0, "a graze without damage"
        invariants(match.state)
    assert_steps_cited(match)
