"""Cards as scenarios write them: fields, kinds, the few cards the chapter names, setup checks.

There is no Yu-Gi-Oh! card list in the corpus: a scenario gives each card's name and
the stats that matter (``{name: 戦士ダイ・グレファー, atk: 1700, def: 1600, level: 4}``).
The five cards chapter 2 names have the facts of public-facts.md as defaults
(interpretation ``yugioh.card-data-public-facts``); a scenario's fields override them.
"""
from __future__ import annotations

import unicodedata
from typing import Any

from judge.engine import Card, FieldSpec, ScenarioError, worth_writing
from judge.i18n import N_, joined

from .board import (FIELD_ZONE, MONSTER_KINDS, MONSTER_ZONES, SPELL_ZONES, label_of, labels)
from .effect_text import parse_effect
from .i18n import msg

KINDS = ("monster", "effect", "fusion", "ritual", "spell", "trap")
SPELL_TYPES = ("normal", "equip", "field", "fusion", "ritual")

CARD_FIELDS = {
    "kind": FieldSpec("choice", options=KINDS, doc=(
        N_("monster (通常モンスター), effect (効果モンスター), fusion (融合モンスター), ritual "
        "(儀式モンスター), spell (魔法), trap (罠). Inferred when left out: materials -> "
        "fusion, flip_effect -> effect, spell_type -> spell, atk/def/level -> monster."))),
    "atk": FieldSpec("int", doc=N_("攻撃力 (the card's own; equips and terrain add to it)")),
    "def": FieldSpec("int", doc=N_("守備力")),
    "level": FieldSpec("int", doc=N_("レベル (星の数): tributes and rituals count it")),
    "type": FieldSpec("str", doc=N_("種族 (戦士族, ドラゴン族…): equip_to and field_types match it")),
    "attribute": FieldSpec("str", doc=N_("属性 (闇, 光…): equip_to and field_types match it")),
    "position": FieldSpec("choice", options=("attack", "defense"), doc=(
        N_("a monster's position (表示形式); default attack, or defense when face_down"))),
    "face_down": FieldSpec("bool", doc=(
        N_("face-down: a monster is then in face-down defense position (裏側守備表示); a "
        "spell or trap is set"))),
    "materials": FieldSpec("list", doc=N_("a fusion monster's materials, by name (融合素材)")),
    "flip_effect": FieldSpec("str", doc=(
        N_("the effect that triggers when the monster is turned face-up (「~が表になったとき」): "
        "a word of the effect vocabulary, or a description that is only logged"))),
    "spell_type": FieldSpec("choice", options=SPELL_TYPES, doc=(
        N_("normal, equip (モンスター強化型), field (フィールドカード), fusion (融合カード), "
        "ritual (儀式カード)"))),
    "effect": FieldSpec("str", doc=N_("what a spell or trap does (the effect vocabulary)")),
    "trigger": FieldSpec("choice", options=("summon",), doc=(
        N_("a trap that answers a normal summon (落とし穴)"))),
    "equip_atk": FieldSpec("int", doc=N_("an equip spell's ATK modifier")),
    "equip_def": FieldSpec("int", doc=N_("an equip spell's DEF modifier")),
    "equip_to": FieldSpec("list", doc=(
        N_("the monsters an equip spell fits, by name, 種族 or 属性 (empty: any)"))),
    "attached_to": FieldSpec("card", doc=N_("the monster an equip spell is laid over (by name)")),
    "terrain": FieldSpec("str", doc=N_("the terrain a field card makes (its name if left out)")),
    "field_atk": FieldSpec("int", doc=N_("a field card's ATK modifier")),
    "field_def": FieldSpec("int", doc=N_("a field card's DEF modifier")),
    "field_types": FieldSpec("list", doc=(
        N_("the monsters the terrain changes, by name, 種族 or 属性 (empty: every monster)"))),
    "ritual_monster": FieldSpec("str", doc=N_("the ritual monster a ritual spell calls")),
    "stays_turns": FieldSpec("int", doc=(
        N_("a spell that stays on the field after it is used, for that many of the "
        "opponent's turns (光の護封剣: 3, interpretation yugioh.light-sword)"))),
    "stops_attacks": FieldSpec("bool", doc=(
        N_("while it stays face-up, the opponent's monsters cannot attack (光の護封剣)"))),
    "turns_left": FieldSpec("int", doc=N_("how many more of the opponent's turns it stays")),
}

# The cards chapter 2 names, with the facts of public-facts.md (never card text).
CARD_LIST: dict[str, dict[str, Any]] = {
    "スカルライダー": {"kind": "ritual", "level": 6, "atk": 1900, "def": 1850,
                "attribute": "闇", "type": "アンデット族"},
    "スカルライダーの復活": {"kind": "spell", "spell_type": "ritual",
                    "ritual_monster": "スカルライダー"},
    "光の護封剣": {"kind": "spell", "spell_type": "normal", "effect": "flip_all"},
    "サンダー・ボルト": {"kind": "spell", "spell_type": "normal", "effect": "destroy_all"},
    "落とし穴": {"kind": "trap", "trigger": "summon"},
}
DATA_FROM = "data_from"        # prop marking cards whose defaults came from CARD_LIST


def _fold(name: str) -> str:
    text = unicodedata.normalize("NFKC", name).replace("･", "・")
    return "".join(text.split())


_BY_FOLDED = {_fold(n): n for n in CARD_LIST}


def known_card(name: str) -> str | None:
    """The canonical name of a card of :data:`CARD_LIST` that ``name`` spells, or None."""
    return _BY_FOLDED.get(_fold(name))


def from_card_list(card: Card, key: str) -> bool:
    """Whether a card's field holds the value public facts give it (not the scenario's own)."""
    listed = CARD_LIST.get(card.name, {})
    return bool(card.get(DATA_FROM)) and key in listed and listed[key] == card.get(key)


def infer_kind(props: dict) -> str | None:
    """A card's kind from its fields when the scenario does not say it."""
    if props.get("materials"):
        return "fusion"
    if props.get("spell_type") or props.get("equip_atk") is not None or \
            props.get("field_atk") is not None or props.get("ritual_monster"):
        return "spell"
    if props.get("trigger"):
        return "trap"
    if props.get("flip_effect"):
        return "effect"
    if any(props.get(k) is not None for k in ("atk", "def", "level")):
        return "monster"
    return None


def make_card(spec: dict, owner: str, zone: str, uid: str) -> Card:
    """A card from its scenario spec: the card list's facts, overridden by the spec."""
    name = str(spec["name"])
    props = {k: v for k, v in spec.items() if k != "name"}
    canonical = known_card(name)
    if canonical:
        name = canonical
        defaults = {k: v for k, v in CARD_LIST[name].items() if k not in props}
        if defaults:
            props = {**defaults, **props, DATA_FROM: "public-facts"}
    for key in ("effect", "flip_effect"):
        if props.get(key) is not None:
            parse_effect(props[key], key)
    if not props.get("kind"):
        kind = infer_kind(props)
        if kind is None and zone == "fusion_deck":
            kind = "fusion"
        if kind is None and zone == "monsters":
            kind = "monster"
        if kind is None and zone == "field":
            kind = "spell"
        if kind:
            props["kind"] = kind
    if props.get("kind") == "spell" and not props.get("spell_type"):
        props["spell_type"] = "field" if zone == "field" else "equip" if \
            props.get("attached_to") else "normal"
    if zone == "monsters":
        if props.get("face_down"):
            if props.get("position") == "attack":
                raise ScenarioError(msg("position: a face-down monster is in defense position "
                                        "(裏側守備表示); there is no face-down attack "
                                        "position"),
                                    accepted="position: defense")
            props["position"] = "defense"
        props.setdefault("position", "attack")
    elif props.get("position"):
        raise ScenarioError(msg("position: only a monster in a monster zone has a position, "
                                "not a card in {zone}", zone=msg.zone(zone)))
    if props.get("face_down") and zone not in ("monsters", "spells"):
        raise ScenarioError(msg("face_down: only a card in a monster or spell & trap zone can "
                                "be face-down, not a card in {zone}", zone=msg.zone(zone)))
    props = {k: v for k, v in props.items() if v is not None and v is not False}
    return Card(uid=uid, name=name, owner=owner, props=props)


def card_to_spec(card: Card, state=None) -> dict | str:
    """A card as a scenario writes it; fields equal to the card list's defaults are left out."""
    listed = CARD_LIST.get(card.name, {}) if card.get(DATA_FROM) else {}
    props = {}
    for key, value in card.props.items():
        if key == DATA_FROM or not worth_writing(value) or listed.get(key) == value:
            continue
        if key == "attached_to" and state is not None:
            value = holder_label(state, value)
        props[key] = value
    return {"name": card.name, **props} if props else card.name


def field_monsters(state) -> list[Card]:
    """Every monster in a monster zone, first player first (how attached_to names them)."""
    return [c for p in state.players for c in state.players[p].zones["monsters"]]


def holder_label(state, uid: str) -> str:
    """How a scenario names the monster with this uid (``name`` or ``name#k``)."""
    mons = field_monsters(state)
    for c in mons:
        if c.uid == uid:
            return label_of(mons, c)
    return uid


def validate_setup(state, doc) -> None:
    """Refuse a setup the duel field cannot hold, saying which zone and what fits."""
    field_cards = []
    for pname, player in state.players.items():
        zones = player.zones
        base = ("setup", "players", pname)
        for zone, limit in (("monsters", MONSTER_ZONES), ("spells", SPELL_ZONES),
                            ("field", FIELD_ZONE)):
            if len(zones[zone]) > limit:
                raise ScenarioError(msg("{player} has {count} cards in {zone}; the zone "
                                        "holds {limit}", player=pname, count=len(zones[zone]),
                                        zone=msg.zone(zone), limit=limit), field=f"setup.players.{pname}.{zone}",
                                    **doc.where(*base, zone))
        for zone, cards in zones.items():
            for i, card in enumerate(cards):
                _check_card_in_zone(card, zone, f"setup.players.{pname}.{zone}[{i}]",
                                    doc.where(*base, zone, i))
        field_cards += zones["field"]
    if len(field_cards) > 1:
        raise ScenarioError(msg("only one field card can be on the duel field "
                                "(yugioh/rule/field-cards: 1枚のみ)"), field="setup.players",
                            **doc.where("setup", "players"))
    if "terrain" in state.flags and not field_cards:
        raise ScenarioError(msg("the terrain comes from a field card: put the card in a "
                                "player's field zone instead"), field="setup.flags.terrain",
                            **doc.where("setup", "flags"))
    mons = labels(field_monsters(state))
    for pname, player in state.players.items():
        for i, card in enumerate(player.zones["spells"]):
            ref = card.get("attached_to")
            if ref is None:
                continue
            where = doc.where("setup", "players", pname, "spells", i)
            label = f"setup.players.{pname}.spells[{i}].attached_to"
            holder = mons.get(ref) or next((c for c in mons.values() if c.uid == ref), None)
            if holder is None:
                raise ScenarioError(msg("no monster {ref!r} on the field to hold {card}",
                                        ref=ref, card=card), field=label,
                                    accepted=list(mons) or "(no monsters)", **where)
            if holder.get("face_down"):
                raise ScenarioError(msg("{card} cannot be laid over the face-down {holder} "
                                        "(yugioh/rule/equip-spells)", card=card,
                                        holder=holder),
                                    field=label, **where)
            card.props["attached_to"] = holder.uid


def _check_card_in_zone(card: Card, zone: str, label: str, where: dict) -> None:
    kind = card.get("kind")
    if card.get("attached_to") and (zone != "spells" or card.get("spell_type") != "equip"):
        raise ScenarioError(msg("only an equip spell in a spell & trap zone is laid over a "
                                "monster"), field=f"{label}.attached_to", **where)
    if zone == "monsters":
        if kind not in MONSTER_KINDS:
            raise ScenarioError(msg("{card} is a {kind}, not a monster", card=card,
                                    kind=kind), field=label,
                                accepted=", ".join(MONSTER_KINDS), **where)
        missing = [s for s in ("atk", "def") if card.get(s) is None]
        if missing:
            raise ScenarioError(msg("a monster on the field needs its {stats}",
                                    stats=joined(msg.term("field", s) for s in missing)),
                                field=label, accepted="atk: <number>, def: <number>",
                                **where)
    elif zone in ("spells", "field"):
        if kind not in (None, "spell", "trap"):
            raise ScenarioError(msg("{card} is a {kind} monster; {zone} holds spell and trap "
                                    "cards", card=card, kind=kind, zone=msg.zone(zone)), field=label, **where)
        if zone == "field" and card.get("spell_type") != "field":
            raise ScenarioError(msg("the field card zone holds a field card "
                                    "(spell_type: field)"), field=label, **where)
        if zone == "spells" and card.get("spell_type") == "field":
            raise ScenarioError(msg("a field card goes in the field zone"), field=label, **where)
        if zone == "spells" and card.get("spell_type") == "equip" and \
                not card.get("face_down") and not card.get("attached_to"):
            raise ScenarioError(msg("a face-up equip spell is laid over a monster: give "
                                    "attached_to (or face_down: true for a set card)"),
                                field=label, accepted="attached_to: <monster name>", **where)
    elif zone == "fusion_deck":
        if kind != "fusion":
            raise ScenarioError(msg("the fusion deck holds fusion monsters only "
                                    "(yugioh/rule/fusion-deck: 融合後のモンスターだけ)"),
                                field=label, accepted="kind: fusion, materials: [...]",
                                **where)
    if kind == "fusion" and zone in ("deck", "hand"):
        raise ScenarioError(msg("a fusion monster waits in the fusion deck, not in {zone} "
                                "(yugioh/rule/fusion-deck)", zone=msg.zone(zone)), field=label,
                            accepted="fusion_deck", **where)
    if kind == "fusion" and len(card.get("materials") or []) < 2:
        raise ScenarioError(msg("a fusion monster names two or more materials "
                                "(yugioh/rule/fusion: ２枚以上)"), field=f"{label}.materials",
                            **where)
