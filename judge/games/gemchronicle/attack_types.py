"""The attack types (ユニットの攻撃タイプ / ATK TYPE).

================  ==========  =====================  =========================================
type              mana        counter damage         neighbours (両隣)
================  ==========  =====================  =========================================
アタッカー attacker   0           taken                  -
シューター shooter    1           none                   -
ブレイカー breaker    1           taken                  half its ATK as effect damage
ブラスター blaster    2           none                   half its ATK as effect damage
================  ==========  =====================  =========================================
"""
from __future__ import annotations

from dataclasses import dataclass

from .citations import rule


@dataclass(frozen=True)
class AttackType:
    """What an attack type costs and does."""

    name: str              # its reader's word is the game's term (msgctxt attack_type)
    mana: int
    counter: bool          # takes counter damage (反撃ダメージ)
    splash: bool           # its neighbours take half its ATK (両隣)
    cost_match: str        # the sentence of its clause that gives the cost

    def cite(self, match_text: str | None = None):
        """The clause of this type."""
        return rule("attack-types", self.name, match_text)

    @property
    def cost_cite(self):
        """The sentence that sets the mana an attack of this type costs."""
        return self.cite(self.cost_match)

    @property
    def counter_cite(self):
        """The sentence that spares it counter damage."""
        return self.cite("反撃ダメージを受けずに")

    @property
    def splash_cite(self):
        """The sentence about its neighbours."""
        return self.cite("攻撃力の半分を効果ダメージ")


TYPES = {
    "attacker": AttackType("attacker", 0, True, False, "マナを使用しないで"),
    "shooter": AttackType("shooter", 1, False, False, "攻撃するのにマナを"),
    "breaker": AttackType("breaker", 1, True, True, "攻撃するのにマナを"),
    "blaster": AttackType("blaster", 2, False, True, "攻撃するのにマナを"),
}


def of(card) -> AttackType:
    """The attack type of a unit."""
    return TYPES[card.get("attack_type", "attacker")]


def splash_amount(atk: int) -> int:
    """Half of the ATK, rounded down (interpretation ``neighbours``)."""
    return atk // 2
