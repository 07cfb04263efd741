"""A least-recently-used cache (LRU キャッシュ) that threads may share.

The searcher's caches (postings, highlights, readings) and the web app's (replays,
rendered entries, whole pages) are both this one.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any, Callable


class LRU:
    """At most ``size`` items (and, with ``weight``, at most ``budget`` total weight).

    Threads share it: a hit takes no lock (see :meth:`get_or`), storing a value takes
    a short one, ``make`` runs outside it (a slow replay must not block other
    requests; two threads may make the same value, both are equal and the first kept
    is returned to both), and values are never changed once made.
    """

    def __init__(self, size: int = 256, weight: Callable[[Any], int] | None = None,
                 budget: int | None = None):
        self.size, self.weight, self.budget = size, weight, budget
        self.total = 0
        self._data: OrderedDict = OrderedDict()
        self._lock = threading.Lock()

    def get_or(self, key, make: Callable[[], Any]):
        """The cached value of ``key``, computing it with ``make()`` the first time."""
        # A hit takes no lock: the lookup and the move to the end are each one C call
        # of the OrderedDict, atomic under the GIL; another thread evicting the key
        # between the two leaves a value that was valid when read (a results page
        # makes about a thousand hits on these caches: the lock was a tenth of them).
        data = self._data
        try:
            value = data[key]
        except KeyError:
            pass
        else:
            try:
                data.move_to_end(key)
            except KeyError:
                pass
            return value
        value = make()
        with self._lock:
            if key in self._data:
                return self._data[key]
            self._data[key] = value
            if self.weight:
                self.total += self.weight(value)
            while len(self._data) > self.size or (self.budget and self.total > self.budget
                                                  and len(self._data) > 1):
                _, old = self._data.popitem(last=False)
                if self.weight:
                    self.total -= self.weight(old)
        return value

    # The web app's spelling of the same call (``services().cache.get(key, make)``).
    get = get_or

    def peek(self, key):
        """The cached value of ``key`` (made most recent), or None."""
        data = self._data
        try:
            value = data[key]
        except KeyError:
            return None
        try:
            data.move_to_end(key)      # (no lock: see get_or)
        except KeyError:
            pass
        return value

    def __len__(self) -> int:
        return len(self._data)

    def __contains__(self, key) -> bool:
        return key in self._data
