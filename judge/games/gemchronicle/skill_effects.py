"""What a spell or skill does (各種スキル効果), as far as the rules page defines it.

- ブレイク ``break``: destroy a card by an effect (to the break zone).
- バーン ``burn_damage``: damage by an effect: to a player's LP (バーンダメージ) or to a unit
  as effect damage (効果ダメージ), which is continuous damage.
- バウンス ``bounce``: back to its owner's hand; not a card summoned or set this turn.
- ``remove`` (除外), ``negate`` (無効: a face-up card's activation; a field card's cannot be),
  the statuses ``stun``, ``freeze_lock`` (``turns``), ``ignite`` (燃焼), and ``charge`` (帯電),
  ``stealth`` (ステルス), ``equip`` (an equip card attaches to its target).

The card text itself is not on the page; a scenario gives the effect, its amount and its
turns on the card or in the action.
"""
from __future__ import annotations

from judge.engine import LifeChange, Note, SetCard, require

from . import cards as C
from .attributes import require_targetable, stealth_cite
from .common import check_defeat
from .continuous_damage import deal
from .citations import rule
from .interpretations import EQUIP_TIMING, REMOVAL
from .status_effects import give
from .zones import ON_FIELD, UNIT_ZONES, break_card, leave_field
from .i18n import msg

NEEDS_UNIT = ("stun", "freeze_lock", "ignite", "charge", "stealth", "equip")
STATUS_OF = {"stun": "stun", "freeze_lock": "freeze_lock", "ignite": "burn"}


def resolve_target(match, player: str, ref, effect: str, field: str = "target"):
    """The card (on the field) or player an effect's target names."""
    if ref is None:
        raise match.input_error(msg("the effect {effect!r} needs a target", effect=effect), field,
                                accepted="a card on the field, or a player")
    if str(ref) in match.state.players:
        if effect != "burn_damage":
            raise match.input_error(msg("the effect {effect!r} targets a card, not a player",
                                        effect=effect),
                                    field)
        return str(ref)
    card = match.card(ref, field=field)
    _, zone = match.where_is(card)
    if zone not in ON_FIELD:
        raise match.input_error(msg("{card} is in the {zone} zone; the effect targets a card on the field",
                                    card=card, zone=msg.zone(zone)), field,
                                accepted=[c.name for p in match.state.players
                                          for z in ON_FIELD for c in match.zone(p, z)])
    return card


def apply(match, player: str, effect: str, target, *, source, amount: int = 0,
          turns: int = 1):
    """Resolve ``effect`` of ``source`` (a spell, equip or unit) on ``target``."""
    if effect == "none":
        yield Note(cite=rule("skills", None, "スキル説明文"),
                   detail=msg("{source} resolves (its card text decides what it does)",
                              source=source),
                   event="effect")
        return
    if isinstance(target, str):           # a player: burn damage to LP
        yield LifeChange(target, -amount, cite=rule("skill-effects", "burn", "バーンダメージ"),
                         detail=msg("{source} deals {amount} burn damage to "
                                    "{target}'s LP",
                                    source=source, amount=amount, target=target),
                         event="damage")
        yield from check_defeat(match)
        return
    yield from require_targetable(match, player, target, source.label())
    owner, zone = match.where_is(target)
    unit = C.is_unit(target) and zone in UNIT_ZONES
    if effect in NEEDS_UNIT or effect == "burn_damage":
        yield from require(unit, rule("skill-effects", None, "スキル効果"),
                           msg("{target} is not a unit on the field", target=target))
    if effect == "break":
        yield from break_card(match, target, cite=rule("skill-effects", "break", "効果でカードを破壊"),
                              detail=msg("{source} breaks {target} by its effect",
                                         source=source, target=target))
    elif effect == "burn_damage":
        yield from deal(match, target, amount, effect=True,
                        cite=rule("effect-damage", None, "被ダメージ"),
                        detail=msg("{source}'s burn (バーン)", source=source))
    elif effect == "bounce":
        yield from require(not (target.get("summoned_this_turn") or target.get("set_this_turn")),
                           rule("skill-effects", "bounce", "召喚またはセットされたターン"),
                           msg("{target} was summoned or set this turn: it cannot be "
                               "bounced", target=target))
        yield from leave_field(match, target, "hand",
                               cite=rule("skill-effects", "bounce", "持ち主の手札に戻ります"),
                               detail=msg("{source} returns {target} to {owner}'s "
                                          "hand",
                                          source=source, target=target, owner=target.owner), event="bounce")
    elif effect == "remove":
        yield from leave_field(match, target, "removed",
                               cite=rule("field-zone", None, "除外").because(REMOVAL),
                               detail=msg("{source} removes {target} from the game",
                                          source=source, target=target),
                               event="remove")
    elif effect == "negate":
        yield from require(C.kind(target) != "field",
                           rule("field-zone", None, "この発動は無効にされません"),
                           msg("{target} is a field card: its activation cannot be "
                               "negated", target=target))
        yield from require(C.kind(target) in C.MAGIC_KINDS and not target.get("face_down"),
                           rule("magic-zone", None, "魔法、装備カードを使用する"),
                           msg("{target} is not an active spell or equip card",
                               target=target))
        yield from break_card(match, target, cite=rule("break-zone", None, "効果を使用し終えた"),
                              detail=msg("{source} negates {target}",
                                         source=source, target=target))
    elif effect in STATUS_OF:
        status = STATUS_OF[effect]
        phases = 1 if status == "stun" else max(1, turns)
        clause = {"stun": "stun", "freeze_lock": "freeze-lock", "burn": "burn"}[status]
        yield from give(match, target, status, phases,
                        cite=rule("status-effects", clause),
                        detail=msg("{source}: {target} gets {status} for {phases} "
                                   "mana phase(s)", source=source, target=target,
                                   status={"stun": "スタン", "freeze_lock": "凍結ロック",
                                           "burn": "燃焼"}[status], phases=phases))
    elif effect == "charge":
        yield SetCard(target, {"charged": True}, cite=rule("attributes", "charged"),
                      detail=msg("{source}: {target} is charged (帯電)",
                                 source=source, target=target),
                      event="status")
    elif effect == "stealth":
        yield SetCard(target, {"stealth": True, "face_down": True},
                      cite=stealth_cite("表示形式をそのままにして裏側にします"),
                      detail=msg("{source}: {target} goes into stealth, face-down in "
                                 "its {value} position",
                                 source=source, target=target,
                                 value=msg.term("position", C.position(target))),
                      event="status")
    elif effect == "equip":
        yield from require(C.kind(source) == "equip", rule("magic-zone", None, "装備カード"),
                           msg("{source} is not an equip card", source=source))
        yield SetCard(source, {"attached_to": target.uid},
                      cite=rule("magic-zone", None, "装備カードを使用する").because(EQUIP_TIMING),
                      detail=msg("{source} is equipped to {target}",
                                 source=source, target=target), event="equip")
