"""The plugins of one entry-point group (プラグイン), loaded once when first asked for.

The engine's games (``judge.games``) and the importer's source readers
(``judge.importers``) are both found this way: an installed package declares an object
under a name in its ``pyproject.toml``, and :class:`Plugins` loads every one of a group,
by name, the first time any of them is asked for.  A web worker's threads ask at once,
so none is answered before every installed plugin is in.
"""
from __future__ import annotations

import threading
from typing import Callable, Generic, TypeVar

from .entrypoints import entry_points

T = TypeVar("T")


class Plugins(Generic[T]):
    """The plugins of entry-point group ``group``, by name.

    ``name_of(plugin)`` is the name a plugin gives itself, which must be its entry
    point's; ``register(plugin)`` is the owner's public function that checks a plugin
    and adds it to :attr:`registered` (the entry points feed it, and a test or script
    may call it directly for a plugin that is not installed as a package).
    """

    def __init__(self, group: str, name_of: Callable[[T], object],
                 register: Callable[[T], T]):
        self.group = group
        self._name_of = name_of
        self._register = register
        self.registered: dict[str, T] = {}
        # "new", "loading" (by the thread holding the lock), "done".  One thread told
        # "loaded" while another was still loading found some plugins missing (a board
        # of the last game by name was refused).
        self._state = "new"
        # re-entered: the owner's register function may ask for the plugins while loading
        self.lock = threading.RLock()

    def load(self) -> None:
        """Load the installed plugins of the group, once; a thread asking while another
        loads waits until every one is in."""
        if self._state == "done":
            return
        with self.lock:
            if self._state != "new":      # done meanwhile, or this thread is loading
                return
            self._state = "loading"
            try:
                # By name, so the order (the board page's first game, the CLI's listing)
                # does not depend on the order packages were installed in.
                for ep in sorted(entry_points(self.group), key=lambda ep: ep.name):
                    plugin = ep.load()
                    name = self._name_of(plugin)
                    if name != ep.name:
                        raise ValueError(f"entry point {ep.name!r} of group {self.group} "
                                         f"loads {plugin!r}, whose name is {name!r}")
                    self._register(plugin)
            except BaseException:
                self._state = "new"
                raise
            self._state = "done"

    def all(self) -> dict[str, T]:
        """Every plugin, name -> plugin: the installed ones by name, then the others."""
        self.load()
        return dict(self.registered)

    def get(self, name: str) -> T | None:
        """The plugin named ``name`` (None if none is): without copying every plugin,
        as :meth:`all` does (a board's page asks for its game's class some sixty times)."""
        self.load()
        return self.registered.get(name)
