"""What changed, and the corpus as it stood (変更履歴・ある日の裁定).

:func:`changes_since` lists the revisions dated on or after a day, newest first (what
``judge changes``, the web's "what changed" page and the Atom feed show);
:func:`as_of` gives the revision of an entry in force on a day, or None when the entry
did not exist yet; :func:`write_published_qa` writes the source file of a newly
published Q&A (``judge new qa``).
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path

import yaml

from judge.i18n import Message, msg

from .model import Entry, Revision, plain_text
from .published import FOLDER, PublishedError, date_order, qa_text, read_document
from .store import Corpus

# Card facts are dated by the card list they came from; a "change" is a ruling's.
RULING_KINDS = ("qa", "rule", "term")


@dataclass
class ChangeItem:
    """One dated revision: the entry, the revision and the one it replaced (if any)."""

    entry: Entry
    revision: Revision
    previous: Revision | None

    @property
    def date(self) -> date:
        return self.revision.date.day

    def as_json(self) -> dict:
        """``{"id", "revision", "date", "status"}`` plus title, game, kind and source."""
        return {"id": self.entry.id, "revision": self.revision.number,
                "date": self.date.isoformat(), "status": self.revision.status,
                "previous": self.previous.number if self.previous else None,
                "title": self.entry.title, "game": self.entry.game, "kind": self.entry.kind,
                "source": self.revision.source}


def changes_since(corpus: Corpus, since: date | None = None, game: str | None = None,
                  kinds: tuple[str, ...] = RULING_KINDS) -> list[ChangeItem]:
    """Revisions with an exact date on or after ``since``, newest first.

    A revision dated only "before D" has no day of its own and is not listed: the
    sources do not say when it appeared.
    """
    out = []
    for entry in _dated_entries(corpus, since, game, kinds):
        ordered = sorted(entry.revisions, key=lambda r: r.number)
        for i, rev in enumerate(ordered):
            if rev.date is None or rev.date.before:
                continue
            if since is None or rev.date.day >= since:
                out.append(ChangeItem(entry, rev, ordered[i - 1] if i else None))
    out.sort(key=lambda c: (c.date, c.entry.id, c.revision.number), reverse=True)
    return out


def _dated_entries(corpus: Corpus, since: date | None, game: str | None,
                   kinds: tuple[str, ...]):
    """The entries of these kinds (of one game) with a revision dated on or after
    ``since``: a compiled corpus names them from its table of revision dates, and only
    they are read (walking the corpus unpickled every entry of it, 100,000 at the
    benchmark's largest); a corpus made in memory is walked."""
    if not kinds:
        return []
    if getattr(corpus, "_tables", None) is None:
        return [e for e in corpus if not (game and e.game != game) and e.kind in kinds]
    first = since.isoformat() if since is not None else ""
    ids = dict.fromkeys(row[0] for row in corpus.tables.dated(game or None, kinds)
                        if row[5] >= first)
    return [corpus.entries[i] for i in ids]


def as_of(entry: Entry, as_of: date | None) -> Revision | None:
    """:meth:`Entry.as_of` as a function: the revision in force on ``as_of`` (None: the
    entry was first published after it)."""
    return entry.as_of(as_of)


def changed_since_note(entry: Entry) -> ChangeItem | None:
    """The entry's newest change, when it has one with an exact date and a predecessor."""
    items = changes_since(Corpus([entry]), None, kinds=(entry.kind,))
    return next((c for c in items if c.previous is not None), None)


def write_published_qa(sources: Path, corpus: Corpus, game: str, key: str, published: date,
                       url: str, retrieved: date, document: str | None,
                       question: str | None = None, answer: str | None = None,
                       withdrawn: str | None = None, before_write=None) -> Path:
    """Write the source file of one published Q&A (or its withdrawal); return its path.

    ``before_write``, if given, is called with the path just before the file is written
    (an approval journals it there, so a crash right after leaves a path to take back).

    Raises :class:`PublishedError` when the document would not import: a bad field, a
    date older than the entry's newest revision, an answer identical to the one in force.
    """
    entry_id = f"{game}/qa/{key}"
    entry = corpus.entries.get(entry_id)
    if document is None:
        known = entry or next((e for e in corpus if e.game == game and e.kind == "qa"), None)
        document = known.current.source.get("document") if known else None
        if not document:
            raise PublishedError(msg("--document: name the published document (no Q&A of "
                                     "{game} to take its name from)", game=game))
    if entry is not None:
        newest = entry.current
        if newest.date and date_order(newest.date) > (published, 1):
            raise PublishedError(msg("{entry_id} revision {number} is dated {date}; a newer "
                                     "answer is published after it", entry_id=entry_id,
                                     number=newest.number, date=str(newest.date)))
        if withdrawn is None and newest.status != "withdrawn" and \
                plain_text(newest.text) == plain_text(qa_text(key, question, answer)):
            raise PublishedError(msg("{entry_id} revision {number} already says this; "
                                     "nothing to add", entry_id=entry_id,
                                     number=newest.number))
        if withdrawn is not None and newest.status == "withdrawn":
            raise PublishedError(msg("{entry_id} is already withdrawn", entry_id=entry_id))
    elif withdrawn is not None:
        raise PublishedError(msg("{entry_id} is not in the corpus: nothing to withdraw",
                                 entry_id=entry_id))
    item: dict = {"qa": key}
    if withdrawn is not None:
        item["withdrawn"] = withdrawn
    else:
        item.update(question=question, answer=answer)
    data = {"document": document, "game": game, "url": url, "published": published,
            "retrieved": retrieved, "items": [item]}
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=1000)
    folder = Path(sources) / Path(FOLDER).name / game
    name = f"{published.isoformat()}-{key}"
    path = folder / f"{name}.yaml"
    n = 2
    while path.exists():
        path, n = folder / f"{name}-{n}.yaml", n + 1
    read_document(text, game, path.name)          # what we write must import
    from .store import write_atomic
    if before_write is not None:
        before_write(path)
    write_atomic(path, text)
    return path


def entry_as_of(entry: Entry, day: date) -> tuple[Entry | None, Message]:
    """The entry as it stood on ``day`` (its later revisions left out) and a heading.

    (None, why) when the entry was first published after ``day``.
    """
    from dataclasses import replace
    rev = entry.as_of(day)
    if rev is None:
        first = min(entry.revisions, key=lambda r: r.number)
        return None, msg("{entry_id} did not exist on {day} (first published {first})",
                         entry_id=entry.id, day=day.isoformat(), first=str(first.date))
    later = [r for r in entry.revisions if r.number > rev.number]
    # That day the revision in force was the current one; its later status is history.
    kept = [replace(r, status="current") if r is rev and r.status == "superseded" else r
            for r in entry.revisions if r.number <= rev.number]
    status = "withdrawn" if rev.status == "withdrawn" else "current"
    if later:
        head = msg("as of {day}: revision {number} ({date}) was in force; {count} later "
                   "revision(s) not shown (newest: revision {newest}, {newest_date})",
                   day=day.isoformat(), number=rev.number, date=str(rev.date),
                   count=len(later), newest=entry.current.number,
                   newest_date=str(entry.current.date))
    else:
        head = msg("as of {day}: revision {number} ({date}) was in force",
                   day=day.isoformat(), number=rev.number, date=str(rev.date))
    return replace(entry, revisions=kept, status=status), head
