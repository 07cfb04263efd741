"""Issue 28: on a phone, a page read online is never lost offline, whatever the state of
the background download, and a server that stops answering never hangs a page.

The server holds the offline pages file (the download stays in the middle), the phone
opens the home page, a search and QA-337, then the server stops answering: its listening
socket stays open and nothing accepts, so every request hangs as on a venue's dying
Wi-Fi.  Right away, the three pages read again from the phone's copy, the page says how
far the download got, and a page never opened says so instead of hanging.
"""
from __future__ import annotations

import socket
import time
import urllib.parse

import pytest
from playwright.sync_api import Browser, expect

from .held import pages_held

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 375, "height": 812}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True, "locale": "ja-JP"}
QUERY = "制限を無視"


@pytest.fixture
def dying_server():
    """The app on the real corpus whose offline pages file never finishes arriving; the
    test stops it answering with the third value: the server stops (werkzeug closes its
    socket as its loop ends) and a socket that listens on the same port and never
    accepts takes its place, so connections are made by the kernel and then nothing
    answers them, as on a venue's dying Wi-Fi (a refused connection is the easy case)."""
    dead: list[socket.socket] = []
    with pages_held() as (url, asked, _release, server):
        def stop():
            port = server.server_port
            server.shutdown()
            # werkzeug closes its socket after shutdown() has returned: closed here,
            # or the bind below may race it (address already in use)
            server.server_close()
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            # the port may be held a moment longer by the server's last connections
            # on a loaded machine ("address already in use", seen in a full run)
            for _ in range(100):
                try:
                    sock.bind(("127.0.0.1", port))
                    break
                except OSError:
                    time.sleep(0.1)
            else:
                sock.bind(("127.0.0.1", port))
            sock.listen(64)
            dead.append(sock)
        try:
            yield url, asked, stop
        finally:
            for sock in dead:
                sock.close()


def test_pages_read_online_read_offline_at_once_mid_download(browser: Browser, dying_server,
                                                             artifacts):
    url, asked, stop = dying_server
    context = browser.new_context(**PHONE)
    page = context.new_page()
    try:
        page.goto(url + "/")
        page.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)",
                               timeout=60_000)
        assert asked.wait(60), "the service worker never started the download"
        search = url + "/search?q=" + urllib.parse.quote(QUERY)
        entry = url + "/entry/vision/qa/QA-337"
        page.goto(search)
        first = page.locator(".result-title a").first.inner_text()
        page.goto(entry)
        expect(page.locator("section.text")).to_contain_text("いいえ、出来ません。")
        # the page says the offline copy is on its way, and how far
        expect(page.locator("#offline-state")).to_contain_text("ダウンロード中",
                                                               timeout=30_000)
        expect(page.locator("#offline-state")).to_contain_text("/")

        stop()                            # offline, mid-download: nothing answers now
        started = time.monotonic()
        page.goto(entry, timeout=10_000)
        expect(page.locator(".offline-banner")).to_be_visible()
        # the server's connection was made and nothing came back: the phone's copy
        # after its bounded wait (3 s), not the browser's own time-out
        assert 2.5 < time.monotonic() - started < 10
        expect(page.locator("section.text")).to_contain_text("いいえ、出来ません。")
        page.screenshot(path=str(artifacts / "offline-visited-entry-phone.png"), full_page=True)
        page.goto(search, timeout=10_000)
        expect(page.locator(".offline-banner")).to_be_visible()
        expect(page.locator(".result-title a").first).to_have_text(first)
        page.goto(url + "/", timeout=10_000)
        expect(page.locator(".offline-banner")).to_be_visible()
        expect(page.locator("#q")).to_be_visible()
        # a page never opened: a clear notice once the server has had its chance
        page.goto(url + "/entry/vision/qa/QA-021", timeout=30_000)
        expect(page.locator(".offline-missing")).to_contain_text("ダウンロードの途中")
        page.screenshot(path=str(artifacts / "offline-missing-phone.png"), full_page=True)
    finally:
        context.close()


def test_the_page_says_the_devices_copy_is_out_of_date_while_the_new_one_arrives(
        browser: Browser, dying_server):
    """A phone holding the copy of an older corpus opens a page: the footer names both
    corpus dates and how far the new copy's download is."""
    url, asked, _stop = dying_server
    context = browser.new_context(**PHONE)
    page = context.new_page()
    try:
        # before any worker: the device holds a complete copy of another corpus
        page.goto(url + "/offline/version.json")
        page.evaluate("""() => caches.open('judge-meta').then(c => c.put('/offline/current',
            new Response(JSON.stringify({corpus: 'old0000000000000', corpus_date: '2000-01-01',
              pages_version: 'old', bundle_version: 'old', site: 'old', pages: 1,
              complete: true}), {headers: {'Content-Type': 'application/json'}})))""")
        page.goto(url + "/")
        state = page.locator("#offline-state")
        expect(state).to_contain_text("古い版", timeout=60_000)
        expect(state).to_contain_text("2000-01-01")
        expect(state).to_contain_text("ダウンロード中")
        assert asked.wait(60)
    finally:
        context.close()
