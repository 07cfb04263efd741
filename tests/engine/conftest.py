import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from judge.engine.registry import register_game, unregister_game  # noqa: E402


@pytest.fixture(autouse=True)
def toy_game():
    """Register the toy game (tests/engine/toygame.py) for the engine-core tests."""
    from toygame import ToyGame
    register_game(ToyGame)
    yield
    unregister_game("toy")


@pytest.fixture
def corpus():
    from toygame import toy_corpus
    return toy_corpus()
