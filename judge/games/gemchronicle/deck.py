"""Deck rules (デッキ, 禁呪デッキ, フィールドカード) and the report of a deck that breaks them.

A deck is 40 cards; no two units of one name (ユニットの同名カードは…複数存在しません) and
no two spells of one name in one deck; the forbidden deck (禁呪デッキ) holds at most 12;
the field card is set apart before the game and is not part of the deck.  The engine also
reports a forbidden unit in the 40-card deck and a card that is not a forbidden unit in the
forbidden deck (interpretation ``deck-extra-cards``).

:func:`check_deck_text` reads a deck list (YAML) and reports every violation at once:

    game: gemchronicle        # optional
    deck: [40 cards]          # names, or mappings {name, kind, …} as in scenarios
    forbidden_deck: [cards]   # optional
    field: card               # optional: the field card (or a list of one)

It also reads a scenario whose setup is before the game (``phase: setup``) and checks each
player's deck.  A scenario in the setup phase is checked the same way when it is loaded.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from judge.engine import ScenarioError
from judge.engine.yamlsource import Located, load_located, read_source

from . import cards as C
from judge.i18n import Message, render

from .i18n import msg
from .interpretations import DECK_EXTRA_CARDS

DECK_SIZE = 40
FORBIDDEN_DECK_MOST = 12


@dataclass
class Violation:
    """One broken deck rule: the rule, what is wrong, and where."""

    rule: str                  # the entry id
    match: str                 # a piece of the sentence to quote
    message: Message
    where: str = ""
    line: int | None = None
    interpretation: str | None = None

    def as_dict(self, corpus=None) -> dict:
        """The violation as JSON, with the rule's sentence when a corpus is given."""
        out = {"rule": self.rule, "message": render(self.message),
               "message_id": self.message.id,
               "params": self.message.as_json()["params"], "where": self.where,
               "line": self.line, "interpretation": self.interpretation}
        if corpus is not None:
            try:
                out["quote"] = corpus.quote(self.rule, None, self.match, fallback=True).text
            except KeyError:
                out["quote"] = None
        return out


@dataclass
class DeckReport:
    """Every violation of one deck list (or of each player's deck of a scenario)."""

    source: str
    violations: list[Violation] = field(default_factory=list)
    counts: dict = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        """Whether the deck keeps every rule."""
        return not self.violations

    def as_json(self, corpus=None) -> dict:
        """``{"source", "ok", "counts", "violations": […]}``."""
        return {"source": self.source, "ok": self.ok, "counts": self.counts,
                "violations": [v.as_dict(corpus) for v in self.violations]}

    def text(self, corpus=None) -> str:
        """The report as a judge reads it in a terminal."""
        head = ", ".join(f"{k} {v}" for k, v in self.counts.items())
        if self.ok:
            return render(msg("{source}: the deck keeps every deck rule ({counts})",
                              source=self.source, counts=head))
        lines = [render(msg("{source}: {count} violation(s) ({counts})", source=self.source,
                            count=len(self.violations), counts=head))]
        for v in self.violations:
            where = f"{self.source}:{v.line}" if v.line else self.source
            lines.append(f"  {where}: {v.where}: {render(v.message)}" if v.where else
                         f"  {where}: {render(v.message)}")
            quote = v.as_dict(corpus).get("quote") if corpus is not None else None
            lines.append(f"     ← {v.rule}" + (f": 「{quote}」" if quote else ""))
            if v.interpretation:
                lines.append("     " + render(msg("(interpretation {id})", id=v.interpretation)))
        return "\n".join(lines)


@dataclass(frozen=True)
class Entry_:
    """A card of a deck list: its name, kind, and where it was written."""

    name: str
    kind: str
    where: str
    line: int | None = None


def check_cards(deck: list[Entry_], forbidden: list[Entry_], fields: list[Entry_],
                prefix: str = "", lines: dict | None = None) -> list[Violation]:
    """Every violation of the deck rules by these cards (see the module's description).

    ``lines`` gives the line of the ``deck``, ``forbidden_deck`` and ``field`` keys, for
    the violations about a whole list.
    """
    lines = lines or {}
    out: list[Violation] = []
    rid = "gemchronicle/rule/"
    if len(deck) != DECK_SIZE:
        out.append(Violation(rid + "deck", "４０枚で一つのデッキ",
                             msg("the deck holds {count} cards; a deck is {size}",
                                 count=len(deck), size=DECK_SIZE),
                             f"{prefix}deck", lines.get("deck")))
    units = [c for c in deck + forbidden if c.kind in C.UNIT_KINDS]
    for name, n in Counter(c.name for c in units).items():
        if n > 1:
            first = next(c for c in units if c.name == name)
            out.append(Violation(rid + "deck", "ユニットの同名カード",
                                 msg("{n} units are named 「{name}」; a unit exists only once",
                                     n=n, name=name),
                                 first.where, first.line))
    for label, cards in ((f"{prefix}deck", deck), (f"{prefix}forbidden_deck", forbidden)):
        magic = [c for c in cards if c.kind in C.MAGIC_KINDS]
        for name, n in Counter(c.name for c in magic).items():
            if n > 1:
                first = next(c for c in magic if c.name == name)
                interp = DECK_EXTRA_CARDS.id if any(c.kind == "equip" for c in magic
                                                    if c.name == name) else None
                out.append(Violation(rid + "deck", "複数の同名カードを入れることはできません",
                                     msg("{n} spells named 「{name}」 in one deck; one deck "
                                         "holds one of a name", n=n, name=name),
                                     first.where, first.line, interp))
    if len(forbidden) > FORBIDDEN_DECK_MOST:
        out.append(Violation(rid + "forbidden-deck", "最大１２枚",
                             msg("the forbidden deck holds {count} cards; at most {most}",
                                 count=len(forbidden), most=FORBIDDEN_DECK_MOST),
                             f"{prefix}forbidden_deck",
                             lines.get("forbidden_deck")))
    for c in deck:
        if c.kind == "field":
            out.append(Violation(rid + "field-zone", "デッキには含みません",
                                 msg("「{name}」 is a field card: it is set before the game "
                                     "and not part of the deck", name=c.name),
                                 c.where, c.line))
        elif c.kind == "forbidden_unit":
            out.append(Violation(rid + "forbidden-deck", "エクストラデッキ",
                                 msg("「{name}」 is a forbidden unit: it belongs to the "
                                     "forbidden deck, not the deck", name=c.name),
                                 c.where, c.line,
                                 DECK_EXTRA_CARDS.id))
    for c in forbidden:
        if c.kind != "forbidden_unit":
            out.append(Violation(rid + "forbidden-deck", "エクストラデッキ",
                                 msg("「{name}」 is a {kind}, not a forbidden card: it does "
                                     "not belong to the forbidden deck", name=c.name,
                                     kind=msg.term("kind", c.kind)),
                                 c.where, c.line,
                                 DECK_EXTRA_CARDS.id))
    if len(fields) > 1:
        out.append(Violation(rid + "field-zone", "フィールドカードが発動される場所",
                             msg("{count} field cards; one is set in the field zone",
                                 count=len(fields)),
                             f"{prefix}field", lines.get("field")))
    for c in fields:
        if c.kind != "field":
            out.append(Violation(rid + "field-zone", "フィールドカードは調律決闘",
                                 msg("「{name}」 is a {kind}, not a field card", name=c.name,
                                     kind=msg.term("kind", c.kind)),
                                 c.where, c.line))
    return out


def _entries(doc: Located, path: tuple, zone: str, label: str) -> list[Entry_]:
    node = doc.data
    for part in path:
        node = node.get(part) if isinstance(node, dict) else None
    if node is None:
        return []
    if isinstance(node, int) and not isinstance(node, bool):
        if not 0 <= node <= 500:
            raise ScenarioError(msg("a deck holds 0 to 500 cards"), field=label, **doc.where(*path))
        return [Entry_(f"{zone}-{i + 1}", "unit" if zone != "forbidden_deck"
                       else "forbidden_unit", f"{label}[{i}]", doc.line(*path))
                for i in range(node)]
    if isinstance(node, (str, dict)):
        node = [node]
    if not isinstance(node, list):
        raise ScenarioError(msg("a deck is a list of cards (names or mappings) or a number"),
                            field=label, **doc.where(*path))
    out = []
    for i, spec in enumerate(node):
        here = f"{label}[{i}]"
        if isinstance(spec, (str, int)) and not isinstance(spec, bool):
            spec = {"name": str(spec)}
        if not isinstance(spec, dict) or "name" not in spec:
            raise ScenarioError(msg("a card is a name, or a mapping with a name and its fields"),
                                field=here, **doc.where(*path, i))
        unknown = [k for k in spec if k != "name" and k not in C.CARD_FIELDS]
        if unknown:
            raise ScenarioError(msg("unknown card field {key!r}", key=unknown[0]),
                                field=f"{here}.{unknown[0]}",
                                accepted=["name"] + sorted(C.CARD_FIELDS),
                                **doc.where(*path, i, unknown[0]))
        try:
            props = C.normalise_spec(dict(spec), zone)
        except ScenarioError as exc:
            exc.field = f"{here}.{exc.field}" if exc.field else here
            raise exc.located(**doc.where(*path, i)) from None
        out.append(Entry_(str(spec["name"]), props["kind"], here, doc.line(*path, i)))
    return out


def check_deck_text(text: str, source: str = "<deck>") -> DeckReport:
    """Check a deck list, or each player's deck of a before-the-game scenario."""
    doc = load_located(text, source)
    data = doc.data
    if not isinstance(data, dict):
        raise ScenarioError(msg("a deck list is a mapping with deck (and forbidden_deck, field)"),
                            file=source, line=1, accepted="deck, forbidden_deck, field")
    if data.get("game") not in (None, "gemchronicle"):
        raise ScenarioError(msg("this checks Gem Chronicle decks, not {game!r}", game=data["game"]),
                            field="game", accepted="gemchronicle", **doc.where("game"))
    report = DeckReport(source)
    if isinstance(data.get("setup"), dict):
        players = data["setup"].get("players") or {}
        if not isinstance(players, dict):
            raise ScenarioError(msg("setup.players names the two players"), field="setup.players",
                                **doc.where("setup", "players"))
        for pname in players:
            base = ("setup", "players", pname)
            label = f"setup.players.{pname}."
            deck = _entries(doc, base + ("deck",), "deck", label + "deck")
            forb = _entries(doc, base + ("forbidden_deck",), "forbidden_deck",
                            label + "forbidden_deck")
            fields = _entries(doc, base + ("field",), "field", label + "field")
            report.counts[f"{pname}.deck"] = len(deck)
            report.counts[f"{pname}.forbidden_deck"] = len(forb)
            report.violations += check_cards(
                deck, forb, fields, label,
                {z: doc.line(*base, z) for z in ("deck", "forbidden_deck", "field")})
        return report
    unknown = [k for k in data if k not in ("game", "deck", "forbidden_deck", "field", "title")]
    if unknown:
        raise ScenarioError(msg("unknown field {key!r}", key=unknown[0]), field=str(unknown[0]),
                            accepted="game, title, deck, forbidden_deck, field",
                            **doc.where(unknown[0]))
    if "deck" not in data:
        raise ScenarioError(msg("the deck list has no deck"), field="deck", file=source, line=1,
                            accepted=msg("deck: a list of 40 cards"))
    deck = _entries(doc, ("deck",), "deck", "deck")
    forb = _entries(doc, ("forbidden_deck",), "forbidden_deck", "forbidden_deck")
    fields = _entries(doc, ("field",), "field", "field")
    report.counts = {"deck": len(deck), "forbidden_deck": len(forb)}
    report.violations = check_cards(deck, forb, fields, "",
                                    {z: doc.line(z) for z in ("deck", "forbidden_deck", "field")})
    return report


def check_deck_file(path: str | Path) -> DeckReport:
    """:func:`check_deck_text` of a file; a file that cannot be read is a ScenarioError."""
    return check_deck_text(read_source(path, "deck"), str(path))


def check_setup(state, doc) -> None:
    """A scenario before the game (phase setup): every deck violation, as one error."""
    problems = []
    for pname, player in state.players.items():
        label = f"setup.players.{pname}."
        def listed(zone):
            """The cards of one of the player's zones as deck-list entries."""
            return [Entry_(c.name, C.kind(c), f"{label}{zone}[{i}]",
                           doc.line("setup", "players", pname, zone, i))
                    for i, c in enumerate(player.zones[zone])]
        problems += check_cards(listed("deck"), listed("forbidden_deck"), listed("field"),
                                label, {z: doc.line("setup", "players", pname, z)
                                        for z in ("deck", "forbidden_deck", "field")})
        held = [z for z in ("hand", "battle", "magic", "forbidden", "break", "removed")
                if player.zones[z]]
        if held:
            problems.append(Violation("gemchronicle/rule/deck", "裏側にしてシャッフル",
                                      msg("before the game every card is in the deck (and "
                                          "the forbidden deck, the field zone); {player} has "
                                          "cards in {zones}", player=pname,
                                          zones=[msg.zone(z) for z in held]),
                                      f"{label}{held[0]}",
                                      doc.line("setup", "players", pname, held[0])))
    if problems:
        first = problems[0]
        raise ScenarioError(
            msg("the decks break {count} rule(s): {problems}", count=len(problems),
                problems="; ".join(f"{p.where}: {render(p.message)} ({p.rule})"
                                   for p in problems)),
            field=first.where, line=first.line, file=doc.source)
