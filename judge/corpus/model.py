"""Entries and revisions: the knowledge base as Python objects.

An entry is one file under ``corpus/<game>/<kind>/``: a YAML front matter with the
entry's metadata and the list of its revisions (newest first), then a Markdown body
holding each revision's text under a ``<!-- revision N -->`` marker.  See
``docs/corpus-format.md`` for the file format; this module is its reader.

Rule clauses (``6.5.2.b``) are lines of a revision's text that begin with
``{#<clause id>}``; they are addressable as anchors and quotable by the engine.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from typing import Any

KINDS = ("rule", "qa", "term", "card")

REVISION_MARKER = re.compile(r"^<!--\s*revision\s+(\d+)\s*-->\s*$", re.MULTILINE)
CLAUSE_MARKER = re.compile(r"^\s*(?:[-*]\s+)?\{#([^}\s]+)\}\s?(.*)$")
# Sentences end at 。 (with any closing bracket that follows it) or a line break; a
# quote is one or more whole sentences, so 「（但し、…発生しません。）」 stays whole.
SENTENCE_END = re.compile(r"(?<=[。！？])(?![）」』\)】。])|(?<=[。！？][）」』\)】])|\n")


@dataclass(frozen=True)
class RevisionDate:
    """When a revision was in force: an exact day, or only "before <day>".

    The @wiki backups give the date of the newest revision of a page only; an older
    revision is known to have stood before that day (``before: true``).
    """

    day: date
    before: bool = False

    @classmethod
    def parse(cls, value: Any, before: bool = False) -> "RevisionDate":
        """Read ``2014-04-10``, a :class:`datetime.date`, or ``before 2014-04-10``."""
        if isinstance(value, date):
            return cls(value, before)
        text = str(value).strip()
        if text.startswith("before "):
            return cls(date.fromisoformat(text[len("before "):].strip()), True)
        return cls(date.fromisoformat(text), before)

    def __str__(self) -> str:
        return f"before {self.day.isoformat()}" if self.before else self.day.isoformat()


@dataclass
class Revision:
    """One revision of an entry: its number (1 = oldest), date, source and text."""

    number: int
    date: RevisionDate | None
    source: dict
    text: str = ""
    status: str = "current"          # current | superseded | withdrawn
    withdrawn_reason: str | None = None
    editor_comments: list[str] = field(default_factory=list)
    notes: list[dict] = field(default_factory=list)   # editor's notes (transcription errors)
    meta: dict = field(default_factory=dict)          # anything else the front matter holds

    @property
    def clauses(self) -> dict[str, str]:
        """Clause id -> clause text, in the order they appear (``6.5.2.b`` -> 相手…)."""
        cached = self.__dict__.get("_clauses")
        if cached is not None and cached[0] == self.text:
            return cached[1]
        found = self._parse_clauses()
        self.__dict__["_clauses"] = (self.text, found)
        return found

    def _parse_clauses(self) -> dict[str, str]:
        found: dict[str, str] = {}
        current: str | None = None
        for line in self.text.splitlines():
            m = CLAUSE_MARKER.match(line)
            if m:
                current = m.group(1)
                found[current] = m.group(2).strip()
            elif current and line.strip() and not line.lstrip().startswith(("#", "<!--")):
                if line.startswith((" ", "\t", ">")) or not line.lstrip().startswith(("-", "*")):
                    found[current] += line.strip().lstrip(">").strip()
                else:
                    current = None
            else:
                current = None
        return found

    def sentences(self, clause: str | None = None) -> list[str]:
        """The revision's text (or one clause's) cut into sentences, markup stripped."""
        text = self.clauses.get(clause, "") if clause else plain_text(self.text)
        return [s.strip() for s in SENTENCE_END.split(text) if s and s.strip()]


@dataclass
class Entry:
    """A corpus entry: a rule, an official Q&A, a glossary term or a card."""

    id: str
    game: str
    kind: str
    key: str
    title: str
    revisions: list[Revision]            # newest first
    aliases: list[str] = field(default_factory=list)
    cites: list[str] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)
    scenarios: list[str] = field(default_factory=list)
    status: str = "current"              # current | withdrawn
    data: dict = field(default_factory=dict)   # kind-specific facts (a card's stats…)
    meta: dict = field(default_factory=dict)
    path: str | None = None

    @property
    def current(self) -> Revision:
        """The newest revision (what the entry says today)."""
        return self.revisions[0]

    @property
    def explains_a_word(self) -> bool:
        """An editors' glossary or lexicon page (用語集: ``data: glossary`` or
        ``lexicon``), which explains a word of the texts and is not one of them."""
        return isinstance(self.data, dict) and bool({"glossary", "lexicon"} & set(self.data))

    def has_clause(self, clause: str) -> bool:
        """Whether some revision of the entry has the clause ``clause`` (``6.5.3.b``): a
        link to it finds it, in force today or in an older revision."""
        return any(clause in rev.clauses for rev in self.revisions)

    def revision(self, number: int) -> Revision:
        """The revision with that number (1 = the oldest)."""
        for rev in self.revisions:
            if rev.number == number:
                return rev
        raise KeyError(f"{self.id} has no revision {number}")

    def as_of(self, as_of: date | None) -> Revision | None:
        """The revision in force (効力のある版) on the day ``as_of``: the newest one dated
        on or before it (``None``: read today, the newest revision).

        A revision known only as "before D", or undated, is taken to have stood from the
        start until the next revision.  Before the entry's first dated publication nothing
        was in force: None.  The one meaning of the day a ruling is read at
        (docs/contracts.md, "The day a ruling is read at").
        """
        if as_of is None:
            return self.current
        chosen = None
        for rev in reversed(self.revisions):      # oldest to newest
            if rev.date is None or rev.date.before or rev.date.day <= as_of:
                chosen = rev
            else:
                break
        return chosen

    def in_force(self, as_of: date | None) -> Revision:
        """The revision a reading at ``as_of`` quotes: :meth:`as_of`'s, or, on a day before
        the entry was first published, its first revision.

        The engine cites a rule, and a board pinned to a day checks a ruling, even on a
        day before that text existed: the first text stands in rather than nothing.
        Where "not yet published" must be said (search, an entry page at a day), use
        :meth:`as_of`.
        """
        return self.as_of(as_of) or self.revisions[-1]


MARKUP = [
    (re.compile(r"\{#[^}\s]+\}\s?"), ""),
    (re.compile(r"<!--.*?-->", re.S), ""),
    (re.compile(r"\*\*(.+?)\*\*"), r"\1"),
    (re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*"), r"\1"),
    (re.compile(r"<u>(.+?)</u>"), r"\1"),
    (re.compile(r"\[([^\]]+)\]\([^)]*\)"), r"\1"),
    (re.compile(r"^\s*(?:>\s?)+", re.M), ""),
    (re.compile(r"^\s*(?:[-*]|\d+\.)\s+", re.M), ""),
    (re.compile(r"^#+\s*", re.M), ""),
    (re.compile(r"<br\s*/?>"), "\n"),
]


def plain_text(markdown: str) -> str:
    """The Markdown of a revision as plain text: what a judge reads, no markup."""
    text = markdown
    for pattern, repl in MARKUP:
        text = pattern.sub(repl, text)
    return text.strip()
