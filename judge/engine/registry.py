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

import threading
from importlib.metadata import entry_points

from .game import Game

GROUP = "judge.games"

_registered: dict[str, type[Game]] = {}
# "new", "loading" (by the thread holding the lock), "done".  A web worker's threads
# ask for games at once; one that was told "loaded" while another was still loading
# found some games missing (a board of the last game by name was refused).
_state = "new"
_lock = threading.RLock()       # re-entered: register_game, called while loading


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
    _load_entry_points()        # the installed games come first, whoever registers first
    with _lock:
        other = _registered.get(cls.name)
        if other is not None and other is not cls:
            raise ValueError(f"game id {cls.name!r} is registered twice: "
                             f"{other.__module__}.{other.__qualname__} and "
                             f"{cls.__module__}.{cls.__qualname__}")
        _registered[cls.name] = cls
    return cls


def unregister_game(name: str) -> None:
    """Remove a game added with :func:`register_game` (tests clean up with it)."""
    _registered.pop(name, None)


def _load_entry_points() -> None:
    global _state
    if _state == "done":
        return
    with _lock:                 # another thread loading: wait until it is done
        if _state != "new":     # done meanwhile, or this thread is the one loading
            return
        _state = "loading"
        try:
            # By name, so the order (the board page's first game, the CLI's listing)
            # does not depend on the order packages were installed in.
            for ep in sorted(entry_points(group=GROUP), key=lambda ep: ep.name):
                cls = ep.load()
                if getattr(cls, "name", None) != ep.name:
                    raise ValueError(f"entry point {ep.name!r} of group {GROUP} loads "
                                     f"{cls!r}, whose name is {getattr(cls, 'name', None)!r}")
                register_game(cls)
        except BaseException:
            _state = "new"
            raise
        _state = "done"


def game_classes() -> dict[str, type[Game]]:
    """Every registered game, id -> class: the installed ones by id, then the others."""
    _load_entry_points()
    return dict(_registered)


def game_names() -> list[str]:
    """The game ids a scenario may name."""
    return list(game_classes())


def game_class(name: str) -> type[Game]:
    """The Game subclass of a game id; :class:`UnknownGame` if none is registered."""
    classes = game_classes()
    if name not in classes:
        raise UnknownGame(name)
    return classes[name]


def get_game(name: str, corpus=None) -> Game:
    """An instance of the game ``name`` bound to a corpus (for its card list)."""
    return game_class(name)(corpus)
