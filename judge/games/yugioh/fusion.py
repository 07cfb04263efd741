"""融合: two or more of one's monster cards and a fusion spell call a fusion monster.

yugioh/rule/fusion and yugioh/rule/fusion-deck: the monsters that can fuse are shown on
the fusion monster card (its ``materials``); the fusion monster is taken from the fusion
deck and put in a monster zone (fusion.2); the materials and the fusion card go to the
graveyard (fusion.3).  A fusion is not a summon, so 落とし穴 and the like do not answer
it; a fusion monster destroyed goes to the graveyard, one returned to the hand goes
back to the fusion deck (graveyard.py).
"""
from __future__ import annotations

from collections import Counter

from judge.engine import Check, Cite, FieldSpec, Move, Record, action, require
from judge.i18n import N_

from .board import MONSTER_ZONES, ON_FIELD_PROPS, fact, is_monster, monsters
from .interpretations import FUSION_MATERIALS, SPECIAL_POSITION, ZONES
from .citations import FUSION, FUSION_DECK
from .turn import require_main_phase
from .i18n import msg

TWO_OR_MORE = Cite(FUSION, match="２枚以上と融合カード1枚")
SHOWN_ON_CARD = Cite(FUSION, match="個別に表示されています")
CALL = Cite(FUSION, "fusion.2", match="融合デッキから探して")
TO_GRAVEYARD = Cite(FUSION, "fusion.3", match="融合カードをデュエルフィールドの墓場に置きます")
FROM_FUSION_DECK = Cite(FUSION_DECK, match="この融合デッキからモンスターを選びます")


@action("fusion",
        spell=FieldSpec("card", required=True, doc=N_("the fusion spell (融合カード) in the hand")),
        materials=FieldSpec("cards", required=True, doc=N_("the monsters to fuse (hand or field)")),
        monster=FieldSpec("card", required=True, doc=N_("the fusion monster in the fusion deck")),
        position=FieldSpec("choice", options=("attack", "defense"), doc=N_("default attack")),
        doc=N_("Fuse two or more monsters with a fusion spell into a fusion monster."))
def fusion(match, act):
    """The fusion procedure of chapter 2 (融合の手順)."""
    p = act.player
    yield from require_main_phase(match, p, msg("fuse"))
    spell = match.card(act.get("spell"), player=p, zones=("hand",), field="spell")
    if spell.get("spell_type") != "fusion":
        raise match.input_error(msg("{spell} is not a fusion spell (融合カード): give it spell_type: fusion",
                                    spell=spell), field="spell")
    monster = match.card(act.get("monster"), player=p, zones=("fusion_deck",), field="monster")
    materials = [match.card(r, player=p, zones=("monsters", "hand"), field="materials")
                 for r in act.get("materials")]
    if len({m.uid for m in materials}) != len(materials):
        raise match.input_error(msg("the same card is named twice as a material"), field="materials")
    for m in materials:
        if not is_monster(m):
            raise match.input_error(msg("{m} is not a monster card", m=m), field="materials")
    from_hand = [m for m in materials if match.where_is(m)[1] == "hand"]
    yield Check(ok=len(materials) >= 2, cite=TWO_OR_MORE,
                detail=msg("{count} monster card(s) named as materials", count=len(materials))
                if len(materials) >= 2 else
                msg("{count} monster card(s) named as materials: a fusion needs two or more",
                    count=len(materials)))
    wanted = Counter(monster.get("materials") or [])
    given = Counter(m.name for m in materials)
    shown = "、".join(f"「{n}」" for n in monster.get("materials") or [])
    named = {"monster": monster, "shown": shown, "given": list(materials)}
    yield Check(ok=given == wanted, cite=SHOWN_ON_CARD,
                detail=msg("{monster} shows its materials: {shown}; given: {given}", **named)
                if given == wanted else
                msg("{monster} shows its materials: {shown}; given: {given} — they are not "
                    "its materials", **named))
    if from_hand:
        yield Check(ok=True, cite=TWO_OR_MORE.because(FUSION_MATERIALS),
                    detail=msg("materials from the hand: {materials}",
                               materials=list(from_hand)))
    on_field = len(materials) - len(from_hand)
    yield from require(len(monsters(match.state, p)) - on_field < MONSTER_ZONES,
                       CALL.because(ZONES), msg("{player}'s five monster zones are "
                                                "full",
                                                player=p))
    position = act.get("position") or "attack"
    yield Move(monster, "monsters", player=p, props={"position": position}, cite=CALL,
               event="fusion",
               detail=msg("{player} takes {monster} from the fusion deck and puts it "
                          "in a monster zone (ATK {value} / DEF {value2})",
                          player=p, monster=monster, value=monster.get('atk', 0), value2=monster.get('def', 0)))
    yield Record(fact(p, "fusion_summon", monster),
                 cite=FROM_FUSION_DECK.because(SPECIAL_POSITION) if act.get("position")
                 else FROM_FUSION_DECK,
                 detail=msg("{monster} came from the fusion deck, not from the deck: "
                            "it is in {position} position, and this was not a normal "
                            "summon",
                            monster=monster, position=msg.term("position", position)))
    for m in materials:
        yield Move(m, "graveyard", clear=ON_FIELD_PROPS, cite=TO_GRAVEYARD, event="material",
                   detail=msg("the material {m} goes to {owner}'s graveyard",
                              m=m, owner=m.owner))
    yield Move(spell, "graveyard", cite=TO_GRAVEYARD, event="to-graveyard",
               detail=msg("the fusion card {spell} goes to {owner}'s graveyard",
                          spell=spell, owner=spell.owner))
