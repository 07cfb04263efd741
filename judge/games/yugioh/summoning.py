"""Normal summons and sets (召喚・セット), the owner's flip, and changes of position.

Chapter 2 takes the normal summon for granted: it only says that fusion and ritual
monsters are *not* normal summons and that a monster whose flip effect its owner wants
is summoned in defense position and turned face-up on the next own turn (flip-effects.2).
The rest (one normal summon a turn, tributes by level, position changes) are
interpretations listed in interpretations.py.
"""
from __future__ import annotations

from judge.engine import Cite, FieldSpec, Move, Record, SetCard, action, require
from judge.i18n import N_

from .board import MONSTER_ZONES, SPELL_ZONES, fact, happened, is_monster, monsters
from .flip_effects import turned_face_up
from .interpretations import (CHANGE_POSITION, ONE_NORMAL_SUMMON, SET_SPELL, TRIBUTES,
                              ZONES)
from .citations import (FLIP, FUSION, NEXT_OWN_TURN, NOT_A_SUMMON_RITUAL, RITUAL, TRAP_NAMED)
from .turn import require_main_phase
from .i18n import msg

NORMAL_SUMMON = NOT_A_SUMMON_RITUAL.because(ONE_NORMAL_SUMMON)
TRIBUTE = Cite(RITUAL, match="生け贄のモンスターカードが必要").because(TRIBUTES)
ZONE_LIMIT = Cite(FUSION, "fusion.2", match="モンスターカード置き場").because(ZONES)
SET_THIS_TURN = Cite(FLIP, "flip-effects.2", match="次の自分のターンで表にして")
POSITION = NEXT_OWN_TURN.because(CHANGE_POSITION)
ARRIVED = ("normal_summon", "set", "fusion_summon", "ritual_summon", "flipped",
           "position_changed")


def tributes_needed(level: int) -> int:
    """How many tributes a normal summon of this level needs (yugioh.tributes)."""
    return 0 if level <= 4 else 1 if level <= 6 else 2


def _monster_from_hand(match, act):
    # A fusion monster named from the fusion deck is found there, so that summoning it
    # is the illegal step the fusion rule makes it, not an input error.
    card = match.card(act.get("card"), player=act.player, zones=("hand", "fusion_deck"),
                      field="card")
    if not is_monster(card):
        raise match.input_error(msg("{card} is a {value}, not a monster: use activate or set",
                                    card=card, value=card.get('kind') or 'card'), field="card")
    return card


def _check_special_monster(match, card, what: str):
    if card.get("kind") == "fusion":
        yield from require(False, Cite(FUSION, match="そのままでは使用することができません"),
                           msg("{card} is a fusion monster: it cannot be {what}, "
                               "only called by the fusion procedure",
                               card=card, what=what))
    if card.get("kind") == "ritual":
        yield from require(False, Cite(RITUAL, match="特殊な手順で"),
                           msg("{card} is a ritual monster: it cannot be {what}, "
                               "only brought by its ritual",
                               card=card, what=what))
    if match.where_is(card)[1] != "hand":
        yield from require(False, Cite(FUSION, match="そのままでは使用することができません"),
                           msg("{card} is in the fusion deck: it cannot be {what}, "
                               "only called by the fusion procedure",
                               card=card, what=what))


def _tribute(match, act, card, what: str):
    """Check and pay a normal summon's tributes; returns how many monster zones free up."""
    level = card.get("level")
    refs = act.get("tributes") or []
    if level is None:
        if refs:
            raise match.input_error(msg("{card} has no level: give it `level` to count its tributes",
                                        card=card), field="card")
        level = 1       # no level given and no tributes: the scenario treats it as small
    needed = tributes_needed(level)
    tributes = [match.card(r, player=act.player, zones=("monsters",), field="tributes")
                for r in refs]
    if len({t.uid for t in tributes}) != len(tributes):
        raise match.input_error(msg("the same monster is named twice as a tribute"),
                                field="tributes")
    yield from require(len(tributes) == needed, TRIBUTE,
                       msg("{card} is level {level}: {what} it takes {needed} "
                           "tribute{value}, not {tributes_count}",
                           card=card, level=level, what=what, needed=needed, value='s' if needed != 1 else '', tributes_count=len(tributes)))
    free = MONSTER_ZONES - len(monsters(match.state, act.player)) + len(tributes)
    yield from require(free >= 1, ZONE_LIMIT,
                       msg("{player}'s five monster zones are full", player=act.player))
    for t in tributes:
        yield Move(t, "graveyard", clear=("position", "face_down"), cite=TRIBUTE,
                   event="tribute", detail=msg("{t} is tributed for {card}: to "
                                               "{owner}'s graveyard",
                                               t=t, card=card, owner=t.owner))


def _one_normal_summon(match, player: str):
    yield from require(not (happened(match.state, "normal_summon", player=player) or
                            happened(match.state, "set", player=player)), NORMAL_SUMMON,
                       msg("{player} has already normal summoned or set a monster "
                           "this turn", player=player))


@action("summon", card=FieldSpec("card", required=True, doc=N_("the monster in the hand")),
        tributes=FieldSpec("cards", doc=N_("monsters to tribute (level 5+)")),
        doc=N_("Normal summon a monster from the hand in attack position (通常召喚)."))
def summon(match, act):
    """Normal summon (通常召喚): from the hand, face-up in attack position."""
    p = act.player
    yield from require_main_phase(match, p, msg("normal summon"))
    card = _monster_from_hand(match, act)
    yield from _check_special_monster(match, card, msg("normal summoned"))
    yield from _one_normal_summon(match, p)
    yield from _tribute(match, act, card, msg("to normal summon it"))
    yield Move(card, "monsters", player=p, props={"position": "attack"}, cite=NORMAL_SUMMON,
               event="summon", detail=msg("{player} normal summons {card} in attack "
                                          "position (ATK {value})",
                                          player=p, card=card, value=card.get('atk', 0)))
    yield Record(fact(p, "normal_summon", card), cite=NORMAL_SUMMON,
                 detail=msg("{player}'s normal summon for this turn is used", player=p))


@action("set", card=FieldSpec("card", required=True, doc=N_("the card in the hand")),
        tributes=FieldSpec("cards", doc=N_("monsters to tribute (level 5+)")),
        doc=N_("Set a monster face-down in defense position, or a spell/trap face-down."))
def set_card(match, act):
    """Set (セット): a monster face-down in defense position (裏側守備表示), or a spell/trap."""
    p = act.player
    yield from require_main_phase(match, p, msg("set a card"))
    card = match.card(act.get("card"), player=p, zones=("hand", "fusion_deck"),
                      field="card")
    if match.where_is(card)[1] == "fusion_deck":
        yield from _check_special_monster(match, card, msg("set"))
    if not is_monster(card):
        if act.get("tributes"):
            raise match.input_error(msg("only a monster takes tributes"), field="tributes")
        if card.get("spell_type") == "field":
            raise match.input_error(msg("{card} is a field card: activate it", card=card),
                                    field="card")
        cite = TRAP_NAMED.because(SET_SPELL)
        yield from require(len(match.zone(p, "spells")) < SPELL_ZONES, cite.because(ZONES),
                           msg("{player}'s five spell & trap zones are full", player=p))
        yield Move(card, "spells", player=p, props={"face_down": True}, cite=cite,
                   event="set", detail=msg("{player} sets a card face-down in a "
                                           "spell & trap zone",
                                           player=p))
        yield Record(fact(p, "set_card", card), cite=cite, detail=msg("set this turn"))
        return
    yield from _check_special_monster(match, card, msg("set"))
    yield from _one_normal_summon(match, p)
    yield from _tribute(match, act, card, msg("to set it"))
    cite = Cite(FLIP, "flip-effects.2", match="守備表示でフィールドに召喚し").because(
        ONE_NORMAL_SUMMON)
    yield Move(card, "monsters", player=p, props={"position": "defense", "face_down": True},
               cite=cite, event="set",
               detail=msg("{player} sets a monster face-down in defense position "
                          "(裏側守備表示)", player=p))
    yield Record(fact(p, "set", card), cite=cite,
                 detail=msg("{player}'s normal summon for this turn is used; the "
                            "monster was set this turn",
                            player=p))


@action("flip", card=FieldSpec("card", required=True, doc=N_("the face-down monster")),
        flip_target=FieldSpec("card", doc=N_("the card its flip effect chooses, if it asks")),
        doc=N_("Turn one's own face-down monster face-up into attack position (flip-effects.2)."))
def flip(match, act):
    """The owner turns a face-down monster face-up (表にする), not on the turn it was set."""
    p = act.player
    yield from require_main_phase(match, p, msg("turn a monster face-up"))
    card = match.card(act.get("card"), player=p, zones=("monsters",), field="card")
    if not card.get("face_down"):
        raise match.input_error(msg("{card} is already face-up", card=card), field="card")
    yield from require(not happened(match.state, "set", card), SET_THIS_TURN,
                       msg("{card} was set this turn: its owner can turn it face-up "
                           "on the next own turn, not now",
                           card=card))
    yield from require(not happened(match.state, "position_changed", card), POSITION,
                       msg("{card} has already changed position this turn", card=card))
    yield from turned_face_up(match, card, "owner", position="attack")
    if card in monsters(match.state, p):
        yield Record(fact(p, "flipped", card), cite=POSITION,
                     detail=msg("{card} has changed position this turn", card=card))


@action("change_position", card=FieldSpec("card", required=True, doc=N_("the face-up monster")),
        flip_target=FieldSpec("card", doc=N_("for a face-down monster: its flip effect's choice")),
        doc=N_("Change a face-up monster between attack and defense position (a face-down "
            "monster is flipped)."))
def change_position(match, act):
    """表示形式の変更: attack ↔ face-up defense, once a turn (yugioh.change-position)."""
    p = act.player
    card = match.card(act.get("card"), player=p, zones=("monsters",), field="card")
    if card.get("face_down"):
        yield from flip(match, act)
        return
    yield from require_main_phase(match, p, msg("change a monster's position"))
    arrived = [k for k in ARRIVED if happened(match.state, k, card)]
    yield from require(not arrived, POSITION,
                       msg("{card} came to the field or changed position this turn",
                           card=card))
    yield from require(not happened(match.state, "attacked", card), POSITION,
                       msg("{card} has attacked this turn", card=card))
    new = "defense" if card.get("position") == "attack" else "attack"
    yield SetCard(card, {"position": new}, cite=POSITION, event="position",
                  detail=msg("{card} changes to {new} position", card=card, new=msg.term("position", new)))
    yield Record(fact(p, "position_changed", card), cite=POSITION,
                 detail=msg("{card} has changed position this turn", card=card))
