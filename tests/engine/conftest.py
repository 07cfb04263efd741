import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import judge.games  # noqa: E402


@pytest.fixture(autouse=True)
def toy_game(monkeypatch):
    """Register the toy game (tests/engine/toygame.py) for the engine-core tests."""
    monkeypatch.setitem(judge.games.GAME_MODULES, "toy", "toygame")


@pytest.fixture
def corpus():
    from toygame import toy_corpus
    return toy_corpus()
