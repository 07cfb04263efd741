"""The architecture the layout promises (issues 10 and 23).

A game is a plugin: no layer outside a game's own package names the game (its id, its
titles, its card types), and the other layers reach games only through the engine's
registry, never by importing ``judge.games``.  And the house has floors: every import in
``judge/`` (those inside functions too) follows the arrows declared in
``judge/layers.toml``, and no two packages import each other, even through others.
These are checked on the source files, so a new hard-coded game list or a new import
up the house fails here.
"""
from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import pytest

from judge.engine.registry import game_classes

ROOT = Path(__file__).resolve().parent.parent
TEXT_SUFFIXES = {".py", ".html", ".js", ".css", ".md", ".json", ".toml", ".cfg", ".txt"}
LAYERS = ROOT / "judge" / "layers.toml"


def _sources(*folders: str):
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and path.suffix in TEXT_SUFFIXES and "__pycache__" not in path.parts:
                yield path


def _outside(game: str):
    own = ROOT / "judge" / "games" / game
    return [p for p in _sources("judge", "templates") if own not in p.parents]


@pytest.mark.parametrize("game", sorted(game_classes()))
def test_no_game_is_named_outside_its_own_package(game):
    word = re.compile(rf"\b{re.escape(game)}\b")
    named = [str(path.relative_to(ROOT)) for path in _outside(game)
             if word.search(path.read_text(encoding="utf-8"))]
    assert named == [], f"{game} is named outside judge/games/{game}/"


@pytest.mark.parametrize("game", sorted(game_classes()))
def test_no_game_title_is_written_outside_its_own_package(game):
    titles = {t for t in game_classes()[game].titles.values() if t}
    assert titles, f"{game} has no title to look for"
    named = [f"{path.relative_to(ROOT)}: {title}" for path in _outside(game)
             for title in sorted(titles) if title in path.read_text(encoding="utf-8")]
    assert named == [], f"{game}'s title is written outside judge/games/{game}/"


def _card_types(game: str) -> set[str]:
    """The values a card's type (or kind) field of ``game`` may take."""
    fields = game_classes()[game].card_fields
    return {o for name in ("type", "kind") if name in fields for o in fields[name].options}


@pytest.mark.parametrize("game", sorted(game_classes()))
def test_no_card_type_is_written_outside_the_games(game):
    """A game's card types (キャラクター, スペル…) written in a shared layer's code are that
    game's rules outside its package: a Japanese card type as a string, or a list, set or
    table naming two or more of them (an English type alone is often a common word: a
    ``"field"`` of a form, an ``"effect"``)."""
    types = _card_types(game)
    games = ROOT / "judge" / "games"
    found = []
    for path in _sources("judge"):
        if path.suffix != ".py" or games in path.parents:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in types \
                    and not str(node.value).isascii():
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value!r}")
            elif isinstance(node, (ast.Dict, ast.Set, ast.Tuple, ast.List)):
                items = node.keys if isinstance(node, ast.Dict) else node.elts
                named = {i.value for i in items if isinstance(i, ast.Constant)} & types
                if len(named) >= 2:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {sorted(named)}")
    assert found == [], f"{game}'s card types are written outside judge/games/"


@pytest.mark.parametrize("layer", ["judge/engine", "judge/web", "judge/corpus", "judge/search"])
def test_a_layer_reaches_games_only_through_the_registry(layer):
    imports = []
    for path in _sources(layer):
        if path.suffix != ".py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            imports += [f"{path.relative_to(ROOT)}: {n}" for n in names
                        if n == "judge.games" or n.startswith("judge.games.")]
    assert imports == []


# -- the floors of the house (judge/layers.toml) ------------------------------------------

def _package(path: Path) -> str:
    """``judge/web/pages.py`` -> ``web``; ``judge/cli.py`` -> ``cli``."""
    parts = path.relative_to(ROOT / "judge").with_suffix("").parts
    return parts[0]


def _imported(path: Path, text: str | None = None) -> list[tuple[int, str]]:
    """Every ``judge.*`` module ``path`` imports, at module level or inside a function,
    relative imports resolved: (line, module)."""
    module = list(path.relative_to(ROOT).with_suffix("").parts)
    package = module if module[-1] == "__init__" else module[:-1]
    package = [p for p in package if p != "__init__"]
    found = []
    for node in ast.walk(ast.parse(text if text is not None else path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - (node.level - 1)]
                name = ".".join(base + ([node.module] if node.module else []))
                # ``from . import x``: x may be a module of that package
                found += [(node.lineno, f"{name}.{a.name}" if not node.module else name)
                          for a in node.names]
            else:
                found.append((node.lineno, node.module or ""))
    return [(line, name) for line, name in found if name.startswith("judge.")]


def _arrows() -> dict[tuple[str, str], list[str]]:
    """(from package, to package) -> where, for every import across packages."""
    arrows: dict[tuple[str, str], list[str]] = {}
    for path in _sources("judge"):
        if path.suffix != ".py":
            continue
        src = _package(path)
        for line, name in _imported(path):
            dst = name.split(".")[1]
            if dst != src:
                arrows.setdefault((src, dst), []).append(f"{path.relative_to(ROOT)}:{line}")
    return arrows


def _declared() -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    data = tomllib.loads(LAYERS.read_text(encoding="utf-8"))
    layers = {k: set(v) for k, v in data["may_import"].items()}
    exceptions = {}
    for ex in data.get("exception", []):
        assert ex.get("reason", "").strip(), f"the exception for {ex['module']} gives no reason"
        exceptions[ex["module"]] = set(ex["imports"])
    return layers, exceptions


def test_every_package_has_its_floor_declared():
    layers, _ = _declared()
    packages = {_package(p) for p in _sources("judge") if p.suffix == ".py"} - {"__init__"}
    assert packages - set(layers) == set(), "a package of judge/ missing from judge/layers.toml"
    undeclared = {d for ds in layers.values() for d in ds} - set(layers)
    assert undeclared == set()


def test_every_import_follows_a_declared_arrow():
    layers, exceptions = _declared()
    wrong = []
    for (src, dst), where in sorted(_arrows().items()):
        if src == "__init__" or dst in layers.get(src, set()):
            continue
        for place in where:
            module = place.rsplit(":", 1)[0]
            if dst not in exceptions.get(module, set()):
                wrong.append(f"{place}: {src} -> {dst}")
    assert wrong == [], "imports not declared in judge/layers.toml:\n" + "\n".join(wrong)


def test_the_declared_layering_has_no_cycle():
    layers, _ = _declared()
    cycle = _find_cycle(layers)
    assert cycle is None, "a cycle between packages: " + " -> ".join(cycle or [])


def test_the_imports_have_no_cycle_between_packages():
    """The imports themselves, exceptions included, form no cycle either."""
    graph: dict[str, set[str]] = {}
    for src, dst in _arrows():
        graph.setdefault(src, set()).add(dst)
    cycle = _find_cycle(graph)
    assert cycle is None, "a cycle between packages: " + " -> ".join(cycle or [])


def _find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_the_checker_sees_an_import_inside_a_function():
    """The reader of imports finds one written inside a function body, relative too."""
    source = "def f():\n    from judge.web import pages\n    from ..corpus import Corpus\n"
    names = [n for _, n in _imported(ROOT / "judge" / "engine" / "runner.py", source)]
    assert names == ["judge.web", "judge.corpus"]
