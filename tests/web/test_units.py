"""Rendering, word diffs, permalinks and the board view, on their own."""
from __future__ import annotations

import zlib
import base64

import pytest
from hypothesis import given, settings, strategies as st

from judge.app import permalink
from judge.app.boardview import board_view, mark_leaving
from judge.app.render import Renderer, separate_clauses, word_diff, words


def test_clause_lines_become_anchored_paragraphs_and_list_items():
    html = str(Renderer().render("{#6.5} グレイズ\n{#6.5.1} 処理である。\n続く行。\n\n"
                                 "- {#6.5.2.a} 条件a\n- {#6.5.2.b} 条件b\n"))
    assert '<p id="6.5" class="clause">' in html
    assert '<p id="6.5.1" class="clause">' in html and "続く行。" in html
    assert '<li id="6.5.2.b" class="clause">' in html
    assert '<a class="clause-no" href="#6.5.2.b"' in html
    assert "{#" not in html


def test_a_clause_id_used_twice_on_a_page_gets_the_prefix():
    r = Renderer()
    r.render("{#graze} 新")
    assert 'id="r1-graze"' in str(r.render("{#graze} 旧", prefix="r1-"))


def test_judge_links_headings_and_broken_links():
    r = Renderer(exists=lambda i: i == "vision/qa/QA-337")
    html = str(r.render("# 見出し\n[a](judge:vision/qa/QA-337) [b](judge:vision/term/グレイズ#x)"))
    assert "<h3>見出し</h3>" in html
    assert 'href="/entry/vision/qa/QA-337"' in html
    assert 'href="/entry/vision/term/%E3%82%B0%E3%83%AC%E3%82%A4%E3%82%BA#x"' in html
    assert "entry-link broken" in html


def test_wiki_markup_that_is_allowed_survives():
    html = str(Renderer().render("<u>下線</u>と<br>改行、**太字**"))
    assert "<u>下線</u>" in html and "<br>" in html and "<strong>太字</strong>" in html


def test_separate_clauses_leaves_lists_and_tables_alone():
    assert separate_clauses("- a\n- {#x} b") == "- a\n- {#x} b"
    assert separate_clauses("text\n{#x} b") == "text\n\n{#x} b"


def test_words_cut_japanese_by_script():
    assert words("いいえ、出来ません。") == ["いいえ", "、", "出来", "ません", "。"]
    assert words("No.075 マナの生成") == ["No.075", " ", "マナ", "の", "生成"]


def test_word_diff_marks_added_and_removed_words_only():
    html, counts = word_diff("A．はい、できます。", "A．いいえ、出来ません。")
    assert str(html).startswith("A．<del")
    assert "<del title=\"削除\">はい</del><ins title=\"追加\">いいえ</ins>" in str(html)
    assert counts == {"added": 3, "removed": 2}          # いいえ 出来 ません / はい できます
    same, none = word_diff("同じ文。", "同じ文。")
    assert "<ins" not in str(same) and none == {"added": 0, "removed": 0}


def test_word_diff_escapes_html():
    html, _ = word_diff("<b>", "<script>alert(1)</script>")
    assert "<script>" not in str(html)


@settings(deadline=None)
@given(st.text(max_size=400))
def test_permalink_round_trips_any_text(text):
    assert permalink.decode(permalink.encode(text)) == text


def test_permalink_refuses_a_deflate_bomb():
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    bomb = packer.compress(b"a" * (2 * 1024 * 1024)) + packer.flush()
    token = "z1." + base64.urlsafe_b64encode(bomb).decode().rstrip("=")
    assert len(token) < permalink.MAX_TOKEN_CHARS
    with pytest.raises(permalink.PermalinkError) as err:
        permalink.decode(token)
    assert err.value.args[0].id == "the scenario in the permalink is larger than {kib} KiB"


@pytest.mark.parametrize("token", ["", "z2.abc", "z1.a b", "z1.////", permalink.encode("長い文" * 50)[:-5]])
def test_permalink_refuses_what_it_did_not_make(token):
    with pytest.raises(permalink.PermalinkError):
        permalink.decode(token)


STATE = {"active": "A", "turn": 2, "phase": "battle", "players": {
    "A": {"life": 8000, "zones": {"monsters": [{"name": "Soldier A", "atk": 1000, "uid": "c1"}],
                                  "graveyard": [], "deck": [{"name": "deck-1", "uid": "c2"}]}},
    "B": {"life": 8000, "zones": {"monsters": [{"name": "Soldier B", "atk": 1500,
                                                "position": "defense", "uid": "c3"}],
                                  "graveyard": [], "deck": []}}}}


def test_board_view_marks_moves_life_and_layout():
    after = {**STATE, "players": {
        "A": {"life": 7500, "zones": {"monsters": [], "graveyard": [{"name": "Soldier A", "atk": 1000, "uid": "c1"}],
                                      "deck": [{"name": "deck-1", "uid": "c2"}]}},
        "B": STATE["players"]["B"]}}
    view = board_view("yugioh", after, before=STATE, zones=("deck", "monsters", "graveyard"))
    a = next(p for p in view.players if p.name == "A")
    assert [p.name for p in view.players] == ["B", "A"]           # the opponent on top
    assert a.life == 7500 and a.life_before == 8000
    grave = next(z for z in a.groups["piles"] if z.id == "graveyard")
    assert grave.label == "墓地" and "moved" in grave.cards[0].classes
    assert "モンスターカード置き場" in grave.cards[0].change
    deck = next(z for z in a.groups["piles"] if z.id == "deck")
    assert deck.counted and deck.anonymous == 1 and deck.named == []
    b = next(p for p in view.players if p.name == "B")
    assert "defense" in b.groups["main"][0].cards[0].classes
    before = mark_leaving("yugioh", board_view("yugioh", STATE), after)
    a0 = next(p for p in before.players if p.name == "A")
    assert "leaving" in a0.groups["main"][0].cards[0].classes
