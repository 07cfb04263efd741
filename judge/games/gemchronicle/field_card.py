"""The field card (フィールドカード) in its field zone (フィールドゾーン).

Set face-down before the game (it is not part of the deck).  In its owner's mana phase,
once the mana is 12 or more, it activates by itself without spending mana, and that
activation cannot be negated.  When it would leave the field it returns face-down to the
field zone instead of the break zone (unless it is removed from the game); after that it
comes back by paying 12 mana in its owner's mana phase.
"""
from __future__ import annotations

from judge.engine import FieldSpec, SetCard, action, require
from judge.i18n import N_

from . import cards as C
from .common import require_game_on, require_own_turn
from .mana import mana_of, pay
from .citations import rule
from .interpretations import FIELD_REACTIVATION
from .i18n import msg

ACTIVATION_MANA = 12


def field_cards(match, player: str) -> list:
    """The field card(s) in a player's field zone."""
    return [c for c in match.zone(player, "field") if C.kind(c) == "field"]


def auto_activate(match, player: str):
    """Mana phase: a face-down field card activates once the mana is 12 or more."""
    for card in field_cards(match, player):
        if not card.get("face_down") or card.get("returned"):
            continue
        mana = mana_of(match, player)
        if mana >= ACTIVATION_MANA:
            yield SetCard(card, {"face_down": None},
                          cite=rule("field-zone", None, "マナが１２以上となった時"),
                          detail=msg("{player}'s mana is {mana} (12 or more): {card} "
                                     "activates by itself; no mana is spent and the "
                                     "activation cannot be negated",
                                     player=player, mana=mana, card=card), event="activate")


def return_face_down(match, card, *, cite, detail: str):
    """The field card leaves the field: back face-down into its field zone instead."""
    yield SetCard(card, {"face_down": True, "returned": True},
                  cite=rule("field-zone", None, "ブレイクゾーンに送らずこの場所に裏側に戻します"),
                  detail=msg("{detail}: {card} is a field card, so it goes back "
                             "face-down to the field zone instead of the break zone",
                             detail=detail, card=card),
                  event="return")


@action("activate_field", card=FieldSpec("card", required=True, doc=N_("the field card")),
        doc=N_("Re-activate a returned field card for 12 mana in one's own mana phase (再発動)."))
def activate_field(match, act):
    """Re-activate a returned field card for 12 mana in one's own mana phase (再発動)."""
    player = act.player
    yield from require_game_on(match)
    card = match.card(act.get("card"), player=player, zones=("field",), field="card")
    cite = rule("field-zone", None, "１２マナを使用することで再発動")
    yield from require_own_turn(match, player, msg("re-activate a field card"))
    yield from require(match.state.phase == "mana", cite,
                       msg("a field card is re-activated in its owner's mana phase, "
                           "not the {phase} phase",
                           phase=msg.phase(match.state.phase)))
    yield from require(bool(card.get("face_down")), cite,
                       msg("{card} is already active", card=card))
    yield from require(bool(card.get("returned")), cite.because(FIELD_REACTIVATION),
                       msg("{card} has not been activated yet: it activates by "
                           "itself once the mana is 12 or more",
                           card=card))
    yield from pay(match, player, ACTIVATION_MANA, cite=cite, what=msg("re-activating "
                                                                       "{card}",
                                                                       card=card))
    yield SetCard(card, {"face_down": None, "returned": None}, cite=cite,
                  detail=msg("{card} is activated again", card=card), event="activate")
