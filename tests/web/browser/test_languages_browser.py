"""QA-337's page and the board editor in a real browser, in Japanese and, after one click
on the header's switch, in English (the choice then stays, kept in a cookie).

Screenshots of both languages go to tests/artifacts/ (i18n-*.png).
"""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 1000}


def test_qa337_in_japanese_then_english(page: Page, live_url, artifacts):
    page.set_viewport_size(DESKTOP)
    page.goto(live_url + "/entry/vision/qa/QA-337")
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    replay = page.locator("aside.replay")
    expect(replay.locator("h2")).to_contain_text("エンジンによる再現")  # and the count of replays
    expect(replay.locator(".steps .detail").first).to_contain_text("プレイしたものとして解決")
    expect(replay.locator(".steps .act").first).to_have_text("プレイしたものとして解決")
    page.screenshot(path=str(artifacts / "i18n-qa337-ja.png"), full_page=True)

    # the English page replays QA-337's boards anew: on a loaded CI machine that has
    # taken longer than an expectation's 5 s, so the navigation itself is waited for
    with page.expect_navigation(timeout=30_000):
        page.locator(".lang-switch a[hreflang=en]").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(replay.locator("h2")).to_contain_text("Replayed by the engine")
    expect(replay.locator(".steps .detail").first).to_contain_text("as if")
    expect(replay.locator(".steps .act").first).to_have_text("resolve as if played")
    page.screenshot(path=str(artifacts / "i18n-qa337-en.png"), full_page=True)

    # the choice is kept: the older revision opens in English without ?lang=
    page.goto(live_url + "/entry/vision/qa/QA-337?rev=1")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    with page.expect_navigation(timeout=30_000):
        page.locator(".lang-switch a[hreflang=ja]").click()
    expect(page.locator("html")).to_have_attribute("lang", "ja")


def test_the_board_editor_in_both_languages(page: Page, live_url, artifacts):
    page.set_viewport_size(DESKTOP)
    page.goto(live_url + "/board?from=yugioh/scenarios/damage-attack-higher.yaml&lang=ja")
    form = page.locator("#board-form")
    expect(form.locator("legend").first).to_have_text("基本")
    expect(page.locator("#bf-action-do option:checked")).to_have_text("攻撃")
    # the reader's word for a field; the YAML key beside it is code, never a word of the
    # label (issue 29: identifiers only inside code)
    label = form.locator("label", has=page.locator("code", has_text="attacker")).first
    expect(label).to_contain_text("攻撃するカード *")
    # a Vision card's target kinds are offered in words, not as the file's values
    page.goto(live_url + "/board?from=vision/scenarios/qa-337-restrictions.yaml&lang=ja")
    page.locator("#board-form").wait_for()
    kinds = page.locator("#board-form select option[value=character_being_played]").first
    expect(kinds).to_have_text("プレイ中のキャラクターカード（プレイエリアにある）")
    page.goto(live_url + "/board?from=yugioh/scenarios/damage-attack-higher.yaml&lang=ja")
    form = page.locator("#board-form")
    # the action's help, from the game's catalogue (issue 11: no English left in ja)
    expect(form).to_contain_text("相手のモンスターに攻撃する。")
    page.screenshot(path=str(artifacts / "i18n-board-ja.png"), full_page=True)

    page.locator(".lang-switch a[hreflang=en]").click()
    form = page.locator("#board-form")
    expect(form.locator("legend").first).to_have_text("Basics")
    expect(page.locator("#bf-action-do option:checked")).to_have_text("attack")
    expect(form).to_contain_text("Place a card")
    expect(form).to_contain_text("Attack an opponent's monster")
    page.screenshot(path=str(artifacts / "i18n-board-en.png"), full_page=True)
