"""The battle table (各ユニットの表示形式について): what one attack does.

An attack-position unit attacks with its ATK (``a``) a unit that defends with its ATK in
attack position or its DEF in defense position (``v``); both less their continuous
damage.  The table as the page writes it:

================  =========================================  ==================================
target            attacker's value higher (a > v)            lower (a < v)               equal
================  =========================================  ==================================
attack position   target broken; a - v to its player's LP     attacker broken; v - a to   both broken
                                                              the attacker's LP; the
                                                              target keeps a as
                                                              continuous damage
defense position  target broken; no LP damage (pierce:        v - a to the attacker's LP; no change
                  a - v to its player's LP)                   the target keeps a as
                                                              continuous damage; the
                                                              attacker is not broken
================  =========================================  ==================================

A Shooter or Blaster takes no counter damage: what the target's value does back to the
attacker (breaking it, the excess to its player) does not happen (interpretation
``no-counter-damage``).  :func:`judge_battle` is the table, a pure function;
:func:`fight` applies its outcome with the citation of its cell.
"""
from __future__ import annotations

from dataclasses import dataclass

from judge.engine import LifeChange, Note

from . import cards as C
from . import passive_skills
from .common import check_defeat
from .continuous_damage import deal
from .citations import rule
from .interpretations import DEFENSE_PARAGRAPH, LOSING_ATTACKER_DAMAGE, NO_COUNTER
from .zones import break_card
from .i18n import msg


@dataclass(frozen=True)
class Outcome:
    """One cell of the table applied to two values."""

    cell: str                      # "attack-higher", "attack-lower", "attack-equal", "defense-…"
    target_breaks: bool = False
    attacker_breaks: bool = False
    to_defender_life: int = 0      # LP damage to the target's player
    to_attacker_life: int = 0      # LP damage to the attacker's player
    target_damage: int = 0         # continuous damage the target keeps
    countered: bool = False        # the attacker was spared counter damage (Shooter, Blaster)


def judge_battle(a: int, v: int, target_position: str, *, counter: bool = True,
                 pierce: bool = False) -> Outcome:
    """The table's outcome for attacking value ``a`` against the target's value ``v``."""
    spared = not counter
    if target_position == "attack":
        if a > v:
            return Outcome("attack-higher", target_breaks=True, to_defender_life=a - v)
        if a == v:
            return Outcome("attack-equal", target_breaks=True, attacker_breaks=counter,
                           countered=spared)
        return Outcome("attack-lower", attacker_breaks=counter,
                       to_attacker_life=(v - a) if counter else 0, target_damage=a,
                       countered=spared)
    if a > v:
        return Outcome("defense-higher", target_breaks=True,
                       to_defender_life=(a - v) if pierce else 0)
    if a == v:
        return Outcome("defense-equal")
    return Outcome("defense-lower", to_attacker_life=(v - a) if counter else 0,
                   target_damage=a, countered=spared)


CELL_MATCH = {
    "attack-higher": ("attack-vs-attack", "攻撃表示だった場合、その数値を超えていれば"),
    "attack-equal": ("attack-vs-attack", "お互いにブレイクされます"),
    "attack-lower": ("attack-vs-attack", "こちらがブレイクされ"),
    "defense-higher": ("attack-vs-defense", "守備表示だった場合、その数値を超えていれば"),
    "defense-equal": ("attack-vs-defense", "数値が同じだった場合は変動はありません"),
    "defense-lower": ("attack-vs-defense", "こちらがブレイクされることはありません"),
}


def cell_cite(cell: str):
    """The sentence of the page that decides a cell."""
    clause, text = CELL_MATCH[cell]
    return rule("positions", clause, text)


def fight(match, attacker, target, a: int, *, counter: bool, pierce: bool, counter_cite):
    """Judge the battle of ``attacker`` (attacking with ``a``) against ``target``."""
    atk_player, _ = match.where_is(attacker)
    def_player, _ = match.where_is(target)
    v = passive_skills.battle_value(match.state, target)
    pos = C.position(target)
    out = judge_battle(a, v, pos, counter=counter, pierce=pierce)
    which = "ATK" if pos == "attack" else "DEF"
    cite = cell_cite(out.cell)
    yield Note(cite=cite, detail=msg("{attacker} attacks with {a} against {target}'s "
                                     "{which} {v} ({pos} position)",
                                     attacker=attacker, a=a, target=target, which=which, v=v,
                                     pos=msg.term("position", pos)),
               event="battle")
    if out.countered:
        yield Note(cite=counter_cite.because(NO_COUNTER),
                   detail=msg("{attacker} takes no counter damage from {target}",
                              attacker=attacker, target=target), event="no-counter")
    if out.to_defender_life:
        lp_cite = rule("positions", "attack-vs-attack", "超過した分はダメージとして")
        if pos == "defense":
            lp_cite = rule("attributes", "pierce", "超過した分も貫通")
        yield LifeChange(def_player, -out.to_defender_life, cite=lp_cite,
                         detail=msg("the excess {to_defender_life} goes to "
                                    "{def_player}'s LP",
                                    to_defender_life=out.to_defender_life, def_player=def_player),
                         event="damage")
    elif out.cell == "defense-higher":
        yield Note(cite=rule("positions", "attack-vs-defense", "相手ライフへのダメージにはなりません"),
                   detail=msg("the excess {value} does not go to {def_player}'s LP "
                              "(the target was in defense position)",
                              value=a - v, def_player=def_player), event="battle")
    if out.to_attacker_life:
        lp_cite = cite
        if out.cell == "defense-lower":
            lp_cite = rule("positions", "defense", "超過分を相手プレイヤーのライフ")
        yield LifeChange(atk_player, -out.to_attacker_life, cite=lp_cite,
                         detail=msg("{target}'s {which} {v} exceeds {a}: "
                                    "{atk_player} takes the excess {to_attacker_life}",
                                    target=target, which=which, v=v, a=a, atk_player=atk_player, to_attacker_life=out.to_attacker_life), event="damage")
    if out.target_damage:
        dmg_cite = cite.because(LOSING_ATTACKER_DAMAGE)
        if out.cell == "defense-lower":
            dmg_cite = rule("positions", "attack-vs-defense", "継続ダメージを与え") \
                .because(DEFENSE_PARAGRAPH)
        yield from deal(match, target, out.target_damage, cite=dmg_cite,
                        detail=msg("{attacker}'s attack stays on {target}",
                                   attacker=attacker, target=target))
    if out.target_breaks:
        yield from break_card(match, target, cite=cite,
                              detail=msg("{target} ({which} {v}) is broken by "
                                         "{attacker} ({a})",
                                         target=target, which=which, v=v, attacker=attacker, a=a))
    if out.attacker_breaks:
        yield from break_card(match, attacker, cite=cite,
                              detail=msg("{attacker} ({a}) is broken by {target} "
                                         "({which} {v})",
                                         attacker=attacker, a=a, target=target, which=which, v=v))
    if out.cell in ("defense-equal",):
        yield Note(cite=cite, detail=msg("equal values against a defender: nothing "
                                         "changes"),
                   event="battle")
    yield from check_defeat(match)
    return out
