"""The small vocabulary of effects a scenario gives a card (効果), since no card text is cited.

The corpus holds no Yu-Gi-Oh! card text, so a scenario says what a flip effect, a spell
or a trap does, in one of these words (or in free text, which is only logged):

=================  ==========================================================
``destroy``        destroy one card on the field, chosen by the card's controller
``destroy_all``    destroy every monster of the opponent (サンダー・ボルト)
``flip_all``       turn every face-down monster of the opponent face-up (光の護封剣)
``bounce``         return one monster on the field to its owner's hand
``draw N``         the controller draws N cards
``damage N``       the opponent loses N life points
=================  ==========================================================

Anything else that is written in Japanese (or has spaces) is a description: the effect
triggers and is logged, and changes nothing.  A single ASCII word that is not in the
vocabulary is refused, since it is most likely a misspelt keyword.
"""
from __future__ import annotations

import re
import unicodedata

from judge.engine import ScenarioError

from .i18n import msg

WORDS = ("destroy", "destroy_all", "flip_all", "bounce")
COUNTED = ("draw", "damage")
VOCABULARY = list(WORDS) + [f"{w} N" for w in COUNTED] + ["(a description in words)"]


def parse_effect(text: str, field: str = "effect") -> tuple[str, int | str]:
    """``"draw 2"`` -> ``("draw", 2)``; ``"destroy"`` -> ``("destroy", 0)``; free text -> ("text", s)."""
    raw = unicodedata.normalize("NFKC", str(text)).strip()
    if raw in WORDS:
        return raw, 0
    m = re.fullmatch(r"(draw|damage)\s+(\d{1,5})", raw)
    if m:
        return m.group(1), int(m.group(2))
    if re.fullmatch(r"[A-Za-z_]+(\s+\S+)?", raw):
        raise ScenarioError(msg("{text!r} is not an effect this game knows", text=text), field=field,
                            accepted=VOCABULARY)
    if not raw:
        raise ScenarioError(msg("an effect cannot be empty"), field=field, accepted=VOCABULARY)
    return "text", raw


def describe(effect: tuple[str, int | str]):
    """The effect in words for the step log (a message of the game's catalogue)."""
    verb, arg = effect
    if verb == "destroy":
        return msg("destroy one card on the field")
    if verb == "destroy_all":
        return msg("destroy every monster of the opponent")
    if verb == "flip_all":
        return msg("turn every face-down monster of the opponent face-up")
    if verb == "bounce":
        return msg("return one monster on the field to its owner's hand")
    if verb == "draw":
        return msg("draw {count}", count=arg)
    if verb == "damage":
        return msg("the opponent loses {amount} life points", amount=arg)
    return msg("「{text}」", text=arg)
