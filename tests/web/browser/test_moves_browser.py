"""The board editor's legal actions: a judge taps through a situation one legal action at
a time, and each tap appends that action to the scenario."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def test_tapping_legal_actions_appends_them(page: Page, live_url, artifacts):
    page.goto(live_url + "/board?from=yugioh/scenarios/damage-attack-higher.yaml")
    moves = page.locator("#bf-moves")
    # After 戦士A's attack, 戦士A has attacked: A may move on, and not attack again.
    # each button says the action in the reader's words; the YAML keeps the key
    next_phase = moves.get_by_role("button", name="A: フェイズの移行")
    expect(next_phase).to_be_visible()
    expect(moves.get_by_role("button", name=re.compile("攻撃"))).to_have_count(0)
    next_phase.click()
    yaml = page.locator("#yaml")
    expect(yaml).to_have_value(re.compile(r"\{player: A, do: next_phase\}"))
    # Now in main phase 2, the list is the new board's: A may end the turn.
    expect(moves.get_by_role("button", name="A: ターンの終了")).to_be_visible()
    expect(moves.get_by_role("button", name="A: フェイズの移行")).to_have_attribute(
        "data-rule", re.compile(r"^yugioh/"))
    page.screenshot(path=str(artifacts / "workbench-legal-moves.png"), full_page=True)


def test_the_legal_move_check_says_what_the_board_lacks(page: Page, live_url):
    """A monster without DEF: the check cannot answer, and says so on the page (the
    missing stat and where), not only as an HTTP 400 in the console."""
    from judge.app import permalink
    text = ("game: yugioh\nsetup:\n  active: A\n  turn: 3\n  phase: battle\n  players:\n"
            "    A:\n      monsters:\n        - {name: 戦士, atk: 1800}\n    B: {}\n"
            "actions: []\n")
    page.goto(live_url + "/board?s=" + permalink.encode(text))
    error = page.locator("#bf-moves-error")
    expect(error).to_be_visible(timeout=20_000)
    expect(error).to_contain_text("守備力")
    expect(error).to_contain_text("setup.players.A.monsters[0]")
