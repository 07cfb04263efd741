"""What every request shares: the corpus, the searcher, the games and cached replays.

All of it lives on ``app.extensions["judge"]`` (one :class:`Services` per app), built
once: the corpus is read at startup and does not change while the app runs, so a
replay or a game's description computed once stays true.
"""
from __future__ import annotations

import functools
import logging
import os
import threading
from pathlib import Path

from flask import Flask, current_app

from judge.common.cache_budget import share
from judge.common.lru import LRU
from judge.corpus import Corpus
from judge.i18n import _

log = logging.getLogger(__name__)


class NotReady(Exception):
    """What a worker needs is missing or stale, and it may not build it (``BUILD``
    False): the message names the command that builds it."""


def not_ready_message(corpus_dir, problem: str) -> str:
    """What a worker that may not build says, naming the command that builds."""
    return _("judge: cannot serve {corpus}: {problem}. Run `judge --corpus {corpus} index` "
             "first (with the same JUDGE_CACHE_DIR and JUDGE_INDEX_DIR as the workers), "
             "or set JUDGE_BUILD=1 to let a worker build it.", corpus=str(corpus_dir),
             problem=problem)


class Services:
    """The corpus and the things derived from it, for one app."""

    def __init__(self, app: Flask):
        from judge.corpus.database import StoreMissing
        from judge.search.store import IndexMissing

        root = app.config["CORPUS_DIR"]
        self._stamp = _manifest_stamp(Path(root))
        # BUILD false (gunicorn wsgi:app): what is missing is built by `judge index`,
        # never by a worker, which refuses to start instead (judge/web/serving.py, wsgi.py)
        self.build = app.config.get("BUILD", True)
        try:
            self.corpus = Corpus.load(root, build=self.build)
        except StoreMissing as exc:
            raise NotReady(not_ready_message(root, _("the compiled corpus is missing or "
                                                     "older than its files ({detail})",
                                                     detail=exc))) from None
        self.index_dir = app.config.get("INDEX_DIR")
        self._searcher = app.config.get("SEARCHER")
        self._lock = threading.Lock()
        self._new_caches()
        if self._searcher is None and (app.config.get("SEARCH_EAGER", True) or not self.build):
            try:
                self.searcher()
            except IndexMissing as exc:
                raise NotReady(not_ready_message(root, _("the search index is missing or "
                                                         "stale ({detail})", detail=exc))) \
                    from None

    corpus_version = 0            # bumped when an approved change reloads the corpus

    def _new_caches(self) -> None:
        """Empty caches (all of them derive from the corpus)."""
        self.cache = LRU(512)          # replays, rendered texts, small lookups
        # values made once per corpus from all of it (the scenario list, its titles):
        # kept apart, so that a run of entry views filling ``cache`` cannot push them out
        # and make the next board page read every scenario file again
        self.lists = LRU(32)
        # whole pages, bounded by bytes too (a worker's memory at 100,000 entries is
        # counted with them full: docs/scaling.md)
        # (each its share of the worker's cache budget, JUDGE_CACHE_MB: 4, 2.5 and 1 MB)
        self.pages = LRU(128, weight=len, budget=share("entry_pages"))     # to ~200 KiB
        self.searches = LRU(512, weight=len, budget=share("results_pages"))  # 5-30 KiB
        self.boards = LRU(64, weight=len, budget=share("board_pages"))     # ~30 KiB

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
                    self._searcher = Searcher.open(self.corpus, self.index_dir,
                                                   build=self.build)
        return self._searcher


def _manifest_stamp(root: Path):
    """When the import last wrote the corpus (its manifest's time), or None."""
    try:
        return os.stat(_manifest_path(root)).st_mtime_ns
    except OSError:
        return None


@functools.lru_cache(maxsize=16)
def _manifest_path(root) -> str:
    # every request stats it: the path joined once per corpus folder
    return os.path.join(root, ".import-manifest.json")


def init_app(app: Flask) -> None:
    """Load the corpus and attach the services to the app."""
    app.extensions["judge"] = Services(app)


def services() -> Services:
    """The services of the app handling this request."""
    return current_app.extensions["judge"]


def corpus() -> Corpus:
    """The corpus of the app handling this request."""
    return services().corpus
