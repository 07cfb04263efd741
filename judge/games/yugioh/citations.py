"""The rule entries of the rulebook chapter (公式ルールブック第３版・第２章 戦闘上のルール).

Every step of this game cites one of these entries (docs/corpus-ids.md), with a clause
and a piece of the sentence to quote, so the quote always comes from the corpus and a
drifted citation fails loudly in the tests.  No rule text is typed here: the ``match``
strings only locate a sentence of the corpus.
"""
from __future__ import annotations

from judge.engine import Cite

DAMAGE = "yugioh/rule/damage-calculation"      # ダメージの判定
DIRECT = "yugioh/rule/direct-attack"           # 直接攻撃
GRAVEYARD = "yugioh/rule/graveyard"            # 墓場
EQUIP = "yugioh/rule/equip-spells"             # モンスター強化型の魔法カード
FIELD = "yugioh/rule/field-cards"              # フィールドカード
FUSION = "yugioh/rule/fusion"                  # 融合
FUSION_DECK = "yugioh/rule/fusion-deck"        # 融合デッキ
FLIP = "yugioh/rule/flip-effects"              # リバース効果 (「~が表になったとき」)
RITUAL = "yugioh/rule/ritual"                  # 儀式

RULE_ENTRIES = (DAMAGE, DIRECT, GRAVEYARD, EQUIP, FIELD, FUSION, FUSION_DECK, FLIP, RITUAL)


def card_entry(name: str) -> str:
    """The corpus entry of a card the chapter names (``yugioh/card/落とし穴``)."""
    return f"yugioh/card/{name}"


# Citations used in more than one module ------------------------------------------------

BATTLE = Cite(DAMAGE, match="デュエル中に戦闘したモンスター")
TO_GRAVEYARD = Cite(GRAVEYARD, match="戦闘で破壊されたモンスターカード")
NOT_A_SUMMON_RITUAL = Cite(RITUAL, match="通常のモンスターの召喚と違い")
FLIPPED_ANY_WAY = Cite(FLIP, "flip-effects.1", match="表になった時点で効果が発動します")
FLIPPED_BY_EFFECT = Cite(FLIP, "flip-effects.1", match="魔法や効果の力で表になった時も")
FLIPPED_BY_ATTACK = Cite(FLIP, "flip-effects.1", match="敵に攻撃された時は")
DESTROYED_FACE_DOWN = Cite(FLIP, "flip-effects.1", match="サンダー・ボルト")
# The chapter's only words on the turn (次の自分のターン): the nearest text for the steps
# of the turn that no clause states (the phases, the draw, an empty deck), each marked
# with its interpretation.
NEXT_OWN_TURN = Cite(FLIP, "flip-effects.2", match="次の自分のターンで表にして")
# The chapter's one trap card, waiting on the field for a summon: the nearest text for
# setting a spell or trap face-down (yugioh.set-spell-trap), which no clause states.
TRAP_NAMED = Cite(FUSION, match="落とし穴")
FIELD_ONE_CARD = Cite(FIELD, match="1枚のみ出すことができ")
FIELD_TERRAIN = Cite(FIELD, match="地形を変化させる")
FIELD_RESET = Cite(FIELD, match="ゲームスタート時の状態に戻ります")
FUSION_DESTROYED = Cite(FUSION, match="破壊されれば墓地へと送られ")
FUSION_NOT_A_SUMMON = Cite(FUSION, match="対象にはなりません")
RITUAL_NOT_A_SUMMON = Cite(RITUAL, match="対象にはなりません")
