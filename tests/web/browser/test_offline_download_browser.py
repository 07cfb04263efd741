"""The first visit's offline download runs beside the judge's work, not in front of it.

The service worker used to download the offline copy while it activated; until
activation ends, Chromium holds the navigations of the pages it controls, so every page
a judge opened after the first one waited for the whole copy (seconds on a venue's
network, minutes while a fresh server builds it).  Here the server holds the download
until the page's search and a next page have been answered: a worker that makes them
wait for the download never gets them, and the test fails (it did, before the fix).
"""
from __future__ import annotations

import pytest
from playwright.sync_api import Page

from .held import pages_held

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def held_download():
    """The app on the real corpus whose offline pages file is held until released."""
    with pages_held() as (url, asked, release, _server):
        yield url, asked, release


def test_a_search_answers_while_the_offline_copy_is_still_downloading(page: Page,
                                                                       held_download):
    url, asked, release = held_download
    page.goto(url + "/search")
    page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller",
                           timeout=30_000)
    assert asked.wait(30), "the service worker never asked for the offline pages"
    try:
        status = page.evaluate(
            """() => Promise.race([
                 fetch('/api/search?q=' + encodeURIComponent('グレイズ')).then(r => r.status),
                 new Promise(done => setTimeout(() => done('held'), 15000))])""")
        assert status == 200, "the search waited for the offline download"
        # and a page opened meanwhile (a navigation the worker controls) is served
        page.goto(url + "/search?q=" + "グレイズ", timeout=15_000)
        assert "グレイズ" in page.title()
    finally:
        release.set()
    page.wait_for_function("""() => caches.keys().then(k => k.length > 0)""", timeout=30_000)
