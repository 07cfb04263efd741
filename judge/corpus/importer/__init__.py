"""The corpus importer (取り込み): source documents -> ``corpus/`` files.

``judge import sources/seeds sources/data`` reads the source documents and (re)writes
the corpus.  Each game's importer (found through the ``judge.importers`` entry points,
:mod:`.plugins`) recognises and reads its own sources; this module runs them, checks
that each entry belongs to the game that made it, and writes the entries and the
games manifest (``games.yaml``, :mod:`judge.corpus.games`).  Everything is read,
checked and rendered before the first file is written, so a bad input leaves
``corpus/`` as it was; see :mod:`.writer` for idempotence and hand-edit conflicts, and
docs/corpus-format.md for the files it writes.
"""
from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path

from judge.corpus.games import MANIFEST as GAMES_MANIFEST
from judge.corpus.lock import corpus_lock
from judge.corpus.games import GameInfo, read_manifest, render_manifest
from judge.corpus.published import Change
from judge.corpus.store import entry_path, render_entry
from judge.i18n import _, msg, render

from .drafts import Draft
from .errors import ImportError_
from .glossary import import_glossary
from .lexicon import import_lexicon
from .plugins import importers, register_importer
from .published import apply_published, check_published_set, published_ids
from .scenarios import scan
from .sources import GLOSSARY, LEXICON, PUBLISHED, SourceFile, expand, read_source
from .writer import Conflict, write_corpus

__all__ = ["ImportError_", "ImportReport", "Conflict", "import_paths", "build_drafts",
           "register_importer"]


@dataclass
class ImportReport:
    """What an import did; :meth:`summary` is what ``judge import`` prints."""

    sources: list[str]
    entries: Counter = field(default_factory=Counter)      # (game, kind) -> count
    written: list[str] = field(default_factory=list)
    unchanged: int = 0
    removed: list[str] = field(default_factory=list)
    conflicts: list[Conflict] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0
    changes: list[Change] = field(default_factory=list)    # from published rulings
    drafts: dict = field(default_factory=dict, repr=False)  # id -> Entry, as imported

    def summary(self) -> str:
        """A few lines: sources, entries by game and kind, files written, conflicts."""
        total = sum(self.entries.values())
        by_game: dict[str, list[str]] = {}
        for (game, kind), n in sorted(self.entries.items()):
            by_game.setdefault(game, []).append(f"{n} {kind}")
        lines = [_("imported {sources} source file(s) into {total} entries in {seconds:.1f} s",
                   sources=len(self.sources), total=total, seconds=self.seconds)]
        lines += [f"  {game}: {', '.join(parts)}" for game, parts in by_game.items()]
        lines.append("  " + _("files: {written} written, {unchanged} unchanged, {removed} "
                              "removed, {conflicts} conflict(s)", written=len(self.written),
                              unchanged=self.unchanged, removed=len(self.removed),
                              conflicts=len(self.conflicts)))
        lines += ["  " + _("conflict: {conflict}", conflict=c) for c in self.conflicts]
        lines += ["  " + _("note: {note}", note=render(n)) for n in self.notes]
        for c in self.changes:
            what = (_("unchanged (republished as it stood)") if c.action == "unchanged"
                    else _("{action}: revision {revision} of {date}, {status}",
                           action=c.action, revision=c.revision, date=c.date,
                           status=c.status))
            lines.append("  " + _("published: {id} {what} ← {source}", id=c.id, what=what,
                                  source=c.source))
        return "\n".join(lines)


def import_paths(paths: list[Path], corpus_root: Path, force: bool = False,
                 dry_run: bool = False) -> ImportReport:
    """Import the sources at ``paths`` (files, or folders of them) into ``corpus_root``.

    Raises :class:`ImportError_` (naming file and line) on an input it cannot read, a
    page it does not know, or a set of sources that does not go together; nothing is
    written then.  Hand-edited files are reported in ``conflicts`` and kept unless
    ``force``.  ``dry_run`` reads and builds everything and writes nothing (the report's
    ``changes`` and ``drafts`` say what the import would bring).  Imports into one
    corpus run one at a time, across processes (:func:`judge.corpus.lock.corpus_lock`).
    """
    if dry_run:
        return _import(paths, corpus_root, force, dry_run)
    with corpus_lock(corpus_root):
        return _import(paths, corpus_root, force, dry_run)


def _import(paths: list[Path], corpus_root: Path, force: bool,
            dry_run: bool) -> ImportReport:
    start = time.perf_counter()
    files = expand([Path(p) for p in paths])
    if not files:
        raise ImportError_(", ".join(map(str, paths)) or ".",
                           msg("no source file found (folders hold the seeds and the card "
                               "list)"))
    read = [read_source(path) for path in files]
    root = Path(corpus_root)
    check_published_set(read, root, force)
    changes: list[Change] = []
    drafts = build_drafts(read, changes, on_disk=published_ids(root))
    links = scan(root).links
    outputs: dict[str, tuple[str, list[str]]] = {}
    report = ImportReport(sources=[s.name for s in read], changes=changes)
    report.drafts = {k: d.entry for k, d in drafts.items()}
    for draft in drafts.values():
        draft.entry.scenarios = sorted(links.get(draft.id, []))
        rel = entry_path(root, draft.id).relative_to(root).as_posix()
        outputs[rel] = (render_entry(draft.entry), sorted(draft.sources))
        report.entries[(draft.entry.game, draft.entry.kind)] += 1
    games = games_of_import(root, read, report.entries)
    outputs[GAMES_MANIFEST] = (render_manifest(games), sorted(s.name for s in read))
    if dry_run:
        report.seconds = time.perf_counter() - start
        return report
    result = write_corpus(root, outputs, {s.name: s.sha256 for s in read}, force=force)
    report.written, report.unchanged = result.written, result.unchanged
    report.removed, report.conflicts, report.notes = (result.removed, result.conflicts,
                                                      result.notes)
    report.seconds = time.perf_counter() - start
    return report


def build_drafts(read: list[SourceFile], changes: list[Change] | None = None,
                 on_disk: dict[str, list[str]] | None = None) -> dict[str, Draft]:
    """Every entry the sources give, finished (links, mentions, card sections).

    Each source goes to the importer of the game that recognised it; an importer that
    makes an entry of another game is a bug in that importer and stops the import.
    Published rulings (game-independent) are applied last, oldest first, on top of the
    games' entries; what each did is appended to ``changes``.  ``on_disk`` (id -> the
    sources of the corpus file) stops a published ruling from replacing an entry whose
    own sources were not given.
    """
    published = [src for src in read if src.kind == PUBLISHED]
    by_game: dict[str, dict[str, list[SourceFile]]] = {}
    glossaries = [src for src in read if src.kind in (GLOSSARY, LEXICON)]
    for src in read:
        if src.kind in (PUBLISHED, GLOSSARY, LEXICON):
            continue
        by_game.setdefault(src.game, {}).setdefault(src.kind, []).append(src)
    drafts: dict[str, Draft] = {}
    for importer in importers():
        sources = by_game.get(importer.game.id)
        if not sources:
            continue
        for kind in importer.kinds:
            found = sources.get(kind.name, [])
            if kind.once and len(found) > 1:
                first, second = found[:2]
                raise ImportError_(second.path, msg("a second {kind} source (the first is "
                                                    "{first}); give each source once",
                                                    kind=kind.name, first=first.path))
        made = importer.build(sources)
        for entry_id in made:
            if not entry_id.startswith(importer.game.id + "/"):
                raise ImportError_(sources[next(iter(sources))][0].path,
                                   msg("the importer of {game!r} made the entry {entry_id!r} "
                                       "of another game", game=importer.game.id,
                                       entry_id=entry_id))
        drafts.update(made)
    known = {importer.game.id for importer in importers()}
    # Then: a glossary's terms link the rules the game's own sources gave, and a
    # lexicon's rows those rules (after the glossary: its ids are taken first).
    for src in sorted(glossaries, key=lambda s: s.kind == LEXICON):
        if src.game not in known:
            raise src.error(msg("{kind}: {game!r} is not a game the importer knows "
                                "(accepted: {accepted})", kind=src.kind, game=src.game,
                                accepted=", ".join(sorted(known))), 1)
        if src.kind == LEXICON:
            drafts.update(import_lexicon(src, drafts, {imp.game.id: dict(imp.game.titles)
                                                       for imp in importers()}))
        else:
            drafts.update(import_glossary(src, drafts))
    # Last: published rulings, on top of everything the sources made.
    if published:
        apply_published(drafts, published, read, known, changes, on_disk or {})
    return drafts


def games_of_import(root: Path, read: list[SourceFile], entries: Counter) -> list[GameInfo]:
    """The games manifest after this import: the games imported now, with their kinds,
    and the games of the manifest before that this import did not touch (their files
    stay, see :mod:`.writer`)."""
    imported = {imp.game.id: imp.game for imp in importers()}
    kinds: dict[str, set[str]] = {}
    for (game, kind) in entries:
        kinds.setdefault(game, set()).add(kind)
    now = {src.game for src in read}
    games = [replace(imported[g], kinds=tuple(sorted(kinds.get(g, ()))))
             for g in imported if g in now]
    try:
        before = read_manifest(root)
    except ValueError:
        before = []
    games += [g for g in before if g.id not in now and (Path(root) / g.id).is_dir()]
    # By id, so a partial import does not reorder (and rewrite) the manifest.
    return sorted(games, key=lambda g: g.id)
