"""Units (ユニット): summoning for their ML in mana (召喚), and changing position (表示形式).

A unit is summoned from the hand into a free square of the battle zone (five squares), a
forbidden unit (禁呪ユニット) from the forbidden deck into the forbidden zone (one); no
other unit may go there.  A unit is placed face-up in attack position or sideways in
defense position; set face-down (セット) it is in defense position.  After it is set, its
position may change once a turn.
"""
from __future__ import annotations

from judge.engine import FieldSpec, Move, ScenarioError, SetCard, action, require
from judge.i18n import N_

from . import cards as C
from .common import require_game_on, require_own_turn
from .mana import pay
from .citations import rule
from .interpretations import (FACE_DOWN_DEFENSE, POSITION_CHANGE, SUMMON_SOURCE,
    TACTICS_ACTIONS)
from .status_effects import require_can_act
from .zones import LIMITS, SQUARES, free_square, limit_cite, occupied, square_index
from .i18n import msg

TACTICS = ("tactics1", "tactics2")


def require_tactics(match, player: str, what: str):
    """Summons, sets and position changes happen in one's own tactics phases."""
    yield from require_own_turn(match, player, what)
    yield from require(match.state.phase in TACTICS,
                       rule("tactics-phase", None, "準備のフェイズ").because(TACTICS_ACTIONS),
                       msg("{what} is done in a tactics phase, not the {phase} phase",
                           what=what, phase=msg.phase(match.state.phase)))


def position_named(match, value) -> str:
    """attack or defense from any spelling (攻撃表示, 守備表示…); an input error otherwise."""
    try:
        return C.canonical(C.POSITION_NAMES, value, "position")
    except ScenarioError:
        raise match.input_error(msg("{value!r} is not a position", value=value), "position",
                                accepted=list(C._options(C.POSITION_NAMES))) from None


def require_not_broken(card, zone: str, what: str):
    """A card in the break zone is not used again (原則として、再度使用することはできません)."""
    yield from require(zone != "break", rule("break-zone", None, "再度使用することはできません"),
                       msg("{card} is in the break zone: it cannot {what}",
                           card=card, what=what))


@action("summon",
        card=FieldSpec("card", required=True, doc=N_("the unit (in the hand, or the forbidden "
                                                   "deck for a forbidden unit)")),
        position=FieldSpec("str", doc=N_("attack (default) or defense (攻撃表示, 守備表示)")),
        face_down=FieldSpec("bool", doc=N_("set it face-down (defense position)")),
        zone=FieldSpec("choice", options=("battle", "forbidden"),
                       doc=N_("battle (default for a unit) or forbidden (default for a forbidden unit)")),
        slot=FieldSpec("int", doc=N_("the battle-zone square 1-5 (default: the lowest free)")),
        doc=N_("Summon a unit, paying its ML in mana (ML: この数値のマナを使用してユニットを召喚)."))
def summon(match, act):
    """Summon a unit, paying its ML in mana (ML: この数値のマナを使用してユニットを召喚)."""
    player = act.player
    yield from require_game_on(match)
    card = match.card(act.get("card"), player=player, field="card")
    _, where = match.where_is(card)
    position = position_named(match, act.get("position") or "attack")
    if act.get("slot") is not None and act.get("slot") not in SQUARES:
        raise match.input_error(msg("square {value} is not a battle-zone square",
                                    value=act.get('slot')), "slot",
                                accepted=list(SQUARES))
    yield from require_tactics(match, player, msg("summoning {card}", card=card))
    yield from require(C.is_unit(card), rule("magic-zone", None, "魔法、装備カードを使用する為"),
                       msg("{card} is a {value}, not a unit: it is set in the magic "
                           "zone, not summoned",
                           card=card, value=msg.term("kind", C.kind(card))))
    yield from require_not_broken(card, where, msg("be summoned"))
    forbidden = C.kind(card) == "forbidden_unit"
    sources = ("hand", "forbidden_deck") if forbidden else ("hand",)
    yield from require(where in sources,
                       rule("forbidden-deck" if forbidden else "tactics-phase", None,
                            "特殊な条件" if forbidden else "召喚").because(SUMMON_SOURCE),
                       msg("{card} is in the {where} zone; a {value} is summoned "
                           "from {value2}",
                           card=card, where=msg.zone(where), value=msg("forbidden unit") if forbidden else msg("unit"), value2=[msg.zone(z) for z in sources]))
    zone = act.get("zone") or ("forbidden" if forbidden else "battle")
    if forbidden:
        yield from require(zone == "forbidden",
                           rule("forbidden-zone", None, "禁呪ユニットの召喚はこの場所にしかできません"),
                           msg("{card} is a forbidden unit: it is summoned only to "
                               "the forbidden zone",
                               card=card))
    else:
        yield from require(zone == "battle",
                           rule("forbidden-zone", None, "禁呪ユニットではないユニット"),
                           msg("{card} is not a forbidden unit: it cannot be "
                               "summoned to the forbidden zone",
                               card=card))
    most = LIMITS[zone][0]
    yield from require(len(match.zone(player, zone)) < most, limit_cite(zone),
                       msg("{player}'s {zone} zone already holds {most} card(s)",
                           player=player, zone=msg.zone(zone), most=most))
    face_down = bool(act.get("face_down"))
    if face_down:
        yield from require(position == "defense",
                           rule("units", None, "攻撃表示時は表向き").because(FACE_DOWN_DEFENSE),
                           msg("a unit in attack position is face-up: set it "
                               "face-down in defense position"))
    props = {"position": position, "summoned_this_turn": True}
    if face_down:
        props["face_down"] = True
    index = None
    if zone == "battle":
        square = act.get("slot") or free_square(match, player)
        yield from require(square not in occupied(match, player), limit_cite("battle"),
                           msg("square {square} of {player}'s battle zone is taken",
                               square=square, player=player))
        props["slot"] = square
        index = square_index(match, player, square)
    ml = card.get("ml", 0)
    yield from pay(match, player, ml, cite=rule("mana-level", None, "この数値のマナを使用"),
                   what=msg("summoning {card} (ML {ml})", card=card, ml=ml))
    how = msg("set face-down in defense position") if face_down else \
        msg("summoned face-up in attack position") if position == "attack" else \
        msg("summoned face-up in defense position")
    cite = rule("forbidden-zone", None, "禁呪ユニットの召喚") if forbidden else \
        rule("battle-zone", None, "ユニットを召喚する場所")
    yield Move(card, zone, index=index, props=props, clear=("face_down",), cite=cite,
               detail=msg("{player}: {card} is {how} on square {square}", player=player,
                          card=card, how=how, square=props["slot"]) if "slot" in props else
               msg("{player}: {card} is {how}", player=player, card=card, how=how),
               event="summon")


@action("change_position",
        unit=FieldSpec("card", required=True, doc=N_("the unit")),
        position=FieldSpec("str", doc=N_("attack or defense (default: the other one)")),
        doc=N_("Change a unit's position, once a turn after it is set (１ターンに一度だけ)."))
def change_position(match, act):
    """Change a unit's position, once a turn after it is set (１ターンに一度だけ)."""
    player = act.player
    yield from require_game_on(match)
    unit = match.card(act.get("unit"), player=player, zones=("battle", "forbidden"),
                      field="unit")
    wanted = act.get("position")
    if wanted is not None:
        wanted = position_named(match, wanted)
    yield from require_tactics(match, player, msg("changing {unit}'s position", unit=unit))
    cite = rule("units", None, "１ターンに一度だけ表示形式を変更").because(POSITION_CHANGE)
    yield from require(not unit.get("position_changed"), cite,
                       msg("{unit} has already changed its position this turn", unit=unit))
    yield from require_can_act(match, unit, msg("change its position"))
    now = C.position(unit)
    if wanted is None:
        wanted = "defense" if now == "attack" else "attack"
    yield from require(wanted != now, cite, msg("{unit} is already in {now} position",
                                                unit=unit, now=msg.term("position", now)))
    props = {"position": wanted, "position_changed": True}
    words = msg("attack position (攻撃表示)") if wanted == "attack" else msg("defense "
                                                                            "position "
                                                                            "(守備表示)")
    if wanted == "attack" and unit.get("face_down") and not unit.get("stealth"):
        props["face_down"] = None
        words = msg("{position}, turned face-up", position=msg.term("position", words))
    yield SetCard(unit, props, cite=cite, detail=msg("{player}: {unit} changes to "
                                                     "{words}",
                                                     player=player, unit=unit, words=words),
                  event="position")

