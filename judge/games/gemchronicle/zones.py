"""The zones of the board (フィールド) and their limits, and leaving the field.

Zones as scenarios name them (DESIGN.md): ``deck``, ``hand``, ``battle`` (バトルゾーン, five
squares), ``magic`` (マジックゾーン, five), ``forbidden`` (禁呪ゾーン, one forbidden unit),
``field`` (フィールドゾーン, the field card), ``break`` (ブレイクゾーン, oldest first),
``forbidden_deck`` (禁呪デッキ, at most twelve), ``removed`` (除外).

A unit in the battle zone stands on a square (``slot`` 1-5); the zone lists its units in
square order, and a Breaker's or Blaster's neighbours (両隣) are the units on the squares
beside the target.
"""
from __future__ import annotations

from judge.engine import Move, Note, ScenarioError

from . import cards as C
from .citations import rule
from .interpretations import EQUIP_TIMING, NEIGHBOURS, REMOVAL
from .i18n import msg

ZONES = ("deck", "hand", "battle", "magic", "forbidden", "field", "break", "forbidden_deck",
         "removed")
ON_FIELD = ("battle", "magic", "forbidden", "field")
UNIT_ZONES = ("battle", "forbidden")
SQUARES = (1, 2, 3, 4, 5)

# zone -> (most cards, the rule that says so)
LIMITS = {
    "battle": (5, ("field", None, "５枚まで")),
    "magic": (5, ("field", None, "５枚まで")),
    "forbidden": (1, ("forbidden-zone", None, "1枚まで")),
    "forbidden_deck": (12, ("forbidden-deck", None, "最大１２枚")),
    "deck": (40, ("deck", None, "４０枚")),
    "field": (1, ("field-zone", None, "フィールドカードが発動される場所")),
}
# zone -> the kinds of card it holds, and the rule
HOLDS = {
    "battle": (("unit",), ("forbidden-zone", None, "禁呪ユニットの召喚はこの場所にしかできません")),
    "forbidden": (("forbidden_unit",), ("forbidden-zone", None, "禁呪ユニットではないユニット")),
    "magic": (C.MAGIC_KINDS, ("magic-zone", None, "魔法、装備カードを使用する為の場所")),
    "field": (("field",), ("field-zone", None, "フィールドカードが発動される場所")),
}
# what a card loses when it leaves the field: everything that belonged to its stay there
FIELD_PROPS = ("position", "slot", "damage", "statuses", "charged", "stealth", "attacked",
               "position_changed", "summoned_this_turn", "set_this_turn", "attached_to")


def limit_cite(zone: str):
    """The citation of a zone's card limit."""
    key, clause, match = LIMITS[zone][1]
    return rule(key, clause, match)


def units(match, player: str, *, visible_to: str | None = None) -> list:
    """A player's units on the field (battle and forbidden zone).

    ``visible_to`` (the opponent) leaves out stealth units: 相手からはフィールド上に存在して
    いない状態と同じ扱い.
    """
    found = [c for z in UNIT_ZONES for c in match.zone(player, z) if C.is_unit(c)]
    if visible_to is not None and visible_to != player:
        found = [c for c in found if not c.get("stealth")]
    return found


def occupied(match, player: str) -> dict:
    """square -> unit of a player's battle zone."""
    return {c.get("slot"): c for c in match.zone(player, "battle")}


def free_square(match, player: str) -> int | None:
    """The lowest free battle-zone square, or None when all five are taken."""
    taken = occupied(match, player)
    return next((s for s in SQUARES if s not in taken), None)


def square_index(match, player: str, square: int) -> int:
    """Where a unit on ``square`` goes in the zone's list (kept in square order)."""
    return sum(1 for c in match.zone(player, "battle") if c.get("slot", 0) < square)


def neighbours(match, card, *, seen_by: str) -> list:
    """The units on the squares left and right of ``card`` (両隣; interpretation)."""
    player, zone = match.where_is(card)
    if zone != "battle":
        return []
    taken = occupied(match, player)
    out = []
    for square in (card.get("slot", 0) - 1, card.get("slot", 0) + 1):
        unit = taken.get(square)
        if unit is not None and not (unit.get("stealth") and seen_by != player):
            out.append(unit)
    return out


NEIGHBOUR_CITE = rule("attack-types", "breaker", "両隣").because(NEIGHBOURS)


def leave_field(match, card, to: str, *, cite, detail: str, event: str = "move"):
    """A card leaves the field for ``to`` (break, hand, removed, deck).

    A field card goes back face-down to its field zone instead, unless it is removed
    (フィールドゾーン); equip cards attached to a unit that leaves go to the break zone.
    """
    if C.kind(card) == "field" and to != "removed":
        from .field_card import return_face_down
        yield from return_face_down(match, card, cite=cite, detail=detail)
        return
    attached = [c for p in match.state.players for c in match.zone(p, "magic")
                if c.get("attached_to") == card.uid]
    clear = FIELD_PROPS + (("face_down",) if to in ("hand", "break", "removed") else ())
    if to == "removed":
        cite = cite if cite.interpretation else cite.because(REMOVAL)
    yield Move(card, to, props={}, clear=clear, cite=cite, detail=detail, event=event)
    for equip in attached:
        yield Move(equip, "break", clear=FIELD_PROPS + ("face_down",),
                   cite=rule("break-zone", None, "装備カード").because(EQUIP_TIMING),
                   detail=msg("{equip} was equipped to {card}, which left the field: "
                              "it goes to the break zone",
                              equip=equip, card=card), event="break")


def break_card(match, card, *, cite, detail: str):
    """Break (ブレイク) a card: to its owner's break zone (a field card returns face-down)."""
    yield from leave_field(match, card, "break", cite=cite, detail=detail, event="break")


def note(cite, detail: str, event: str = "note"):
    """A cited step that changes nothing."""
    return Note(cite=cite, detail=detail, event=event)


# --- setup validation -------------------------------------------------------------------

def validate(state, doc) -> None:
    """Reject a setup the board cannot hold (zone limits, cards in the wrong zone…)."""
    for pname, player in state.players.items():
        base = ("setup", "players", pname)
        mana = player.counters.get("mana")
        if isinstance(mana, bool) or not isinstance(mana, int) or not 0 <= mana <= 24:
            raise ScenarioError(msg("mana {mana!r} is not possible: a player holds 0 to 24 "
                                    "(最大所持値：２４)", mana=mana),
                                field=f"setup.players.{pname}.mana",
                                accepted=msg("a whole number 0-24"), **doc.where(*base, "mana"))
        for zone, (most, _) in LIMITS.items():
            if len(player.zones[zone]) > most:
                raise ScenarioError(msg("{zone} holds at most {most} cards, not {count}",
                                        zone=msg.zone(zone), most=most,
                                        count=len(player.zones[zone])),
                                    field=f"setup.players.{pname}.{zone}",
                                    **doc.where(*base, zone))
        for zone, (kinds, _) in HOLDS.items():
            for i, card in enumerate(player.zones[zone]):
                if C.kind(card) not in kinds:
                    raise ScenarioError(
                        msg("{card} is a {kind}; {zone} holds {kinds} cards only", card=card,
                            kind=msg.term("kind", C.kind(card)), zone=msg.zone(zone),
                            kinds=[msg.term("kind", k) for k in kinds]),
                        field=f"setup.players.{pname}.{zone}[{i}].kind",
                        accepted=list(kinds), **doc.where(*base, zone, i))
        squares = set()
        for i, card in enumerate(player.zones["battle"]):
            square = card.get("slot")
            if square is not None and square in squares:
                raise ScenarioError(msg("two units stand on square {square}", square=square),
                                    field=f"setup.players.{pname}.battle[{i}].slot",
                                    accepted=msg("a free square 1-5"),
                                    **doc.where(*base, "battle", i))
            squares.add(square)
        for zone in UNIT_ZONES:
            for i, card in enumerate(player.zones[zone]):
                if card.get("face_down") and C.position(card) == "attack" \
                        and not card.get("stealth"):
                    raise ScenarioError(
                        msg("{card} is face-down in attack position; a unit in attack "
                            "position is face-up (攻撃表示時は表向き): give position: defense",
                            card=card),
                        field=f"setup.players.{pname}.{zone}[{i}]",
                        **doc.where(*base, zone, i))
        for i, card in enumerate(player.zones["magic"]):
            ref = card.get("attached_to")
            if ref and len([c for _, z, c in state.cards()
                            if (c.name == ref or c.uid == ref) and z in UNIT_ZONES]) != 1:
                raise ScenarioError(msg("{card} is attached to {ref!r}, which is not one unit on "
                                        "the field", card=card, ref=ref),
                                    field=f"setup.players.{pname}.magic[{i}].attached_to",
                                    **doc.where(*base, "magic", i, "attached_to"))
        for zone in ZONES:
            if zone in ON_FIELD:
                continue
            for i, card in enumerate(player.zones[zone]):
                stray = [k for k in ("slot", "damage", "statuses", "attached_to")
                         if card.get(k)]
                if stray:
                    raise ScenarioError(msg("{card} is not on the field, so it has no {keys}",
                                            card=card, keys=", ".join(stray)),
                                        field=f"setup.players.{pname}.{zone}[{i}]",
                                        **doc.where(*base, zone, i))


def prepare(state) -> None:
    """Give battle-zone units without a square the lowest free one, in the order written."""
    for player in state.players.values():
        battle = player.zones["battle"]
        taken = {c.get("slot") for c in battle if c.get("slot")}
        for card in battle:
            if not card.get("slot"):
                square = next(s for s in SQUARES if s not in taken)
                card.props["slot"] = square
                taken.add(square)
            card.props.setdefault("position", "attack")
        battle.sort(key=lambda c: c.props["slot"])
        for card in player.zones["forbidden"]:
            card.props.setdefault("position", "attack")
        for card in player.zones["magic"]:
            ref = card.get("attached_to")
            if ref and ref not in {c.uid for _, _, c in state.cards()}:
                card.props["attached_to"] = next(
                    c.uid for _, z, c in state.cards() if c.name == ref and z in UNIT_ZONES)
