"""A partial search bundle in a real browser: the offline search page says how many of
the corpus's entries this device searches and what is left to the online search (the
real corpus, its bundle forced under a small budget: JUDGE_OFFLINE_SEARCH_MB)."""
from __future__ import annotations

import os
import re
import threading

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def partial_url(tmp_path_factory):
    from werkzeug.serving import make_server

    from judge.corpus import Corpus
    from judge.search import Searcher
    from judge.web import create_app
    index = tmp_path_factory.mktemp("partial-index")
    Searcher.open(Corpus.load(), index_dir=index).close()
    before = os.environ.get("JUDGE_OFFLINE_SEARCH_MB")
    os.environ["JUDGE_OFFLINE_SEARCH_MB"] = "0.5"
    try:
        app = create_app({"OFFLINE_WARM": False, "INDEX_DIR": str(index),
                          "OFFLINE_PAGES_BYTES": 20_000})
        app.extensions["judge-offline"].bundle_gz()
        server = make_server("127.0.0.1", 0, app, threaded=True)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        yield f"http://127.0.0.1:{server.server_port}", app
        server.shutdown()
        thread.join(5)
    finally:
        if before is None:
            os.environ.pop("JUDGE_OFFLINE_SEARCH_MB", None)
        else:
            os.environ["JUDGE_OFFLINE_SEARCH_MB"] = before


def test_the_page_says_what_this_device_searches(page: Page, partial_url):
    url, app = partial_url
    corpus = app.extensions["judge"].corpus
    page.goto(url + "/offline/search?q=" + "グレイズ")
    held = page.locator("#offline-partial")
    expect(held).to_be_visible(timeout=30_000)
    text = held.inner_text()
    whole = f"{len(corpus.entries):,}"
    found = re.search(rf"コーパスの {whole} 項目のうち ([\d,]+) 項目です", text)
    assert found, text
    assert 0 < int(found[1].replace(",", "")) < len(corpus.entries)
    # the cards are partly left online, the rules and terms all held (not named)
    cards = f"{len(corpus.ids(kind='card')):,}"
    assert f"カード（{cards} 項目のうち" in text and "ルール（" not in text, text
    assert "旧版（" in text, text
    # and the search runs over what it holds
    expect(page.locator("#offline-results li").first).to_be_visible(timeout=30_000)


def test_a_static_copy_says_what_it_holds_not_what_is_searched_online(
        page: Page, partial_url, tmp_path):
    """A static copy (judge export-site) has no online search: its page names what is
    not in the copy instead of sending the judge to a search it does not have."""
    from judge.offline.export import export_site
    _url, app = partial_url
    export_site(app, tmp_path / "site")
    page.goto((tmp_path / "site" / "index.html").as_uri() + "?q=" + "グレイズ")
    held = page.locator("#offline-partial")
    expect(held).to_be_visible(timeout=30_000)
    expect(held).to_contain_text("この写しで探せるのは")
    expect(held).to_contain_text("この写しにないもの：")
    expect(held).not_to_contain_text("オンライン")
