"""駒遊び's importer: its one rules document (first line 駒遊びルール) as koma/rule/1."""
from __future__ import annotations

from datetime import date

from judge.corpus.games import GameInfo
from judge.corpus.importer.drafts import Draft, make_entry, revision
from judge.corpus.importer.plugins import SourceKind
from judge.corpus.model import RevisionDate

from . import KomaGame


class KomaImporter:
    """The rules document, one source, read whole."""

    game = GameInfo(KomaGame.name, dict(KomaGame.titles), KomaGame.aliases)
    kinds = (SourceKind("koma", "the 駒遊び rules (first line 駒遊びルール)",
                        lambda path, head, lines: head.startswith("駒遊びルール"),
                        once=True),)

    def build(self, sources):
        drafts = {}
        for src in sources.get("koma", []):
            body = [line for line in src.lines[1:] if line.strip()]
            rev = revision(1, RevisionDate(date(2026, 1, 1)),
                           {"document": "駒遊びルール", "file": src.name,
                            "lines": f"2-{len(src.lines)}"}, "\n".join(body))
            entry = make_entry("koma/rule/1", "駒遊びの基本ルール", [rev])
            drafts[entry.id] = Draft(entry, {src.name})
        return drafts


IMPORTER = KomaImporter()
