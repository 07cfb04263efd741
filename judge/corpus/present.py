"""Presenting an entry (表示): the JSON of ``judge show --json`` and the terminal view.

Both show every revision, newest first, each with its date, source, status, text,
clauses, editor's notes and comments; the JSON is what the web app and API serve.
"""
from __future__ import annotations

import re

from judge.i18n import N_, _, gettext
from judge.i18n.bilingual import pick

from .model import Entry, Revision, plain_text
from .store import Corpus

LINK = re.compile(r"\[([^\]]+)\]\(<?judge:([^)\s>]+)>?\)")
CLAUSE = re.compile(r"^(\s*(?:[-*]\s+)?)\{#([^}\s]+)\}\s?", re.M)


def date_known(rev: Revision) -> bool:
    """Whether a revision's date is a rules date at all: False where the source gives
    none (no date, or only the day the text was collected: the importer's
    ``date_basis``), so a page says 日付不明 with that day rather than 「D より前」."""
    return not (rev.date is None or (rev.date.before and bool(rev.meta.get("date_basis"))))


def revision_json(rev: Revision) -> dict:
    """One revision as JSON: text (Markdown), plain text, clauses and notes.

    ``date`` stays as the corpus writes it (a day, "before D" or null); ``date_known``
    says whether it is a rules date at all, and ``collected`` is the day the text was
    collected where that is all that is known (the source gives no date: the page and
    ``judge show`` say 日付不明（D 収集）)."""
    unknown = not date_known(rev)
    return {
        "number": rev.number,
        "date": str(rev.date) if rev.date else None,
        "date_known": not unknown,
        "collected": rev.date.day.isoformat() if unknown and rev.date else None,
        "status": rev.status,
        "source": rev.source,
        "text": rev.text,
        "plain": plain_text(rev.text),
        "clauses": rev.clauses,
        "editor_comments": rev.editor_comments,
        "notes": rev.notes,
        "withdrawn_reason": rev.withdrawn_reason,
        "meta": rev.meta,
    }


# A source's fields as a reader reads them (the page's 出典の詳細 and judge show alike).
SOURCE_MAIN = ("document", "title", "page", "section")
SOURCE_LABELS = {"revision": N_("copy"), "quoted_in": N_("quoted in"),
                 "chapter": N_("chapter"), "url": N_("address"), "commit": N_("commit"),
                 "text_lines": N_("lines of the text"), "file": N_("file"),
                 "lines": N_("lines")}
# How a game's @wiki importer names the copy of a backup page a revision comes from:
# said again here in the reader's language.
WEEKDAY = re.compile(r"\s*[(（][月火水木金土日][)）]")
COPY = re.compile(r"^(newer|older) copy, revision (of|before) (.+)$")


def source_value(key: str, value) -> str:
    """A source field's value as the reader reads it (the copy of a wiki page)."""
    text = str(value)
    m = COPY.match(text) if key == "revision" else None
    # the wiki's stamp without its weekday, 「2014/04/10 (木) 17:32:29」: the day says it
    stamp = WEEKDAY.sub("", m.group(3)) if m else ""
    if m and m.group(1) == "newer":
        return _("the newer copy, the page's revision of {stamp}", stamp=stamp)
    if m:
        return _("the older copy, a revision before {stamp}", stamp=stamp)
    return text


def source_line(source) -> str:
    """A revision's source in one line, in the reader's words: document · page · section,
    then each other field with its label (写し, ファイル …)."""
    if not isinstance(source, dict):
        return str(source or "")
    main = [str(source[k]) for k in SOURCE_MAIN if source.get(k)]
    rest = [f"{gettext(SOURCE_LABELS[k]) if k in SOURCE_LABELS else k} {source_value(k, v)}"
            for k, v in source.items() if k not in SOURCE_MAIN and v]
    return " · ".join(main + rest)


def entry_json(entry: Entry, corpus: Corpus) -> dict:
    """An entry as JSON, with ``cited_by`` and its revisions newest first."""
    return {
        "id": entry.id,
        "game": entry.game,
        "kind": entry.kind,
        "key": entry.key,
        "title": entry.title,
        "status": entry.status,
        "aliases": entry.aliases,
        "cites": entry.cites,
        "cards": entry.cards,
        "scenarios": entry.scenarios,
        "cited_by": corpus.cited_by(entry.id),
        "data": entry.data,
        "meta": entry.meta,
        "revisions": [revision_json(rev) for rev in entry.revisions],
    }


def terminal_text(markdown: str) -> str:
    """Markdown made readable in a terminal: links show their target, clauses a §."""
    text = LINK.sub(lambda m: f"{m.group(1)} ⟨{m.group(2)}⟩", markdown)
    text = CLAUSE.sub(lambda m: f"{m.group(1)}§{m.group(2)} ", text)
    text = re.sub(r"<br\s*/?>\n?", "\n", text)
    text = re.sub(r"</?u>", "_", text).replace("**", "")
    return text


def _titled(corpus: Corpus, ids: list[str]) -> list[str]:
    out = []
    for entry_id in ids:
        found = corpus.entries.get(entry_id.split("#", 1)[0])
        out.append(f"{entry_id} ({found.title})" if found and found.title != found.key
                   else entry_id)
    return out


def entry_text(entry: Entry, corpus: Corpus) -> str:
    """The terminal view of ``judge show``: header, links, then every revision."""
    lines = [f"{entry.id} — {entry.title}",
             _("game: {game} · kind: {kind} · status: {status} · {count} revision(s)",
               game=entry.game, kind=entry.kind, status=gettext(entry.status),
               count=len(entry.revisions))]
    if entry.aliases:
        lines.append(_("aliases: {items}", items=", ".join(entry.aliases)))
    for label, ids in ((N_("cites: {items}{more}"), entry.cites),
                       (N_("cards: {items}{more}"), entry.cards),
                       (N_("cited by: {items}{more}"), corpus.cited_by(entry.id))):
        if ids:
            shown = _titled(corpus, ids)
            more = _(" … and {count} more", count=len(shown) - 12) if len(shown) > 12 else ""
            lines.append(gettext(label).format(items=", ".join(shown[:12]), more=more))
    if entry.scenarios:
        lines.append(_("scenarios: {items}", items=", ".join(entry.scenarios)))
    for rev in entry.revisions:
        lines += ["", _rule(rev)]
        lines.append(_("source: {source}", source=source_line(rev.source)))
        if rev.withdrawn_reason:
            lines.append(_("withdrawn: {reason}", reason=rev.withdrawn_reason))
        if rev.text.strip():
            lines += ["", terminal_text(rev.text)]
        for note in rev.notes:
            lines += ["", _("[editor's note · {kind}] {text}", kind=gettext(str(note.get("kind"))),
                            text=pick(note.get("text")))]
            if note.get("quote"):
                lines.append("  " + _("concerns: {quote}", quote=note["quote"]))
            if note.get("correct_reading"):
                lines.append("  " + _("correct reading: {reading}",
                                      reading=note["correct_reading"]))
            if note.get("basis"):
                lines.append("  " + _("basis: {basis}", basis=pick(note["basis"])))
        for comment in rev.editor_comments:
            lines.append(_("[wiki editor's comment] {comment}", comment=comment))
        if rev.meta.get("unchanged_in"):
            lines.append(_("unchanged in the revision of {date}",
                           date=rev.meta["unchanged_in"].get("date")))
    return "\n".join(lines)


def date_text(rev: Revision) -> str:
    """A revision's date as a judge reads it: the day; 「2014-04-10 より前」 when only
    that is known; 日付不明 with the day the text was collected when the source gives
    none (the importer's ``date_basis``)."""
    if rev.date is None:
        return _("undated")
    day = rev.date.day.isoformat()
    if rev.date.before and rev.meta.get("date_basis"):
        return _("date unknown (collected {day})", day=day)
    return _("before {day}", day=day) if rev.date.before else day


def _rule(rev: Revision) -> str:
    head = "── " + _("revision {n} · {date} · {status}", n=rev.number,
                     date=date_text(rev), status=gettext(rev.status)) + " "
    return head + "─" * max(4, 60 - len(head))
