"""Flip effects (リバース効果: 「~が表になったとき、○○」), rulebook chapter 2.

A flip effect triggers whenever its monster is turned face-up, whatever turned it
(flip-effects.1): its owner (``flip``, on a later turn: flip-effects.2), an attack (even
on the turn right after it was set), or a spell or effect such as 光の護封剣.  A monster
destroyed while face-down, as by サンダー・ボルト, is never turned face-up, so its flip
effect does not trigger.  What the effect does is the card's ``flip_effect`` (the effect
vocabulary of effect_text.py, or a description that is only logged).
"""
from __future__ import annotations

from judge.engine import Card, Cite, Record, SetCard

from .board import controller, fact
from .effect_text import describe, parse_effect
from .effects import CARD_INSTRUCTIONS, resolve
from .citations import (FLIP, FLIPPED_ANY_WAY, FLIPPED_BY_ATTACK, FLIPPED_BY_EFFECT,
                    NEXT_OWN_TURN)
from .i18n import msg

INTO_ATTACK_POSITION = Cite(FLIP, "flip-effects.2", match="攻撃表示にしてから使う")

# how it was turned face-up -> (what the turning cites, why, what the trigger cites)
HOW = {
    "owner": (INTO_ATTACK_POSITION, msg("by its owner's will"), NEXT_OWN_TURN),
    "attack": (FLIPPED_BY_ATTACK, msg("because it is attacked"), FLIPPED_ANY_WAY),
    "effect": (FLIPPED_BY_EFFECT, msg("by an effect"), FLIPPED_BY_EFFECT),
}


def turned_face_up(match, card: Card, how: str, position: str | None = None,
                   source: Card | None = None, cite: Cite | None = None):
    """Turn a face-down monster face-up (``how``: owner, attack, effect), then its flip effect.

    ``cite`` overrides what the turning itself cites (the spell that turned it).
    """
    default, why, _ = HOW[how]
    cite = cite or default
    props = {"face_down": None}
    if position:
        props["position"] = position
    if source is not None:
        why = msg("{why} ({source})", why=why, source=source)
    stats = dict(atk=card.get("atk", 0), def_=card.get("def", 0))
    yield SetCard(card, props, cite=cite, event="flipped",
                  detail=msg("{card} is turned face-up {why}, into {position} position "
                             "(ATK {atk} / DEF {def_})", card=card, why=why,
                             position=msg.term("position", position), **stats)
                  if position else
                  msg("{card} is turned face-up {why} (ATK {atk} / DEF {def_})", card=card,
                      why=why, **stats))
    if card.get("flip_effect"):
        yield from trigger(match, card, how)


def trigger(match, card: Card, how: str):
    """The flip effect of a monster just turned face-up activates and resolves."""
    owner = controller(match.state, card)
    effect = card.get("flip_effect")
    cite = HOW[how][2]
    yield Record(fact(owner, "flip_effect", card), cite=cite, event="flip-effect",
                 detail=msg("the flip effect of {card} activates as the card is "
                            "turned face-up: {value}",
                            card=card, value=describe(parse_effect(effect))))
    yield from resolve(match, card, owner, effect, "flip_target", CARD_INSTRUCTIONS)
