"""Source importers (取り込み器) as plugins: how the importer finds each game's.

Each game brings the importer of its own source documents, declared in the entry-point
group ``judge.importers`` (pyproject.toml) as an object with the attributes of
:class:`GameImporter`.  The corpus layer loads them from there and never imports a game;
:func:`register_importer` is the public function the entry points feed (a test adds an
importer that is not installed as a package with it).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Protocol

from judge.common.plugins import Plugins
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


def register_importer(importer: GameImporter) -> GameImporter:
    """Add a game's importer; a second importer for the same game id is an error."""
    game_id = importer.game.id
    registered = _importers.registered
    other = registered.get(game_id)
    if other is not None and other is not importer:
        raise ValueError(f"two importers for the game {game_id!r}: {other!r}, {importer!r}")
    names = {k.name for imp in registered.values() if imp is not other for k in imp.kinds}
    taken = names & {k.name for k in importer.kinds}
    if taken:
        raise ValueError(f"source kind(s) {sorted(taken)} of {game_id!r} are already taken")
    registered[game_id] = importer
    return importer


def unregister_importer(game_id: str) -> None:
    """Remove an importer added with :func:`register_importer` (tests clean up)."""
    _importers.registered.pop(game_id, None)


_importers: Plugins[GameImporter] = Plugins(GROUP, lambda imp: imp.game.id,
                                            register_importer)


def importers() -> list[GameImporter]:
    """Every registered importer, the installed ones first, by game id."""
    return list(_importers.all().values())


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

