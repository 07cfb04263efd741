"""場に残り続ける魔法カード: a spell that stays on the field after it is used (光の護封剣).

The chapter names 光の護封剣 only as a card that turns monsters face-up (flip-effects.1),
and public-facts.md says no more (it turns the opponent's monsters face-up).  The real
card stays on the field and, while it is there, the opponent's monsters cannot attack:
that is an interpretation (``yugioh.light-sword``), as is the number of turns it stays
(3 of the opponent's turns: neither the corpus nor public-facts.md states a count).
Every step here is marked with it.  A scenario can give any spell ``stays_turns`` and
``stops_attacks``, and change 光の護封剣's.

The count: ``turns_left`` on the card in its controller's spell & trap zone goes down by
one at the end of each turn of the controller's opponent; at 0 the card goes to the
graveyard (used: yugioh/rule/graveyard).
"""
from __future__ import annotations

from judge.engine import Card, Move, Note, SetCard, require

from .citations import TRAP_NAMED
from .effects import card_cite
from .graveyard import to_graveyard
from .interpretations import LIGHT_SWORD
from .i18n import msg
from .board import SPELL_ZONES

# The engine's defaults for the cards that stay (interpretation yugioh.light-sword).
STAYING = {"光の護封剣": {"stays_turns": 3, "stops_attacks": True}}


def stays_turns(card: Card) -> int | None:
    """How many of the opponent's turns the spell stays after it is used, if it stays."""
    value = card.get("stays_turns")
    if value is None:
        value = STAYING.get(card.name, {}).get("stays_turns")
    return value if value else None


def stops_attacks(card: Card) -> bool:
    """Whether the opponent's monsters cannot attack while the card is face-up on the field."""
    value = card.get("stops_attacks")
    if value is None:
        value = STAYING.get(card.name, {}).get("stops_attacks", False)
    return bool(value) and bool(stays_turns(card) or card.get("turns_left"))


def cite(match, card: Card):
    """The card's own entry (or the chapter's sentence naming it), as an interpretation."""
    return (card_cite(match, card.name) or TRAP_NAMED).because(LIGHT_SWORD)


def stay(match, card: Card, player: str):
    """After it is used, the card stays face-up in its controller's spell & trap zone."""
    turns = stays_turns(card)
    if match.where_is(card)[1] != "spells":
        yield from require(len(match.zone(player, "spells")) < SPELL_ZONES, cite(match, card),
                           msg("{player}'s five spell & trap zones are full", player=player))
    yield Move(card, "spells", player=player, props={"turns_left": turns},
               clear=("face_down",), cite=cite(match, card), event="stays",
               detail=msg("{card} stays face-up on {player}'s field for {turns} of the "
                          "opponent's turns", card=card, player=player, turns=turns))


def attack_stopped(match, attacker_player: str):
    """The check before an attack: no card of the opponent stops it."""
    other = match.state.opponent(attacker_player)
    for card in match.zone(other, "spells"):
        if not card.get("face_down") and stops_attacks(card):
            yield from require(False, cite(match, card),
                               msg("{card} is on {owner}'s field: {player}'s monsters "
                                   "cannot attack", card=card, owner=other,
                                   player=attacker_player))


def count_down(match, ending: str):
    """At the end of ``ending``'s turn: the opponent's staying spells count one turn."""
    controller = match.state.opponent(ending)
    for card in list(match.zone(controller, "spells")):
        left = card.get("turns_left")
        if not left:
            continue
        if left > 1:
            yield SetCard(card, {"turns_left": left - 1}, cite=cite(match, card),
                          event="stays", detail=msg("{card} stays: {left} more of "
                                                    "{player}'s turns", card=card,
                                                    left=left - 1, player=ending))
            continue
        yield Note(cite=cite(match, card), event="stays",
                   detail=msg("{card} has stayed its turns", card=card))
        yield from to_graveyard(match, card, cite(match, card),
                                msg("{card} leaves the field: to {owner}'s graveyard",
                                    card=card, owner=card.owner))
