"""Rulings as published (公開された裁定): one YAML file per published document.

An official Q&A page, an errata notice or a rules update is kept as it was published, in
``sources/published/<game>/<file>.yaml`` (format: docs/corpus-format.md, "Published
rulings").  The importer applies these documents, oldest first, on top of the entries the
seeds give: a Q&A number no entry has becomes a new entry; a different answer to an
existing Q&A becomes a new revision and the revision it replaces is ``superseded``; a
withdrawal is a new, empty revision with status ``withdrawn``; a rule clause replaces
(or adds) that clause in a new revision of the rule.  Text is never edited in place.

This module knows no game: ids are ``<game>/qa/<QA key>`` and ``<game>/rule/<key>``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date

import yaml

from judge.i18n import Message, msg, render

from .ids import qa_key
from .model import CLAUSE_MARKER, Entry, Revision, RevisionDate, plain_text

FOLDER = "sources/published"
DOCUMENT_KEYS = ("document", "game", "url", "published", "retrieved", "items", "note")
QA_KEYS = ("qa", "question", "answer", "withdrawn")
RULE_KEYS = ("rule", "clause", "text")
URL = re.compile(r"^https?://\S+$")


class PublishedError(ValueError):
    """A published document that cannot be read: ``line`` is 1-based where known.

    ``message`` is a message id with its params (field: what is wrong, what is
    accepted), rendered in the reader's locale when shown.
    """

    def __init__(self, message: "Message | str", line: int | None = None):
        self.message, self.line = message, line
        super().__init__(message)

    def __str__(self) -> str:
        return render(self.message)


@dataclass
class Item:
    """One text of a published document: a Q&A (or its withdrawal) or a rule clause."""

    line: int
    qa: str | None = None
    question: str | None = None
    answer: str | None = None
    withdrawn: str | None = None
    rule: str | None = None
    clause: str | None = None
    text: str | None = None


@dataclass
class Document:
    """A published document as kept in sources/published: where, when, and its texts."""

    name: str                 # sources/published/<game>/<file>
    document: str
    game: str
    url: str
    published: date
    retrieved: date
    items: list[Item] = field(default_factory=list)

    def source(self, item: Item) -> dict:
        """The ``source`` of a revision taken from ``item``."""
        return {"document": self.document, "url": self.url,
                "published": self.published.isoformat(),
                "retrieved": self.retrieved.isoformat(), "file": self.name,
                "lines": str(item.line)}


@dataclass
class Change:
    """What one item did to the corpus: the entry, the revision added, its date and status."""

    id: str
    revision: int
    date: str
    status: str
    action: str               # new | revision | withdrawal | clause | unchanged
    source: str


class _Loader(yaml.SafeLoader):
    """A safe loader that keeps the line of every mapping (``__line__``)."""


def _mapping(loader, node):
    data = loader.construct_mapping(node, deep=True)
    data["__line__"] = node.start_mark.line + 1
    return data


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)


def _day(data: dict, key: str) -> date:
    value = data.get(key)
    if isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value).strip())
    except ValueError:
        raise PublishedError(msg("{key}: {value!r} is not a date YYYY-MM-DD", key=key,
                                 value=value), data["__line__"]) from None


def _text(data: dict, key: str, line: int) -> str:
    value = data.get(key)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        # YAML reads a bare 6.5 as a number: 6.50 and 6.5 would be one clause.
        raise PublishedError(msg("{key}: {value!r} is read as a number; write it in quotes "
                                 "('{value}') as printed", key=key, value=value), line)
    if not isinstance(value, str) or not value.strip():
        raise PublishedError(msg("{key}: a text is required (as published, in quotes if it "
                                 "holds a colon)", key=key), line)
    control = _CONTROL.search(value)
    if control:
        # pasted from a page, a control character is no part of what was published; the
        # title kept it and the body's Markdown dropped it, so the two disagreed
        raise PublishedError(msg("{key}: holds the control character {code}, which is not "
                                 "text: remove it", key=key,
                                 code=f"U+{ord(control.group()):04X}"), line)
    return value.strip()


# C0 controls but tab and line breaks, and DEL
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def read_document(text: str, folder_game: str | None, file_name: str,
                  games: set[str] | None = None) -> Document:
    """Parse and check one published document (raises :class:`PublishedError`).

    ``games``: the game ids that may be named (None: any); ``folder_game``: the folder the
    file lives in, which must be its game.
    """
    try:
        data = yaml.load(text, Loader=_Loader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise PublishedError(msg("not valid YAML: {problem}",
                                 problem=str(getattr(exc, "problem", exc))),
                             mark.line + 1 if mark else None) from None
    if not isinstance(data, dict):
        raise PublishedError(msg("a published document is a mapping (document, game, url, "
                                 "published, retrieved, items)"), 1)
    unknown = sorted(set(data) - set(DOCUMENT_KEYS) - {"__line__"})
    if unknown:
        raise PublishedError(msg("unknown field {field!r} (accepted: {accepted})",
                                 field=unknown[0], accepted=", ".join(DOCUMENT_KEYS)), 1)
    for key in ("document", "game", "url", "published", "retrieved", "items"):
        if data.get(key) in (None, "", []):
            raise PublishedError(msg("{key}: required (accepted fields: {accepted})",
                                     key=key, accepted=", ".join(DOCUMENT_KEYS)), 1)
    game = str(data["game"])
    if games is not None and game not in games:
        raise PublishedError(msg("game: {game!r} is not a game (accepted: {accepted})",
                                 game=game, accepted=", ".join(sorted(games))), 1)
    if folder_game is not None and folder_game != game:
        raise PublishedError(msg("a document of game {game!r} lives in {folder}/{game}/, "
                                 "not in {folder_game}/", game=game, folder=FOLDER,
                                 folder_game=folder_game), 1)
    url = str(data["url"]).strip()
    if not URL.match(url):
        raise PublishedError(msg("url: {url!r} is not an http(s) address (where the "
                                 "document was published)", url=url), 1)
    published, retrieved = _day(data, "published"), _day(data, "retrieved")
    if retrieved < published:
        raise PublishedError(msg("retrieved: {retrieved} is before published {published}",
                                 retrieved=retrieved.isoformat(),
                                 published=published.isoformat()), 1)
    if not isinstance(data["items"], list):
        raise PublishedError(msg("items: a list of Q&A or rule clauses"), 1)
    doc = Document(f"{FOLDER}/{game}/{file_name}", str(data["document"]).strip(), game,
                   url, published, retrieved)
    seen: set[tuple] = set()
    for raw in data["items"]:
        item = _item(raw, data["__line__"])
        key = (item.qa, item.rule, item.clause)
        if key in seen:
            raise PublishedError(msg("{item} appears twice in one document",
                                     item=item.qa or item.rule), item.line)
        seen.add(key)
        doc.items.append(item)
    return doc


def _item(raw, parent_line: int) -> Item:
    if not isinstance(raw, dict):
        raise PublishedError(msg("an item is a mapping: {{qa, question, answer}} or {{qa, "
                                 "withdrawn}} or {{rule, clause, text}}"), parent_line)
    line = raw["__line__"]
    keys = set(raw) - {"__line__"}
    if "qa" in keys:
        extra = sorted(keys - set(QA_KEYS))
        if extra:
            raise PublishedError(msg("unknown field {field!r} in a Q&A item (accepted: "
                                     "{accepted})", field=extra[0],
                                     accepted=", ".join(QA_KEYS)), line)
        typed = str(raw["qa"]).strip()
        number = qa_key(f"QA-{typed}" if typed.isdigit() else typed)
        if number is None:
            raise PublishedError(msg("qa: {value!r} is not a Q&A number (QA-337, 337)",
                                     value=raw["qa"]), line)
        if "withdrawn" in keys:
            if keys & {"question", "answer"}:
                raise PublishedError(msg("a withdrawal has no question or answer"), line)
            return Item(line, qa=number, withdrawn=_text(raw, "withdrawn", line))
        return Item(line, qa=number, question=_text(raw, "question", line),
                    answer=_text(raw, "answer", line))
    if "rule" in keys:
        extra = sorted(keys - set(RULE_KEYS))
        if extra:
            raise PublishedError(msg("unknown field {field!r} in a rule item (accepted: "
                                     "{accepted})", field=extra[0],
                                     accepted=", ".join(RULE_KEYS)), line)
        clause = _text(raw, "clause", line)
        if re.search(r"[\s{}#]", clause):
            raise PublishedError(msg("clause: {clause!r} is not a clause number (6.5.2.b)",
                                     clause=clause), line)
        return Item(line, rule=_text(raw, "rule", line), clause=clause,
                    text=_text(raw, "text", line))
    raise PublishedError(msg("an item names a Q&A (qa:) or a rule (rule:, clause:)"), line)


def qa_text(key: str, question: str, answer: str) -> str:
    """A Q&A revision's Markdown, laid out as the seeds' Q&A are (``QA-337．…`` / ``A．…``)."""
    q = question if re.match(r"^Q", question) else f"{key}．{question}"
    a = answer if re.match(r"^[AＡ][．.]", answer) else f"A．{answer}"
    return f"{q}\n\n{a}"


def _with_clause(text: str, clause: str, new: str) -> str:
    """``text`` with clause ``clause`` replaced by ``new`` (appended if it has none)."""
    lines, out, skipping, done = text.splitlines(), [], False, False
    for line in lines:
        m = CLAUSE_MARKER.match(line)
        if m:
            skipping = m.group(1) == clause
            if skipping:
                out.append(f"{{#{clause}}} {new}")
                done = True
                continue
        elif skipping and line.strip():
            continue                      # the rest of the replaced clause
        else:
            skipping = False
        out.append(line)
    if not done:
        out += ["", f"{{#{clause}}} {new}"]
    return "\n".join(out).strip("\n")


def apply_documents(entries: dict[str, Entry], docs: list[Document],
                    sources: dict[str, set] | None = None) -> list[Change]:
    """Apply published documents, oldest first, to ``entries`` (id -> Entry, changed in place).

    ``sources`` (id -> source names), when given, gets each document's name added for the
    entries it touches.  Raises :class:`PublishedError` (with ``.document``) when a
    document is older than the revision it would follow or names a rule that is not there.
    """
    changes: list[Change] = []
    for doc in sorted(docs, key=lambda d: (d.published, d.name)):
        for item in doc.items:
            try:
                change = _apply(entries, doc, item)
            except PublishedError as exc:
                exc.document = doc.name          # type: ignore[attr-defined]
                raise
            changes.append(change)
            if sources is not None:
                sources.setdefault(change.id, set()).add(doc.name)
    return changes


def _apply(entries: dict[str, Entry], doc: Document, item: Item) -> Change:
    day = RevisionDate(doc.published)
    if item.qa:
        entry_id = f"{doc.game}/qa/{item.qa}"
        entry = entries.get(entry_id)
        if item.withdrawn:
            if entry is None:
                raise PublishedError(msg("{qa} is withdrawn but the corpus has no {entry_id}",
                                         qa=item.qa, entry_id=entry_id), item.line)
            return _add(entry, doc, item, day, "", "withdrawal")
        text = qa_text(item.qa, item.question, item.answer)
        if entry is None:
            rev = Revision(1, day, doc.source(item), text)
            title = f"{item.qa} {plain_text(item.question)}"
            entry = Entry(entry_id, doc.game, "qa", item.qa, title, [rev], aliases=[item.qa])
            entries[entry_id] = entry
            return Change(entry_id, 1, str(day), "current", "new", doc.name)
        return _add(entry, doc, item, day, text, "revision")
    entry_id = item.rule if "/" in item.rule else f"{doc.game}/rule/{item.rule}"
    entry = entries.get(entry_id)
    if entry is None or entry.kind != "rule" or not entry_id.startswith(doc.game + "/"):
        raise PublishedError(msg("rule: {rule!r}: the corpus has no rule {entry_id} of "
                                 "{game} (a clause updates an existing rule entry)",
                                 rule=item.rule, entry_id=entry_id, game=doc.game), item.line)
    return _add(entry, doc, item, day, _with_clause(entry.current.text, item.clause,
                                                     item.text), "clause")


def date_order(when: RevisionDate) -> tuple:
    """Older first: a revision known as "before D" comes before one dated D."""
    return (when.day, 0 if when.before else 1)


def _add(entry: Entry, doc: Document, item: Item, day: RevisionDate, text: str,
         action: str) -> Change:
    newest = entry.current
    if newest.date and date_order(newest.date) > date_order(day):
        raise PublishedError(msg(
            "{entry_id}: published {day} is older than its revision {number} ({date}); "
            "revisions are added in the order they were published", entry_id=entry.id,
            day=str(day), number=newest.number, date=str(newest.date)), item.line)
    withdrawn = action == "withdrawal"
    if withdrawn and newest.status == "withdrawn":
        return Change(entry.id, newest.number, str(newest.date), newest.status,
                      "unchanged", doc.name)
    if not withdrawn and newest.status != "withdrawn" and \
            plain_text(newest.text) == plain_text(text):
        # Republished unchanged: the revision stands; the document is recorded on it.
        newest.meta.setdefault("republished_in", []).append(doc.source(item))
        return Change(entry.id, newest.number, str(newest.date), newest.status,
                      "unchanged", doc.name)
    for rev in entry.revisions:
        if rev.status == "current":
            rev.status = "superseded"
    status = "withdrawn" if withdrawn else "current"
    rev = Revision(newest.number + 1, day, doc.source(item), text, status=status,
                   withdrawn_reason=item.withdrawn)
    entry.revisions.insert(0, rev)
    entry.status = "withdrawn" if withdrawn else "current"
    return Change(entry.id, rev.number, str(day), status, action, doc.name)
