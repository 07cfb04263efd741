"""A least-recently-used cache that threads may share (the searcher's caches)."""
from __future__ import annotations

import threading
from collections import OrderedDict


class LRU(OrderedDict):
    """A least-recently-used cache of at most ``size`` items (and ``budget`` weight).

    Threads share it: its bookkeeping takes a short lock, ``make`` runs outside it (two
    threads may make the same value; both are equal and one is kept), and values are
    never changed once made.
    """

    def __init__(self, size: int, weight=None, budget: int | None = None):
        super().__init__()
        self.size = size
        self.weight = weight
        self.budget = budget
        self.total = 0
        self._lock = threading.Lock()

    def get_or(self, key, make):
        with self._lock:
            if key in self:
                self.move_to_end(key)
                return self[key]
        value = make()
        with self._lock:
            if key in self:
                return self[key]
            self[key] = value
            if self.weight:
                self.total += self.weight(value)
            while len(self) > self.size or (self.budget and self.total > self.budget
                                            and len(self) > 1):
                _, old = self.popitem(last=False)
                if self.weight:
                    self.total -= self.weight(old)
        return value
