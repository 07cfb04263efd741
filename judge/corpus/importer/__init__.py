"""The corpus importer (取り込み): source documents -> ``corpus/`` files.

``judge import sources/seeds sources/data sources/glossary`` reads the four seeds, the
Vision card list and the glossaries, and (re)writes the whole corpus.  Everything is read, checked and rendered before
the first file is written, so a bad input leaves ``corpus/`` as it was; see
:mod:`.writer` for idempotence and hand-edit conflicts, and docs/corpus-format.md for
the files it writes.
"""
from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from judge.corpus.store import entry_path, render_entry

from . import sources as kinds
from .cardlist import read_card_list
from .cards import finish_cards, vision_card_drafts
from .drafts import Draft
from .errors import ImportError_
from .gemchronicle import import_gemchronicle
from .glossary import import_glossary
from .names import CardIndex
from .scenarios import scan
from .sources import SourceFile, expand, read_source
from .vision import ORDER_MARKERS, VisionBuilder, check_known
from .wiki import parse_backup
from .writer import Conflict, write_corpus
from .yugioh import import_yugioh

__all__ = ["ImportError_", "ImportReport", "Conflict", "import_paths", "build_drafts"]


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

    def summary(self) -> str:
        """A few lines: sources, entries by game and kind, files written, conflicts."""
        total = sum(self.entries.values())
        by_game: dict[str, list[str]] = {}
        for (game, kind), n in sorted(self.entries.items()):
            by_game.setdefault(game, []).append(f"{n} {kind}")
        lines = [f"imported {len(self.sources)} source file(s) into {total} entries "
                 f"in {self.seconds:.1f} s"]
        lines += [f"  {game}: {', '.join(parts)}" for game, parts in by_game.items()]
        lines.append(f"  files: {len(self.written)} written, {self.unchanged} unchanged, "
                     f"{len(self.removed)} removed, {len(self.conflicts)} conflict(s)")
        lines += [f"  conflict: {c}" for c in self.conflicts]
        lines += [f"  note: {n}" for n in self.notes]
        return "\n".join(lines)


def import_paths(paths: list[Path], corpus_root: Path, force: bool = False) -> ImportReport:
    """Import the sources at ``paths`` (files, or folders of them) into ``corpus_root``.

    Raises :class:`ImportError_` (naming file and line) on an input it cannot read, a
    page it does not know, or a set of sources that does not go together; nothing is
    written then.  Hand-edited files are reported in ``conflicts`` and kept unless
    ``force``.
    """
    start = time.perf_counter()
    files = expand([Path(p) for p in paths])
    if not files:
        raise ImportError_(", ".join(map(str, paths)) or ".",
                           "no source file found (folders hold the seeds and the card list)")
    read = [read_source(path) for path in files]
    drafts = build_drafts(read)
    root = Path(corpus_root)
    links = scan(root).links
    outputs: dict[str, tuple[str, list[str]]] = {}
    report = ImportReport(sources=[s.name for s in read])
    for draft in drafts.values():
        draft.entry.scenarios = sorted(links.get(draft.id, []))
        rel = entry_path(root, draft.id).relative_to(root).as_posix()
        outputs[rel] = (render_entry(draft.entry), sorted(draft.sources))
        report.entries[(draft.entry.game, draft.entry.kind)] += 1
    result = write_corpus(root, outputs, {s.name: s.sha256 for s in read}, force=force)
    report.written, report.unchanged = result.written, result.unchanged
    report.removed, report.conflicts, report.notes = (result.removed, result.conflicts,
                                                      result.notes)
    report.seconds = time.perf_counter() - start
    return report


def build_drafts(read: list[SourceFile]) -> dict[str, Draft]:
    """Every entry the sources give, finished (links, mentions, card sections)."""
    by_kind: dict[str, list[SourceFile]] = {}
    for src in read:
        by_kind.setdefault(src.kind, []).append(src)
    for kind in (kinds.YUGIOH, kinds.GEMCHRONICLE, kinds.CARDLIST):
        if len(by_kind.get(kind, [])) > 1:
            first, second = by_kind[kind][:2]
            raise ImportError_(second.path, f"a second {kind} source (the first is "
                                            f"{first.path}); give each source once")
    pages = {}
    for src in by_kind.get(kinds.WIKI, []):
        page = parse_backup(src)
        if page.title in pages:
            raise src.error(f"a second backup of the page 「{page.title}」 (the first is "
                            f"{pages[page.title].src.path})", 1)
        check_known(page)
        pages[page.title] = page
    drafts: dict[str, Draft] = {}
    card_lists = by_kind.get(kinds.CARDLIST, [])
    if pages or card_lists:
        _check_vision_set(pages, card_lists)
        card_src = card_lists[0]
        index = CardIndex(read_card_list(card_src))
        builder = VisionBuilder(index)
        for title in ORDER_MARKERS:
            builder.add_page(pages[title])
        cards = vision_card_drafts(card_src, index)
        finish_cards(cards, builder.drafts)
        drafts.update(builder.drafts)
        drafts.update(cards)
    for src in by_kind.get(kinds.YUGIOH, []):
        found = import_yugioh(src)
        rules = {k: d for k, d in found.items() if "/rule/" in k}
        cards = {k: d for k, d in found.items() if "/card/" in k}
        finish_cards(cards, rules)
        drafts.update(found)
    for src in by_kind.get(kinds.GEMCHRONICLE, []):
        drafts.update(import_gemchronicle(src))
    # Last: a glossary links the rules the other sources gave.
    for src in by_kind.get(kinds.GLOSSARY, []):
        drafts.update(import_glossary(src, drafts))
    return drafts


def _check_vision_set(pages: dict, card_lists: list[SourceFile]) -> None:
    """The Vision sources link each other, so they are imported together."""
    missing = [f"the @wiki page 「{t}」" for t in ORDER_MARKERS if t not in pages]
    if not card_lists:
        missing.append("the card list (vision-cards.jsonl)")
    if missing:
        given = next(iter(pages.values())).src.path if pages else card_lists[0].path
        raise ImportError_(given, "the Vision sources are imported together (names in the "
                                  "pages link to the card list, and the cards quote the "
                                  f"pages); also give {', '.join(missing)} (e.g. judge "
                                  "import sources/seeds sources/data sources/glossary)")
