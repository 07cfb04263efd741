"""フィールドカード: spells that change the terrain (地形) of the whole duel field.

yugioh/rule/field-cards: only one field card can be on the duel field; the one played
last is in effect and the previous one goes to the graveyard; when the field card is
destroyed, the terrain returns to its state at the start of the game.  The terrain is
the game-wide flag ``terrain`` holding the modifiers the scenario gives the card
(``field_atk``, ``field_def``, for the monsters named in ``field_types``, or all):
interpretation ``yugioh.terrain-modifiers``.
"""
from __future__ import annotations

from judge.engine import Card, Cite, Move, SetFlag

from .graveyard import to_graveyard
from .interpretations import TERRAIN_MODIFIERS
from .citations import FIELD, FIELD_ONE_CARD, FIELD_TERRAIN
from .i18n import msg

REPLACED = Cite(FIELD, match="前のフィールドカードは墓地へと送られます")


def terrain_of(card: Card) -> dict:
    """The terrain flag a field card makes: its name, uid and modifiers."""
    return {"name": card.get("terrain") or card.name, "card": card.name, "uid": card.uid,
            "atk": card.get("field_atk", 0), "def": card.get("field_def", 0),
            "types": list(card.get("field_types") or [])}


def play_field_card(match, act, card: Card):
    """Put a field card in the field zone; the previous one (either player's) is replaced."""
    p = act.player
    previous = [c for q in match.state.players for c in match.zone(q, "field")]
    yield Move(card, "field", player=p, props={}, clear=("face_down",), cite=FIELD_ONE_CARD,
               event="field-card", detail=msg("{player} plays the field card {card}",
                                              player=p, card=card))
    terrain = terrain_of(card)
    mods = ", ".join(f"{k.upper()} {terrain[k]:+d}" for k in ("atk", "def") if terrain[k])
    yield SetFlag("terrain", terrain, cite=FIELD_TERRAIN.because(TERRAIN_MODIFIERS),
                  event="terrain",
                  detail=(msg("the terrain becomes {terrain}: {mods} for {types}",
                              terrain=terrain["name"], mods=mods, types=terrain["types"])
                          if mods and terrain["types"] else
                          msg("the terrain becomes {terrain}: {mods} for every monster",
                              terrain=terrain["name"], mods=mods)
                          if mods else
                          msg("the terrain becomes {terrain}", terrain=terrain["name"])))
    for old in previous:
        yield from to_graveyard(match, old, REPLACED,
                                msg("only one field card can be in effect: {old} "
                                    "goes to {owner}'s graveyard",
                                    old=old, owner=old.owner))
