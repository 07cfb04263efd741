"""戦闘: declaring an attack, the face-down target turned face-up, then the damage judged.

The order follows chapter 2: an attacked face-down monster is turned face-up (and its
flip effect activates at that moment, flip-effects.1), then the damage is judged by the
table (damage_calculation.py), or the attack reaches the player directly when the
opponent has no monster (direct_attack.py).
"""
from __future__ import annotations

from judge.engine import FieldSpec, Note, Record, action, require

from .board import face_up, fact, happened, monsters, position_text
from .damage_calculation import damage_calculation
from .direct_attack import direct_attack, may_attack_directly
from .flip_effects import turned_face_up
from .lasting_spells import attack_stopped
from .interpretations import ATTACK_ONCE, ATTACK_POSITION_ONLY, ATTACKER_GONE, FIRST_TURN
from .citations import BATTLE
from .turn import require_battle_phase
from .i18n import msg


@action("attack", attacker=FieldSpec("card", required=True, doc="the attacking monster"),
        target=FieldSpec("card", doc="the opponent's monster; none: a direct attack"),
        flip_target=FieldSpec("card", doc="the choice of the target's flip effect, if any"),
        doc="Attack an opponent's monster, or the opponent directly when they have none.")
def attack(match, act):
    """A monster in attack position attacks (攻撃を仕掛ける)."""
    p = act.player
    other = match.state.opponent(p)
    attacker = match.card(act.get("attacker"), player=p, zones=("monsters",), field="attacker")
    target = None
    if act.get("target") is not None:
        target = match.card(act.get("target"), player=other, zones=("monsters",),
                            field="target")
    yield from require_battle_phase(match, p, msg("attack"))
    yield from attack_stopped(match, p)
    yield from require(match.state.turn != 1, BATTLE.because(FIRST_TURN),
                       msg("it is turn 1: the player who goes first cannot attack"))
    yield from require(face_up(attacker) and attacker.get("position") == "attack",
                       BATTLE.because(ATTACK_POSITION_ONLY),
                       msg("{attacker} is in {value}: only a monster in attack "
                           "position can attack",
                           attacker=attacker, value=position_text(attacker)))
    yield from require(not happened(match.state, "attacked", attacker),
                       BATTLE.because(ATTACK_ONCE),
                       msg("{attacker} has already attacked this turn", attacker=attacker))
    if target is None:
        yield from may_attack_directly(match, p)
    yield Record(fact(p, "attacked", attacker), cite=BATTLE, event="attack",
                 detail=(msg("{attacker} attacks {target}", attacker=attacker, target=target)
                         if target is not None and face_up(target) else
                         msg("{attacker} attacks a face-down monster", attacker=attacker)
                         if target is not None else
                         msg("{attacker} attacks {player} directly", attacker=attacker,
                             player=other)))
    if target is None:
        yield from direct_attack(match, attacker, p)
        return
    if not face_up(target):
        yield from turned_face_up(match, target, "attack")
        if attacker not in monsters(match.state, p) or target not in monsters(match.state,
                                                                               other):
            gone = attacker if attacker not in monsters(match.state, p) else target
            yield Note(cite=BATTLE.because(ATTACKER_GONE), event="battle-ends",
                       detail=msg("{gone} is no longer on the field: there is no "
                                  "damage calculation",
                                  gone=gone))
            return
    yield from damage_calculation(match, attacker, target)
