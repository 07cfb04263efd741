"""The call record in a real browser, on SQLite and on PostgreSQL: a floor judge records
a call from the board editor on a phone; the head judge's list shows it without a
reload, and the head judge rules on the appeal."""
from __future__ import annotations

import os
import re
import threading

import pytest
from playwright.sync_api import Browser, expect

from judge.platform import db as record_db
from judge.platform import migrate

pytestmark = pytest.mark.browser

PHONE = {"width": 375, "height": 812}
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture(scope="module")
def record_server():
    """One app on the real corpus, on a loopback port; tests point its record at a DB."""
    from werkzeug.serving import make_server

    from judge.web import create_app
    app = create_app({"SECRET_KEY": "browser-test", "DATABASE_URL": "sqlite://"})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield app, f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(5)


@pytest.fixture(scope="module")
def pg():
    from judge.platform.pgtemp import TempPostgres, pg_bin
    if pg_bin() is None:
        if os.environ.get("JUDGE_REQUIRE_POSTGRES"):
            pytest.fail("PostgreSQL is not installed and JUDGE_REQUIRE_POSTGRES is set")
        pytest.skip("PostgreSQL is not installed")
    server = TempPostgres().start()
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def live(request, record_server, tmp_path):
    app, url = record_server
    db_url = (f"sqlite:///{tmp_path / 'b.sqlite3'}" if request.param == "sqlite"
              else request.getfixturevalue("pg").new_database())
    migrate.upgrade(db_url)
    from judge.platform.accounts import add_user
    from judge.record.calls import add_event, set_staff
    with record_db.transaction(db_url) as s:
        head = add_user(s, "head", "head-password")
        floor = add_user(s, "floor", "floor-password")
        event = add_event(s, "cs-osaka", "CS大阪", head)
        set_staff(s, event, floor, "floor")
    app.extensions["record"] = record_db.session_factory(db_url)
    yield url
    record_db.dispose(db_url)


def log_in(page, name):
    page.get_by_label("名前").fill(name)
    page.get_by_label("パスワード").fill(f"{name}-password")
    page.get_by_role("button", name="ログイン").click()


def test_floor_judge_records_from_the_board_and_head_judge_rules_on_appeal(
        browser: Browser, live, artifacts, request):
    kind = request.node.callspec.params["live"]
    head_ctx = browser.new_context(viewport=DESKTOP, locale="ja-JP")
    head = head_ctx.new_page()
    head.goto(live + "/events/cs-osaka/calls")
    log_in(head, "head")
    expect(head.locator("#calls")).to_contain_text("裁定はまだありません")

    floor_ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True,
                                    locale="ja-JP")
    floor = floor_ctx.new_page()
    floor.goto(live + "/board?from=yugioh/scenarios/damage-attack-higher.yaml")
    floor.get_by_role("button", name="この盤面で裁定を記録").click()
    log_in(floor, "floor")                      # the board survives the login
    expect(floor).to_have_url(re.compile(r"/events/cs-osaka/calls/new\?s="))
    expect(floor.locator("#scenario")).to_have_value(re.compile("戦士A"))
    floor.get_by_label("ラウンド").fill("3")
    floor.get_by_label("卓").fill("12")
    floor.get_by_label("プレイヤーの質問").fill("戦士Aで攻撃表示の戦士Bを攻撃したらダメージは？")
    floor.get_by_label("検索して追加").fill("戦闘ダメージ 攻撃力")
    floor.locator("#entry-results li", has_text="yugioh/rule/damage-calculation") \
        .first.get_by_role("button", name=re.compile("追加")).click()
    expect(floor.locator("#entries")).to_have_value(re.compile(r"^yugioh/rule/damage-calculation"))
    floor.get_by_label("裁定", exact=True).fill("戦士Bは破壊され、Bに300ダメージ。")
    floor.screenshot(path=str(artifacts / f"record-form-phone-{kind}.png"), full_page=True)
    floor.get_by_role("button", name="記録する").click()
    expect(floor).to_have_url(re.compile(r"/calls/\d+$"))
    expect(floor.locator("aside.replay .board").first).to_be_visible()
    expect(floor.locator("aside.replay")).to_contain_text("300")
    expect(floor.locator(".cited").first).to_be_visible()
    assert floor.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    floor.screenshot(path=str(artifacts / f"record-call-phone-{kind}.png"), full_page=True)

    # the head judge's list shows the new call without a reload
    row = head.locator("#calls tbody tr", has_text="戦士Aで攻撃表示の戦士Bを攻撃")
    expect(row).to_be_visible(timeout=15_000)
    expect(row).to_contain_text("解決")

    # the players appeal; the list follows, and the head judge rules
    floor.get_by_role("button", name=re.compile("上訴中にする")).click()
    expect(floor.locator("#call-status")).to_have_text("上訴中")
    expect(row).to_contain_text("上訴中", timeout=15_000)
    row.get_by_role("link").first.click()
    head.get_by_label("ヘッドジャッジの上訴裁定").fill("フロアジャッジの裁定を支持する。")
    head.get_by_role("button", name="上訴裁定を記録").click()
    expect(head.locator("#call-status")).to_have_text("上訴裁定")
    expect(head.locator("#call-appeal")).to_have_text("フロアジャッジの裁定を支持する。")
    head.screenshot(path=str(artifacts / f"record-appeal-desktop-{kind}.png"), full_page=True)
    floor.reload()
    expect(floor.locator("#call-appeal")).to_have_text("フロアジャッジの裁定を支持する。")
    head_ctx.close()
    floor_ctx.close()


@pytest.fixture
def live_sqlite(record_server, tmp_path):
    """The record on SQLite only (the database's side of a resent call is tested on both
    in tests/record/test_sent_twice.py)."""
    app, url = record_server
    db_url = f"sqlite:///{tmp_path / 'draft.sqlite3'}"
    migrate.upgrade(db_url)
    from judge.platform.accounts import add_user
    from judge.record.calls import add_event, set_staff
    with record_db.transaction(db_url) as s:
        head = add_user(s, "head", "head-password")
        set_staff(s, add_event(s, "cs-osaka", "CS大阪", head),
                  add_user(s, "floor", "floor-password"), "floor")
    app.extensions["record"] = record_db.session_factory(db_url)
    yield url
    record_db.dispose(db_url)


def test_a_call_written_while_the_laptop_is_unreachable_is_kept_and_recorded_once(
        browser: Browser, live_sqlite, artifacts):
    """Issue 28, a weak signal in the back room: the judge presses 記録する while the
    laptop does not answer.  The page stays (no browser error page), says the call is
    kept on the phone and not recorded; a new form brings it back; sent once the laptop
    answers, it is recorded once and the phone's copy is dropped.  The phone is on the
    laptop's plain-http address, as at a venue: no service worker (with one, the page's
    requests go through it, where the test's cut of the network does not reach)."""
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="ja-JP",
                              service_workers="block")
    page = ctx.new_page()
    page.goto(live_sqlite + "/events/cs-osaka/calls/new")
    log_in(page, "floor")
    expect(page).to_have_url(re.compile(r"/events/cs-osaka/calls/new"))
    page.get_by_label("ラウンド").fill("2")
    page.get_by_label("卓").fill("7")
    page.get_by_label("プレイヤーの質問").fill("グレイズは何回できますか")
    page.get_by_label("裁定", exact=True).fill("1回の攻撃に対して1回。")

    page.route("**/*", lambda route: route.abort("internetdisconnected"))   # the laptop is gone
    page.get_by_role("button", name="記録する").click()
    notice = page.locator("#draft-notice")
    expect(notice).to_contain_text("サーバーに届きません", timeout=10_000)
    expect(notice).to_contain_text("まだ記録されていません")
    expect(page).to_have_url(re.compile(r"/calls/new$"))
    expect(page.get_by_label("プレイヤーの質問")).to_have_value("グレイズは何回できますか")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=str(artifacts / "record-draft-unsent-phone.png"), full_page=True)
    page.unroute("**/*")

    # the phone reloaded, or the judge came back later: a new form, the kept call in it
    page.goto(live_sqlite + "/events/cs-osaka/calls/new")
    expect(notice).to_contain_text("まだ記録されていない裁定を戻しました")
    expect(page.get_by_label("プレイヤーの質問")).to_have_value("グレイズは何回できますか")
    expect(page.get_by_label("卓")).to_have_value("7")
    page.get_by_role("button", name="記録する").click()
    expect(page).to_have_url(re.compile(r"/calls/\d+$"))
    expect(page.locator("body")).to_contain_text("1回の攻撃に対して1回。")
    kept = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('judge-call-draft:'))")
    assert kept == []
    # one call recorded
    listed = page.request.get(live_sqlite + "/events/cs-osaka/calls?format=json").json()
    assert len(listed["calls"]) == 1

    # a new form is empty again
    page.goto(live_sqlite + "/events/cs-osaka/calls/new")
    expect(page.get_by_label("プレイヤーの質問")).to_have_value("")
    expect(notice).to_be_hidden()
    ctx.close()


def test_a_phone_passed_to_another_judge_offers_them_none_of_the_first_judges_calls(
        browser: Browser, live_sqlite, record_server):
    """A phone changes hands at the venue: a call the floor judge kept on it unsent is
    theirs alone.  The head judge, logged in on it, gets an empty form (their name would
    be on a call someone else typed); the floor judge gets it back; their logout leaves
    nothing of it on the phone."""
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="ja-JP",
                              service_workers="block")
    page = ctx.new_page()
    form = live_sqlite + "/events/cs-osaka/calls/new"
    page.goto(form)
    log_in(page, "floor")
    page.get_by_label("ラウンド").fill("3")
    page.get_by_label("卓").fill("12")
    page.get_by_label("プレイヤーの質問").fill("スタンしたユニットはいつ動けますか")
    page.get_by_label("裁定", exact=True).fill("次の自分のターンの開始時に。")
    page.route("**/*", lambda route: route.abort("internetdisconnected"))
    page.get_by_role("button", name="記録する").click()
    expect(page.locator("#draft-notice")).to_contain_text("サーバーに届きません", timeout=10_000)
    page.unroute("**/*")

    def kept():
        return page.evaluate(
            "Object.keys(localStorage).filter(k => k.startsWith('judge-call-draft:'))")
    assert len(kept()) == 1

    ctx.clear_cookies()                          # the floor judge's session is gone
    page.goto(form)
    log_in(page, "head")
    expect(page).to_have_url(re.compile(r"/calls/new$"))
    expect(page.get_by_label("プレイヤーの質問")).to_have_value("")
    expect(page.locator("#draft-notice")).to_be_hidden()
    assert len(kept()) == 1                      # still the floor judge's, untouched

    # the head judge ended the floor judge's sessions (a lost phone, a password
    # change): logged in again, the floor judge still gets their own call back
    from sqlalchemy import select

    from judge.platform.accounts import end_sessions
    from judge.platform.models import User
    with record_server[0].extensions["record"]() as s, s.begin():
        end_sessions(s.scalars(select(User).where(User.name == "floor")).one())
    ctx.clear_cookies()
    page.goto(form)
    log_in(page, "floor")
    expect(page.get_by_label("プレイヤーの質問")).to_have_value("スタンしたユニットはいつ動けますか")
    expect(page.locator("#draft-notice")).to_contain_text("まだ記録されていない裁定を戻しました")

    page.goto(live_sqlite + "/events")
    page.get_by_role("button", name="ログアウト").click()
    expect(page.get_by_role("button", name="ログイン")).to_be_visible()
    page.wait_for_function(
        "!Object.keys(localStorage).some(k => k.startsWith('judge-call-draft:'))")
    # the login page forgets once: a reload is a plain login page
    page.reload()
    assert "judge-forget-drafts" not in page.content()
    ctx.close()
