"""The games the engine knows (登録): filled from the ``judge.games`` entry points.

A game is a plugin.  An installed package declares its :class:`~judge.engine.game.Game`
subclass in its ``pyproject.toml``::

    [project.entry-points."judge.games"]
    mygame = "mypackage.mygame:MyGame"

and the engine finds it here; nothing in the engine, the web app or the CLI names a game.
:func:`register_game` is the public function the entry points feed; a test (or a script)
may call it directly to add a game that is not installed as a package.
"""
from __future__ import annotations

from judge.common.plugins import Plugins

from .game import Game

GROUP = "judge.games"


class UnknownGame(KeyError):
    """No registered game has this id."""


def register_game(cls: type[Game]) -> type[Game]:
    """Add a game class to the registry (usable as a class decorator); returns it.

    The class must be a :class:`Game` with an id (``name``) and titles; registering a
    second class under an id already taken is an error, so two plugins cannot silently
    shadow each other.
    """
    if not (isinstance(cls, type) and issubclass(cls, Game)):
        raise TypeError(f"{cls!r} is not a Game subclass")
    cls.check_declaration()
    _games.load()               # the installed games come first, whoever registers first
    with _games.lock:
        other = _games.registered.get(cls.name)
        if other is not None and other is not cls:
            raise ValueError(f"game id {cls.name!r} is registered twice: "
                             f"{other.__module__}.{other.__qualname__} and "
                             f"{cls.__module__}.{cls.__qualname__}")
        _games.registered[cls.name] = cls
    return cls


def unregister_game(name: str) -> None:
    """Remove a game added with :func:`register_game` (tests clean up with it)."""
    _games.registered.pop(name, None)


_games: Plugins[type[Game]] = Plugins(GROUP, lambda cls: getattr(cls, "name", None),
                                      register_game)


def game_classes() -> dict[str, type[Game]]:
    """Every registered game, id -> class: the installed ones by id, then the others."""
    return _games.all()


def game_names() -> list[str]:
    """The game ids a scenario may name."""
    return list(game_classes())


def game_class(name: str) -> type[Game]:
    """The Game subclass of a game id; :class:`UnknownGame` if none is registered."""
    cls = _games.get(name)
    if cls is None:
        raise UnknownGame(name)
    return cls


def get_game(name: str, corpus=None) -> Game:
    """An instance of the game ``name`` bound to a corpus (for its card list)."""
    return game_class(name)(corpus)
