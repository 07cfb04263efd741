"""Fixtures of the web tests: an app on a small tmp corpus with the toy game registered."""
from __future__ import annotations

import sys

import pytest

from judge.engine.registry import register_game, unregister_game

from .fixtures import ENGINE_TESTS, write_corpus


@pytest.fixture(scope="session")
def toy_registered():
    """Register the toy game (tests/engine/toygame.py) for the whole session."""
    sys.path.insert(0, str(ENGINE_TESTS))
    from toygame import ToyGame
    register_game(ToyGame)
    yield
    unregister_game("toy")


@pytest.fixture(scope="session")
def corpus_dir(tmp_path_factory, toy_registered):
    return write_corpus(tmp_path_factory.mktemp("corpus"))


@pytest.fixture(scope="session")
def app(corpus_dir, tmp_path_factory):
    from judge.web import create_app
    app = create_app({"CORPUS_DIR": str(corpus_dir), "TESTING": True,
                      "INDEX_DIR": str(tmp_path_factory.mktemp("index"))})
    return app


@pytest.fixture
def client(app):
    return app.test_client()
