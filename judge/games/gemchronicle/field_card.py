"""The field card (フィールドカード) in its field zone (フィールドゾーン).

Set face-down before the game (it is not part of the deck).  In its owner's mana phase,
once the mana is 12 or more, it activates by itself without spending mana, and that
activation cannot be negated.  When it would leave the field it returns face-down to the
field zone instead of the break zone (unless it is removed from the game); after that it
comes back by paying 12 mana in its owner's mana phase.
"""
from __future__ import annotations

from judge.engine import FieldSpec, SetCard, action, require

from . import cards as C
from .common import require_game_on, require_own_turn
from .mana import mana_of, pay
from .citations import rule
from .interpretations import FIELD_REACTIVATION

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
                          detail=f"{player}'s mana is {mana} (12 or more): {card.label()} "
                                 "activates by itself; no mana is spent and the activation "
                                 "cannot be negated", event="activate")


def return_face_down(match, card, *, cite, detail: str):
    """The field card leaves the field: back face-down into its field zone instead."""
    yield SetCard(card, {"face_down": True, "returned": True},
                  cite=rule("field-zone", None, "ブレイクゾーンに送らずこの場所に裏側に戻します"),
                  detail=f"{detail}: {card.label()} is a field card, so it goes back "
                         "face-down to the field zone instead of the break zone",
                  event="return")


@action("activate_field", card=FieldSpec("card", required=True, doc="the field card"))
def activate_field(match, act):
    """Re-activate a returned field card for 12 mana in one's own mana phase (再発動)."""
    player = act.player
    yield from require_game_on(match)
    card = match.card(act.get("card"), player=player, zones=("field",), field="card")
    cite = rule("field-zone", None, "１２マナを使用することで再発動")
    yield from require_own_turn(match, player, "re-activate a field card")
    yield from require(match.state.phase == "mana", cite,
                       f"a field card is re-activated in its owner's mana phase, not the "
                       f"{match.state.phase} phase")
    yield from require(bool(card.get("face_down")), cite,
                       f"{card.label()} is already active")
    yield from require(bool(card.get("returned")), cite.because(FIELD_REACTIVATION),
                       f"{card.label()} has not been activated yet: it activates by itself "
                       "once the mana is 12 or more")
    yield from pay(match, player, ACTIVATION_MANA, cite=cite, what="re-activating "
                   f"{card.label()}")
    yield SetCard(card, {"face_down": None, "returned": None}, cite=cite,
                  detail=f"{card.label()} is activated again", event="activate")
