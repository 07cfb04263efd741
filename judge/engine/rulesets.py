"""Rulesets: the rules in force on a day, as a bundle of named switches.

Rules and rulings change (a Q&A once answered "yes", later "no").  A game declares each
such change as a :class:`Switch` whose :class:`Variant` values each come from one
revision of a corpus entry; the date of that revision (read from the corpus, never typed
into code) decides which value is in force.  So "the older graze text" or "resolve as if
played ignores play conditions" is one switch, not ``if date < …`` scattered about.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from .cite import Cite
from .errors import ScenarioError
from .limits import msg


@dataclass(frozen=True)
class Variant:
    """One value of a switch and the corpus revision it comes from.

    ``clause``/``match`` locate the sentence the engine quotes when it applies the value.
    """

    value: Any
    entry: str
    revision: int
    clause: str | None = None
    match: str | None = None

    def cite(self) -> Cite:
        """The citation of this variant."""
        return Cite(self.entry, self.clause, self.match)


@dataclass(frozen=True)
class Switch:
    """A rule that changed over time: its name, what it decides, and its variants."""

    name: str
    doc: str
    variants: tuple[Variant, ...]


def revision_start(corpus, variant: Variant) -> date:
    """The first day a variant's revision is known to be in force.

    A revision known only as "before D" is taken to stand from the beginning.
    """
    rev = corpus.get(variant.entry).revision(variant.revision)
    if rev.date is None or rev.date.before:
        return date.min
    return rev.date.day


def revision_day(rev) -> date | None:
    """The day to replay a revision on: its date, or the day before for "before D"."""
    if rev.date is None:
        return None
    return rev.date.day - timedelta(days=1) if rev.date.before else rev.date.day


def parse_ruleset(value: Any, where: dict | None = None) -> date | None:
    """``latest`` (or nothing) -> None; ``YYYY-MM-DD`` or a date -> that date."""
    if value is None or value == "latest":
        return None
    if isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value).strip())
    except ValueError:
        raise ScenarioError(msg("ruleset {value!r} is not a date", value=str(value)[:40]),
                            field="ruleset", accepted=msg("latest, or a date YYYY-MM-DD"),
                            **(where or {})) from None


class Ruleset:
    """The rules of one game in force on ``day`` (``None``: the latest)."""

    def __init__(self, switches: dict[str, Switch], corpus, day: date | None = None):
        self.switches, self.corpus, self.day = switches, corpus, day

    @property
    def label(self) -> str:
        """The date the ruleset applies, as the engine's JSON writes it."""
        return (self.day or date.today()).isoformat()

    def variant(self, name: str) -> Variant:
        """The variant of switch ``name`` in force on this ruleset's day."""
        switch = self.switches[name]
        dated = sorted(switch.variants, key=lambda v: revision_start(self.corpus, v))
        if self.day is None:
            return dated[-1]
        chosen = dated[0]
        for variant in dated:
            if revision_start(self.corpus, variant) <= self.day:
                chosen = variant
        return chosen

    def value(self, name: str) -> Any:
        """The value of switch ``name`` in force."""
        return self.variant(name).value

    def cite(self, name: str) -> Cite:
        """The citation of the variant of ``name`` in force."""
        return self.variant(name).cite()

    def as_json(self) -> dict:
        """Every switch with its value and source, for the web page and the docs."""
        return {name: {"value": self.variant(name).value, "entry": self.variant(name).entry,
                       "revision": self.variant(name).revision, "doc": s.doc}
                for name, s in self.switches.items()}


def oldest_text_day(corpus, game: str | None = None) -> date | None:
    """The oldest exact revision date of a game's rules, Q&A and terms (the same texts
    as :func:`newest_text_day`): a ruleset before it replays texts not yet written that
    day (:meth:`Entry.in_force` lets the first text stand in), which the reader is told."""
    days = _text_days(corpus, game)
    return min(days) if days else None


def newest_text_day(corpus, game: str | None = None) -> date | None:
    """The newest exact revision date of a game's rules, Q&A and terms: what the latest
    rules stand for (「最新（2014-04-10 の改訂まで）」).  "before D" says nothing about
    when a text changed, a card list's date is when it was compiled, and the editors'
    glossary and lexicon are not the game's text: none of them counts."""
    days = _text_days(corpus, game)
    return max(days) if days else None


def _text_days(corpus, game: str | None) -> list[date]:
    """The exact revision dates of a game's (or every game's) rules, Q&A and terms."""
    tables = getattr(corpus, "tables", None)
    if tables is not None:
        # the compiled corpus keeps every revision's date in a table: no entry is read
        return [date.fromisoformat(row[5]) for row in
                tables.dated(game or None, ("qa", "rule", "term"), glossary=False)]
    return [rev.date.day for entry in corpus
            if (not game or entry.game == game) and entry.kind in ("qa", "rule", "term")
            and not entry.explains_a_word
            for rev in entry.revisions if rev.date is not None and not rev.date.before]
