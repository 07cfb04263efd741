"""The graveyard (墓場・墓地): where destroyed monsters and used spell cards go.

Also what follows a card leaving the field: the equip spells laid over a monster go
with it, a destroyed field card takes its terrain away, and a fusion monster returned
to the hand goes back to the fusion deck instead (yugioh/rule/fusion).
"""
from __future__ import annotations

from judge.engine import Card, Cite, Move, SetFlag

from .board import ON_FIELD_PROPS, equips_of, is_monster
from .interpretations import EQUIP_FOLLOWS
from .citations import FIELD_RESET, FUSION, FUSION_DESTROYED, GRAVEYARD
from .i18n import msg


def to_graveyard(match, card: Card, cite: Cite, detail: str, event: str = "to-graveyard"):
    """Put a card in its owner's graveyard, then what follows it leaving the field."""
    was_monster = is_monster(card) and match.where_is(card)[1] == "monsters"
    was_field = match.where_is(card)[1] == "field"
    yield Move(card, "graveyard", clear=ON_FIELD_PROPS, cite=cite, detail=detail, event=event)
    yield from _after_leaving(match, card, was_monster, was_field)


def destroy(match, card: Card, cite: Cite, detail: str):
    """A card is destroyed (破壊): to its owner's graveyard.

    A fusion monster cites the fusion rule (破壊されれば墓地へと送られ), which the chapter
    states for it in so many words.
    """
    if card.get("kind") == "fusion" and match.where_is(card)[1] == "monsters":
        cite = FUSION_DESTROYED if cite.interpretation is None else \
            FUSION_DESTROYED.because(cite.interpretation)
    yield from to_graveyard(match, card, cite, detail, event="destroyed")


def return_to_hand(match, card: Card, cite: Cite, detail: str):
    """A monster returns to its owner's hand; a fusion monster goes to the fusion deck."""
    was_monster = match.where_is(card)[1] == "monsters"
    if card.get("kind") == "fusion":
        yield Move(card, "fusion_deck", clear=ON_FIELD_PROPS,
                   cite=Cite(FUSION, match="手札に戻された場合は融合デッキへと戻ります"),
                   detail=msg("{card} would return to the hand: a fusion monster "
                              "goes back to {owner}'s fusion deck instead",
                              card=card, owner=card.owner), event="to-fusion-deck")
    else:
        yield Move(card, "hand", clear=ON_FIELD_PROPS, cite=cite, detail=detail,
                   event="to-hand")
    yield from _after_leaving(match, card, was_monster, False)


def _after_leaving(match, card: Card, was_monster: bool, was_field: bool):
    if was_monster:
        for equip in list(equips_of(match.state, card)):
            yield Move(equip, "graveyard", clear=ON_FIELD_PROPS,
                       cite=Cite(GRAVEYARD, match="使用した魔法カード").because(
                           EQUIP_FOLLOWS),
                       detail=msg("{equip} was laid over {card}, which left the "
                                  "field: it goes to {owner}'s graveyard",
                                  equip=equip, card=card, owner=equip.owner),
                       event="to-graveyard")
    if was_field:
        terrain = match.state.flags.get("terrain")
        if terrain and terrain.get("uid") == card.uid:
            yield SetFlag("terrain", None, cite=FIELD_RESET,
                          detail=msg("the terrain of {card} ends: the field is as at "
                                     "the start of the duel",
                                     card=card), event="terrain")

