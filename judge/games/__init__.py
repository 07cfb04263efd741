"""The games: one package each (vision, yugioh, gemchronicle), each a Game subclass.

The engine core knows no game; this registry is how scenarios, the CLI and the web app
find one by name.
"""
from __future__ import annotations

import importlib

GAME_MODULES = {
    "vision": "judge.games.vision",
    "yugioh": "judge.games.yugioh",
    "gemchronicle": "judge.games.gemchronicle",
}


def game_names() -> list[str]:
    """The game ids a scenario may name."""
    return list(GAME_MODULES)


def game_class(name: str):
    """The Game subclass of a game id (KeyError if unknown or not built yet)."""
    if name not in GAME_MODULES:
        raise KeyError(name)
    try:
        module = importlib.import_module(GAME_MODULES[name])
    except ModuleNotFoundError as exc:
        if exc.name and GAME_MODULES[name].startswith(exc.name):
            raise KeyError(name) from exc     # that game is not built yet
        raise
    return module.GAME


def get_game(name: str, corpus=None):
    """An instance of the game ``name`` bound to a corpus (for its card list)."""
    return game_class(name)(corpus)
