"""Presenting an entry (表示): the JSON of ``judge show --json`` and the terminal view.

Both show every revision, newest first, each with its date, source, status, text,
clauses, editor's notes and comments; the JSON is what the web app and API serve.
"""
from __future__ import annotations

import re

from .model import Entry, Revision, plain_text
from .store import Corpus

LINK = re.compile(r"\[([^\]]+)\]\(<?judge:([^)\s>]+)>?\)")
CLAUSE = re.compile(r"^(\s*(?:[-*]\s+)?)\{#([^}\s]+)\}\s?", re.M)


def revision_json(rev: Revision) -> dict:
    """One revision as JSON: text (Markdown), plain text, clauses and notes."""
    return {
        "number": rev.number,
        "date": str(rev.date) if rev.date else None,
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
             f"game: {entry.game} · kind: {entry.kind} · status: {entry.status} · "
             f"{len(entry.revisions)} revision(s)"]
    if entry.aliases:
        lines.append(f"aliases: {', '.join(entry.aliases)}")
    for label, ids in (("cites", entry.cites), ("cards", entry.cards),
                       ("cited by", corpus.cited_by(entry.id))):
        if ids:
            shown = _titled(corpus, ids)
            more = f" … and {len(shown) - 12} more" if len(shown) > 12 else ""
            lines.append(f"{label}: {', '.join(shown[:12])}{more}")
    if entry.scenarios:
        lines.append(f"scenarios: {', '.join(entry.scenarios)}")
    for rev in entry.revisions:
        lines += ["", _rule(rev)]
        lines.append("source: " + " · ".join(f"{k} {v}" for k, v in rev.source.items()))
        if rev.withdrawn_reason:
            lines.append(f"withdrawn: {rev.withdrawn_reason}")
        if rev.text.strip():
            lines += ["", terminal_text(rev.text)]
        for note in rev.notes:
            lines.append("")
            lines.append(f"[editor's note · {note.get('kind')}] {note.get('text')}")
            if note.get("quote"):
                lines.append(f"  concerns: {note['quote']}")
            if note.get("correct_reading"):
                lines.append(f"  correct reading: {note['correct_reading']}")
            if note.get("basis"):
                lines.append(f"  basis: {note['basis']}")
        for comment in rev.editor_comments:
            lines.append(f"[wiki editor's comment] {comment}")
        if rev.meta.get("unchanged_in"):
            lines.append(f"unchanged in the revision of {rev.meta['unchanged_in'].get('date')}")
    return "\n".join(lines)


def _rule(rev: Revision) -> str:
    head = f"── revision {rev.number} · {rev.date or 'undated'} · {rev.status} "
    return head + "─" * max(4, 60 - len(head))
