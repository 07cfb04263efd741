"""Every registered game keeps the engine's conventions (docs/engine.md, "Adding a game").

Parametrized over the engine's registry (the ``judge.games`` entry points), as a plugin
system's own tests check that its documentation covers every hook: a game added later is
held to the same checks without an edit here.
"""
from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from pathlib import Path

import pytest

from judge.corpus import Corpus
from judge.engine import Cite, Game, Interpretation
from judge.engine.registry import game_classes
from judge.i18n import render
from judge.engine.rulesets import Switch

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "games"
GAMES = list(game_classes().values())     # the installed games (entry points) only
CORPUS = Corpus.load()


def _modules(cls: type[Game]):
    """The game's package and every module in it (importer included)."""
    package = importlib.import_module(cls.__module__.rsplit(".", 1)[0]
                                      if cls.__module__.count(".") > 2 else cls.__module__)
    yield package
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        yield importlib.import_module(info.name)


def _doc(cls: type[Game]) -> str:
    path = DOCS / f"{cls.name}.md"
    assert path.is_file(), f"{cls.name}: no docs/games/{cls.name}.md"
    return path.read_text(encoding="utf-8")


@pytest.fixture(params=GAMES, ids=[g.name for g in GAMES])
def game(request) -> type[Game]:
    return request.param


def test_the_built_in_games_are_registered_through_entry_points():
    assert len(GAMES) >= 3
    for cls in GAMES:
        cls.check_declaration()


def test_every_action_is_documented(game):
    doc = _doc(game)
    missing = [name for name in game(CORPUS).actions if f"`{name}`" not in doc]
    assert missing == [], f"{game.name}: actions not in docs/games/{game.name}.md"


def test_every_interpretation_is_listed_with_its_reason(game):
    doc = _doc(game)
    assert game.interpretations, f"{game.name} declares no interpretation"
    for key, interp in game.interpretations.items():
        assert key == interp.id and interp.id.startswith(game.name + ".")
        # the reason is a message: it must read as a reason in both languages
        for lang, least in (("ja", 10), ("en", 20)):
            reason = render(interp.reason, lang).strip()
            assert len(reason) > least, f"{interp.id}: no reason given in {lang}"
        short = interp.id.split(".", 1)[1]
        listed = f"`{interp.id}`" in doc or f"**{short}.**" in doc
        assert listed, f"{interp.id} is not listed in the game's docs"


def test_every_interpretation_the_code_makes_is_declared(game):
    declared = set(game.interpretations.values())
    made = {value for module in _modules(game) for value in vars(module).values()
            if isinstance(value, Interpretation)}
    assert made - declared == set(), f"{game.name}: interpretations not in the class"


def _cites(game):
    for module in _modules(game):
        for name, value in vars(module).items():
            if isinstance(value, Cite):
                yield f"{module.__name__}.{name}", value
            elif isinstance(value, dict):
                for key, item in value.items():
                    if isinstance(item, Cite):
                        yield f"{module.__name__}.{name}[{key!r}]", item
    for switch in game.switches.values():
        assert isinstance(switch, Switch)
        for variant in switch.variants:
            yield f"switch {switch.name}", variant.cite()


def test_every_citation_resolves_to_a_corpus_clause(game):
    found = list(_cites(game))
    assert found, f"{game.name}: no citation found in its modules"
    for where, cite in found:
        assert cite.entry in CORPUS, f"{where} cites {cite.entry!r}, not in the corpus"
        CORPUS.quote(cite.entry, cite.clause, cite.match, fallback=True)   # KeyError: drift


ENTRY_ID = re.compile(r"""["'](?P<id>[a-z][a-z0-9_]*/(?:rule|qa|term|card)/[^"'#{}\s]+)"""
                      r"""(?:#(?P<clause>[^"'{}\s]+))?["']""")


def test_every_entry_id_written_in_the_code_is_in_the_corpus(game):
    for module in _modules(game):
        source = inspect.getsource(module)
        for m in ENTRY_ID.finditer(source):
            entry_id = m.group("id")
            assert entry_id.startswith(game.name + "/"), \
                f"{module.__name__} names {entry_id}, an entry of another game"
            assert entry_id in CORPUS, f"{module.__name__} names {entry_id}, not in the corpus"
            if m.group("clause"):
                clauses = {c for rev in CORPUS.get(entry_id).revisions for c in rev.clauses}
                assert m.group("clause") in clauses, f"{module.__name__}: {m.group(0)}"


def test_every_zone_is_labelled_in_japanese_and_english(game):
    for zone in game.zones:
        labels = game.zone_labels.get(zone, {})
        assert labels.get("ja") and labels.get("en"), f"{game.name}: zone {zone}"
    laid_out = {z for zones in game.board_layout.values() for z in zones}
    assert laid_out == set(game.zones), f"{game.name}: zones the board page does not place"


def test_the_game_keeps_the_module_convention(game):
    package = Path(inspect.getfile(importlib.import_module(
        game.__module__))).parent
    assert (package / "citations.py").is_file(), f"{game.name}: no citations.py"
    assert (package / "interpretations.py").is_file(), f"{game.name}: no interpretations.py"
    assert game.__name__.endswith("Game")
    for module in _modules(game):
        source = inspect.getsource(module)
        assert not re.search(r"^def require\(", source, re.M), \
            f"{module.__name__} writes its own require (use judge.engine.require)"


def test_the_corpus_manifest_carries_the_game_s_declaration(game):
    info = CORPUS.game(game.name)
    assert info.titles == game.titles and tuple(info.aliases) == tuple(game.aliases)
    assert info.title == game.title


def test_an_empty_board_of_the_game_opens_on_the_workbench(game, tmp_path):
    from judge.web import create_app
    app = create_app({"CORPUS_DIR": str(CORPUS.root), "TESTING": True,
                      "INDEX_DIR": str(tmp_path / "index")})
    resp = app.test_client().get("/board", query_string={"game": game.name})
    assert resp.status_code == 200, resp.get_data(as_text=True)[-400:]
