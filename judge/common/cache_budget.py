"""One memory budget for a worker's caches (キャッシュの予算), set by the organiser.

Every cache a serving worker fills as it answers (the searcher's postings, the whole
pages it keeps, the texts and character maps of recent results) is bounded by bytes,
and those bounds are shares of one figure: ``JUDGE_CACHE_MB`` (megabytes, default
:data:`DEFAULT_MB`).  An organiser with little memory per worker lowers it, one with
much raises it; the split stays what was measured to keep searches fast (the postings
of the words judges search for first: a keyword's warm p95 at 100,000 entries grew from
4-7.5 ms to 7.7-9.3 ms with half of them, when they were copies; since the postings are
read in place, what the postings cache keeps is their bitsets, and 24 MB of them keep
half as many terms again as 48 MB of copies did: docs/scaling.md).

The figure is what the caches hold, not the worker's memory: a worker at 100,000 entries
holds about twice it after a day (the Python runtime, the app, what the allocator keeps),
and a worker at the real corpus fills little of it.  Caches bounded by a count of small
items (titles, readings, the last entries unpickled) are outside it.

A value that is not a positive number is refused where the server starts
(:func:`budget_error`, ``judge.web.serving.config_from_env``); the caches, made when their
modules are imported, fall back to the default meanwhile rather than fail an import.
"""
from __future__ import annotations

import os
from typing import Mapping

from .env_numbers import env_number

ENV = "JUDGE_CACHE_MB"
DEFAULT_MB = 40.0
MB = 1_000_000

# each cache's share of the budget (what it was given alone before, scaled to the
# default's 40 MB; the postings first: they are what keeps a search fast)
SHARES = {
    # judge.search.matching: terms' postings and bitsets; the postings of the text
    # fields are views of the mapped postings files and count nothing here, so this
    # is their bitsets (21 KB a term at 100,000 entries) and the keyword fields' copies
    # (48 MB when the text fields' postings were copies: 762 terms; 24 MB keep ~1,130)
    "postings": 24 / 40,
    "entry_pages": 4 / 40,        # judge.app.services: whole entry pages (to ~200 KiB)
    "results_pages": 2.5 / 40,    # judge.app.services: whole results pages (5-30 KiB)
    "stored_fields": 2.5 / 40,    # judge.search.store: passages' stored fields (~650 B)
    "shaping_texts": 2 / 40,      # judge.search.shaping: passages' normal forms (chars)
    "exact_tier": 1.5 / 40,       # judge.search.shaping: what the exact tier reads
    "snippet_maps": 1.5 / 40,     # judge.search.highlight: snippets' character maps
    "board_pages": 1 / 40,        # judge.app.services: a board's run (~30 KiB)
    "passage_texts": 1 / 40,      # judge.search.store: passages' plain texts (chars)
}


def budget_error(environ: Mapping[str, str] | None = None) -> str | None:
    """What is wrong with ``JUDGE_CACHE_MB`` (a sentence naming it), or None."""
    env = os.environ if environ is None else environ
    try:
        env_number(env, ENV, None, float, "the megabytes a worker's caches may hold, a "
                   f"positive number (default {DEFAULT_MB:g})", positive=True)
    except ValueError as e:
        return str(e)
    return None


def total_mb(environ: Mapping[str, str] | None = None) -> float:
    """The budget in megabytes (the default where ``JUDGE_CACHE_MB`` is unset or bad)."""
    env = os.environ if environ is None else environ
    if budget_error(env) is not None or not (env.get(ENV) or "").strip():
        return DEFAULT_MB
    return float(env[ENV])


def share(name: str, environ: Mapping[str, str] | None = None) -> int:
    """The bytes (or characters, for a cache of texts) cache ``name`` may hold: its
    share of the budget, at least one."""
    return max(1, int(total_mb(environ) * MB * SHARES[name]))
