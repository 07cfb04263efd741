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
"date", "withdrawn"}``.  The index folder is ``index_dir``, else $JUDGE_INDEX_DIR, else
``<repo>/.index/``.  Every Whoosh import of the project is inside this package.
"""
from .indexer import DEFAULT_INDEX_DIR, IndexStats, build_index, fingerprint
from .query import parse
from .searcher import Hit, SearchResult, Searcher

__all__ = ["build_index", "IndexStats", "Searcher", "SearchResult", "Hit", "parse",
           "fingerprint", "DEFAULT_INDEX_DIR"]
