"""Every entry page rendered once (事前レンダリング), for the phone and the static export.

A page is rendered by the app itself (its own view, templates and replays), exactly as
a judge online would see it: the current text, the history with its diffs, and the
replay of every linked scenario as recorded.  An entry with older revisions also gets
one page per older revision (``?rev=N``), since the replay under that revision's
ruleset is part of what the judge reads.

The pages a phone downloads have a size budget (``budget``, compressed bytes; the app's
``OFFLINE_PAGES_BYTES``, default 3 MB, or ``$JUDGE_OFFLINE_PAGES_MB``): the pages a
judge is likeliest to need go first (:mod:`.priority`: rules, then terms, Q&A, cards,
each game in turn; current texts before older revisions), and the rest are read online
when asked for.
"""
from __future__ import annotations

import json
import os
import zlib
from urllib.parse import quote

from flask import Flask

from .priority import entry_order


# the file's own bytes around the pages: gzip's header and trailer, the version, the
# braces, and what a final flush adds
ENVELOPE = 256


def default_budget() -> int:
    """The pages' budget in compressed bytes ($JUDGE_OFFLINE_PAGES_MB, default 3)."""
    try:
        return int(float(os.environ.get("JUDGE_OFFLINE_PAGES_MB", "3")) * 1e6)
    except ValueError:
        return 3_000_000


def page_keys(corpus) -> list[str]:
    """``<game>/qa/QA-337``, ``<game>/qa/QA-337?rev=1``, … for every entry, the pages a
    judge likeliest needs first (:func:`.priority.entry_order`, current texts before
    older revisions)."""
    ids = entry_order(corpus.ids())
    older = [f"{entry_id}?rev={rev.number}" for entry_id in ids
             for rev in corpus.entries[entry_id].revisions[1:]]
    return ids + older


def render_all(app: Flask, budget: int | None = None) -> dict[str, str]:
    """``{key: html}`` for the pages of :func:`page_keys`, in that order, until their
    compressed size reaches ``budget`` bytes (None: every page)."""
    corpus = app.extensions["judge"].corpus
    client = app.test_client()
    out = {}
    packed, squeeze = 0, zlib.compressobj(9)
    for key in page_keys(corpus):
        entry_id, _, rev = key.partition("?rev=")
        url = "/entry/" + quote(entry_id, safe="/") + (f"?rev={rev}" if rev else "")
        response = client.get(url)
        if response.status_code != 200:
            raise RuntimeError(f"{url}: the entry page answered {response.status_code}")
        html = response.get_data(as_text=True)
        if budget is not None:
            # measured as the pages file stores it (store.py: a JSON object, gzip), not
            # as bare HTML: its quotes and line breaks escaped cost a few per cent more,
            # and a 100,000-entry corpus's file went 1.7 % over its budget
            piece = json.dumps(key, ensure_ascii=False) + ":" + json.dumps(
                html, ensure_ascii=False, separators=(",", ":")) + ","
            packed += len(squeeze.compress(piece.encode("utf-8")))
            packed += len(squeeze.flush(zlib.Z_SYNC_FLUSH))     # what it has cost so far
            if packed + ENVELOPE > budget:
                break
        out[key] = html
    return out
