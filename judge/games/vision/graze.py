"""グレイズ (graze, rule 6.5): after battle damage, the player may add nodes from the deck.

    6.5.1   グレイズとは、攻撃により戦闘ダメージを受けたプレイヤーが行うことが出来る処理である。
    6.5.2   以下の条件を満たしたプレイヤーが、戦闘の解決で指定されたタイミングで処理する。
    6.5.2.a 相手プレイヤーの場のキャラクターから１以上の戦闘ダメージを受けた。
    6.5.2.b 貫通のダメージではない。
    6.5.3.a グレイズを行うかどうか選択する。行わない場合、グレイズの処理を終了する。
    6.5.3.b 自分のデッキの上からＸ枚をスリープ状態で自分のノードに加える。
            Ｘは戦闘ダメージを発生させた相手キャラクターのグレイズの値に等しい。

Rulebook Ver.2.0 (revision 1 of the rule) adds: 山札がＸ枚以下の場合はグレイズを行う事は
出来ない (switch ``graze_deck_limit``).  Under the comprehensive rules a deck of fewer
than X cards allows no graze (interpretation ``vision.graze-short-deck``).  Grazing is
all or nothing: exactly X cards, never fewer or more.
"""
from __future__ import annotations

from dataclasses import dataclass

from judge.engine import Choose, Cite, Move, Note

from . import interpretations as I
from .cards import label
from .effects import graze_value
from .citations import GRAZE, GRAZE_TERM, graze_cite, graze_rule_revision
from .i18n import msg


@dataclass
class BattleDamage:
    """What an attack did to the defending player, as the graze conditions ask it."""

    amount: int = 0              # battle damage received (after negation)
    piercing: bool = False       # it was 貫通 damage (the excess over a blocker)
    negated: tuple | None = None  # (cite, detail) when the battle damage was negated
    effect: tuple | None = None   # (cite, detail) when it was treated as effect damage


def graze(match, defender: str, attacker, damage: BattleDamage):
    """6.5: the defender's graze after the battle damage of ``attacker``'s attack."""
    yield Note(cite=graze_cite(match, "6.5"), event="graze-check",
               detail=msg("グレイズ: the battle's resolution reaches {defender}'s graze",
                          defender=defender))
    yield Note(cite=graze_cite(match, "6.5.2"), event="graze-check",
               detail=msg("{defender} grazes only if both conditions (6.5.2.a, "
                          "6.5.2.b) hold", defender=defender))
    if damage.negated:
        cite, why = damage.negated
        yield Note(cite=Cite(GRAZE_TERM, match="グレイズは発生しない"), event="no-graze",
                   detail=msg("{why}: {defender} received no battle damage, so no "
                              "graze",
                              why=why, defender=defender))
        return
    if damage.effect:
        cite, why = damage.effect
        yield Note(cite=cite, event="no-graze",
                   detail=msg("{why}: {defender} received effect damage, not battle "
                              "damage, so no graze",
                              why=why, defender=defender))
        return
    if damage.amount < 1:
        yield Note(cite=graze_cite(match, "6.5.2.a"), event="no-graze",
                   detail=msg("{defender} received no battle damage (0) from "
                              "{attacker}: no graze",
                              defender=defender, attacker=attacker))
        return
    yield Note(cite=graze_cite(match, "6.5.1"), event="graze-check",
               detail=msg("{defender} received {amount} battle damage by an attack",
                          defender=defender, amount=damage.amount))
    if damage.piercing:
        yield Note(cite=graze_cite(match, "6.5.2.b"), event="no-graze",
                   detail=msg("the {amount} damage is 貫通 (piercing) damage: no graze",
                              amount=damage.amount))
        return
    yield Note(cite=graze_cite(match, "6.5.2.a"), event="graze-check",
               detail=msg("{defender} received {amount} battle damage from "
                          "{attacker}, a character of the opponent's field",
                          defender=defender, amount=damage.amount, attacker=attacker))
    yield Note(cite=graze_cite(match, "6.5.2.b"), event="graze-check",
               detail=msg("the damage is not 貫通 (piercing) damage"))
    x, changes = graze_value(match, attacker)
    for change in changes:
        yield change
    deck = match.zone(defender, "deck")
    if match.ruleset.value("graze_deck_limit"):
        if len(deck) <= x:
            yield Note(cite=match.ruleset.cite("graze_deck_limit"), event="no-graze",
                       detail=msg("{defender}'s deck holds {deck_count} cards, X = "
                                  "{x}: with X cards or fewer no graze can be made",
                                  defender=defender, deck_count=len(deck), x=x))
            return
    elif len(deck) < x:
        yield Note(cite=graze_cite(match, "6.5.3.b").because(I.GRAZE_SHORT_DECK),
                   event="no-graze",
                   detail=msg("{defender}'s deck holds {deck_count} cards, fewer "
                              "than X = {x}: exactly X cards cannot be added, so no "
                              "graze",
                              defender=defender, deck_count=len(deck), x=x))
        return
    yield Note(cite=graze_cite(match, "6.5.3"), event="graze-check",
               detail=msg("{defender} may graze: X = {x}, the graze of {attacker}",
                          defender=defender, x=x, attacker=attacker))
    answer = yield Choose("graze", ["yes", "no"], player=defender,
                          cite=graze_cite(match, "6.5.3.a"), event="choice",
                          detail=msg("{defender} chooses whether to graze (X = {x})",
                                     defender=defender, x=x))
    if answer == "no":
        yield Note(cite=graze_cite(match, "6.5.3.a"), event="no-graze",
                   detail=msg("{defender} does not graze: the graze ends",
                              defender=defender))
        return
    for card in list(deck[:x]):
        yield Move(card, "nodes", player=defender, index=None, props={"asleep": True},
                   cite=graze_cite(match, "6.5.3.b"), event="graze",
                   detail=msg("{defender} puts the top card of the deck into the "
                              "node area asleep",
                              defender=defender))
    exact = (graze_cite(match, "exactly") if graze_rule_revision(match) == 1 else
             Cite(GRAZE, "6.5.3.b", match="グレイズの値に等しい"))
    yield Note(cite=exact, event="graze",
               detail=msg("{defender} grazed exactly {x} card{value} (X = the graze "
                          "of {attacker}), no fewer and no more",
                          defender=defender, x=x, value='s' if x != 1 else '', attacker=attacker))
