"""Japanese full-text search over the corpus (rules clause by clause, Q&A, terms, cards).

The API the CLI and the web app use::

    from judge.search import Searcher, build_index
    stats = build_index(corpus, rebuild=False, progress=False, index_dir=None)
    stats.summary()
    searcher = Searcher.open(corpus)          # once per process; rebuilds a stale index
    result = searcher.search("グレイズ", game=None, kind=None, limit=10, offset=0)
    result.as_json()   # {"query", "total", "results": [...], "facets", "did_you_mean",
                       #  "notice", "redirect", "redirect_url", "understood", "offset"}
    result.as_text()   # for the terminal

Each result: ``{"id", "game", "kind", "title", "snippet" (HTML, <mark> around matched
words, everything else escaped), "url", "score", "clause", "revision", "current",
"date", "date_known", "withdrawn"}`` (``date_known`` False: the source gives no date,
``date`` is "before" the day the text was collected).  The index folder is ``index_dir``, else $JUDGE_INDEX_DIR, else
``<repo>/.index/``.  Every Whoosh import of the project is inside this package.
"""
import os

# numpy's OpenBLAS starts a thread per core when numpy is imported (for an index of
# over matching.NUMPY_FROM passages); the search uses no linear algebra, and in a web
# worker or a one-shot `judge search` those threads only compete for the cores
# (numpy's import took twice the CPU).  An operator may still set it.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from .indexer import DEFAULT_INDEX_DIR, IndexStats, build_index, fingerprint  # noqa: E402
from .query import parse  # noqa: E402
from .searcher import Hit, SearchResult, Searcher  # noqa: E402

__all__ = ["build_index", "IndexStats", "Searcher", "SearchResult", "Hit", "parse",
           "fingerprint", "DEFAULT_INDEX_DIR"]
