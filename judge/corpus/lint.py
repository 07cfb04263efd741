"""Corpus lint (検査): broken links, entries without revisions, sources or dates, scenarios.

Errors: a ``cites``/``cards``/``scenarios`` link to nothing, a lexicon row without a
reason in both languages or naming a name another row of its game has (.lexicon), a ``judge:`` link in a text
to nothing, an entry without revisions, a revision without a source or a date, a
scenario file that is not valid YAML or names a ruling that does not exist.  Warnings:
things a reviewer should look at that do not break anything (a link to a clause no
revision has, a scenario the entry does not list yet, a withdrawn entry without a
reason).  Conflicting rulings need the engine: judge/app/editorial/conflicts.py, which
``judge lint`` runs beside this.
"""
from __future__ import annotations

import os
import re
from dataclasses import asdict, dataclass
from pathlib import Path

from judge.i18n import message_json, msg, render
from judge.i18n.bilingual import missing

from .importer.scenarios import scan
from .lexicon import lexicon_problems
from .model import Entry
from .store import Corpus, entry_path, stale_temp_files

TEXT_LINK = re.compile(r"\]\(<?judge:([^)\s>]+)>?\)")


@dataclass(frozen=True)
class Problem:
    """One finding: which entry (or file), how bad, a stable code and what is wrong."""

    entry_id: str
    severity: str        # "error" | "warning"
    code: str
    message: str

    def as_dict(self) -> dict:
        """The problem as JSON (``judge lint --json``)."""
        out = asdict(self)
        said = message_json(self.message)      # the text, and its id and params beside it
        out.update(message=render(self.message), message_id=said["message"],
                   params=said["params"])
        return out

    def __str__(self) -> str:
        # the severity in the reader's words (`judge lint` printed "warning:" in the
        # middle of Japanese); the JSON keeps the key
        severity = msg.term("severity", self.severity).render()
        return f"{severity}: {self.entry_id}: {render(self.message)} [{self.code}]"


def lint_corpus(corpus: Corpus) -> list[Problem]:
    """Every problem of the corpus, errors and warnings, in a stable order."""
    problems: list[Problem] = []
    for entry in sorted(corpus, key=lambda e: e.id):
        problems += _entry_problems(entry, corpus)
    problems += [Problem(entry_id, "error", code, message)
                 for entry_id, code, message in lexicon_problems(corpus)]
    if corpus.root is not None:
        problems += _scenario_problems(corpus)
        for path in stale_temp_files(Path(corpus.root)):
            rel = path.relative_to(corpus.root).as_posix()
            problems.append(Problem(rel, "warning", "import-temp-file",
                                    msg("a temp file left by an interrupted import; the next judge import removes it")))
    return problems


def _entry_problems(entry: Entry, corpus: Corpus) -> list[Problem]:
    out: list[Problem] = []

    def error(code: str, message: str) -> None:
        out.append(Problem(entry.id, "error", code, message))

    def warning(code: str, message: str) -> None:
        out.append(Problem(entry.id, "warning", code, message))

    for field in ("cites", "cards"):
        for target in getattr(entry, field):
            if str(target).split("#", 1)[0] not in corpus.entries:
                error(f"broken-{field}", msg("{field} links to {target}, which is not an entry",
                                             field=field, target=target))
    for rel in entry.scenarios:
        if corpus.root is None or not (Path(corpus.root) / rel).is_file():
            error("broken-scenario", msg("scenarios links to {rel}, which is not a file under the corpus",
                                         rel=rel))
    if not entry.revisions:
        error("no-revisions", msg("the entry has no revision (every entry keeps at least one, with its date and source)"))
    for rev in entry.revisions:
        if not rev.source:
            error("no-source", msg("revision {number} has no source (document, section, file, lines)",
                                   number=rev.number))
        if rev.date is None:
            error("no-date", msg("revision {number} has no date (YYYY-MM-DD or 'before YYYY-MM-DD')",
                                 number=rev.number))
        for target in TEXT_LINK.findall(rev.text):
            entry_id, _, clause = target.partition("#")
            if entry_id not in corpus.entries:
                error("broken-text-link", msg("revision {number} links to judge:{target}, which is not an entry",
                                              number=rev.number, target=target))
            elif clause and clause not in {c for r in corpus.get(entry_id).revisions
                                           for c in r.clauses}:
                warning("missing-clause", msg("revision {number} links to clause {clause} of {entry_id}, which no revision has",
                                              number=rev.number, clause=clause, entry_id=entry_id))
    for where, text in _notes(entry):
        lacking = missing(text)
        if lacking:
            error("note-language", msg("{where} is written in Japanese and English ({{ja: …, "
                                       "en: …}}); {missing} is missing", where=where,
                                       missing=", ".join(lacking)))
    numbers = [rev.number for rev in entry.revisions]
    if len(set(numbers)) != len(numbers):
        error("duplicate-revision", msg("revision numbers repeat: {numbers}", numbers=numbers))
    if entry.status == "withdrawn" and not any(r.withdrawn_reason for r in entry.revisions):
        warning("withdrawn-without-reason", msg("the entry is withdrawn but no revision says why"))
    if entry.path and corpus.root is not None:
        expected = entry_path(Path(corpus.root), entry.id)
        if not _same_file(entry.path, expected):
            warning("misplaced", msg("the file {path} should be {expected} for its id",
                                     path=str(entry.path), expected=str(expected)))
    return out


# What the importer or an editor writes into an entry, as opposed to the texts it cites:
# each is held in both languages (judge/i18n/bilingual.py).
NOTE_FIELDS = ("text", "note", "basis")


def _notes(entry: Entry):
    """(where, text) for every note, basis and date basis of the entry."""
    for rev in entry.revisions:
        for i, note in enumerate(rev.notes):
            fields = note.items() if isinstance(note, dict) else [("text", note)]
            for key, text in fields:
                if key in NOTE_FIELDS:
                    yield f"revisions[{rev.number}].notes[{i}].{key}", text
        if "date_basis" in rev.meta:
            yield f"revisions[{rev.number}].date_basis", rev.meta["date_basis"]
    glossary = (entry.data or {}).get("glossary")
    if isinstance(glossary, dict) and "basis" in glossary:
        yield "data.glossary.basis", glossary["basis"]


def _scenario_problems(corpus: Corpus) -> list[Problem]:
    out: list[Problem] = []
    found = scan(Path(corpus.root))
    for rel, line, message in found.broken:
        where = f"{rel}:{line}" if line else rel
        out.append(Problem(where, "error", "scenario-invalid", message))
    for rel, ruling in found.rulings:
        entry_id = ruling.split("#", 1)[0].strip()
        if entry_id not in corpus.entries:
            hint = corpus.resolve(ruling)
            also = msg("; did you mean {hint}?", hint=hint[0]) if hint else ""
            out.append(Problem(rel, "error", "scenario-ruling",
                               msg("names the ruling {ruling!r}, which is not an entry{also}",
                                   ruling=ruling, also=also)))
        elif rel not in corpus.get(entry_id).scenarios:
            out.append(Problem(rel, "warning", "scenario-not-linked",
                               msg("reproduces {entry_id}, whose entry does not list it yet (run judge import to refresh the links)",
                                   entry_id=entry_id)))
    return out


def _same_file(a, b) -> bool:
    """Whether two paths name the same file: the same absolute path (the usual case, no
    file system calls), else the same file through links."""
    if os.path.abspath(a) == os.path.abspath(b):
        return True
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False
