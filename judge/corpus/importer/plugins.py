"""Source importers (取り込み器) as plugins: how the importer finds each game's.

Each game brings the importer of its own source documents, declared in the entry-point
group ``judge.importers`` (pyproject.toml) as an object with the attributes of
:class:`GameImporter`.  The corpus layer loads them from there and never imports a game;
:func:`register_importer` is the public function the entry points feed (a test adds an
importer that is not installed as a package with it).
"""
from __future__ import annotations

import threading
from dataclasses import dataclass
from importlib.metadata import entry_points
from pathlib import Path
from typing import Callable, Protocol

from judge.corpus.games import GameInfo

GROUP = "judge.importers"


@dataclass(frozen=True)
class SourceKind:
    """One kind of source document a game's importer reads.

    ``recognise(path, first_line, lines)`` says whether a file is one (by content, never
    by file name alone); ``accepted`` describes it for the error a judge sees when a file
    is none of the known kinds; ``folder`` is where such sources live under
    ``sources/`` (cited by entries); ``once``: an import takes at most one of them.
    """

    name: str
    accepted: str
    recognise: Callable[[Path, str, list[str]], bool]
    folder: str = "seeds"
    once: bool = False


class GameImporter(Protocol):
    """What a game's importer declares (see docs/engine.md, "Adding a game")."""

    game: GameInfo          # id, titles, aliases (kinds are filled in from the drafts)
    kinds: tuple[SourceKind, ...]

    def build(self, sources: dict[str, list]) -> dict:
        """The drafts (entry id -> Draft) of the sources, by kind name, of this game."""


_registered: dict[str, GameImporter] = {}
_loaded = False
_loading = threading.Lock()     # threads of a web worker may ask at once: one loads


def register_importer(importer: GameImporter) -> GameImporter:
    """Add a game's importer; a second importer for the same game id is an error."""
    game_id = importer.game.id
    other = _registered.get(game_id)
    if other is not None and other is not importer:
        raise ValueError(f"two importers for the game {game_id!r}: {other!r}, {importer!r}")
    names = {k.name for imp in _registered.values() if imp is not other for k in imp.kinds}
    taken = names & {k.name for k in importer.kinds}
    if taken:
        raise ValueError(f"source kind(s) {sorted(taken)} of {game_id!r} are already taken")
    _registered[game_id] = importer
    return importer


def unregister_importer(game_id: str) -> None:
    """Remove an importer added with :func:`register_importer` (tests clean up)."""
    _registered.pop(game_id, None)


def importers() -> list[GameImporter]:
    """Every registered importer, the installed ones first, by game id."""
    global _loaded
    if not _loaded:
        with _loading:
            if not _loaded:
                for ep in sorted(entry_points(group=GROUP), key=lambda ep: ep.name):
                    importer = ep.load()
                    if importer.game.id != ep.name:
                        raise ValueError(f"entry point {ep.name!r} of group {GROUP} loads "
                                         f"the importer of {importer.game.id!r}")
                    register_importer(importer)
                # set when every installed importer is in, not before: a thread told
                # "loaded" earlier would have found some missing
                _loaded = True
    return list(_registered.values())


def source_kinds() -> list[tuple[GameImporter, SourceKind]]:
    """Every source kind any importer reads, with its importer."""
    return [(imp, kind) for imp in importers() for kind in imp.kinds]


def accepted():
    """The known source kinds, as the error for an unknown file lists them (a message)."""
    from judge.i18n import msg
    texts = [kind.accepted for _, kind in source_kinds()]
    if not texts:
        return msg("no importer is installed")
    if len(texts) == 1:
        return texts[0]
    return msg("{kinds} or {last}", kinds=texts[:-1], last=texts[-1])

