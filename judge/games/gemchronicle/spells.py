"""Magic (魔法について): setting spells and equip cards, and casting them.

The spell categories (スペルカテゴリー) decide when a spell may be cast:

============  ==============  ===============================  ===================
category      from the hand   set in the magic zone            opponent's turn
============  ==============  ===============================  ===================
詠唱 chant     yes             not the turn it was set          no
アクセラ       yes             not the turn it was set          yes
レーション
結界 barrier   no              not the turn it was set          yes
============  ==============  ===============================  ===================

A spell that has done its work goes to the break zone; a permanent one (永続効果; most
結界 spells) stays face-up in the magic zone.  A conditional acceleration
([条件／アクセラレーション属性]) is cast on the opponent's turn only when its condition is
met (the action's ``condition_met``).
"""
from __future__ import annotations

from judge.engine import (Choose, FieldSpec, Move, Note, ScenarioError, SetCard, action,
                          require)
from judge.i18n import N_

from . import cards as C
from .common import require_game_on
from .mana import pay
from .citations import rule
from .interpretations import (ACCELERATION_FROM_HAND, EQUIP_TIMING, SPELL_COST,
    TACTICS_ACTIONS)
from .skill_effects import apply, resolve_target
from .units import require_not_broken, require_tactics
from .zones import FIELD_PROPS, LIMITS, limit_cite
from .i18n import msg

CATEGORY_JA = {"chant": "詠唱", "acceleration": "アクセラレーション", "barrier": "結界"}


def category_cite(category: str, match_text: str | None = None):
    """The clause of a spell category."""
    return rule("spell-categories", category, match_text)


@action("set",
        card=FieldSpec("card", required=True, doc=N_("a spell or equip card in the hand")),
        face_down=FieldSpec("bool", doc=N_("face-down (default true) or face-up")),
        doc=N_("Set a spell or equip card in the magic zone (five at most), in a tactics phase."))
def set_card(match, act):
    """Set a spell or equip card in the magic zone (five at most), in a tactics phase."""
    player = act.player
    yield from require_game_on(match)
    card = match.card(act.get("card"), player=player, field="card")
    _, where = match.where_is(card)
    yield from require_tactics(match, player, msg("setting {card}", card=card))
    yield from require(C.kind(card) in C.MAGIC_KINDS,
                       rule("magic-zone", None, "上記の種類（魔法、装備）のカードであるなら"),
                       msg("{card} is a {value}: only spells and equip cards are set "
                           "in the magic zone",
                           card=card, value=msg.term("kind", C.kind(card))))
    yield from require_not_broken(card, where, msg("be set"))
    yield from require(where == "hand", rule("set", None, "セットとは"),
                       msg("{card} is in the {where} zone, not the hand",
                           card=card, where=msg.zone(where)))
    most = LIMITS["magic"][0]
    yield from require(len(match.zone(player, "magic")) < most, limit_cite("magic"),
                       msg("{player}'s magic zone already holds {most} cards",
                           player=player, most=most))
    face_down = act.get("face_down", True)
    props = {"set_this_turn": True}
    if face_down:
        props["face_down"] = True
    yield Move(card, "magic", props=props, clear=("face_down",),
               cite=rule("magic-zone", None, "裏側にしてセット") if face_down
               else rule("set", None, "表側、裏側にして置く"),
               detail=msg("{player} sets {card} {value} in the magic zone",
                          player=player, card=card, value=msg("face-down") if face_down else msg("face-up")), event="set")


def require_timing(match, player: str, card, where: str):
    """The spell category's rules on when and from where it may be cast."""
    own_turn = match.state.active == player
    if C.kind(card) == "equip":
        yield from require(own_turn and match.state.phase in ("tactics1", "tactics2"),
                           rule("tactics-phase", None, "準備のフェイズ").because(EQUIP_TIMING),
                           msg("{card} is an equip card: used in its owner's tactics "
                               "phase", card=card))
        return
    category = card.get("category")
    ja = CATEGORY_JA[category]
    set_turn = where == "magic" and card.get("set_this_turn")
    if category == "chant":
        yield from require(own_turn, category_cite("chant", "相手ターンに発動することはできません"),
                           msg("{card} is a {ja} spell: it cannot be cast on the "
                               "opponent's turn",
                               card=card, ja=ja))
        yield from require(not set_turn, category_cite("chant", "そのターンに発動することはできません"),
                           msg("{card} is a {ja} spell set this turn: it cannot be "
                               "cast until a later turn",
                               card=card, ja=ja))
        yield from require(match.state.phase in ("tactics1", "tactics2"),
                           rule("tactics-phase", None, "効果の発動").because(TACTICS_ACTIONS),
                           msg("a {ja} spell is cast in a tactics phase, not the "
                               "{phase} phase",
                               ja=ja, phase=msg.phase(match.state.phase)))
        return
    if category == "barrier":
        yield from require(where != "hand", category_cite("barrier", "手札から発動することはできません"),
                           msg("{card} is a {ja} spell: it cannot be cast from the "
                               "hand", card=card, ja=ja))
    yield from require(not set_turn, category_cite(category, "そのターンに発動することはできません"),
                       msg("{card} is a {ja} spell set this turn: it cannot be cast "
                           "until a later turn",
                           card=card, ja=ja))
    if not own_turn and where == "hand":
        yield Note(cite=rule("attributes", "acceleration", "相手のターンにも")
                      .because(ACCELERATION_FROM_HAND),
                      detail=msg("{card} ({ja}) is cast from the hand on the "
                                 "opponent's turn",
                                 card=card, ja=ja), event="timing")
    if category == "acceleration" and card.get("conditional") and not own_turn:
        cite = rule("attributes", "conditional-acceleration", "条件を満たしている場合にのみ")
        answer = yield Choose("condition_met", ["yes", "no"], cite=cite,
                              detail=msg("is {card}'s condition met?", card=card))
        yield from require(answer == "yes", cite,
                           msg("{card}'s condition is not met: no acceleration cast",
                               card=card))


def plan_target(match, player: str, card, target=None, effect=None,
                target_field: str = "target"):
    """The effect a cast will resolve and its target (input errors raised here, early)."""
    if C.kind(card) == "spell" and card.get("category") is None:
        raise match.input_error(msg("{card} has no spell category: give its card `category:`",
                                    card=card), "card", accepted=list(C._options(C.CATEGORY_NAMES)))
    effect = effect or card.get("effect") or ("equip" if C.kind(card) == "equip" else "none")
    if effect == "none":
        return effect, None
    return effect, resolve_target(match, player, target, effect, field=target_field)


def cast_spell(match, player: str, card, *, target=None, effect=None, amount=None,
               turns=None, target_field: str = "target", ignored=None, ignored_cite=None):
    """Cast ``card`` (a spell or equip card of ``player``) and resolve its effect.

    ``ignored(effect, target)``, when given and true, negates the effect (the card is
    still used): an answer to a piercing attack that would hinder it (貫通).
    """
    _, where = match.where_is(card)
    yield from require(C.kind(card) in C.MAGIC_KINDS,
                       rule("magic-zone", None, "魔法、装備カードを使用する為"),
                       msg("{card} is a {value}, not a spell or equip card",
                           card=card, value=msg.term("kind", C.kind(card))))
    yield from require_not_broken(card, where, msg("be cast"))
    yield from require(where in ("hand", "magic"), rule("magic-zone", None, "魔法、装備カードを使用する為"),
                       msg("{card} is in the {where} zone: a spell is cast from the "
                           "hand or the magic zone",
                           card=card, where=msg.zone(where)))
    effect, tgt = plan_target(match, player, card, target, effect, target_field)
    yield from require_timing(match, player, card, where)
    stays = bool(card.get("permanent")) or C.kind(card) == "equip"
    if where == "hand" and stays:
        most = LIMITS["magic"][0]
        yield from require(len(match.zone(player, "magic")) < most, limit_cite("magic"),
                           msg("{player}'s magic zone already holds {most} cards",
                               player=player, most=most))
    cost = card.get("cost", 0)
    if cost:
        yield from pay(match, player, cost, cite=rule("skills", None, "マナが必要な場合")
                       .because(SPELL_COST), what=msg("casting {card}", card=card))
    how = {"hand": msg("from the hand"), "magic": msg("from the magic zone")}[where]
    kind = CATEGORY_JA.get(card.get("category"), "装備")
    if where == "magic" and card.get("face_down"):
        yield SetCard(card, {"face_down": None}, cite=category_cite(card.get("category") or "chant")
                      if C.kind(card) == "spell" else rule("magic-zone", None, "装備"),
                      detail=msg("{player} casts {card} ({kind}) {how}, turning it "
                                 "face-up",
                                 player=player, card=card, kind=kind, how=how),
                      event="cast")
    elif where == "hand" and stays:
        yield Move(card, "magic", cite=rule("magic-zone", None, "魔法、装備カードを使用する為"),
                   detail=msg("{player} casts {card} ({kind}) {how} into the magic "
                              "zone",
                              player=player, card=card, kind=kind, how=how),
                   event="cast")
    else:
        yield Note(cite=category_cite(card.get("category"), "手札から発動")
                      if C.kind(card) == "spell" and where == "hand"
                      else rule("magic-zone", None, "魔法、装備カードを使用する為"),
                      detail=msg("{player} casts {card} ({kind}) {how}",
                                 player=player, card=card, kind=kind, how=how), event="cast")
    if ignored is not None and ignored(effect, tgt):
        yield Note(cite=ignored_cite,
                   detail=msg("{card}'s effect ({effect}) would hinder the attack, which "
                              "pierces it: the effect is negated", card=card,
                              effect=msg.term("effect", effect)),
                   event="pierce")
    else:
        yield from apply(match, player, effect, tgt, source=card,
                         amount=amount if amount is not None else card.get("amount", 0),
                         turns=turns if turns is not None else card.get("turns", 1))
    try:
        _, now = match.where_is(card)
    except KeyError:        # pragma: no cover - a card never leaves the board
        return
    if stays:
        if now == "magic" and card.get("permanent"):
            yield Note(cite=rule("attributes", "permanent", "フィールドに存在している間")
                          if card.get("category") != "barrier"
                          else category_cite("barrier", "フィールドに残り続ける"),
                          detail=msg("{card} stays face-up in the magic zone", card=card),
                          event="stay")
        return
    if now in ("hand", "magic"):
        yield Move(card, "break", clear=FIELD_PROPS + ("face_down",),
                   cite=rule("break-zone", None, "効果を使用し終えた魔法"),
                   detail=msg("{card} has done its work: to {owner}'s break zone",
                              card=card, owner=card.owner),
                   event="break")


@action("cast",
        card=FieldSpec("card", required=True, doc=N_("the spell or equip card (hand or magic zone)")),
        target=FieldSpec("str", doc=N_("the card on the field or the player it targets")),
        effect=FieldSpec("str", doc=N_("overrides the card's effect (break, burn_damage, bounce, …)")),
        amount=FieldSpec("int", doc=N_("overrides the card's burn damage")),
        turns=FieldSpec("int", doc=N_("overrides how long a status it gives lasts")),
        condition_met=FieldSpec("yesno", doc=N_("a conditional acceleration's condition")),
        doc=N_("Cast a spell (or use an equip card) by its category's timing, then resolve it."))
def cast(match, act):
    """Cast a spell (or use an equip card) by its category's timing, then resolve it."""
    player = act.player
    yield from require_game_on(match)
    card = match.card(act.get("card"), player=player, field="card")
    effect = act.get("effect")
    if effect is not None:
        try:
            effect = C.canonical(C.EFFECT_NAMES, effect, "effect")
        except ScenarioError:
            raise match.input_error(msg("{effect!r} is not an effect", effect=effect), "effect",
                                    accepted=list(C._options(C.EFFECT_NAMES))) from None
    yield from cast_spell(match, player, card, target=act.get("target"), effect=effect,
                          amount=act.get("amount"), turns=act.get("turns"))
