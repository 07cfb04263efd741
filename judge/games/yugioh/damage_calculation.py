"""ダメージの判定: the damage table of chapter 2, for a target in attack or defense position.

=====================  =====================================  ==========================
the attacker's ATK ...  against a monster in attack position   in defense position
=====================  =====================================  ==========================
higher                  the target is destroyed; its           the target is destroyed;
                        controller takes ATK − ATK             no damage
equal                   both are destroyed; no damage          nothing happens
lower                   the attacker is destroyed; its         nothing is destroyed; the
                        controller takes ATK − ATK             attacking player takes
                        (interpretation: see below)            DEF − ATK
=====================  =====================================  ==========================

Each case cites its clause of ``yugioh/rule/damage-calculation``.  The attack-lower
clause as transcribed charges the attacked player ATK − ATK (a negative number): the
engine follows the correct rule and marks that step as the interpretation
``yugioh.attack-lower-transcription`` (see the editor's note on the entry).  Destroyed
monsters go to the graveyard (yugioh/rule/graveyard).
"""
from __future__ import annotations

from judge.engine import Card, Cite, Note

from .board import controller, current_atk, current_def, stat_text
from .graveyard import destroy
from .interpretations import ATTACK_LOWER
from .life_points import lose_life
from .citations import DAMAGE, TO_GRAVEYARD
from .i18n import msg


def clause(name: str, match: str | None = None) -> Cite:
    """A clause of the damage table (attack-higher … defense-lower)."""
    return Cite(DAMAGE, name, match)


def damage_calculation(match, attacker: Card, target: Card):
    """Judge the damage between an attacking monster and the monster it attacks."""
    if target.get("position") == "defense":
        yield from _against_defense(match, attacker, target)
    else:
        yield from _against_attack(match, attacker, target)


def _destroyed_in_battle(match, card: Card, why: str):
    yield from destroy(match, card, TO_GRAVEYARD,
                       msg("{card} was destroyed in battle ({why}): to {owner}'s "
                           "graveyard",
                           card=card, why=why, owner=card.owner))


def _against_attack(match, attacker: Card, target: Card):
    s = match.state
    a, t = current_atk(s, attacker), current_atk(s, target)
    me, them = controller(s, attacker), controller(s, target)
    compare = msg("{attacker} {attacker_stat} against {target} {target_stat} in attack "
                  "position", attacker=attacker, attacker_stat=stat_text(s, attacker, "atk"),
                  target=target, target_stat=stat_text(s, target, "atk"))
    if a > t:
        cite = clause("attack-higher", "破壊されます")
        yield Note(cite=cite, event="damage-calculation", detail=msg("{compare}: "
                                                                     "higher",
                                                                     compare=compare))
        yield from _destroyed_in_battle(match, target, msg("lower ATK"))
        yield from lose_life(match, them, a - t, clause("attack-higher", "引かれます"),
                             msg("{them} takes {a} − {t} = {value} battle damage",
                                 them=them, a=a, t=t, value=a - t))
    elif a == t:
        cite = clause("attack-equal", "相打ち")
        yield Note(cite=cite, event="damage-calculation", detail=msg("{compare}: "
                                                                     "equal",
                                                                     compare=compare))
        yield from _destroyed_in_battle(match, attacker, msg("equal ATK"))
        yield from _destroyed_in_battle(match, target, msg("equal ATK"))
        yield Note(cite=clause("attack-equal", "ダメージを受けません"), event="no-damage",
                   detail=msg("neither player takes damage"))
    else:
        cite = clause("attack-lower", "破壊されます")
        yield Note(cite=cite, event="damage-calculation", detail=msg("{compare}: "
                                                                     "lower",
                                                                     compare=compare))
        yield from _destroyed_in_battle(match, attacker, msg("lower ATK"))
        yield from lose_life(match, me, t - a,
                             clause("attack-lower", "引かれます").because(ATTACK_LOWER),
                             msg("{me} (the attacking player, whose monster was "
                                 "weaker) takes {t} − {a} = {value} battle damage",
                                 me=me, t=t, a=a, value=t - a))


def _against_defense(match, attacker: Card, target: Card):
    s = match.state
    a, d = current_atk(s, attacker), current_def(s, target)
    me = controller(s, attacker)
    compare = msg("{attacker} {attacker_stat} against {target} {target_stat} in defense "
                  "position", attacker=attacker, attacker_stat=stat_text(s, attacker, "atk"),
                  target=target, target_stat=stat_text(s, target, "def"))
    if a > d:
        yield Note(cite=clause("defense-higher", "破壊されます"), event="damage-calculation",
                   detail=msg("{compare}: higher", compare=compare))
        yield from _destroyed_in_battle(match, target, msg("ATK higher than its DEF"))
        yield Note(cite=clause("defense-higher", "ダメージを受けません"), event="no-damage",
                   detail=msg("neither player takes damage"))
    elif a == d:
        yield Note(cite=clause("defense-equal", "影響はありません"), event="damage-calculation",
                   detail=msg("{compare}: equal — neither monster is destroyed",
                              compare=compare))
        yield Note(cite=clause("defense-equal", "ダメージを受けません"), event="no-damage",
                   detail=msg("neither player takes damage"))
    else:
        yield Note(cite=clause("defense-lower", "影響はありません"), event="damage-calculation",
                   detail=msg("{compare}: lower — neither monster is destroyed",
                              compare=compare))
        yield from lose_life(match, me, d - a, clause("defense-lower", "引かれます"),
                             msg("{me} (the attacking player) takes {d} − {a} = "
                                 "{value} battle damage",
                                 me=me, d=d, a=a, value=d - a))
