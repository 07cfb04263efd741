"""The games of a corpus (ゲーム一覧), read from the corpus itself.

The corpus and search layers never import the engine or a game: they learn which games
there are from ``corpus/games.yaml``, the manifest ``judge import`` writes from the
importers it ran (each game's id, titles in Japanese and English, the aliases a judge
types for it in a search, and the kinds of entries it has).  A corpus folder without a
manifest (a test's hand-written corpus) still names its games by its top-level folders;
they then have their id as title and no alias.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from judge.common.digests import blake2b
from judge.i18n import msg

MANIFEST = "games.yaml"
# What a game id looks like: the first part of an entry id and a corpus folder name.
ID_PATTERN = r"[a-z][a-z0-9_]*"


class GameManifestError(ValueError):
    """``games.yaml`` cannot be read; the message names the file and the field."""


@dataclass(frozen=True)
class GameInfo:
    """One game as the corpus knows it: id, titles {ja, en}, search aliases, kinds."""

    id: str
    titles: dict = field(default_factory=dict)
    aliases: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()

    @property
    def title(self) -> str:
        """The title shown to a judge (the Japanese one; the id if the corpus has none)."""
        return self.titles.get("ja") or self.titles.get("en") or self.id

    def as_dict(self) -> dict:
        """The manifest's form of this game."""
        return {"id": self.id, "titles": dict(self.titles), "aliases": list(self.aliases),
                "kinds": list(self.kinds)}


def read_manifest(root: Path) -> list[GameInfo]:
    """The games ``root/games.yaml`` lists, in its order (empty if there is none)."""
    path = Path(root) / MANIFEST
    if not path.exists():
        return []
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise GameManifestError(msg("{path}: cannot be read: {problem}", path=str(path),
                                    problem=str(exc))) from None
    # what this manifest (these bytes, read by this code) gave before: no YAML parser
    # to import in a command that only needs the games' names
    from .cache import memo_get, memo_put
    key = blake2b(Path(__file__).read_bytes() + b"\0" + raw,
                          digest_size=20).hexdigest()
    kept = memo_get(key, "games-manifest")
    if isinstance(kept, list):
        return [GameInfo(g["id"], g["titles"], tuple(g["aliases"]), tuple(g["kinds"]))
                for g in kept]
    import yaml
    try:
        data = yaml.safe_load(raw.decode("utf-8")) or {}
    except (yaml.YAMLError, UnicodeDecodeError) as exc:
        raise GameManifestError(msg("{path}: cannot be read: {problem}", path=str(path),
                                    problem=str(exc))) from None
    games = data.get("games") if isinstance(data, dict) else None
    if not isinstance(games, list):
        raise GameManifestError(msg("{path}: expected a mapping with a 'games' list",
                                    path=str(path)))
    out = []
    for n, item in enumerate(games):
        if not isinstance(item, dict) or not isinstance(item.get("id"), str):
            raise GameManifestError(msg("{path}: games[{n}] needs an 'id'", path=str(path),
                                        n=n))
        titles = item.get("titles") or {}
        if not isinstance(titles, dict):
            raise GameManifestError(msg("{path}: games[{n}].titles must be a mapping",
                                        path=str(path), n=n))
        out.append(GameInfo(item["id"], {str(k): str(v) for k, v in titles.items()},
                            tuple(str(a) for a in item.get("aliases") or ()),
                            tuple(str(k) for k in item.get("kinds") or ())))
    memo_put(key, "games-manifest", [g.as_dict() for g in out])
    return out


def render_manifest(games: Iterable[GameInfo]) -> str:
    """The text of ``games.yaml`` (stable, so a re-import does not rewrite it)."""
    head = ("# The games of this corpus, written by `judge import` from each game's\n"
            "# declaration (docs/corpus-format.md, \"games.yaml\"); do not edit by hand.\n")
    import yaml
    body = yaml.safe_dump({"games": [g.as_dict() for g in games]}, allow_unicode=True,
                          sort_keys=False, default_flow_style=False, width=100)
    return head + body


def corpus_games(root: Path | None, entry_games: Iterable[str] = ()) -> list[GameInfo]:
    """The manifest's games, then any game the entries (or folders) have that it lacks."""
    games = read_manifest(root) if root is not None else []
    known = {g.id for g in games}
    extra = set(entry_games)
    if root is not None and Path(root).is_dir():
        extra |= {p.name for p in Path(root).iterdir()
                  if p.is_dir() and not p.name.startswith(".")}
    games += [GameInfo(g) for g in sorted(extra - known)]
    return games


def alias_table(games: Iterable[GameInfo]) -> dict[str, str]:
    """What a judge may type for a game (folded to lower case) -> its id.

    The id, both titles and the declared aliases all count; an alias two games share
    is dropped rather than silently given to one of them.
    """
    import unicodedata
    table: dict[str, str] = {}
    clash: set[str] = set()
    for game in games:
        for name in (game.id, *game.titles.values(), *game.aliases):
            key = unicodedata.normalize("NFKC", name).strip().lower()
            if not key:
                continue
            if table.get(key, game.id) != game.id:
                clash.add(key)
            table[key] = game.id
    for key in clash:
        del table[key]
    return table
