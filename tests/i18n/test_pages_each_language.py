"""The pages a judge opens most, in each language (issue 29's measure).

Japanese: no English phrase (three English words in a row) and no Latin word
outside ids, `code`, quoted names, the data the page quotes and the reviewed list
(tests/i18n/allowed_words.txt).  English: no text of the page is one of the judge's
Japanese labels left untranslated (the data it quotes stays Japanese: the rules, the
answers, card names).
"""
from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from judge.corpus import DEFAULT_CORPUS
from judge.i18n import locale_dir

from .english import english_sentence
from .words import latin_words, page_texts

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
    phrases = [t for t, data in page_texts(html) if not data and english_sentence(t)]
    assert phrases == [], phrases[:5]
    words = latin_words(html)
    assert words == [], words


@pytest.mark.parametrize("url", PAGES)
def test_an_english_page_has_no_japanese_label(client, url):
    html = client.get(url + ("&" if "?" in url else "?") + "lang=en").get_data(as_text=True)
    labels = labels_ja()
    left = [t for t, data in page_texts(html) if not data and t in labels]
    assert left == [], left[:8]
