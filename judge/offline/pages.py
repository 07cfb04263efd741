"""Every entry page rendered once (事前レンダリング), for the phone and the static export.

A page is rendered by the app itself (its own view, templates and replays), exactly as
a judge online would see it: the current text, the history with its diffs, and the
replay of every linked scenario as recorded.  An entry with older revisions also gets
one page per older revision (``?rev=N``), since the replay under that revision's
ruleset is part of what the judge reads.
"""
from __future__ import annotations

from urllib.parse import quote

from flask import Flask


def page_keys(corpus) -> list[str]:
    """``<game>/qa/QA-337``, ``<game>/qa/QA-337?rev=1``, … for every entry."""
    keys = []
    for entry in corpus:
        keys.append(entry.id)
        for rev in entry.revisions[1:]:
            keys.append(f"{entry.id}?rev={rev.number}")
    return keys


def render_all(app: Flask) -> dict[str, str]:
    """``{key: html}`` for every page of :func:`page_keys`."""
    corpus = app.extensions["judge"].corpus
    client = app.test_client()
    out = {}
    for key in page_keys(corpus):
        entry_id, _, rev = key.partition("?rev=")
        url = "/entry/" + quote(entry_id, safe="/") + (f"?rev={rev}" if rev else "")
        response = client.get(url)
        if response.status_code != 200:
            raise RuntimeError(f"{url}: the entry page answered {response.status_code}")
        out[key] = response.get_data(as_text=True)
    return out
