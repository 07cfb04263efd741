"""What the offline search reads of the server's modules beyond judge/search/tables.py.

A few of the search's constants live in the module that uses them (the passages' ranks
in the indexer, the character a question is cut at, the fields BM25 normalises, the
defaults of ``Searcher.search`` and ``shaping.shaped``, the MeCab stand-in's limits in
:mod:`.morph`).  They are read here from those very objects, never copied, and carried
by the bundle as ``"constants"``: a change to any of them reaches the phone with the
next bundle, and tests/search/test_offline_literals.py fails if an offline script
writes one out again.
"""
from __future__ import annotations

import html
import inspect


def _default(function, name: str):
    """A parameter's default, as the function itself declares it."""
    return inspect.signature(function).parameters[name].default


def constants() -> dict:
    """``{name: value}``: plain data, each read from the module the server runs."""
    from judge.corpus import ids
    from judge.search import indexer, question
    from judge.search.searcher import Searcher
    from judge.search.shaping import shaped

    from . import bundle, morph
    return {
        # indexer.RANK_*: a passage's rank (the bundle's docs.rank)
        "RANK_CURRENT": indexer.RANK_CURRENT, "RANK_WITHDRAWN": indexer.RANK_WITHDRAWN,
        "RANK_OLDER": indexer.RANK_OLDER, "RANK_EDITORS": indexer.RANK_EDITORS,
        # the fields BM25 normalises by their lengths, and those a word is scored in
        "LENGTH_FIELDS": list(bundle.LENGTH_FIELDS), "SCORED_FIELDS": list(bundle.SCORED),
        # question.concepts: a name found in a question is cut out at this character
        "QUESTION_CUT": question._CUT,
        # corpus.ids: how a typed number is written as an entry's key (prefix, digits)
        "ID_KEYS": {kind: list(form) for kind, form in ids.ID_KEYS.items()},
        # a search's and a results page's page size when none is asked for
        "SEARCH_LIMIT": _default(Searcher.search, "limit"),
        "PAGE_LIMIT": _default(shaped, "limit"),
        # what highlight.snippet's html.escape writes for each character it escapes
        "HTML_ESCAPES": {chr(c): html.escape(chr(c)) for c in range(128)
                         if html.escape(chr(c)) != chr(c)},
        # the phone's stand-in for MeCab (offline/morph.py)
        "MORPH_SCRIPTS": morph.SCRIPTS,
    }
