"""Plain-text rules documents (a rulebook chapter, a rules page) cut into rule entries.

A document is described by a table: the parts it falls into, in order, each found by
the words its first line starts with (never by line number), and for each entry how
its lines are laid out: headings, clauses (``{#id}``), list items, new paragraphs; a
line that matches nothing continues the block before it.  A part the table expects
but the file lacks is an :class:`ImportError_` naming the line where it was sought.
The text itself is kept as cited: lines are stripped of surrounding spaces, never
reworded.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from judge.corpus.model import RevisionDate
from judge.i18n import msg

from .drafts import Draft, line_span, make_entry, revision
from .sources import SourceFile


@dataclass(frozen=True)
class Part:
    """A run of lines from the line starting with ``start`` to the next part."""

    key: str | None          # the entry it belongs to; None: page furniture, dropped
    start: str


@dataclass(frozen=True)
class RuleSpec:
    """How one entry is titled and laid out; ``roles`` map line starts to a role.

    Roles: ``h2``/``h3``/``h4`` (a heading; a leading "- " is dropped), ``clause:<id>``,
    ``para`` (starts a new paragraph), ``item`` (a list item), ``skip`` (dropped),
    ``cont`` (continues the block before a blank line), ``pre`` (this line and the rest
    of the entry are preformatted, e.g. a board diagram).  A prefix ending in ``$``
    must match the whole line.
    ``breaks`` keeps the line breaks inside paragraphs.
    """

    key: str
    title: str
    section: str
    roles: tuple[tuple[str, str], ...] = ()
    breaks: bool = False


@dataclass
class Document:
    """A plain document's table: its game, parts, entries, and where it comes from."""

    game: str
    source: dict                       # document, chapter, url…
    parts: list[Part]
    specs: list[RuleSpec]
    when: RevisionDate
    date_basis: dict | str            # {ja, en}: why the date is what it is
    phrases: dict[str, str] = field(default_factory=dict)   # phrase -> cited key


def split(doc: Document, src: SourceFile) -> dict[str, list[tuple[int, str]]]:
    """Each entry key -> its (line number, text) pairs, parts found in order."""
    lines = src.lines
    starts: list[tuple[int, Part]] = []
    pos = 0
    for part in doc.parts:
        found = next((i for i in range(pos, len(lines))
                      if lines[i].strip().startswith(part.start)), None)
        if found is None:
            raise src.error(msg("expected a line starting {start!r} (the {part} part) at "
                                "or after this line; the file is not the document the "
                                "importer was written for, or it was cut short",
                                start=part.start,
                                part=part.key or msg("page furniture")), pos + 1)
        starts.append((found, part))
        pos = found + 1
    out: dict[str, list[tuple[int, str]]] = {}
    for i, (first, part) in enumerate(starts):
        last = starts[i + 1][0] if i + 1 < len(starts) else len(lines)
        if part.key is None:
            continue
        chunk = out.setdefault(part.key, [])
        if chunk:
            chunk.append((0, ""))          # a blank line between two parts of an entry
        chunk += [(n + 1, lines[n]) for n in range(first, last)]
    return out


def layout(spec: RuleSpec, lines: list[tuple[int, str]]) -> str:
    """The Markdown of an entry's lines, laid out by its roles."""
    blocks: list[tuple[str, list[str]]] = []
    for _, raw in lines:
        text = raw.strip()
        if blocks and blocks[-1][0] == "pre":
            blocks[-1][1].append("    " + raw.rstrip() if text else "")
            continue
        if not text:
            if blocks and blocks[-1][1]:
                blocks.append(("gap", []))
            continue
        role = next((r for prefix, r in spec.roles if _matches(text, prefix)), "")
        if role == "skip":
            continue
        if role == "pre":
            blocks.append(("pre", ["    " + raw.rstrip()]))
            continue
        if role.startswith("h"):
            heading = re.sub(r"^-\s*", "", text)
            blocks.append(("heading", ["#" * int(role[1]) + " " + heading]))
        elif role.startswith("clause:"):
            blocks.append(("clause", [f"{{#{role[7:]}}} {text}"]))
        elif role == "item":
            item = "- " + re.sub(r"^-\s*", "", text)
            if blocks and blocks[-1][0] == "item":
                blocks[-1][1].append(item)
            else:
                blocks.append(("item", [item]))
        elif role == "cont":
            while blocks and blocks[-1][0] == "gap":
                blocks.pop()
            blocks[-1][1].append(text)
        elif role == "para" or not blocks or blocks[-1][0] in ("heading", "gap", "item"):
            blocks.append(("para", [text]))
        else:
            blocks[-1][1].append(text)
    out = []
    for kind, body in blocks:
        while body and not body[-1]:
            body.pop()
        if not body:
            continue
        if kind == "para" and spec.breaks:
            out.append("<br>\n".join(body))
        else:
            out.append("\n".join(body))
    return "\n\n".join(out)


def _matches(text: str, prefix: str) -> bool:
    if prefix.endswith("$"):
        return text == prefix[:-1]
    return text.startswith(prefix)


def build(doc: Document, src: SourceFile, linker=None) -> dict[str, Draft]:
    """The drafts of a document's entries (``linker`` links names outside clauses)."""
    chunks = split(doc, src)
    drafts: dict[str, Draft] = {}
    for spec in doc.specs:
        lines = chunks.get(spec.key)
        if not lines:
            raise src.error(msg("the table names entry {key!r} but no part of the file "
                                "belongs to it", key=spec.key))
        text = layout(spec, lines)
        if linker is not None:
            text = "\n".join(line if line.startswith("{#") else linker(line)
                             for line in text.split("\n"))
        source = dict(doc.source)
        source.update(section=spec.section, file=src.name,
                      lines=line_span([n for n, t in lines if n and t.strip()]))
        rev = revision(1, doc.when, source, text, meta={"date_basis": doc.date_basis})
        entry_id = f"{doc.game}/rule/{spec.key}"
        drafts[entry_id] = Draft(make_entry(entry_id, spec.title, [rev]), {src.name})
    for draft in drafts.values():
        text = draft.entry.current.text
        cited = [f"{doc.game}/rule/{key}" for phrase, key in doc.phrases.items()
                 if phrase in text]
        draft.entry.cites = [c for c in dict.fromkeys(cited) if c != draft.id]
    return drafts
