"""Passive skills in force (パッシブスキル): what units, equip cards and the field card do
to the units on the field while they are there, and which effect prevails (重複).

- パッシブスキル 「自他問わず常に発動している」: a unit's passive works on either player's turn
  while the unit is on the field; one that needs mana (``cost``) does not work while its
  controller has less (「マナがなければ発動できません」; nothing is spent: interpretation
  ``passive-mana``).
- 装備カード 「装備カードのスキルはパッシブスキルにあたります」: an equip card face-up in the
  magic zone works on the unit it is attached to (scope ``self``).
- フィールドカード 「自分フィールド全てに効果を与えます。特に記載がない場合相手フィールドには影響は
  ありません」: an active (face-up) field card works on every unit of its owner's field, and
  on the opponent's only when its text says so (scope ``all``).
- 永続効果 「フィールドに存在している間、永続的に続く効果」: a permanent spell (most 結界)
  face-up in the magic zone works like a passive skill (scope ``own`` unless its text
  says ``opponent`` or ``all``).
- 重複 「基本的に効果の高い方が優先されます。ユニット同士の場合、マナレベルの高い方が優先されます」:
  of two ATK (or DEF) effects on one unit only one counts: the higher, or between two
  units' effects the one of the higher-ML unit (interpretation ``overlap-priority``).
- 属性特性・属性耐性 (``as: trait`` / ``resistance``): 「属性特性、属性耐性の効果も一時的に無効」
  while their unit is freeze-locked; what they do is card text (the page's detail page on
  them does not exist).
- ステルス 「発動中のユニットに対する相手からの魔法、スキル、効果は無効化されます」: the opponent's
  standing effects do not reach a unit in stealth.

The effects themselves (``atk``/``def`` by an amount, ``pierce``, ``destroy``, ``charged``,
``hinder_attack``) are the card's declared text, not the page's.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from judge.engine import Note

from . import cards as C
from .citations import rule
from .interpretations import OVERLAP_PRIORITY, PASSIVE_IN_FORCE, PASSIVE_MANA
from .i18n import msg

UNIT_ZONES = ("battle", "forbidden")


@dataclass(frozen=True)
class Effect:
    """One declared standing effect of ``source`` that reaches a unit."""

    source: C.Card
    controller: str
    effect: str
    amount: int = 0
    cost: int = 0
    as_: str = "skill"

    def strength(self) -> int:
        """How high the effect is (効果の高い方): its amount's size."""
        return abs(self.amount)


@dataclass
class InForce:
    """What reaches a unit: the effects that count, and those that do not, with why."""

    counted: list = field(default_factory=list)
    dropped: list = field(default_factory=list)      # (Effect, reason, winner or None)

    def total(self, effect: str) -> int:
        """The sum of the counted ``atk`` or ``def`` changes."""
        return sum(e.amount for e in self.counted if e.effect == effect)

    def has(self, effect: str) -> bool:
        """Whether a counted effect grants ``effect`` (pierce, destroy, charged, …)."""
        return any(e.effect == effect for e in self.counted)


def _sources(state):
    """(controller, card, scope's holder) of every card whose passive skills can be in force."""
    for pname, player in state.players.items():
        for zone in UNIT_ZONES:
            for card in player.zones[zone]:
                if C.is_unit(card) and card.get("passive"):
                    yield pname, card, card
        for card in player.zones["magic"]:
            if C.kind(card) == "spell" and card.get("passive") and not card.get("face_down"):
                yield pname, card, None        # a permanent spell (永続効果), in force
            elif C.kind(card) == "equip" and card.get("passive") \
                    and not card.get("face_down") and card.get("attached_to"):
                try:
                    yield pname, card, state.card(card.get("attached_to"))
                except KeyError:
                    continue
        for card in player.zones["field"]:
            if C.kind(card) == "field" and card.get("passive") and not card.get("face_down"):
                yield pname, card, None


def _reaches(state, controller: str, holder, scope: str, unit) -> bool:
    unit_owner = state.find(unit.uid)[0]
    if scope == "self":
        return holder is not None and holder.uid == unit.uid
    if scope == "own":
        return unit_owner == controller
    if scope == "opponent":
        return unit_owner != controller
    return True


def in_force(state, unit) -> InForce:
    """The standing effects on ``unit`` now, after mana, freeze lock and overlap."""
    out = InForce()
    if not C.is_unit(unit) or state.find(unit.uid)[1] not in UNIT_ZONES:
        return out
    reaching = []
    owner = state.find(unit.uid)[0]
    for controller, card, holder in _sources(state):
        for entry in card.get("passive"):
            if not _reaches(state, controller, holder, entry["scope"], unit):
                continue
            eff = Effect(card, controller, entry["effect"], entry.get("amount", 0),
                         entry.get("cost", 0), entry.get("as", "skill"))
            if unit.get("stealth") and controller != owner:
                out.dropped.append((eff, "stealth", None))
            elif eff.cost and state.players[controller].counters.get("mana", 0) < eff.cost:
                out.dropped.append((eff, "mana", None))
            elif eff.as_ != "skill" and "freeze_lock" in C.statuses(card):
                out.dropped.append((eff, "frozen", None))
            else:
                reaching.append(eff)
    groups: dict = {}
    for eff in reaching:
        if eff.effect in C.AMOUNT_EFFECTS:
            groups.setdefault((eff.effect, eff.amount > 0), []).append(eff)
        elif not out.has(eff.effect):
            out.counted.append(eff)
    for group in groups.values():
        winner = _prevailing(group)
        out.counted.append(winner)
        out.dropped.extend((e, "overlap", winner) for e in group if e is not winner)
    return out


def _prevailing(group: list) -> Effect:
    """重複: the higher effect; between units' effects, the higher-ML unit's."""
    if all(C.is_unit(e.source) for e in group):
        return max(group, key=lambda e: (e.source.get("ml", 0), e.strength()))
    return max(group, key=Effect.strength)


# --- the unit's values with what is in force ---------------------------------------------

def atk(state, card) -> int:
    """ATK with the passive skills in force (never below 0)."""
    return max(0, card.get("atk", 0) + in_force(state, card).total("atk"))


def defense(state, card) -> int:
    """DEF with the passive skills in force (never below 0)."""
    return max(0, card.get("def", 0) + in_force(state, card).total("def"))


def base_value(state, card) -> int:
    """What the unit fights with in its position: ATK (攻撃表示) or DEF (守備表示)."""
    return atk(state, card) if C.position(card) == "attack" else defense(state, card)


def battle_value(state, card) -> int:
    """Its position's value less its continuous damage (never below 0)."""
    return max(0, base_value(state, card) - card.get("damage", 0))


def has_attribute(state, card, attribute: str) -> bool:
    """Whether the unit's attack carries ``destroy`` or ``pierce`` (its own or granted)."""
    return attribute in (card.get("attributes") or []) or in_force(state, card).has(attribute)


def is_charged(state, card) -> bool:
    """帯電, its own or granted by a passive skill."""
    return bool(card.get("charged")) or in_force(state, card).has("charged")


def hindering(state, card) -> list:
    """The effects in force that hinder the unit's attack (攻撃を阻害する効果)."""
    return [e for e in in_force(state, card).counted if e.effect == "hinder_attack"]


# --- the steps that show them ------------------------------------------------------------

def source_cite(eff: Effect, unit_owner: str):
    """The sentence that makes a source's passive skill work on a unit."""
    kind = C.kind(eff.source)
    if kind == "field":
        if unit_owner != eff.controller:
            return rule("field-zone", None, "特に記載がない場合相手フィールドには影響はありません")
        return rule("field-zone", None, "自分フィールド全てに効果を与えます")
    if kind == "equip":
        return rule("skills", None, "装備カードのスキルはパッシブスキルにあたります")
    if kind == "spell":
        return rule("attributes", "permanent", "フィールドに存在している間、永続的に続く効果")
    return rule("skills", None, "常に発動している").because(PASSIVE_IN_FORCE)


def _what(eff: Effect) -> str:
    if eff.effect in C.AMOUNT_EFFECTS:
        return f"{'ATK' if eff.effect == 'atk' else 'DEF'} {eff.amount:+d}"
    return C.PASSIVE_EFFECT_NAMES[eff.effect][1]


def notes(match, unit):
    """One step per standing effect on ``unit``: in force, or why not."""
    state = match.state
    found = in_force(state, unit)
    owner = state.find(unit.uid)[0]
    for eff in found.counted:
        yield Note(cite=source_cite(eff, owner),
                   detail=msg("{source}'s passive skill is in force on {unit}: {what}",
                              source=eff.source, unit=unit, what=_what(eff)),
                   event="passive")
    for eff, reason, winner in found.dropped:
        if reason == "mana":
            yield Note(cite=rule("skills", None, "マナがなければ発動できません")
                       .because(PASSIVE_MANA),
                       detail=msg("{source}'s passive skill ({what}) needs {cost} mana; "
                                  "{player} has less: it does not work",
                                  source=eff.source, what=_what(eff), cost=eff.cost,
                                  player=eff.controller), event="passive")
        elif reason == "stealth":
            yield Note(cite=rule("attributes", "stealth",
                                 "発動中のユニットに対する相手からの魔法、スキル、効果は無効化されます"),
                       detail=msg("{unit} is in stealth: {source}'s effect ({what}) from the "
                                  "opponent is negated", unit=unit, source=eff.source,
                                  what=_what(eff)), event="passive")
        elif reason == "frozen":
            yield Note(cite=rule("status-effects", "freeze-lock",
                                 "属性特性、属性耐性の効果も一時的に無効になります"),
                       detail=msg("{source} is freeze-locked: its {as_} ({what}) does not "
                                  "work", source=eff.source,
                                  as_=C.PASSIVE_AS_NAMES[eff.as_][1], what=_what(eff)),
                       event="passive")
        else:
            by_ml = all(C.is_unit(e.source) for e in (eff, winner))
            cite = rule("overlap", None, "マナレベルの高い方が優先されます" if by_ml
                        else "効果の高い方が優先されます").because(OVERLAP_PRIORITY)
            yield Note(cite=cite,
                       detail=msg("{source}'s {what} overlaps {winner}'s {won}: only "
                                  "{winner}'s counts", source=eff.source, what=_what(eff),
                                  winner=winner.source, won=_what(winner)),
                       event="overlap")
