"""The pages a judge opens most, in each language (issue 29's measure).

Japanese: no English phrase (three English words in a row) and no Latin word
outside ids, `code`, quoted names, the data the page quotes and the reviewed list
(tests/i18n/allowed_words.txt).  English: no text of the page is one of the judge's
Japanese labels left untranslated, and at most :data:`AT_MOST` Japanese words outside
the elements marked ``lang="ja"`` (quotations: the rules, the answers, card names,
scenario and source titles), ``code`` and ids, the ``<title>`` included, over the
whole page: a replay's step log, verdict and boards (templates/_replay.html,
judge/web/boardhtml.py) too, their ``title`` tooltips written without the corpus's
Japanese (a card's name is read in its tile, marked).
"""
from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from judge.corpus import DEFAULT_CORPUS
from judge.i18n import locale_dir

from .english import english_sentence
from .words import PageWords, japanese_outside_quotations, latin_outside_quotations, \
    latin_words, page_texts

PAGES = ["/entry/vision/qa/QA-337", "/entry/vision/qa/QA-337?rev=1",
         "/entry/yugioh/rule/damage-calculation", "/entry/gemchronicle/rule/battle-phase",
         "/search?q=グレイズ", "/search?q=貫通", "/search?q=墓地", "/board",
         "/board?from=vision/scenarios/qa-337-restrictions.yaml",
         "/board?from=gemchronicle/scenarios/attack-answer-without-pierce.yaml", "/changes"]


@pytest.fixture(scope="module")
def client():
    if not (DEFAULT_CORPUS / "vision" / "qa").is_dir():
        pytest.skip("corpus/ has not been generated")
    from judge.web import create_app
    return create_app({"TESTING": True}).test_client()


def labels_ja() -> set[str]:
    """The judge's own Japanese words whose English differs (templates, messages)."""
    root = locale_dir("judge")
    with open(root / "ja" / "LC_MESSAGES" / "messages.po", "rb") as f:
        ja = {m.id: m.string for m in read_po(f) if m.id and isinstance(m.string, str)}
    with open(root / "en" / "LC_MESSAGES" / "messages.po", "rb") as f:
        en = {m.id: m.string for m in read_po(f) if m.id and isinstance(m.string, str)}
    return {text for key, text in ja.items()
            if text and en.get(key) and en[key] != text and "{" not in text
            and "%(" not in text and any("\u3040" <= c <= "\u9fff" for c in text)}


@pytest.mark.parametrize("url", PAGES)
def test_a_japanese_page_has_no_english_phrase_and_no_latin_word(client, url):
    html = client.get(url + ("&" if "?" in url else "?") + "lang=ja").get_data(as_text=True)
    # no English phrase anywhere outside code and other-language quotations: the data the
    # page quotes (the corpus's notes, snippets, card notes) included
    strict = PageWords(quotes_only_by_lang=True)
    strict.feed(html)
    phrases = [t for t, _quoted in strict.texts if english_sentence(t)]
    assert phrases == [], phrases[:5]
    words = latin_words(html)
    assert words == [], words


# and a few more an English reader meets: the home page, an empty search and its tips,
# a long rule with its clauses, an undated text, the list of scenarios, the offline page,
# a replay whose board names an effect in force after a card (海が割れる日: A), a card
# whose id holds a ・
MORE_EN = ["/search", "/search?q=zzzzqqq", "/entry/vision/rule/6.5", "/entry/yugioh/rule/ritual",
           "/board/scenarios", "/offline/search", "/entry/vision/term/グレイズ",
           "/entry/yugioh/card/サンダー・ボルト"]


@pytest.mark.parametrize("url", PAGES + MORE_EN)
def test_an_english_page_has_no_japanese_label(client, url):
    html = client.get(url + ("&" if "?" in url else "?") + "lang=en").get_data(as_text=True)
    labels = labels_ja()
    left = [t for t, data in page_texts(html) if not data and t in labels]
    assert left == [], left[:8]


# The judge's own query, echoed in the <title> (「Results for “墓地”」), is the one
# Japanese word an English page may show unmarked: a <title> holds no lang mark.
AT_MOST = 5


@pytest.mark.parametrize("url", PAGES + MORE_EN)
def test_an_english_page_shows_japanese_only_as_marked_quotations(client, url):
    html = client.get(url + ("&" if "?" in url else "?") + "lang=en").get_data(as_text=True)
    left = japanese_outside_quotations(html)
    assert len(left) <= AT_MOST, left[:12]


# Japanese pages with replays, read strictly: a card tile, its tooltip, the step log and
# the check against the ruling are the judge's words too, not quoted data (a card's values
# once read ['モンスターA', 'モンスターB'], {'stun': 1}, data_from: public-facts; a check
# Aのplayed, nowの攻撃力).  What is left is the corpus's (Union, a source's name).
REPLAY_PAGES = ["/entry/vision/qa/QA-337", "/entry/yugioh/rule/damage-calculation",
                "/entry/gemchronicle/rule/battle-phase", "/entry/vision/rule/6.5",
                "/entry/yugioh/rule/ritual", "/entry/gemchronicle/rule/status-effects",
                "/entry/gemchronicle/rule/skills", "/entry/gemchronicle/rule/attributes",
                "/board?from=gemchronicle/scenarios/attack-answer-without-pierce.yaml"]


@pytest.mark.parametrize("url", REPLAY_PAGES)
def test_a_japanese_replay_shows_no_latin_word_in_its_boards_and_steps(client, url):
    html = client.get(url + ("&" if "?" in url else "?") + "lang=ja").get_data(as_text=True)
    words = latin_outside_quotations(html)
    assert len(words) <= AT_MOST, words[:12]


def test_the_strict_japanese_measure_counts_a_card_tile():
    tile = ('<html lang="ja"><div class="card" title="戦士A · 効果: destroy">'
            '<span class="extra">効果: bounce</span></div>')
    assert latin_outside_quotations(tile) == ["destroy", "bounce"]
    assert latin_words(tile) == []               # the data measure reads the tile as quoted
    assert latin_outside_quotations('<html lang="ja"><p lang="en">Union</p>') == []


def test_the_english_measure_fails_on_unmarked_corpus_text():
    """The measure counts: a page quoting a rule without its lang mark fails it."""
    marked = '<html lang="en"><body><p>Rule:</p><div lang="ja">攻撃を受けたモンスターの攻撃力</div>'
    assert japanese_outside_quotations(marked) == []
    bare = marked.replace(' lang="ja"', "")
    assert len(japanese_outside_quotations(bare)) == 1
    title = '<html lang="en"><head><title>QA-337 「プレイしたものとして解決する」効果で</title>'
    assert len(japanese_outside_quotations(title)) == 2      # ids aside
    # the step log and a card tile's tooltip count as the rest of the page
    steps = '<html lang="en"><ol class="steps"><li>「マナの生成」</li></ol>'
    assert japanese_outside_quotations(steps) == ["マナの生成"]
    tile = '<html lang="en"><div class="card" title="マナの生成 · cost 0">'
    assert japanese_outside_quotations(tile) == ["マナの生成"]
    tile = '<html lang="en"><div class="card" title="cost 0"><span lang="ja">マナの生成</span>'
    assert japanese_outside_quotations(tile) == []


def test_an_english_text_quoting_japanese_marks_each_run():
    """quoted_ja: the Japanese words of a note or reason in English as quotations; on a
    Japanese page, the text escaped and nothing more."""
    from judge.web import create_app
    from judge.web.i18n import quoted_ja
    app = create_app({"TESTING": True})
    note = "かち is a misprint of から <b>"
    with app.test_request_context("/?lang=en"):
        assert str(quoted_ja(note)) == ('<span lang="ja">かち</span> is a misprint of '
                                        '<span lang="ja">から</span> &lt;b&gt;')
        assert str(quoted_ja("第２章 戦闘上のルール")) == '<span lang="ja">第２章 戦闘上のルール</span>'
    with app.test_request_context("/?lang=ja"):
        assert str(quoted_ja(note)) == "かち is a misprint of から &lt;b&gt;"


def test_the_site_menu_reads_as_a_menu_in_english(client):
    """Each link of the site menu starts with a capital in English (a menu, not the
    middle of a sentence: 変更履歴 is "changes" inside the entry page's line of links,
    "Changes" in the menu), and is the Japanese label in Japanese."""
    import re
    for lang, check in (("en", lambda t: t[:1].isupper()), ("ja", lambda t: t in
                                                            {"盤面", "変更履歴", "裁定記録"})):
        html = client.get(f"/?lang={lang}").get_data(as_text=True)
        nav = re.search(r'<nav class="site-nav"[^>]*>(.*?)</nav>', html, re.S).group(1)
        texts = [t.strip() for t in re.findall(r">([^<]+)</a>", nav)]
        assert len(texts) == 3 and all(check(t) for t in texts), (lang, texts)
