"""What a judge does, in a real browser: search, read QA-337 under each ruleset, build a
board in the form, run it, and send its permalink."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from judge.app import pinning

pytestmark = pytest.mark.browser

PHONE = {"width": 375, "height": 812}
DESKTOP = {"width": 1280, "height": 900}


def replay_text(page: Page) -> str:
    return page.locator("aside.replay .run").first.inner_text()


def test_search_open_qa337_and_switch_its_ruleset(page: Page, live_url, artifacts):
    page.set_viewport_size(DESKTOP)
    page.goto(live_url + "/")
    page.keyboard.press("/")
    expect(page.locator("#q")).to_be_focused()
    page.keyboard.type("制限を無視")
    page.keyboard.press("Enter")
    result = page.locator(".result-title a", has_text="QA-337").first
    expect(result).to_be_visible()
    result.click()
    expect(page).to_have_url(re.compile(r"/entry/vision/qa/QA-337$"))
    text = page.locator("section.text")
    expect(text).to_contain_text("いいえ、出来ません。")
    expect(page.locator("aside.replay .verdict").first).to_be_visible()
    newer = replay_text(page)
    page.screenshot(path=str(artifacts / "entry-desktop.png"), full_page=True)

    page.locator("aside.replay .rev-select a", has_text="改訂1").click()
    expect(page).to_have_url(re.compile(r"\?rev=1$"))
    expect(text).to_contain_text("はい、できます。")
    expect(page.locator(".banner.old")).to_be_visible()
    older = replay_text(page)
    assert older != newer
    assert "改訂1のルール" in older and "改訂2のルール" in newer

    # a citation's quote is there without a tap, beside a link to its clause
    expect(page.locator("aside.replay .step .quote").first).to_be_visible()
    expect(page.locator("aside.replay .step .cite-link").first).to_have_attribute(
        "href", re.compile(r"^/entry/"))

    page.set_viewport_size(PHONE)
    page.goto(live_url + "/entry/vision/qa/QA-337")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=str(artifacts / "entry-phone.png"), full_page=True)

    # the print view: no header or selector, every quote written out beside its step
    page.set_viewport_size(DESKTOP)
    page.emulate_media(media="print")
    expect(page.locator("header.site")).to_be_hidden()
    expect(page.locator("aside.replay .quote").first).to_be_visible()
    expect(page.locator("aside.replay .steps")).not_to_have_count(0)
    page.screenshot(path=str(artifacts / "entry-print.png"), full_page=True)
    page.emulate_media(media="screen")


def add_card(page: Page, player: str, zone: str, name: str, **fields) -> None:
    form = page.locator("#board-form fieldset", has=page.locator("legend", has_text="カードを置く"))
    form.get_by_label("プレイヤー", exact=True).select_option(player)
    form.get_by_label("領域", exact=True).select_option(zone)
    form.get_by_label("カード名").fill(name)
    details = form.locator("details.more")
    if fields and not details.get_attribute("open") is not None:
        details.locator("summary").click()
    for key, value in fields.items():
        control = form.locator(f"[data-card-field='{key}']")
        if control.evaluate("e => e.tagName") == "SELECT":
            control.select_option(str(value))
        else:
            control.fill(str(value))
    form.get_by_role("button", name="置く").click()


def test_build_a_board_in_the_form_run_it_and_open_its_permalink(page: Page, live_url,
                                                                    artifacts, browser):
    page.set_viewport_size(DESKTOP)
    page.goto(live_url + "/board?game=yugioh")
    form = page.locator("#board-form")
    expect(form).to_be_visible()
    form.get_by_label("題名").fill("攻撃力1800で攻撃力1500を攻撃")
    form.get_by_label("ターン", exact=True).fill("3")
    form.get_by_label("フェイズ", exact=True).select_option("battle")
    add_card(page, "A", "monsters", "戦士A", atk=1800, **{"def": 1000})
    add_card(page, "B", "monsters", "戦士B", atk=1500, **{"def": 1200})
    yaml = page.locator("#yaml")
    expect(yaml).to_have_value(re.compile(r"\{name: 戦士B, atk: 1500, def: 1200\}"))

    actions = form.locator("fieldset", has=page.locator("legend", has_text="行動"))
    actions.get_by_label("行動", exact=True).select_option("attack")
    actions.locator("[data-action-field='attacker']").fill("戦士A")
    actions.locator("[data-action-field='target']").fill("戦士B")
    actions.get_by_role("button", name="行動を追加").click()
    expect(yaml).to_have_value(re.compile(r"\{player: A, do: attack, attacker: 戦士A, target: 戦士B\}"))
    expect(page.locator("#yaml-status")).to_have_text("シナリオは正しく読めます。")
    unlabelled = page.evaluate("""() => Array.from(document.querySelectorAll(
        '#board-form input, #board-form select, #board-form textarea'))
        .filter(e => !e.labels.length && !e.getAttribute('aria-label')).map(e => e.outerHTML)""")
    assert unlabelled == []

    page.get_by_role("button", name="実行").click()
    result = page.locator("#result")
    expect(result.locator("ol.steps")).to_be_visible()
    expect(result).to_contain_text("7700")          # B takes 300 battle damage
    expect(page).to_have_url(re.compile(r"/board\?s=z1\."))
    board_text = result.locator("ol.steps").inner_text()
    source = yaml.input_value()
    link = page.locator("#permalink").input_value()
    page.screenshot(path=str(artifacts / "workbench-desktop.png"), full_page=True)

    fresh = browser.new_context(viewport=PHONE, locale="ja-JP")
    other = fresh.new_page()
    other.goto(link)
    expect(other.locator("#result ol.steps")).to_be_visible()
    assert other.locator("#result ol.steps").inner_text() == board_text
    # the link was pinned to the day it was made, and says so
    expect(other.locator("#result .run-meta")).to_contain_text("時点")
    assert other.locator("#yaml").input_value() == pinning.pin(source)
    assert other.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    other.screenshot(path=str(artifacts / "workbench-phone.png"), full_page=True)
    fresh.close()


def test_a_yaml_error_is_shown_at_its_line_while_typing(page: Page, live_url):
    page.goto(live_url + "/board?game=vision")
    yaml = page.locator("#yaml")
    expect(page.locator("#board-form")).to_be_visible()
    text = yaml.input_value().replace("actions: []", "actions:\n- {player: A, do: dance}")
    line = text.splitlines().index("- {player: A, do: dance}") + 1
    yaml.fill(text)
    status = page.locator("#yaml-status")
    expect(status).to_contain_text(f"{line}行目")
    expect(status).to_contain_text("不明な行動")
    expect(page.locator("#yaml-gutter span.err")).to_have_text(str(line))
    # the form follows the text: the action list shows the (bad) action
    expect(page.locator("#board-form .action-list")).to_contain_text("A: dance")


def test_pages_run_without_console_errors_or_blocked_resources(page: Page, live_url):
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    # The browser's own favicon fetch is cancelled when the next page starts loading
    # (net::ERR_ABORTED) under load; that is not a resource the page failed to get.
    page.on("requestfailed", lambda r: None if r.url.endswith("/favicon.svg")
            and "ERR_ABORTED" in (r.failure or "") else problems.append(f"failed: {r.url}"))
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    for path in ("/", "/search?q=グレイズ", "/entry/vision/rule/6.5",
                 "/board?from=vision/scenarios/graze-choose-yes.yaml"):
        page.goto(live_url + path)
        page.wait_for_load_state("networkidle")
    assert problems == []
    # every request stayed on the app's own origin: nothing external, it works offline
    assert requested and all(u.startswith(live_url + "/") for u in requested), \
        [u for u in requested if not u.startswith(live_url)]
