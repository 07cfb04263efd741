"""What every request shares: the corpus, the searcher, the games and cached replays.

All of it lives on ``app.extensions["judge"]`` (one :class:`Services` per app), built
once: the corpus is read at startup and does not change while the app runs, so a
replay or a game's description computed once stays true.
"""
from __future__ import annotations

import logging
import os
import threading
from pathlib import Path

from flask import Flask, current_app

from judge.common.lru import LRU
from judge.corpus import Corpus

log = logging.getLogger(__name__)


class Services:
    """The corpus and the things derived from it, for one app."""

    def __init__(self, app: Flask):
        self._stamp = _manifest_stamp(Path(app.config["CORPUS_DIR"]))
        self.corpus = Corpus.load(app.config["CORPUS_DIR"])
        self.index_dir = app.config.get("INDEX_DIR")
        self._searcher = app.config.get("SEARCHER")
        self._lock = threading.Lock()
        self._new_caches()
        if self._searcher is None and app.config.get("SEARCH_EAGER", True):
            self.searcher()

    corpus_version = 0            # bumped when an approved change reloads the corpus

    def _new_caches(self) -> None:
        """Empty caches (all of them derive from the corpus)."""
        self.cache = LRU(512)          # replays, rendered texts, small lookups
        self.pages = LRU(128)          # whole entry pages (up to ~200 KiB each)
        self.searches = LRU(512)       # whole search result pages (5-30 KiB each)
        self.boards = LRU(64)          # whole pages of a board's run (~30 KiB each)

    def reload(self, changed: list[str]) -> None:
        """Read the corpus again after an approved change; update the index for ``changed``.

        Caches derived from the old corpus are dropped; the search index has the changed
        entries' passages re-indexed (:meth:`Searcher.reindex`), not rebuilt.
        """
        stamp = _manifest_stamp(self.root)
        corpus = Corpus.load(self.root)
        with self._lock:
            searcher = self._searcher
            if searcher is not None:
                searcher.reindex(changed, corpus)
            self.corpus, self._searcher, self._stamp = corpus, searcher, stamp
            self._new_caches()
            self.corpus_version += 1

    def refresh(self) -> None:
        """Reload the corpus if another process (a worker that approved a change, an
        import) rewrote it; the search is then reopened by the new corpus's fingerprint,
        which finds the index that process updated."""
        stamp = _manifest_stamp(self.corpus.root)
        if stamp == self._stamp:
            return
        corpus = Corpus.load(self.root)
        with self._lock:
            # The old searcher is left to the garbage collector, not closed: a request
            # in another thread may still be reading it.
            self.corpus, self._searcher, self._stamp = corpus, None, stamp
            self._new_caches()
            self.corpus_version += 1

    @property
    def root(self) -> Path:
        """The corpus folder."""
        return Path(self.corpus.root)

    def searcher(self):
        """The search of this corpus, opened (and the index built if need be) once."""
        if self._searcher is None:
            with self._lock:
                if self._searcher is None:
                    from judge.search import Searcher
                    self._searcher = Searcher.open(self.corpus, self.index_dir)
        return self._searcher


def _manifest_stamp(root: Path):
    """When the import last wrote the corpus (its manifest's time), or None."""
    try:
        return os.stat(os.path.join(root, ".import-manifest.json")).st_mtime_ns
    except OSError:
        return None


def init_app(app: Flask) -> None:
    """Load the corpus and attach the services to the app."""
    app.extensions["judge"] = Services(app)


def services() -> Services:
    """The services of the app handling this request."""
    return current_app.extensions["judge"]


def corpus() -> Corpus:
    """The corpus of the app handling this request."""
    return services().corpus
