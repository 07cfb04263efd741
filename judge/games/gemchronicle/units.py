"""Units (ユニット): summoning for their ML in mana (召喚), and changing position (表示形式).

A unit is summoned from the hand into a free square of the battle zone (five squares), a
forbidden unit (禁呪ユニット) from the forbidden deck into the forbidden zone (one); no
other unit may go there.  A unit is placed face-up in attack position or sideways in
defense position; set face-down (セット) it is in defense position.  After it is set, its
position may change once a turn.
"""
from __future__ import annotations

from judge.engine import FieldSpec, Move, ScenarioError, SetCard, action, require

from . import cards as C
from .common import require_game_on, require_own_turn
from .mana import pay
from .citations import rule
from .interpretations import (FACE_DOWN_DEFENSE, POSITION_CHANGE, SUMMON_SOURCE,
    TACTICS_ACTIONS)
from .status_effects import require_can_act
from .zones import LIMITS, SQUARES, free_square, limit_cite, occupied, square_index

TACTICS = ("tactics1", "tactics2")


def require_tactics(match, player: str, what: str):
    """Summons, sets and position changes happen in one's own tactics phases."""
    yield from require_own_turn(match, player, what)
    yield from require(match.state.phase in TACTICS,
                       rule("tactics-phase", None, "準備のフェイズ").because(TACTICS_ACTIONS),
                       f"{what} is done in a tactics phase, not the {match.state.phase} phase")


def position_named(match, value) -> str:
    """attack or defense from any spelling (攻撃表示, 守備表示…); an input error otherwise."""
    try:
        return C.canonical(C.POSITION_NAMES, value, "position")
    except ScenarioError:
        raise match.input_error(f"{value!r} is not a position", "position",
                                accepted=list(C._options(C.POSITION_NAMES))) from None


def require_not_broken(card, zone: str, what: str):
    """A card in the break zone is not used again (原則として、再度使用することはできません)."""
    yield from require(zone != "break", rule("break-zone", None, "再度使用することはできません"),
                       f"{card.label()} is in the break zone: it cannot {what}")


@action("summon",
        card=FieldSpec("card", required=True, doc="the unit (in the hand, or the forbidden "
                                                   "deck for a forbidden unit)"),
        position=FieldSpec("str", doc="attack (default) or defense (攻撃表示, 守備表示)"),
        face_down=FieldSpec("bool", doc="set it face-down (defense position)"),
        zone=FieldSpec("choice", options=("battle", "forbidden"),
                       doc="battle (default for a unit) or forbidden (default for a forbidden unit)"),
        slot=FieldSpec("int", doc="the battle-zone square 1-5 (default: the lowest free)"))
def summon(match, act):
    """Summon a unit, paying its ML in mana (ML: この数値のマナを使用してユニットを召喚)."""
    player = act.player
    yield from require_game_on(match)
    card = match.card(act.get("card"), player=player, field="card")
    _, where = match.where_is(card)
    position = position_named(match, act.get("position") or "attack")
    if act.get("slot") is not None and act.get("slot") not in SQUARES:
        raise match.input_error(f"square {act.get('slot')} is not a battle-zone square", "slot",
                                accepted=list(SQUARES))
    yield from require_tactics(match, player, f"summoning {card.label()}")
    yield from require(C.is_unit(card), rule("magic-zone", None, "魔法、装備カードを使用する為"),
                       f"{card.label()} is a {C.kind(card)}, not a unit: it is set in the "
                       "magic zone, not summoned")
    yield from require_not_broken(card, where, "be summoned")
    forbidden = C.kind(card) == "forbidden_unit"
    sources = ("hand", "forbidden_deck") if forbidden else ("hand",)
    yield from require(where in sources,
                       rule("forbidden-deck" if forbidden else "tactics-phase", None,
                            "特殊な条件" if forbidden else "召喚").because(SUMMON_SOURCE),
                       f"{card.label()} is in the {where} zone; a "
                       f"{'forbidden unit' if forbidden else 'unit'} is summoned from "
                       f"{' or '.join(sources)}")
    zone = act.get("zone") or ("forbidden" if forbidden else "battle")
    if forbidden:
        yield from require(zone == "forbidden",
                           rule("forbidden-zone", None, "禁呪ユニットの召喚はこの場所にしかできません"),
                           f"{card.label()} is a forbidden unit: it is summoned only to the "
                           "forbidden zone")
    else:
        yield from require(zone == "battle",
                           rule("forbidden-zone", None, "禁呪ユニットではないユニット"),
                           f"{card.label()} is not a forbidden unit: it cannot be summoned to "
                           "the forbidden zone")
    most = LIMITS[zone][0]
    yield from require(len(match.zone(player, zone)) < most, limit_cite(zone),
                       f"{player}'s {zone} zone already holds {most} card(s)")
    face_down = bool(act.get("face_down"))
    if face_down:
        yield from require(position == "defense",
                           rule("units", None, "攻撃表示時は表向き").because(FACE_DOWN_DEFENSE),
                           "a unit in attack position is face-up: set it face-down in "
                           "defense position")
    props = {"position": position, "summoned_this_turn": True}
    if face_down:
        props["face_down"] = True
    index = None
    if zone == "battle":
        square = act.get("slot") or free_square(match, player)
        yield from require(square not in occupied(match, player), limit_cite("battle"),
                           f"square {square} of {player}'s battle zone is taken")
        props["slot"] = square
        index = square_index(match, player, square)
    ml = card.get("ml", 0)
    yield from pay(match, player, ml, cite=rule("mana-level", None, "この数値のマナを使用"),
                   what=f"summoning {card.label()} (ML {ml})")
    how = "set face-down in defense position" if face_down else \
        f"summoned face-up in {'attack' if position == 'attack' else 'defense'} position"
    cite = rule("forbidden-zone", None, "禁呪ユニットの召喚") if forbidden else \
        rule("battle-zone", None, "ユニットを召喚する場所")
    yield Move(card, zone, index=index, props=props, clear=("face_down",), cite=cite,
               detail=f"{player}: {card.label()} is {how}"
                      + (f" on square {props['slot']}" if "slot" in props else ""),
               event="summon")


@action("change_position",
        unit=FieldSpec("card", required=True, doc="the unit"),
        position=FieldSpec("str", doc="attack or defense (default: the other one)"))
def change_position(match, act):
    """Change a unit's position, once a turn after it is set (１ターンに一度だけ)."""
    player = act.player
    yield from require_game_on(match)
    unit = match.card(act.get("unit"), player=player, zones=("battle", "forbidden"),
                      field="unit")
    wanted = act.get("position")
    if wanted is not None:
        wanted = position_named(match, wanted)
    yield from require_tactics(match, player, f"changing {unit.label()}'s position")
    cite = rule("units", None, "１ターンに一度だけ表示形式を変更").because(POSITION_CHANGE)
    yield from require(not unit.get("position_changed"), cite,
                       f"{unit.label()} has already changed its position this turn")
    yield from require_can_act(match, unit, "change its position")
    now = C.position(unit)
    if wanted is None:
        wanted = "defense" if now == "attack" else "attack"
    yield from require(wanted != now, cite, f"{unit.label()} is already in {now} position")
    props = {"position": wanted, "position_changed": True}
    words = "attack position (攻撃表示)" if wanted == "attack" else "defense position (守備表示)"
    if wanted == "attack" and unit.get("face_down") and not unit.get("stealth"):
        props["face_down"] = None
        words += ", turned face-up"
    yield SetCard(unit, props, cite=cite, detail=f"{player}: {unit.label()} changes to {words}",
                  event="position")

