"""Skills (各種スキルの系統): active skills, passive skills, and boost attacks.

- アクティブスキル ``active``: only in its controller's own turn.
- パッシブスキル ``passive``: always in force, on either turn; one that needs mana to
  work does not work without it.
- ブーストアタック ``boost``: a powerful skill of forbidden units, equip cards and ace units,
  judged and handled like an active skill.

A stunned or freeze-locked unit activates no skill.  The skill's own text is not on the
page: the action gives its effect, target, amount, turns and mana cost.
"""
from __future__ import annotations

from judge.engine import FieldSpec, Note, ScenarioError, action, require

from . import cards as C
from .attributes import hide_after_action, show_for_action
from .common import require_game_on
from .mana import pay
from .citations import rule
from .interpretations import BOOST_USERS, DECLARED_SKILL, SPELL_COST, TACTICS_ACTIONS
from .skill_effects import apply, resolve_target
from .status_effects import require_can_act
from .zones import UNIT_ZONES
from .i18n import msg

TACTICS = ("tactics1", "tactics2")


@action("skill",
        unit=FieldSpec("card", required=True, doc="the unit (or equip card) whose skill it is"),
        type=FieldSpec("choice", options=("active", "passive", "boost"),
                       doc="active (default), passive, or boost (ブーストアタック)"),
        effect=FieldSpec("str", doc="what the skill does (break, burn_damage, bounce, stun, …)"),
        target=FieldSpec("str", doc="the card on the field or player it targets"),
        amount=FieldSpec("int", doc="burn damage"),
        turns=FieldSpec("int", doc="how long a status it gives lasts"),
        cost=FieldSpec("int", doc="the mana its text asks for"))
def skill(match, act):
    """Activate a unit's skill by its kind's timing, paying the mana its text asks."""
    player = act.player
    yield from require_game_on(match)
    unit = match.card(act.get("unit"), player=player, field="unit")
    _, where = match.where_is(unit)
    kind = act.get("type") or "active"
    declared = unit.get(kind) if kind in ("active", "boost") else None
    effect = act.get("effect") or (declared or {}).get("effect") or "none"
    try:
        effect = C.canonical(C.EFFECT_NAMES, effect, "effect")
    except ScenarioError:
        raise match.input_error(msg("{effect!r} is not an effect", effect=effect), "effect",
                                accepted=list(C._options(C.EFFECT_NAMES))) from None
    if declared and effect != declared["effect"]:
        raise match.input_error(msg("{unit}'s card declares its {kind} as {declared!r}, not "
                                    "{effect!r}", unit=unit, kind=kind,
                                    declared=declared["effect"], effect=effect), "effect",
                                accepted=[declared["effect"]])
    if effect == "none" and act.get("target") is not None:
        raise match.input_error(msg("{unit}'s skill has no effect given, so nothing to target: "
                                    "give its effect (or its card's {kind})", unit=unit,
                                    kind=kind), "target")
    given = {k: act.get(k) if act.get(k) is not None else (declared or {}).get(k)
             for k in ("amount", "turns", "cost")}
    yield from require(where in UNIT_ZONES + ("magic",) and C.kind(unit) != "spell",
                       rule("skills", None, "スキル"),
                       msg("{unit} is not a unit or equip card on the field", unit=unit))
    if kind == "boost":
        yield from require(C.kind(unit) in ("forbidden_unit", "equip") or bool(unit.get("ace")),
                           rule("boost-attack", None, "エース級のユニットが使用することのできる")
                           .because(BOOST_USERS),
                           msg("{unit} is not a forbidden unit, an equip card or an ace unit: "
                               "it has no boost attack", unit=unit))
        yield Note(cite=rule("boost-attack", None, "アクティブスキルと同様"),
                   detail=msg("{unit}'s boost attack is handled like an active skill",
                              unit=unit),
                   event="skill")
    if kind in ("active", "boost"):
        yield from require(match.state.active == player,
                           rule("skills", None, "自身のターンでのみ発動"),
                           msg("an active skill is activated only in its "
                               "controller's own turn; it is {active}'s turn",
                               active=match.state.active))
        yield from require(match.state.phase in TACTICS,
                           rule("tactics-phase", None, "効果の発動").because(TACTICS_ACTIONS),
                           msg("skills are activated in a tactics phase, not the "
                               "{phase} phase",
                               phase=msg.phase(match.state.phase)))
    if C.is_unit(unit):
        yield from require_can_act(match, unit, msg("activate a skill"))
    tgt = resolve_target(match, player, act.get("target"), effect) if effect != "none" else None
    cost = given["cost"] or 0
    if cost:
        cite = rule("skills", None, "マナがなければ発動できません")
        if kind != "passive":
            cite = cite.because(SPELL_COST)
        yield from pay(match, player, cost, cite=cite, what=msg("{unit}'s skill",
                                                                unit=unit))
    label = {"active": msg("active skill (アクティブスキル)"),
             "passive": msg("passive skill (パッシブスキル)"),
             "boost": msg("boost attack (ブーストアタック)")}[kind]
    yield from show_for_action(unit)
    yield Note(cite=rule("skills", None, "自身のターンでのみ" if kind != "passive"
                         else "常に発動している"),
               detail=msg("{player}: {unit} activates its {label}",
                          player=player, unit=unit, label=label), event="skill")
    if declared:
        yield Note(cite=rule("skills", None, "スキル").because(DECLARED_SKILL),
                   detail=msg("{unit}'s card declares this skill: {effect}", unit=unit,
                              effect=effect), event="skill")
    yield from apply(match, player, effect, tgt, source=unit, amount=given["amount"] or 0,
                     turns=given["turns"] or 1)
    yield from hide_after_action(match, unit)
