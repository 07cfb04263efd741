"""Continuous damage (継続ダメージ) and effect damage (効果ダメージ).

Damage a unit takes from an attack or an effect stays on it until the next mana phase of
either player, when all of it heals (unless the unit is burning, 燃焼).  While it stays,
the engine lowers the value the unit fights with by the damage, and a unit whose damage
reaches that value is broken (interpretation ``continuous-damage-value``).
"""
from __future__ import annotations

from judge.engine import Note, SetCard

from . import cards as C
from . import passive_skills
from .citations import rule
from .interpretations import CONTINUOUS_DAMAGE, STATUS_COUNTDOWN
from .zones import UNIT_ZONES, break_card
from .i18n import msg

KEEPS = rule("continuous-damage", None, "次のマナフェイズ")


def deal(match, card, amount: int, *, cite, detail: str, effect: bool = False):
    """Put ``amount`` of continuous damage on a unit; break it if nothing is left of its value."""
    if amount <= 0:
        return
    total = card.get("damage", 0) + amount
    kind = msg("effect damage (効果ダメージ)") if effect else msg("continuous damage")
    yield SetCard(card, {"damage": total}, cite=cite,
                  detail=msg("{detail}: {card} takes {amount} {kind}, {total} in all "
                             "until the next mana phase",
                             detail=detail, card=card, amount=amount, kind=kind, total=total), event="damage")
    value = passive_skills.base_value(match.state, card)
    if total >= value:
        which = "ATK" if C.position(card) == "attack" else "DEF"
        yield from break_card(match, card,
                              cite=KEEPS.because(CONTINUOUS_DAMAGE),
                              detail=msg("{card}'s damage {total} reaches its "
                                         "{which} {value}: it is broken",
                                         card=card, total=total, which=which, value=value))


def heal_all(match):
    """Mana phase: every unit's continuous damage heals, except a burning unit's (燃焼)."""
    for pname in match.state.players:
        for card in [c for z in UNIT_ZONES for c in match.zone(pname, z)]:
            if not card.get("damage"):
                continue
            if "burn" in C.statuses(card):
                yield Note(cite=rule("status-effects", "burn", "継続ダメージが回復しなくなります")
                           .because(STATUS_COUNTDOWN),
                           detail=msg("{card} is burning: its {damage} damage does "
                                      "not heal",
                                      card=card, damage=card['damage']), event="burn")
                continue
            yield SetCard(card, {"damage": None},
                          cite=rule("continuous-damage", None, "マナフェイズ時に全て回復"),
                          detail=msg("mana phase: {card}'s {damage} continuous "
                                     "damage heals",
                                     card=card, damage=card['damage']), event="heal")
