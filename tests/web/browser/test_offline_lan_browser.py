"""Issue 28 at the venue: `judge serve --lan` gives phones a plain-http address, where
browsers run no service worker.  The tab keeps the pages itself (static/offline-tab.js).

Chromium on a 375x812 phone opens the app as http://venue.test:<port>/ (mapped to
127.0.0.1 by --host-resolver-rules: a name that is not localhost is not a secure
context, as 192.168.x.y is not), reads the home page, a search and QA-337 online, then
the laptop stops: a page read is shown again at once with the saved-copy banner, styled
and with its scripts run, a new search is answered by the offline search, and a page
never opened says it is not on this device: never the browser's error page.  On
http://127.0.0.1 (a secure context) nothing of this runs: the service worker does it.
"""
from __future__ import annotations

import logging
import re
import socket
import threading
import time
import urllib.parse
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import Page, expect

from .conftest import CHROMIUM

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 375, "height": 812}, "device_scale_factor": 2,
         "timezone_id": "Asia/Tokyo",
         "is_mobile": True, "has_touch": True, "locale": "ja-JP"}
QUERY = "制限を無視"
ENTRY = "/entry/vision/qa/QA-337"


@pytest.fixture(scope="module")
def app():
    from judge.web import create_app
    app = create_app({"OFFLINE_WARM": False})
    app.extensions["judge-offline"].bundle_gz()       # the offline search's bundle, built now
    return app


@pytest.fixture
def laptop(app):
    """The app on a loopback port; ``stop(hang=False)``: the laptop gone (connections
    refused) or, with ``hang``, a dying Wi-Fi (the socket listens, nothing answers)."""
    from werkzeug.serving import make_server
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    port = server.server_port
    dead: list[socket.socket] = []

    def stop(hang: bool = False):
        server.shutdown()                  # werkzeug closes its socket: refused from now
        thread.join(5)
        if hang:                           # a socket that listens and never accepts
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind(("127.0.0.1", port))
            sock.listen(64)
            dead.append(sock)
    yield port, stop
    server.shutdown()
    thread.join(5)
    for sock in dead:
        sock.close()


@pytest.fixture(scope="module")
def venue_browser(playwright):
    """Chromium resolving venue.test to 127.0.0.1: an insecure origin on loopback only."""
    browser = playwright.chromium.launch(
        executable_path=str(CHROMIUM), headless=True,
        args=["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
              "--disable-component-update", "--disable-sync", "--no-first-run",
              "--host-resolver-rules=MAP venue.test 127.0.0.1"])
    yield browser
    browser.close()


@pytest.fixture
def phone(venue_browser):
    context = venue_browser.new_context(**PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    yield page
    context.close()


def read_online(page: Page, base: str) -> str:
    """Home, a search typed in the box, QA-337 tapped: returns the first result's title."""
    page.goto(base + "/")
    assert page.evaluate("window.isSecureContext") is False
    assert page.evaluate("'serviceWorker' in navigator") is False     # no worker here
    assert page.evaluate("!!window.JudgeTab")
    # the offline search (its page, scripts and bundle) kept while the laptop answers
    page.wait_for_function("() => window.JudgeTab.searchKept", timeout=60_000)
    assert page.evaluate("window.JudgeTab.searchKept").startswith("/offline/search-")
    page.fill("#q", QUERY)
    page.press("#q", "Enter")
    expect(page.locator(".result-title a").first).to_be_visible()
    assert page.url == base + "/search?q=" + urllib.parse.quote(QUERY)
    first = page.locator(".result-title a").first.inner_text()
    page.locator(f'.result-title a[href="{ENTRY}"]').first.click()
    expect(page.locator("section.text")).to_contain_text("いいえ、出来ません。")
    assert page.url == base + ENTRY
    page.evaluate("window.JudgeTab.lastKept")            # the entry is stored
    page.locator("a.brand").click()                        # and on to the home page
    expect(page.locator("#q")).to_have_value("")
    page.evaluate("window.JudgeTab.lastKept")
    return first


def shown_at_once(page: Page, action, limit: float) -> float:
    t0 = time.monotonic()
    action()
    expect(page.locator(".offline-banner.offline-tab")).to_be_visible(timeout=limit * 1000)
    return time.monotonic() - t0


def test_pages_read_over_plain_http_read_again_when_the_laptop_stops(phone: Page, laptop,
                                                                      artifacts):
    port, stop = laptop
    base = f"http://venue.test:{port}"
    page = phone
    first = read_online(page, base)
    usage = page.evaluate("window.JudgeTab.usage()")
    assert usage["pages"] >= 4, usage                    # home, search, entry, offline search

    stop()                                               # the laptop is gone
    took = shown_at_once(page, page.go_back, 2)          # back to QA-337
    assert page.url == base + ENTRY
    expect(page.locator("section.text")).to_contain_text("いいえ、出来ません。")
    banner = page.locator(".offline-banner.offline-tab")
    expect(banner).to_contain_text("この端末に保存した写し")
    # when it was opened, on the phone's own clock (the venue's time), not UTC
    shown = re.search(r"(\d{4}-\d\d-\d\d \d\d):\d\d に開いたときの表示", banner.inner_text())
    assert shown, banner.inner_text()
    tokyo = datetime.now(ZoneInfo("Asia/Tokyo"))
    assert shown[1] in {(tokyo - timedelta(hours=h)).strftime("%Y-%m-%d %H") for h in (0, 1)}
    expect(banner).to_contain_text("再読み込みできません")
    # styled from the browser's cache (static/…?v=, immutable), and its scripts ran:
    # this script's tag is the new document's
    assert page.evaluate("getComputedStyle(document.querySelector('header.site')).display") == "flex"
    assert page.evaluate("window.JudgeTab.me.isConnected")
    page.screenshot(path=str(artifacts / "offline-lan-entry-phone.png"), full_page=True)
    # the call record is the browser's own page: not opened while the laptop is gone
    page.locator('nav.site-nav a[href="/events"]').click()
    expect(page.locator("#offline-tab-missing")).to_contain_text("サーバーが応答しません",
                                                                 timeout=5000)
    assert page.url == base + ENTRY

    took_search = shown_at_once(page, page.go_back, 2)   # back to the search
    assert page.url == base + "/search?q=" + urllib.parse.quote(QUERY)
    expect(page.locator(".result-title a").first).to_have_text(first)
    timings = page.evaluate("window.JudgeTab.timings")
    kept = [t for t in timings if t["shown"] == "kept"]
    assert len(kept) == 2 and all(t["ms"] < 1500 for t in kept), timings
    print(f"\nkept pages shown in {took:.2f} s and {took_search:.2f} s "
          f"(script: {[t['ms'] for t in kept]} ms); kept {usage}")

    # a page never opened: said so on this page, which stays (no browser error page)
    never = page.locator(".result-title a").nth(1)
    href = never.get_attribute("href")
    never.click()
    missing = page.locator("#offline-tab-missing")
    expect(missing).to_contain_text("このページはこの端末に保存されていません", timeout=2000)
    expect(missing).to_contain_text("サーバーが応答しません")
    assert page.url == base + "/search?q=" + urllib.parse.quote(QUERY), href
    page.screenshot(path=str(artifacts / "offline-lan-missing-phone.png"))

    # a new search: answered on the phone by the offline search and its bundle
    page.fill("#q", "グレイズ")
    page.press("#q", "Enter")
    expect(page.locator("#offline-results .result-title a").first).to_be_visible(timeout=10_000)
    expect(page.locator(".offline-banner.offline-tab")).to_contain_text("サーバーが応答しない")
    assert page.url == base + "/search?q=" + urllib.parse.quote("グレイズ")
    page.screenshot(path=str(artifacts / "offline-lan-search-phone.png"))
    # and forward again through the history: back to the first search, forward to this one
    page.go_back()
    expect(page.locator(".result-title a").first).to_have_text(first)
    page.go_forward()
    expect(page.locator("#offline-results .result-title a").first).to_be_visible(timeout=10_000)
    assert not page.errors, page.errors


def test_a_laptop_that_does_not_answer_gives_way_to_the_kept_copy_in_3_s(phone: Page, laptop):
    """A dying Wi-Fi: connections are made and nothing comes back.  A kept page is
    shown after the 3 s wait, a page never opened says so after 12 s at most."""
    port, stop = laptop
    base = f"http://venue.test:{port}"
    page = phone
    read_online(page, base)
    stop(hang=True)
    took = shown_at_once(page, page.go_back, 8)
    assert 2.5 < took < 6, took
    assert page.url == base + ENTRY
    t0 = time.monotonic()
    page.go_back()
    expect(page.locator(".offline-banner.offline-tab")).to_be_visible(timeout=8000)
    page.locator(".result-title a").nth(1).click()
    expect(page.locator("#offline-tab-missing")).to_be_visible(timeout=16_000)
    waited = time.monotonic() - t0
    assert waited < 20
    print(f"\nno answer: kept copy after {took:.2f} s; back, then a page never opened: "
          f"{waited:.2f} s in all")
    assert not page.errors, page.errors


def test_on_the_laptop_itself_the_service_worker_keeps_the_pages_as_before(page: Page, live_url):
    """http://127.0.0.1 is a secure context: the service worker runs, the tab's own
    keeping stays off, and the static files are linked immutable by their hash."""
    page.goto(live_url + "/")
    assert page.evaluate("window.isSecureContext") is True
    page.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)", timeout=60_000)
    assert page.evaluate("window.JudgeTab") is None
    src = page.locator("script[data-msg-kept]").get_attribute("src")
    assert src.startswith("/static/offline-tab.js?v=")
    assert "immutable" in page.evaluate(
        "src => fetch(src).then(r => r.headers.get('Cache-Control'))", src)
