"""Normal summons and sets (召喚・セット), the owner's flip, and changes of position.

Chapter 2 takes the normal summon for granted: it only says that fusion and ritual
monsters are *not* normal summons and that a monster whose flip effect its owner wants
is summoned in defense position and turned face-up on the next own turn (flip-effects.2).
The rest (one normal summon a turn, tributes by level, position changes) are
interpretations listed in interpretations.py.
"""
from __future__ import annotations

from judge.engine import Cite, FieldSpec, Move, Record, SetCard, action, require

from .board import MONSTER_ZONES, SPELL_ZONES, fact, happened, is_monster, monsters
from .flip_effects import turned_face_up
from .interpretations import (CHANGE_POSITION, ONE_NORMAL_SUMMON, SET_SPELL, TRIBUTES,
                              ZONES)
from .citations import (FLIP, FUSION, NEXT_OWN_TURN, NOT_A_SUMMON_RITUAL, RITUAL)
from .turn import require_main_phase

NORMAL_SUMMON = NOT_A_SUMMON_RITUAL.because(ONE_NORMAL_SUMMON)
TRIBUTE = Cite(RITUAL, match="生け贄のモンスターカードが必要").because(TRIBUTES)
ZONE_LIMIT = Cite(FUSION, "fusion.2", match="モンスターカード置き場").because(ZONES)
SET_THIS_TURN = Cite(FLIP, "flip-effects.2", match="召喚してすぐには")
POSITION = NEXT_OWN_TURN.because(CHANGE_POSITION)
ARRIVED = ("normal_summon", "set", "fusion_summon", "ritual_summon", "flipped",
           "position_changed")


def tributes_needed(level: int) -> int:
    """How many tributes a normal summon of this level needs (yugioh.tributes)."""
    return 0 if level <= 4 else 1 if level <= 6 else 2


def _monster_from_hand(match, act):
    card = match.card(act.get("card"), player=act.player, zones=("hand",), field="card")
    if not is_monster(card):
        raise match.input_error(f"{card.label()} is a {card.get('kind') or 'card'}, not a "
                                "monster: use activate or set", field="card")
    return card


def _check_special_monster(match, card, what: str):
    if card.get("kind") == "fusion":
        yield from require(False, Cite(FUSION, match="そのままでは使用することができません"),
                           f"{card.label()} is a fusion monster: it cannot be {what}, only "
                           "called by the fusion procedure")
    if card.get("kind") == "ritual":
        yield from require(False, Cite(RITUAL, match="特殊な手順で"),
                           f"{card.label()} is a ritual monster: it cannot be {what}, only "
                           "brought by its ritual")


def _tribute(match, act, card, what: str):
    """Check and pay a normal summon's tributes; returns how many monster zones free up."""
    level = card.get("level")
    refs = act.get("tributes") or []
    if level is None:
        if refs:
            raise match.input_error(f"{card.label()} has no level: give it `level` to "
                                    "count its tributes", field="card")
        level = 1       # no level given and no tributes: the scenario treats it as small
    needed = tributes_needed(level)
    tributes = [match.card(r, player=act.player, zones=("monsters",), field="tributes")
                for r in refs]
    if len({t.uid for t in tributes}) != len(tributes):
        raise match.input_error("the same monster is named twice as a tribute",
                                field="tributes")
    yield from require(len(tributes) == needed, TRIBUTE,
                       f"{card.label()} is level {level}: {what} it takes {needed} "
                       f"tribute{'s' if needed != 1 else ''}, not {len(tributes)}")
    free = MONSTER_ZONES - len(monsters(match.state, act.player)) + len(tributes)
    yield from require(free >= 1, ZONE_LIMIT,
                       f"{act.player}'s five monster zones are full")
    for t in tributes:
        yield Move(t, "graveyard", clear=("position", "face_down"), cite=TRIBUTE,
                   event="tribute", detail=f"{t.label()} is tributed for {card.label()}: to "
                                           f"{t.owner}'s graveyard")


def _one_normal_summon(match, player: str):
    yield from require(not (happened(match.state, "normal_summon", player=player) or
                            happened(match.state, "set", player=player)), NORMAL_SUMMON,
                       f"{player} has already normal summoned or set a monster this turn")


@action("summon", card=FieldSpec("card", required=True, doc="the monster in the hand"),
        tributes=FieldSpec("cards", doc="monsters to tribute (level 5+)"),
        doc="Normal summon a monster from the hand in attack position (通常召喚).")
def summon(match, act):
    """Normal summon (通常召喚): from the hand, face-up in attack position."""
    p = act.player
    yield from require_main_phase(match, p, "normal summon")
    card = _monster_from_hand(match, act)
    yield from _check_special_monster(match, card, "normal summoned")
    yield from _one_normal_summon(match, p)
    yield from _tribute(match, act, card, "to normal summon it")
    yield Move(card, "monsters", player=p, props={"position": "attack"}, cite=NORMAL_SUMMON,
               event="summon", detail=f"{p} normal summons {card.label()} in attack position "
                                      f"(ATK {card.get('atk', 0)})")
    yield Record(fact(p, "normal_summon", card), cite=NORMAL_SUMMON,
                 detail=f"{p}'s normal summon for this turn is used")


@action("set", card=FieldSpec("card", required=True, doc="the card in the hand"),
        tributes=FieldSpec("cards", doc="monsters to tribute (level 5+)"),
        doc="Set a monster face-down in defense position, or a spell/trap face-down.")
def set_card(match, act):
    """Set (セット): a monster face-down in defense position (裏側守備表示), or a spell/trap."""
    p = act.player
    yield from require_main_phase(match, p, "set a card")
    card = match.card(act.get("card"), player=p, zones=("hand",), field="card")
    if not is_monster(card):
        if act.get("tributes"):
            raise match.input_error("only a monster takes tributes", field="tributes")
        if card.get("spell_type") == "field":
            raise match.input_error(f"{card.label()} is a field card: activate it",
                                    field="card")
        cite = Cite(FLIP, match="カードの指示にしたがってください").because(SET_SPELL)
        yield from require(len(match.zone(p, "spells")) < SPELL_ZONES, cite.because(ZONES),
                           f"{p}'s five spell & trap zones are full")
        yield Move(card, "spells", player=p, props={"face_down": True}, cite=cite,
                   event="set", detail=f"{p} sets a card face-down in a spell & trap zone")
        yield Record(fact(p, "set_card", card), cite=cite, detail="set this turn")
        return
    yield from _check_special_monster(match, card, "set")
    yield from _one_normal_summon(match, p)
    yield from _tribute(match, act, card, "to set it")
    cite = Cite(FLIP, "flip-effects.2", match="守備表示でフィールドに召喚し").because(
        ONE_NORMAL_SUMMON)
    yield Move(card, "monsters", player=p, props={"position": "defense", "face_down": True},
               cite=cite, event="set",
               detail=f"{p} sets a monster face-down in defense position (裏側守備表示)")
    yield Record(fact(p, "set", card), cite=cite,
                 detail=f"{p}'s normal summon for this turn is used; the monster was set "
                        "this turn")


@action("flip", card=FieldSpec("card", required=True, doc="the face-down monster"),
        flip_target=FieldSpec("card", doc="the card its flip effect chooses, if it asks"),
        doc="Turn one's own face-down monster face-up into attack position (flip-effects.2).")
def flip(match, act):
    """The owner turns a face-down monster face-up (表にする), not on the turn it was set."""
    p = act.player
    yield from require_main_phase(match, p, "turn a monster face-up")
    card = match.card(act.get("card"), player=p, zones=("monsters",), field="card")
    if not card.get("face_down"):
        raise match.input_error(f"{card.label()} is already face-up", field="card")
    yield from require(not happened(match.state, "set", card), SET_THIS_TURN,
                       f"{card.label()} was set this turn: its owner can turn it face-up on "
                       "the next own turn, not now")
    yield from require(not happened(match.state, "position_changed", card), POSITION,
                       f"{card.label()} has already changed position this turn")
    yield from turned_face_up(match, card, "owner", position="attack")
    if card in monsters(match.state, p):
        yield Record(fact(p, "flipped", card), cite=POSITION,
                     detail=f"{card.label()} has changed position this turn")


@action("change_position", card=FieldSpec("card", required=True, doc="the face-up monster"),
        flip_target=FieldSpec("card", doc="for a face-down monster: its flip effect's choice"),
        doc="Change a face-up monster between attack and defense position (a face-down "
            "monster is flipped).")
def change_position(match, act):
    """表示形式の変更: attack ↔ face-up defense, once a turn (yugioh.change-position)."""
    p = act.player
    card = match.card(act.get("card"), player=p, zones=("monsters",), field="card")
    if card.get("face_down"):
        yield from flip(match, act)
        return
    yield from require_main_phase(match, p, "change a monster's position")
    arrived = [k for k in ARRIVED if happened(match.state, k, card)]
    yield from require(not arrived, POSITION,
                       f"{card.label()} came to the field or changed position this turn")
    yield from require(not happened(match.state, "attacked", card), POSITION,
                       f"{card.label()} has attacked this turn")
    new = "defense" if card.get("position") == "attack" else "attack"
    yield SetCard(card, {"position": new}, cite=POSITION, event="position",
                  detail=f"{card.label()} changes to {new} position")
    yield Record(fact(p, "position_changed", card), cite=POSITION,
                 detail=f"{card.label()} has changed position this turn")
