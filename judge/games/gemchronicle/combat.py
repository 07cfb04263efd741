"""Attacking (戦闘について, ダイレクトアタック): the ``attack`` action from declaration to end.

In its controller's battle phase (not in the first player's first turn) an attack-position
unit attacks once a turn, paying its attack type's mana, either an opposing unit or, when
the opponent has no unit it can see, the opponent directly for its ATK.  The defending
player may answer with an アクセラレーション or 結界 spell (``response``) before the
battle is judged.  Then the attributes (destroy, consecutive, pierce), the battle table
(battle.py), the neighbours of a Breaker or Blaster, and 帯電.
"""
from __future__ import annotations

from judge.engine import FieldSpec, LifeChange, Note, SetCard, action, require
from judge.i18n import N_

from . import attack_types, attributes, battle, passive_skills
from . import cards as C
from .common import check_defeat, require_game_on
from .continuous_damage import deal
from .mana import pay
from .citations import rule
from .interpretations import (NEIGHBOURS, ATTACK_RESPONSE, DIRECT_ATTACK_VALUE,
    FACE_DOWN_DEFENSE, OWN_TURN, PIERCE_HINDER)
from .spells import cast_spell, plan_target
from .status_effects import require_can_act
from .zones import NEIGHBOUR_CITE, UNIT_ZONES, break_card, neighbours, units
from .i18n import msg


def _on_field(match, card) -> bool:
    try:
        return match.where_is(card)[1] in UNIT_ZONES
    except KeyError:      # pragma: no cover
        return False


@action("attack",
        attacker=FieldSpec("card", required=True, doc=N_("the attacking unit")),
        target=FieldSpec("card", doc=N_("the opposing unit; none: a direct attack")),
        response=FieldSpec("card", doc=N_("the defending player's spell cast in answer")),
        response_target=FieldSpec("str", doc=N_("what that spell targets")),
        condition_met=FieldSpec("yesno", doc=N_("a conditional acceleration response's condition")),
        doc=N_("Declare an attack and carry it out (see the module's description)."))
def attack(match, act):
    """Declare an attack and carry it out (see the module's description)."""
    player = act.player
    s = match.state
    opp = s.opponent(player)
    yield from require_game_on(match)
    unit = match.card(act.get("attacker"), player=player, field="attacker")
    _, where = match.where_is(unit)
    yield from require(s.active == player,
                       rule("game-flow", None, "調律（バトル）フェイズ").because(OWN_TURN),
                       msg("{player} attacks only in their own battle phase; it is "
                           "{active}'s turn",
                           player=player, active=s.active))
    yield from require(s.turn != 1, rule("battle-phase", None, "バトルを行うことはできません"),
                       msg("the first player cannot attack in the very first turn"))
    yield from require(s.phase == "battle", rule("battle-phase", None, "１ターンに一度攻撃"),
                       msg("attacks are made in the 調律（バトル）フェイズ, not the {phase} "
                           "phase", phase=msg.phase(s.phase)))
    yield from require(C.is_unit(unit) and where in UNIT_ZONES,
                       rule("battle-phase", None, "攻撃表示のユニット"),
                       msg("{unit} is not a unit on the field (it is in the {where} "
                           "zone)", unit=unit, where=msg.zone(where)))
    yield from require(C.position(unit) == "attack",
                       rule("combat", None, "守備表示で攻撃することはできません"),
                       msg("{unit} is in defense position: it cannot attack", unit=unit))
    yield from require(not unit.get("attacked"), rule("battle-phase", None, "１ターンに一度"),
                       msg("{unit} has already attacked this turn", unit=unit))
    yield from require_can_act(match, unit, msg("attack"))
    yield from _hindered(match, player, unit)
    kind = attack_types.of(unit)
    target = None
    if act.get("target") is not None:
        target = match.card(act.get("target"), player=opp, field="target")
        _, tzone = match.where_is(target)
        yield from require(C.is_unit(target) and tzone in UNIT_ZONES,
                           rule("positions", "attack-vs-attack", "相手ユニットを指定"),
                           msg("{target} is not a unit on {opp}'s field",
                               target=target, opp=opp))
        yield from attributes.require_targetable(match, player, target, msg("an "
                                                                            "attack"))
    else:
        seen = units(match, opp, visible_to=player)
        yield from require(not seen, rule("direct-attack", None, "ユニットなどがいなくて"),
                           msg("{opp} has a unit ({value}): no direct attack",
                               opp=opp, value=', '.join(c.label() for c in seen)))
    answer = None
    if act.get("response") is not None:
        answer = match.card(act.get("response"), player=opp, field="response")
        plan_target(match, opp, answer, act.get("response_target"),
                    target_field="response_target")
    if kind.mana:
        yield from pay(match, player, kind.mana, cite=kind.cost_cite,
                       what=msg("an attack by the {japanese} {unit}",
                                japanese=msg.term("attack_type", kind.name), unit=unit))
    else:
        yield Note(cite=kind.cost_cite, detail=msg("{unit} is an アタッカー: its attack "
                                                   "costs no mana",
                                                   unit=unit), event="mana")
    yield from attributes.show_for_action(unit)
    what = target.label() if target else msg("player {player} directly (direct attack)",
                                             player=opp)
    yield SetCard(unit, {"attacked": True}, cite=rule("battle-phase", None, "１ターンに一度攻撃"),
                  detail=msg("{player}: {unit} ({japanese}) attacks {what}",
                             player=player, unit=unit, japanese=msg.term("attack_type", kind.name), what=what),
                  event="attack")
    if answer is not None:
        yield from _response(match, act, opp, unit, answer, target)
        if not _on_field(match, unit):
            yield Note(cite=rule("battle-phase", None, "攻撃").because(ATTACK_RESPONSE),
                       detail=msg("{unit} has left the field: the attack ends", unit=unit),
                       event="attack-ends")
            return
        if target is not None and (not _on_field(match, target) or target.get("stealth")):
            cite = attributes.stealth_cite("対象から外れ") if target.get("stealth") \
                else rule("battle-phase", None, "攻撃").because(ATTACK_RESPONSE)
            yield Note(cite=cite.because(ATTACK_RESPONSE),
                       detail=msg("{target} is no longer a target: the attack ends "
                                  "without a battle",
                                  target=target), event="attack-ends")
            yield from attributes.hide_after_action(match, unit)
            return
    for card in (unit, target):
        if card is not None:
            yield from passive_skills.notes(match, card)
    value = passive_skills.battle_value(s, unit)
    if attributes.hits(unit) > 1:
        value, note = attributes.consecutive_value(unit, value)
        yield note
    if target is None:
        yield LifeChange(opp, -value, cite=rule("direct-attack", None, "数値分のダメージ")
                         .because(DIRECT_ATTACK_VALUE),
                         detail=msg("direct attack: {unit} deals {value} to {opp}'s "
                                    "LP",
                                    unit=unit, value=value, opp=opp),
                         event="damage")
        yield from check_defeat(match)
        yield from attributes.hide_after_action(match, unit)
        return
    if target.get("face_down") and not target.get("stealth"):
        yield SetCard(target, {"face_down": None},
                      cite=rule("set", None, "裏側").because(FACE_DOWN_DEFENSE),
                      detail=msg("the face-down {target} is turned face-up for the "
                                 "battle", target=target),
                      event="flip")
    side = neighbours(match, target, seen_by=player) if kind.splash else []
    half = attack_types.splash_amount(passive_skills.atk(s, unit))
    destroy = passive_skills.has_attribute(s, unit, "destroy")
    if destroy:
        yield from break_card(match, target,
                              cite=rule("attributes", "destroy", "ダメージ計算を行わずに破壊"),
                              detail=msg("{unit}'s attack carries the destroy "
                                         "attribute: {target} is destroyed without "
                                         "damage calculation",
                                         unit=unit, target=target))
    else:
        yield from battle.fight(match, unit, target, value, counter=kind.counter,
                                pierce=passive_skills.has_attribute(s, unit, "pierce"),
                                counter_cite=kind.counter_cite)
    if kind.splash:
        yield from _splash(match, unit, kind, side, half)
    if not destroy:
        yield from attributes.charge_stun(match, target, unit)
        yield from attributes.charge_stun(match, unit, target)
    yield from attributes.hide_after_action(match, unit)
    yield from check_defeat(match)


def _splash(match, unit, kind, side, half):
    """A Breaker's or Blaster's neighbours of the target take half its ATK (効果ダメージ)."""
    if not side:
        yield Note(cite=NEIGHBOUR_CITE, detail=msg("the target has no unit beside it"),
                   event="splash")
        return
    for other in side:
        if _on_field(match, other):
            # Which units are "両隣" is the engine's reading (interpretation neighbours).
            yield from deal(match, other, half, effect=True,
                            cite=kind.splash_cite.because(NEIGHBOURS),
                            detail=msg("{unit} ({japanese}) hits the neighbour "
                                       "{other} for half its ATK",
                                       unit=unit, japanese=msg.term("attack_type", kind.name), other=other))


PIERCE_CITE = rule("attributes", "pierce", "攻撃を阻害する効果を無視して貫通")
# What an answer does that hinders the attack: to the attacker, and to its target.
STOPS_ATTACKER = ("break", "bounce", "remove", "stun", "freeze_lock")
TAKES_TARGET_OUT = ("break", "bounce", "remove", "stealth")


def _hindered(match, player, unit):
    """An effect in force hindering the attack stops it, unless the attack pierces (貫通)."""
    found = passive_skills.hindering(match.state, unit)
    if not found:
        return
    sources = ", ".join(e.source.label() for e in found)
    if passive_skills.has_attribute(match.state, unit, "pierce"):
        yield Note(cite=PIERCE_CITE.because(PIERCE_HINDER),
                   detail=msg("{unit}'s attack carries pierce: it ignores the effect of "
                              "{sources} hindering it", unit=unit, sources=sources),
                   event="pierce")
        return
    yield from require(False, passive_skills.source_cite(found[0], player).because(PIERCE_HINDER),
                       msg("the effect of {sources} hinders {unit}'s attack: it cannot "
                           "attack", sources=sources, unit=unit))


def _hinders(unit, target):
    """Whether an answer's effect on a card would hinder this attack (pierce-hinder)."""
    def check(effect, card) -> bool:
        if getattr(card, "uid", None) == unit.uid:
            return effect in STOPS_ATTACKER
        if target is not None and getattr(card, "uid", None) == target.uid:
            return effect in TAKES_TARGET_OUT
        return False
    return check


def _response(match, act, opp, unit, card, target):
    """The defending player's spell in answer to the attack (before the battle)."""
    cite = attributes.stealth_cite("新たに魔法、スキルを発動することはできず")
    yield from require(not unit.get("stealth"), cite,
                       msg("{unit} is in stealth: {opp} cannot answer its action "
                           "with a spell", unit=unit, opp=opp))
    yield Note(cite=rule("attributes", "acceleration", "相手のターンにも").because(ATTACK_RESPONSE),
               detail=msg("{opp} answers the attack with {card}", opp=opp, card=card), event="response")
    pierce = passive_skills.has_attribute(match.state, unit, "pierce")
    yield from cast_spell(match, opp, card, target=act.get("response_target"),
                          target_field="response_target",
                          ignored=_hinders(unit, target) if pierce else None,
                          ignored_cite=PIERCE_CITE.because(PIERCE_HINDER))
