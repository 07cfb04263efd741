"""Every GET page of the app in Japanese and in English (issue 29): a judge logged in,
a call recorded, each route walked (tests/i18n/site.py) in both languages; a page of one
language holds no phrase of the other outside ``code`` and quotations."""
from __future__ import annotations

import pytest

from tests.i18n.site import other_language, site_urls
from tests.i18n.test_pages_each_language import labels_ja

from .test_pages import record

pytestmark = pytest.mark.parametrize("empty_db", ["sqlite"], indirect=True)


def test_every_get_page_reads_in_one_language(app, as_judge):
    client = as_judge("hj")
    call_id = int(record(client).headers["Location"].rstrip("/").split("/")[-1])
    labels, found, pages = labels_ja(), {}, 0
    for url in site_urls(app, call_id=call_id):
        for lang in ("ja", "en"):
            r = client.get(url + ("&" if "?" in url else "?") + "lang=" + lang,
                           follow_redirects=True)
            if not r.content_type.startswith("text/html"):
                continue
            pages += 1
            left = other_language(r.get_data(as_text=True), lang, labels)
            if left:
                found[f"{lang} {url}"] = left[:4]
    assert pages >= 40, pages                  # the walk reached the pages, both languages
    assert found == {}, found
