"""Every GET page of the app, walked in both languages (issue 29's check).

:func:`site_urls` lists one URL per GET route of the app's ``url_map`` with sample
arguments (:data:`SAMPLES`); a route whose argument has no sample fails the walk, so a
new page cannot be left out.  :func:`other_language` is what a page of one language says
in the other, outside ``<code>`` (and its kin: ``kbd``, ``pre``, scripts) and outside an
element marked with the other language's ``lang`` (a quotation):

- a Japanese page: every English phrase (three English words in a row), the corpus's
  own text and the notes included;
- an English page: every text that is one of the judge's own Japanese labels (the
  catalogue's msgstr whose English differs), left untranslated.  The texts the page
  quotes (rules, answers, card names) stay Japanese: they are the sources' words.
"""
from __future__ import annotations

from .english import english_sentence
from .words import PageWords

# A sample for each route argument (a call's id is filled in by the caller).
SAMPLES = {"game": "vision", "entry_id": "vision/qa/QA-337", "slug": "cs-tokyo",
           "name": "vision", "fmt": "csv", "filename": "app.css", "version": "0",
           "change_id": 1}


def site_urls(app, **samples) -> list[str]:
    """One URL per GET route (``/static`` aside: files, not pages)."""
    known = {**SAMPLES, **samples}
    urls = []
    for rule in sorted(app.url_map.iter_rules(), key=lambda r: r.rule):
        if "GET" not in rule.methods or rule.endpoint == "static":
            continue
        missing = set(rule.arguments) - set(known)
        assert not missing, f"{rule.rule}: no sample for {sorted(missing)} (tests/i18n/site.py)"
        with app.test_request_context():
            from flask import url_for
            urls.append(url_for(rule.endpoint, **{a: known[a] for a in rule.arguments}))
    return urls


def other_language(html: str, lang: str, labels_ja: set[str]) -> list[str]:
    """The phrases of the other language on a page in ``lang`` (see the module's doc)."""
    if lang == "ja":
        return [t for t, _quoted in _own_texts(html) if english_sentence(t)]
    return [t for t, _quoted in _own_texts(html) if t in labels_ja]


def _own_texts(html: str):
    parser = PageWords(quotes_only_by_lang=True)
    parser.feed(html)
    return parser.texts
