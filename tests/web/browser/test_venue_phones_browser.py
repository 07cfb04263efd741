"""Issue 28: at the venue, the call record works from every phone, on the server
`judge serve` runs (waitress, judge/web/server.py), on loopback.

Three floor judges' phones log in and record a call each at the same time; the head
judge's list shows all three without a reload.
"""
from __future__ import annotations

import re
import threading

import pytest
from playwright.sync_api import Browser, expect

from judge.platform import db as record_db
from judge.platform import migrate

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 375, "height": 812}, "is_mobile": True, "has_touch": True,
         "locale": "ja-JP"}
FLOOR = ("sato", "suzuki", "tanaka")


@pytest.fixture
def venue_server(tmp_path):
    from judge.web import create_app, server as serving
    db_url = f"sqlite:///{tmp_path / 'venue.sqlite3'}"
    migrate.upgrade(db_url)
    from judge.platform.accounts import add_user
    from judge.record.calls import add_event, set_staff
    with record_db.transaction(db_url) as s:
        head = add_user(s, "head", "head-password")
        event = add_event(s, "cs-osaka", "CS大阪", head)
        for name in FLOOR:
            set_staff(s, event, add_user(s, name, f"{name}-password"), "floor")
    app = create_app({"SECRET_KEY": "venue-test", "DATABASE_URL": db_url,
                      "OFFLINE_WARM": False})
    server = serving.make_server(app, "127.0.0.1", 0, threads=serving.THREADS)
    stop = threading.Event()
    thread = threading.Thread(target=serving.run, args=(server, stop, 5), daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{serving.bound(server)[0][1]}"
    stop.set()
    thread.join(30)
    record_db.dispose(db_url)


def log_in(page, name):
    page.get_by_label("名前").fill(name)
    page.get_by_label("パスワード").fill(f"{name}-password")
    page.get_by_role("button", name="ログイン").click()


def test_every_phone_records_calls_and_the_head_judge_sees_them(browser: Browser,
                                                                 venue_server):
    url = venue_server
    head_ctx = browser.new_context(locale="ja-JP")
    head = head_ctx.new_page()
    head.goto(url + "/events/cs-osaka/calls")
    log_in(head, "head")
    expect(head.locator("#calls")).to_contain_text("裁定はまだありません")
    phones = []
    try:
        for table, name in enumerate(FLOOR, start=1):
            ctx = browser.new_context(**PHONE)
            phones.append(ctx)
            page = ctx.new_page()
            page.goto(url + "/events/cs-osaka/calls/new")
            log_in(page, name)
            expect(page).to_have_url(re.compile(r"/events/cs-osaka/calls/new"))
            page.get_by_label("ラウンド").fill("2")
            page.get_by_label("卓").fill(str(table))
            page.get_by_label("プレイヤーの質問").fill(f"{name}の卓の質問")
            page.get_by_label("裁定", exact=True).fill("裁定どおり。")
        for page in (ctx.pages[0] for ctx in phones):
            page.get_by_role("button", name="記録する").click()
        for page in (ctx.pages[0] for ctx in phones):
            expect(page).to_have_url(re.compile(r"/calls/\d+$"))
        for name in FLOOR:
            expect(head.locator("#calls tbody tr", has_text=f"{name}の卓の質問")) \
                .to_be_visible(timeout=15_000)
    finally:
        for ctx in phones:
            ctx.close()
        head_ctx.close()
