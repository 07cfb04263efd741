"""The board (盤面) as a scenario writes it: setup checks, saving, and expect paths.

Cards refer to each other by name in a scenario (an equipment's ``attached_to``, a
played card's ``target``); the engine keeps uids.  ``Name#2`` picks the second card of
that name in board order (A's zones then B's, deck … removed), as actions do.
"""
from __future__ import annotations

from judge.engine import ScenarioError, worth_writing
from judge.i18n import joined

from .cards import CHARACTER_STATS, is_character
from .effects import SEA_FLAG
from .i18n import msg
from .targets import reference

REFERENCES = {"attached_to": ("field",), "target": None}


def _find(state, ref: str, zones) -> list:
    name, _, nth = str(ref).partition("#")
    found = [c for _, z, c in state.cards() if (zones is None or z in zones)
             and (c.name == name or c.uid == name)]
    if nth:
        if nth.isdigit() and 1 <= int(nth) <= len(found):
            return [found[int(nth) - 1]]
        return []
    return found


def validate_setup(game, state, doc) -> None:
    """Raise a ScenarioError (with its line) for a board Vision cannot hold."""
    for pname, player in state.players.items():
        for zone, cards in player.zones.items():
            for i, card in enumerate(cards):
                path = ("setup", "players", pname, zone, i)
                label_ = f"setup.players.{pname}.{zone}[{i}]"
                _check_card(state, card, zone, doc, path, label_)
    attacking = [(p, z, c) for p, z, c in state.cards() if c.props.get("attacking")]
    if len(attacking) > 1:
        p, z, _ = attacking[1]
        raise ScenarioError(msg("only one attack waits at a time"),
                            field=f"setup.players.{p}.{z}",
                            accepted=msg("attacking on one card"),
                            **doc.where("setup", "players", p, z))
    for key, value in state.flags.items():
        if key == SEA_FLAG and str(value) not in state.players:
            raise ScenarioError(msg("the flag {key} names the player whose 開海 is in force",
                                    key=key),
                                field=f"setup.flags.{key}", accepted=list(state.players),
                                **doc.where("setup", "flags", key))
    for i, fact in enumerate(state.this_turn):
        if str(fact.get("player")) not in state.players:
            raise ScenarioError(msg("each this_turn record names its player"),
                                field=f"setup.this_turn[{i}].player",
                                accepted=list(state.players),
                                **doc.where("setup", "this_turn", i))


def _check_card(state, card, zone, doc, path, label_) -> None:
    for key, zones in REFERENCES.items():
        ref = card.props.get(key)
        if ref is None:
            continue
        if key == "attached_to" and zone != "field":
            raise ScenarioError(msg("only a card on the field is set on a character"),
                                field=f"{label_}.{key}", **doc.where(*path, key))
        if key == "target" and zone != "play_area":
            raise ScenarioError(msg("only a played card (in play_area) has a target"),
                                field=f"{label_}.{key}", **doc.where(*path, key))
        found = _find(state, ref, zones)
        if len(found) != 1 or found[0].uid == card.uid:
            present = sorted({c.name for _, z, c in state.cards()
                              if (zones is None or z in zones) and c.uid != card.uid})
            raise ScenarioError(msg("{ref!r} names no single card on the field", ref=ref)
                                if zones else msg("{ref!r} names no single card", ref=ref),
                                field=f"{label_}.{key}", accepted=present or msg("(none)"),
                                **doc.where(*path, key))
        if key == "attached_to" and not is_character(found[0]):
            raise ScenarioError(msg("{card} is not a character: equipment and talismans are "
                                    "set on characters", card=found[0]),
                                field=f"{label_}.{key}", **doc.where(*path, key))
        card.props[key] = found[0].uid
    if zone == "field" and is_character(card):
        missing = [k for k in CHARACTER_STATS if not isinstance(card.get(k), int)]
        if missing:
            raise ScenarioError(msg("the character {card} needs {stats}", card=card,
                                    stats=joined(msg.term("field", k) for k in missing)),
                                field=label_, accepted=", ".join(CHARACTER_STATS),
                                **doc.where(*path))
        if card.get("damage", 0) >= card.get("toughness"):
            raise ScenarioError(msg("{card} has damage {damage} and toughness {toughness}: it "
                                    "would be 決死 (destroyed); give it less damage",
                                    card=card, damage=card.get("damage"),
                                    toughness=card.get("toughness")),
                                field=f"{label_}.damage",
                                accepted=msg("0 to {most}", most=card.get("toughness") - 1),
                                **doc.where(*path, "damage"))
    for key in ("attacking", "blocking"):
        if card.props.get(key) and not (zone == "field" and is_character(card)):
            raise ScenarioError(msg("only a character on the field is {state}",
                                    state=msg.term("field", key)),
                                field=f"{label_}.{key}", **doc.where(*path, key))
    if card.get("damage", 0) < 0:
        raise ScenarioError(msg("damage is 0 or more"), field=f"{label_}.damage",
                            **doc.where(*path, "damage"))


def prepare(state) -> None:
    """A scenario without a phase is in the main phase (interpretation
    ``vision.default-phase``); played cards without an order get one, in board order."""
    if state.phase is None:
        state.phase = "main"
    order = max([c.props.get("stack") or 0 for _, _, c in state.cards()] + [0])
    for _, zone, card in state.cards():
        if zone == "play_area" and not card.props.get("stack"):
            order += 1
            card.props["stack"] = order


def card_to_spec(card, state=None):
    """The card as a scenario writes it; uids of other cards become their names."""
    props = {k: v for k, v in card.props.items() if worth_writing(v)}
    for key in REFERENCES:
        if key in props and state is not None:
            try:
                props[key] = reference(state, state.card(props[key]))
            except KeyError:
                props.pop(key)
    return {"name": card.name, **props} if props else card.name


def expect_value(game, state, path: str):
    """Vision's expect paths; NotImplemented for the engine's generic ones.

    - ``<P>.played`` / ``<P>.resolved``: names of the cards P played / resolved this turn
      (resolutions as if played included);
    - ``<P>.<zone>.active`` / ``<P>.<zone>.asleep``: how many cards there are active /
      asleep (``A.nodes.asleep``);
    - ``<P>.<zone>.<name>.attached_to`` / ``.target``: the name of the card referred to;
    - ``flags.<name>``: a game-wide fact (``flags.海が割れる日``).
    """
    parts = path.split(".")
    if parts[0] == "flags" and len(parts) == 2:
        return state.flags.get(parts[1])
    if parts[0] not in state.players or len(parts) < 2:
        return NotImplemented
    player = state.players[parts[0]]
    if len(parts) == 2 and parts[1] in ("played", "resolved"):
        return [str(f.get("name") or f.get(parts[1])) for f in state.this_turn
                if str(f.get("player")) == parts[0] and parts[1] in f]
    if len(parts) == 3 and parts[1] in player.zones and parts[2] in ("active", "asleep"):
        cards = player.zones[parts[1]]
        asleep = sum(1 for c in cards if c.props.get("asleep"))
        return asleep if parts[2] == "asleep" else len(cards) - asleep
    if len(parts) == 4 and parts[1] in player.zones and parts[3] in REFERENCES:
        named = [c for c in player.zones[parts[1]] if c.name == parts[2]]
        if len(named) != 1:
            return NotImplemented
        uid = named[0].props.get(parts[3])
        if uid is None:
            return None
        try:
            return state.card(uid).name
        except KeyError:
            return None
    return NotImplemented
