"""Reading the duel field (デュエルフィールド): monsters, positions, current ATK/DEF, this turn.

Nothing here changes the state; procedures yield events for that.  The current ATK and
DEF of a monster (攻撃力・守備力) are its own values plus the equip spells laid over it
and the terrain of the field card in effect, computed when needed so they can never
disagree with the board.
"""
from __future__ import annotations

from .i18n import msg
from judge.engine import Card

MONSTER_KINDS = ("monster", "effect", "fusion", "ritual")
MONSTER_ZONES = 5          # モンスターカード置き場 (interpretation yugioh.zone-limits)
SPELL_ZONES = 5            # 魔法・罠カード置き場
FIELD_ZONE = 1

# Props a card has only while on the field; they go when it leaves.
ON_FIELD_PROPS = ("position", "face_down", "attached_to", "turns_left")


def is_monster(card: Card) -> bool:
    """Whether a card is a monster card (normal, effect, fusion or ritual)."""
    return card.get("kind") in MONSTER_KINDS


def monsters(state, player: str) -> list[Card]:
    """The monsters a player controls (their monster zones)."""
    return state.players[player].zones["monsters"]


def controller(state, card: Card) -> str:
    """The player whose zone holds the card."""
    return state.find(card.uid)[0]


def zone_of(state, card: Card) -> str | None:
    """The zone a card is in, or None if it is gone from the game state."""
    try:
        return state.find(card.uid)[1]
    except KeyError:
        return None


def on_field(state, card: Card) -> bool:
    """Whether a card is on the duel field (monster, spell & trap or field card zone)."""
    return zone_of(state, card) in ("monsters", "spells", "field")


def face_up(card: Card) -> bool:
    """Whether a card is face-up (表側)."""
    return not card.get("face_down", False)


def equips_of(state, monster: Card) -> list[Card]:
    """The equip spells laid over a monster (their ``attached_to`` is its uid)."""
    return [c for p in state.players for c in state.players[p].zones["spells"]
            if c.get("attached_to") == monster.uid]


def terrain_applies(state, monster: Card) -> bool:
    """Whether the terrain of the field card in effect changes this monster."""
    terrain = state.flags.get("terrain")
    if not terrain or not face_up(monster):
        return False
    types = terrain.get("types") or []
    return not types or any(t in types for t in (monster.name, monster.get("type"),
                                                 monster.get("attribute")) if t)


def _current(state, monster: Card, stat: str) -> tuple[int, list[str]]:
    base = monster.get(stat, 0)
    total, parts = base, []
    for equip in equips_of(state, monster):
        bonus = equip.get(f"equip_{stat}", 0)
        if bonus:
            total += bonus
            parts.append(f"{bonus:+d} {equip.label()}")
    if terrain_applies(state, monster):
        bonus = state.flags["terrain"].get(stat, 0)
        if bonus:
            total += bonus
            parts.append(f"{bonus:+d} {state.flags['terrain'].get('name', 'terrain')}")
    return max(total, 0), parts


def current_atk(state, monster: Card) -> int:
    """A monster's ATK now: its own, plus equip spells and terrain (never below 0)."""
    return _current(state, monster, "atk")[0]


def current_def(state, monster: Card) -> int:
    """A monster's DEF now: its own, plus equip spells and terrain (never below 0)."""
    return _current(state, monster, "def")[0]


def stat_text(state, monster: Card, stat: str) -> str:
    """``ATK 1700 (1500 +200 「森」)`` for the step log."""
    value, parts = _current(state, monster, stat)
    if not parts:
        return (msg("ATK {value}", value=value) if stat == "atk"
                else msg("DEF {value}", value=value))
    base = f"{monster.get(stat, 0)} {' '.join(parts)}"
    return (msg("ATK {value} ({base})", value=value, base=base) if stat == "atk"
            else msg("DEF {value} ({base})", value=value, base=base))


def position_text(card: Card) -> str:
    """攻撃表示 / 表側守備表示 / 裏側守備表示, as a judge says it."""
    if card.get("face_down"):
        return msg("face-down defense position")
    if card.get("position") == "defense":
        return msg("face-up defense position")
    return msg("attack position")


# --- this turn ------------------------------------------------------------------------

def fact_is(fact: dict, key: str, card: Card) -> bool:
    """Whether a this_turn fact records ``key`` for this card (by uid, else by name)."""
    if key not in fact:
        return False
    if fact.get("uid"):
        return fact["uid"] == card.uid
    return fact[key] == card.name


def happened(state, key: str, card: Card | None = None, player: str | None = None) -> bool:
    """Whether this turn a fact ``key`` was recorded (for this card / by this player)."""
    for fact in state.this_turn:
        if key not in fact:
            continue
        if player is not None and fact.get("player") != player:
            continue
        if card is None or fact_is(fact, key, card):
            return True
    return False


def fact(player: str, key: str, card: Card) -> dict:
    """A this_turn fact about a card: ``{player, <key>: name, uid}``."""
    return {"player": player, key: card.name, "uid": card.uid}


# --- naming cards ----------------------------------------------------------------------

def labels(cards: list[Card]) -> dict[str, Card]:
    """A label for each card: its name, or ``name#k`` when several share it."""
    counts: dict[str, int] = {}
    for c in cards:
        counts[c.name] = counts.get(c.name, 0) + 1
    seen: dict[str, int] = {}
    out = {}
    for c in cards:
        if counts[c.name] == 1:
            out[c.name] = c
        else:
            seen[c.name] = seen.get(c.name, 0) + 1
            out[f"{c.name}#{seen[c.name]}"] = c
    return out


def label_of(cards: list[Card], card: Card) -> str:
    """The label of one card among ``cards`` (see :func:`labels`)."""
    for label, c in labels(cards).items():
        if c.uid == card.uid:
            return label
    return card.name
