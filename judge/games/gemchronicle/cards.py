"""Cards as a scenario writes them: the fields of a unit (ユニット), spell (魔法), equip
(装備), forbidden unit (禁呪ユニット) and field card (フィールドカード), and reading them.

A scenario may write the Japanese term for a value (``attack_type: ブレイカー``,
``category: 詠唱``, ``position: 守備表示``); the engine stores the English id, so the JSON
and the ``expect`` paths use one spelling.
"""
from __future__ import annotations

import re
import unicodedata

from judge.engine import Card, FieldSpec, ScenarioError  # noqa: F401 (Card re-exported)
from judge.i18n import N_

from .i18n import msg

# English id -> the spellings a judge may type (the id itself first).
KIND_NAMES = {
    "unit": ("unit", "ユニット"),
    "forbidden_unit": ("forbidden_unit", "禁呪ユニット", "禁呪"),
    "spell": ("spell", "魔法"),
    "equip": ("equip", "装備", "装備カード"),
    "field": ("field", "フィールド", "フィールドカード"),
}
ATTACK_TYPE_NAMES = {
    "attacker": ("attacker", "アタッカー"),
    "shooter": ("shooter", "シューター"),
    "breaker": ("breaker", "ブレイカー"),
    "blaster": ("blaster", "ブラスター"),
}
POSITION_NAMES = {
    "attack": ("attack", "攻撃表示", "攻撃"),
    "defense": ("defense", "守備表示", "守備", "defence"),
}
CATEGORY_NAMES = {            # スペルカテゴリー
    "chant": ("chant", "詠唱"),
    "acceleration": ("acceleration", "アクセラレーション"),
    "barrier": ("barrier", "結界"),
}
STATUS_NAMES = {              # 状態異常
    "stun": ("stun", "スタン"),
    "freeze_lock": ("freeze_lock", "凍結ロック", "凍結"),
    "burn": ("burn", "燃焼"),
}
ATTRIBUTE_NAMES = {           # 追加属性 carried by an attack
    "destroy": ("destroy", "破壊", "破壊属性"),
    "pierce": ("pierce", "貫通", "貫通属性"),
}
EFFECT_NAMES = {              # 各種スキル効果 and the states a spell or skill gives
    "none": ("none", "なし"),
    "break": ("break", "ブレイク"),
    "burn_damage": ("burn_damage", "バーン"),
    "bounce": ("bounce", "バウンス"),
    "remove": ("remove", "除外"),
    "negate": ("negate", "無効"),
    "stun": ("stun", "スタン"),
    "freeze_lock": ("freeze_lock", "凍結ロック"),
    "ignite": ("ignite", "燃焼"),
    "charge": ("charge", "帯電"),
    "stealth": ("stealth", "ステルス"),
    "equip": ("equip", "装備"),
}

# A standing effect a card's passive skill declares (its card text: not on the page).
PASSIVE_EFFECT_NAMES = {
    "atk": ("atk", "ATK", "攻撃力"),
    "def": ("def", "DEF", "守備力"),
    "pierce": ("pierce", "貫通", "貫通属性"),
    "destroy": ("destroy", "破壊", "破壊属性"),
    "charged": ("charged", "帯電"),
    "hinder_attack": ("hinder_attack", "攻撃阻害", "攻撃を阻害する効果"),
}
# whose units a standing effect reaches
SCOPE_NAMES = {
    "self": ("self", "自身"),
    "own": ("own", "自分フィールド", "自分フィールド全て"),
    "opponent": ("opponent", "相手フィールド"),
    "all": ("all", "お互い", "全て"),
}
# what a unit's standing effect is on the page: a passive skill, or 属性特性 / 属性耐性
PASSIVE_AS_NAMES = {
    "skill": ("skill", "パッシブスキル"),
    "trait": ("trait", "属性特性"),
    "resistance": ("resistance", "属性耐性"),
}
AMOUNT_EFFECTS = ("atk", "def")

UNIT_KINDS = ("unit", "forbidden_unit")
MAGIC_KINDS = ("spell", "equip")


def _options(names: dict) -> tuple[str, ...]:
    return tuple(s for spellings in names.values() for s in spellings)


def _choices(names: dict) -> tuple[tuple[str, str], ...]:
    """One choice a value for the board form: (its id, its first Japanese spelling)."""
    return tuple((ident, next((s for s in spellings if not s.isascii()), ident))
                 for ident, spellings in names.items())


def canonical(names: dict, value, field: str):
    """The English id of a value typed in any listed spelling (NFKC-folded)."""
    text = unicodedata.normalize("NFKC", str(value)).strip()
    for ident, spellings in names.items():
        if text in (unicodedata.normalize("NFKC", s) for s in spellings):
            return ident
    raise ScenarioError(msg("{value!r} is not a known value", value=value), field=field,
                        accepted=list(_options(names)))


CARD_FIELDS = {
    "kind": FieldSpec("str", options=_options(KIND_NAMES), choices=_choices(KIND_NAMES),
                      doc=N_("unit (default), forbidden_unit, spell, equip, field")),
    "atk": FieldSpec("int", doc=N_("ATK")),
    "def": FieldSpec("int", doc=N_("DEF")),
    "ml": FieldSpec("int", doc=N_("ML (マナレベル): the mana a summon costs")),
    "attack_type": FieldSpec("str", options=_options(ATTACK_TYPE_NAMES), choices=_choices(ATTACK_TYPE_NAMES),
                             doc=N_("attacker (default), shooter, breaker, blaster")),
    "position": FieldSpec("str", options=_options(POSITION_NAMES), choices=_choices(POSITION_NAMES),
                          doc=N_("attack (default) or defense")),
    "face_down": FieldSpec("bool", doc=N_("set face-down (裏側)")),
    "slot": FieldSpec("int", doc=N_("the battle-zone square 1-5 (decides 両隣)")),
    "damage": FieldSpec("int", doc=N_("continuous damage (継続ダメージ) on the unit")),
    "statuses": FieldSpec("map", doc=N_("status -> mana phases left: stun, freeze_lock, burn")),
    "charged": FieldSpec("bool", doc=N_("帯電")),
    "stealth": FieldSpec("bool", doc=N_("ステルス")),
    "attributes": FieldSpec("list", options=_options(ATTRIBUTE_NAMES),
                            choices=_choices(ATTRIBUTE_NAMES), doc=N_("the attack's attributes: destroy (破壊), pierce (貫通)")),
    "consecutive": FieldSpec("int", doc=N_("連続攻撃: the number of hits of the unit's attack")),
    "category": FieldSpec("str", options=_options(CATEGORY_NAMES), choices=_choices(CATEGORY_NAMES),
                          doc=N_("a spell's スペルカテゴリー: chant (詠唱), acceleration, barrier (結界)")),
    "conditional": FieldSpec("bool", doc=N_("[条件／アクセラレーション属性]")),
    "permanent": FieldSpec("bool", doc=N_("stays on the field after use (永続効果, most 結界)")),
    "effect": FieldSpec("str", options=_options(EFFECT_NAMES), choices=_choices(EFFECT_NAMES),
                        doc=N_("what the spell or skill does (its card text)")),
    "amount": FieldSpec("int", doc=N_("burn damage of the effect")),
    "turns": FieldSpec("int", doc=N_("how many mana phases a status the effect gives lasts")),
    "cost": FieldSpec("int", doc=N_("mana the card's own text asks to activate it")),
    "summoned_this_turn": FieldSpec("bool", doc=N_("summoned this turn")),
    "set_this_turn": FieldSpec("bool", doc=N_("set this turn")),
    "attacked": FieldSpec("bool", doc=N_("has attacked this turn")),
    "position_changed": FieldSpec("bool", doc=N_("changed position this turn")),
    "returned": FieldSpec("bool", doc=N_("field card: activated once, then returned face-down")),
    "attached_to": FieldSpec("str", doc=N_("equip card: the unit it is attached to")),
    "passive": FieldSpec("list", doc=N_("its passive skills in force (パッシブスキル): a list of "
                                        "{effect, amount, scope, cost, as}")),
    "active": FieldSpec("map", doc=N_("its active skill (アクティブスキル): {effect, amount, turns, cost}")),
    "boost": FieldSpec("map", doc=N_("its boost attack (ブーストアタック): {effect, amount, turns, cost}")),
    "ace": FieldSpec("bool", doc=N_("an ace unit (エース級のユニット): may use a boost attack")),
}

CARD_DEFAULTS = {"damage": 0, "face_down": False, "charged": False, "stealth": False,
                 "attacked": False, "summoned_this_turn": False, "set_this_turn": False,
                 "position_changed": False, "returned": False, "ace": False}

DEFAULT_KIND_BY_ZONE = {"forbidden": "forbidden_unit", "forbidden_deck": "forbidden_unit",
                        "field": "field"}


def normalise_spec(spec: dict, zone: str) -> dict:
    """A scenario's card mapping with every value in its English id, checked."""
    props = {k: v for k, v in spec.items() if k != "name"}
    props["kind"] = canonical(KIND_NAMES, props.get("kind") or
                              DEFAULT_KIND_BY_ZONE.get(zone, "unit"), "kind")
    for key, names in (("attack_type", ATTACK_TYPE_NAMES), ("position", POSITION_NAMES),
                       ("category", CATEGORY_NAMES), ("effect", EFFECT_NAMES)):
        if props.get(key) is not None:
            props[key] = canonical(names, props[key], key)
    if props.get("statuses") is not None:
        props["statuses"] = normalise_statuses(props["statuses"])
        if not props["statuses"]:
            del props["statuses"]
    if props.get("attributes") is not None:
        props["attributes"] = sorted({canonical(ATTRIBUTE_NAMES, a, "attributes")
                                      for a in props["attributes"]})
    for key in ("atk", "def", "ml", "damage", "amount", "cost"):
        if props.get(key) is not None and props[key] < 0:
            raise ScenarioError(msg("{key} cannot be negative ({value})", key=key,
                                    value=props[key]), field=key,
                                accepted=msg("0 or more"))
    if props.get("consecutive") is not None and props["consecutive"] < 1:
        raise ScenarioError(msg("a consecutive attack has 1 hit or more"), field="consecutive")
    if props.get("turns") is not None and props["turns"] < 1:
        raise ScenarioError(msg("a status lasts 1 mana phase or more"), field="turns")
    for key in ("active", "boost"):
        if props.get(key) is not None:
            props[key] = normalise_skill(props[key], key)
    if props.get("passive") is not None:
        props["passive"] = [normalise_passive(e, f"passive[{i}]", props["kind"])
                            for i, e in enumerate(props["passive"])]
        if not props["passive"]:
            del props["passive"]
        elif props["kind"] == "spell" and not props.get("permanent"):
            raise ScenarioError(msg("only a permanent spell (永続効果) has an effect in force: "
                                    "give it permanent: true"), field="passive", accepted="permanent: true")
    if props.get("slot") is not None and not 1 <= props["slot"] <= 5:
        raise ScenarioError(msg("slot {slot} is not a battle-zone square", slot=props["slot"]),
                            field="slot", accepted="1, 2, 3, 4, 5")
    return props


def _whole(value, field: str, least: int | None = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScenarioError(msg("must be a whole number, not {value!r}", value=value),
                            field=field)
    if least is not None and value < least:
        raise ScenarioError(msg("must be {least} or more, not {value}", least=least,
                                value=value), field=field)
    return value


def normalise_skill(value, field: str) -> dict:
    """A declared active skill or boost attack: ``{effect, amount, turns, cost}``."""
    if not isinstance(value, dict):
        raise ScenarioError(msg("must be a mapping of effect, amount, turns, cost"),
                            field=field)
    unknown = sorted(set(value) - {"effect", "amount", "turns", "cost"})
    if unknown:
        raise ScenarioError(msg("{key!r} is not a field of a skill", key=unknown[0]),
                            field=f"{field}.{unknown[0]}",
                            accepted="effect, amount, turns, cost")
    out = {"effect": canonical(EFFECT_NAMES, value.get("effect", "none"), f"{field}.effect")}
    for key, least in (("amount", 0), ("turns", 1), ("cost", 0)):
        if value.get(key) is not None:
            out[key] = _whole(value[key], f"{field}.{key}", least)
    return out


def normalise_passive(value, field: str, card_kind: str) -> dict:
    """One declared standing effect: ``{effect, amount, scope, cost, as}``, checked.

    A name alone (``貫通``) or a change written short (``ATK+300``, ``守備力－200``: what the
    board editor's comma-separated list can hold) is read as ``{effect, amount}``.
    """
    if isinstance(value, str):
        text = unicodedata.normalize("NFKC", value).replace("−", "-").strip()
        short = re.fullmatch(r"(.+?)\s*([+-]\s*\d+)", text)
        value = {"effect": short.group(1), "amount": int(short.group(2).replace(" ", ""))} \
            if short else {"effect": text}
    if not isinstance(value, dict):
        raise ScenarioError(msg("must be a mapping of effect, amount, scope, cost, as"),
                            field=field)
    unknown = sorted(set(value) - {"effect", "amount", "scope", "cost", "as"})
    if unknown:
        raise ScenarioError(msg("{key!r} is not a field of a passive skill", key=unknown[0]),
                            field=f"{field}.{unknown[0]}",
                            accepted="effect, amount, scope, cost, as")
    if value.get("effect") is None:
        raise ScenarioError(msg("a passive skill needs its effect"), field=f"{field}.effect",
                            accepted=list(_options(PASSIVE_EFFECT_NAMES)))
    out = {"effect": canonical(PASSIVE_EFFECT_NAMES, value["effect"], f"{field}.effect")}
    if out["effect"] in AMOUNT_EFFECTS:
        amount = _whole(value.get("amount"), f"{field}.amount", None)
        if amount == 0:
            raise ScenarioError(msg("an ATK or DEF effect changes the value by its amount, not 0"),
                                field=f"{field}.amount")
        out["amount"] = amount
    elif value.get("amount") is not None:
        raise ScenarioError(msg("{effect} has no amount", effect=out["effect"]),
                            field=f"{field}.amount")
    default = "own" if card_kind in ("field", "spell") else "self"
    out["scope"] = canonical(SCOPE_NAMES, value.get("scope") or default, f"{field}.scope")
    if card_kind == "spell" and out["scope"] == "self":
        raise ScenarioError(msg("a spell is not a unit: its effect reaches own, opponent or "
                                "all"),
                            field=f"{field}.scope", accepted="own, opponent, all")
    if card_kind == "field" and out["scope"] not in ("own", "all"):
        raise ScenarioError(msg("a field card's effect reaches all of its owner's field "
                                "(自分フィールド全てに効果を与えます): own, or all when its "
                                "text also names the opponent's"), field=f"{field}.scope",
                            accepted="own, all")
    if value.get("cost") is not None:
        out["cost"] = _whole(value["cost"], f"{field}.cost")
    out["as"] = canonical(PASSIVE_AS_NAMES, value.get("as") or "skill", f"{field}.as")
    if out["as"] != "skill" and card_kind not in UNIT_KINDS:
        raise ScenarioError(msg("属性特性 and 属性耐性 are a unit's"), field=f"{field}.as",
                            accepted="skill")
    return out


def normalise_statuses(value) -> dict:
    """``{stun: 1, 凍結ロック: 2}`` (or a list of names, 1 each) -> ``{"freeze_lock": 2, …}``."""
    if isinstance(value, list):
        value = {name: 1 for name in value}
    if not isinstance(value, dict):
        raise ScenarioError(msg("statuses maps a status to the mana phases it has left"),
                            field="statuses", accepted=list(_options(STATUS_NAMES)))
    out = {}
    for name, left in value.items():
        status = canonical(STATUS_NAMES, name, "statuses")
        if isinstance(left, bool) or not isinstance(left, int) or left < 1:
            raise ScenarioError(msg("{name}: the mana phases left must be a whole number from 1",
                                    name=name),
                                field=f"statuses.{name}")
        out[status] = left
    return dict(sorted(out.items()))


# --- reading a card ---------------------------------------------------------------------

def kind(card: Card) -> str:
    """unit, forbidden_unit, spell, equip or field."""
    return card.get("kind", "unit")


def is_unit(card: Card) -> bool:
    """A unit or a forbidden unit (ユニット, 禁呪ユニット)."""
    return kind(card) in UNIT_KINDS


def position(card: Card) -> str:
    """attack (攻撃表示) or defense (守備表示)."""
    return card.get("position", "attack")


def statuses(card: Card) -> dict:
    """The unit's statuses (状態異常) and the mana phases each has left."""
    return dict(card.get("statuses", {}))




