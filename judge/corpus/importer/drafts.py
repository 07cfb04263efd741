"""Entries as the importer builds them (下書き), and the editor's notes it attaches.

A :class:`Draft` is an :class:`~judge.corpus.model.Entry` plus what the importer needs
to finish it: the source files it came from (for the manifest) and the card names each
revision mentions (for the cards' "what the sources say" sections).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from judge.corpus.model import Entry, Revision, RevisionDate, plain_text
from judge.i18n import msg

from .errors import ImportError_


@dataclass
class Mention:
    """A card named in a revision: what was written and which card(s) it means."""

    revision: int
    surface: str
    cards: tuple[str, ...]          # entry ids
    ambiguous: bool = False
    pattern: str | None = None      # a regex the naming sentences match (else the surface)


@dataclass
class Draft:
    """An entry being imported."""

    entry: Entry
    sources: set[str] = field(default_factory=set)
    mentions: list[Mention] = field(default_factory=list)

    @property
    def id(self) -> str:
        return self.entry.id


def line_span(numbers: list[int]) -> str:
    """``[59, 60, 61, 65]`` -> ``"59-61, 65"``: the lines a text was taken from."""
    spans: list[list[int]] = []
    for n in sorted(set(numbers)):
        if spans and n == spans[-1][1] + 1:
            spans[-1][1] = n
        else:
            spans.append([n, n])
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in spans)


def make_entry(entry_id: str, title: str, revisions: list[Revision], **fields) -> Entry:
    """An entry with its revisions ordered newest first."""
    game, kind, key = entry_id.split("/", 2)
    revisions = sorted(revisions, key=lambda r: r.number, reverse=True)
    return Entry(id=entry_id, game=game, kind=kind, key=key, title=title,
                 revisions=revisions, **fields)


def revision(number: int, when: RevisionDate, source: dict, text: str,
             status: str = "current", **fields) -> Revision:
    """A revision; ``fields`` are Revision's other attributes (comments, notes, meta)."""
    return Revision(number=number, date=when, source=source, text=text.strip("\n"),
                    status=status, **fields)


@dataclass(frozen=True)
class Note:
    """An editor's note (編集注記) for the revisions whose text contains ``quote``.

    ``kind`` is ``transcription-error``, ``contradiction`` or ``ambiguity``; ``text``
    says what is wrong and ``basis`` what the reading rests on, each in Japanese and
    English (``both(ja, en)``, :mod:`judge.i18n.bilingual`); ``correct`` is the correct
    reading where the sources establish one (the source's own words, else None).  ``revisions`` limits the note to some
    revision numbers.  A note whose quote is in no revision is an import error: the
    source is not the text the note was written for.
    """

    entry: str
    quote: str
    kind: str
    text: dict | str
    correct: str | None = None
    basis: dict | str = ""
    clause: str | None = None
    revisions: tuple[int, ...] = ()

    def as_dict(self) -> dict:
        out: dict = {"kind": self.kind, "quote": self.quote}
        if self.clause:
            out["clause"] = self.clause
        out.update(text=self.text, correct_reading=self.correct, basis=self.basis)
        return out


def apply_notes(drafts: dict[str, Draft], notes: list[Note], src_path: str) -> None:
    """Attach each note to the revisions it concerns (see :class:`Note`)."""
    for note in notes:
        draft = drafts.get(note.entry)
        if draft is None:
            raise ImportError_(src_path, msg("editor's note for {entry}, which this source "
                                             "did not produce", entry=note.entry))
        hits = [rev for rev in draft.entry.revisions
                if (note.quote in rev.text or note.quote in plain_text(rev.text))
                and (not note.revisions or rev.number in note.revisions)]
        if not hits:
            raise ImportError_(src_path, msg("the text {quote!r} the editor's note on {entry} "
                                             "concerns is not in the source any more",
                                             quote=note.quote, entry=note.entry))
        for rev in hits:
            rev.notes.append(note.as_dict())



def md_link(text: str, target: str) -> str:
    """A Markdown link to an entry (angle brackets when the id has a space)."""
    dest = f"judge:{target}"
    if re.search(r"[\s()<>]", dest):
        dest = f"<{dest}>"
    return f"[{text}]({dest})"
