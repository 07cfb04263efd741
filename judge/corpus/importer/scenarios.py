"""Scenario files (シナリオ) under ``corpus/<game>/scenarios/``: which rulings they reproduce.

Judges and other parts of the project write the scenarios; the importer only reads
their top-level ``ruling:`` (an entry id) or ``rulings:`` (a list) to fill each entry's
``scenarios`` list.  A file that is not valid YAML is skipped here and reported by lint.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml

from judge.corpus.games import corpus_games

# libyaml's parser when PyYAML has it: the same documents, several times faster
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass
class ScenarioScan:
    """What the scenario files say: links by entry id, and the files that failed."""

    links: dict[str, list[str]] = field(default_factory=dict)   # entry id -> paths
    rulings: list[tuple[str, str]] = field(default_factory=list)  # (path, ruling as written)
    broken: list[tuple[str, int | None, str]] = field(default_factory=list)


def scenario_files(root: Path) -> list[Path]:
    """Every scenario file of every game, sorted."""
    found: list[Path] = []
    for game in corpus_games(Path(root)):
        folder = Path(root) / game.id / "scenarios"
        if folder.is_dir():
            found += [p for p in folder.iterdir()
                      if p.suffix in (".yaml", ".yml") and p.is_file()]
    return sorted(found)


def scan(root: Path) -> ScenarioScan:
    """Read the rulings every scenario names; paths are relative to the corpus root."""
    out = ScenarioScan()
    for path in scenario_files(root):
        rel = path.relative_to(root).as_posix()
        try:
            data = yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)
        except (yaml.YAMLError, UnicodeDecodeError, OSError) as exc:
            mark = getattr(exc, "problem_mark", None)
            out.broken.append((rel, mark.line + 1 if mark else None,
                               f"not valid YAML: {exc}".replace("\n", " ")))
            continue
        if not isinstance(data, dict):
            out.broken.append((rel, 1, "a scenario is a YAML mapping (game, setup, "
                                       "actions, …)"))
            continue
        named = []
        for key in ("ruling", "rulings"):
            value = data.get(key)
            if isinstance(value, str):
                named.append(value)
            elif isinstance(value, list):
                named += [str(v) for v in value if v]
            elif value is not None:
                out.broken.append((rel, None, f"'{key}' must be an entry id or a list of "
                                              "entry ids"))
        for ruling in dict.fromkeys(named):
            out.rulings.append((rel, ruling))
            out.links.setdefault(ruling.split("#", 1)[0].strip(), []).append(rel)
    return out
