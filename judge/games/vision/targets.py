"""目標 (targets): what a card may designate at step 5, and whether it still may at resolution.

The corpus holds no card text, so what a card targets comes from the rules
(【装備】/【呪符】 are set on the character they target: spell.3.I, command.3.I), from the
rulings (a card that negates a play targets a card in the play area; リザレクション and
死符「ギャストリドリーム」 as the play page's comments describe them), from the public facts
(テリブルスーヴニール), or from the scenario's ``target_kind``.  A target that is no
longer legal when the card resolves is lost (目標の喪失) and the resolution fails.
"""
from __future__ import annotations

from judge.engine import Card

from .cards import card_type, is_attachment, is_character, number_of
from .i18n import msg

KINDS = {
    "character": msg("a character on a field"),
    "character_being_played": msg("a character card being played (in a play area)"),
    "card_being_played": msg("a card being played (in a play area)"),
    "command_being_played": msg("a command card being played (in a play area)"),
    "spell_in_graveyard": msg("a spell card in a 冥界 (not テリブルスーヴニール)"),
    "card_in_graveyard": msg("a card in a 冥界"),
    "any": msg("any card on a field"),
}

# Cards whose target the rulings or public facts describe (their text is not in the corpus).
BY_NUMBER = {
    "N142": "character_being_played",     # 瞋怒
    "N96": "card_being_played",           # 断罪裁判
    "N83": "command_being_played",        # 作戦阻止
    "N364": "spell_in_graveyard",         # 想起「テリブルスーヴニール」
    "N298": "card_in_graveyard",          # リザレクション
    "N70": "character",                   # 死符「ギャストリドリーム」
    "P2": "character",                    # PR.002 死符「ギャストリドリーム」
}


def target_kind(card: Card) -> str | None:
    """What the card designates as its target, or None when it has no target."""
    if card.get("target_kind"):
        return card.get("target_kind")
    number = number_of(card)
    if number in BY_NUMBER:
        return BY_NUMBER[number]
    if is_attachment(card):
        return "character"
    if card.get("range") == "目標":
        return "any"
    return None


def is_legal_target(state, card: Card, candidate: Card, kind: str | None = None) -> bool:
    """Whether ``candidate`` is a legal target of ``card`` on this board."""
    kind = kind or target_kind(card)
    if kind is None or candidate.uid == card.uid:
        return False
    try:
        _, zone, _ = state.find(candidate.uid)
    except KeyError:
        return False
    ctype = card_type(candidate)
    if kind == "character":
        return zone == "field" and is_character(candidate)
    if kind == "character_being_played":
        return zone == "play_area" and ctype == "character"
    if kind == "card_being_played":
        return zone == "play_area"
    if kind == "command_being_played":
        return zone == "play_area" and ctype == "command"
    if kind == "spell_in_graveyard":
        return zone == "graveyard" and ctype == "spell" and number_of(candidate) != "N364"
    if kind == "card_in_graveyard":
        return zone == "graveyard"
    if kind == "any":
        return zone == "field"
    return False


def legal_targets(state, card: Card) -> list[Card]:
    """Every legal target of ``card`` on this board, in board order."""
    kind = target_kind(card)
    if kind is None:
        return []
    return [c for _, _, c in state.cards() if is_legal_target(state, card, c, kind)]


def reference(state, card: Card) -> str:
    """How a scenario names this card unambiguously (``Name`` or ``Name#2``)."""
    same = [c for _, _, c in state.cards() if c.name == card.name]
    if len(same) == 1:
        return card.name
    return f"{card.name}#{[c.uid for c in same].index(card.uid) + 1}"
