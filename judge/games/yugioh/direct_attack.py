"""直接攻撃: when the opponent has no monster on the field, the damage reaches the player.

"デュエルフィールドに敵のモンスターカードが出ていなければ、ダメージは敵プレイヤーに直接届きます"
(yugioh/rule/direct-attack): the attacked player takes the attacker's full ATK.
"""
from __future__ import annotations

from judge.engine import Card, Check, Cite

from .board import current_atk, monsters, stat_text
from .life_points import lose_life
from .citations import DIRECT
from .i18n import msg

DIRECT_CITE = Cite(DIRECT, match="直接届きます")


def may_attack_directly(match, player: str):
    """An attack with no target is legal only if the opponent controls no monster."""
    other = match.state.opponent(player)
    theirs = monsters(match.state, other)
    yield Check(ok=not theirs, cite=DIRECT_CITE, event="check",
                detail=(msg("{other} has no monster on the field: the attack goes to "
                            "{other} directly", other=other)) if not theirs else
                       (msg("{other} has {theirs_count} monster(s) on the field: the "
                            "damage cannot reach {other} directly; the attack needs "
                            "a target",
                            other=other, theirs_count=len(theirs))))


def direct_attack(match, attacker: Card, player: str):
    """The attacked player takes the attacker's ATK as battle damage."""
    other = match.state.opponent(player)
    atk = current_atk(match.state, attacker)
    yield from lose_life(match, other, atk, DIRECT_CITE,
                         msg("{attacker} attacks {other} directly: {other} takes "
                             "{value} battle damage",
                             attacker=attacker, other=other, value=stat_text(match.state, attacker, 'atk')))
