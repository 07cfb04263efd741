"""Every note, basis and date basis the importer writes is held in Japanese and English;
``judge lint`` fails on one with a language missing; each reader gets their own."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from judge.cli import main
from judge.corpus.importer.errors import ImportError_
from judge.corpus.importer.glossary import import_glossary
from judge.corpus.importer.sources import read_source
from judge.corpus.lint import _notes, lint_corpus
from judge.corpus.store import Corpus
from judge.i18n import render
from judge.i18n.bilingual import missing, pick

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "i18n"))
from english import english_sentence  # noqa: E402

from corpus_testkit import COMMITTED  # noqa: E402

KANA = re.compile(r"[\u3040-\u30ff]")


@pytest.fixture(scope="module")
def committed() -> Corpus:
    return Corpus.load(COMMITTED)


def test_every_note_of_the_corpus_is_written_in_both_languages(committed):
    seen = 0
    for entry in committed:
        for where, text in _notes(entry):
            seen += 1
            assert missing(text) == [], f"{entry.id} {where}: {text!r}"
            ja, en = text["ja"], text["en"]
            # The Japanese is Japanese (kana, not only quoted words) and holds no English
            # sentence outside quotes and `code`; the English is another text, not a copy.
            assert KANA.search(re.sub(r"「[^」]*」", "", ja)), f"{entry.id} {where}: {ja}"
            assert english_sentence(ja) is None, f"{entry.id} {where}: {ja}"
            assert ja != en, f"{entry.id} {where}: {en}"
    assert seen > 100        # the notes, the date bases of the undated texts, the glossary


def test_lint_fails_on_a_note_with_a_language_missing(small):
    rule = small / "yugioh" / "rule" / "ritual.md"
    text = rule.read_text(encoding="utf-8")
    head, sep, body = text.partition("\n---\n")
    data = yaml.safe_load(head.removeprefix("---\n"))
    data["revisions"][0]["notes"][0]["text"].pop("en")        # only Japanese left
    data["revisions"][0]["notes"][1]["basis"] = "an English basis, as notes were once"
    rule.write_text("---\n" + yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
                    + sep.lstrip("\n") + body, encoding="utf-8")
    found = [p for p in lint_corpus(Corpus.load(small)) if p.code == "note-language"]
    assert [(p.entry_id, p.severity) for p in found] == [("yugioh/rule/ritual", "error")] * 2
    result = CliRunner().invoke(main, ["--lang", "en", "--corpus", str(small), "lint"])
    assert result.exit_code == 1
    assert "revisions[1].notes[0].text is written in Japanese and English" in result.output
    assert "en is missing" in result.output and "ja, en is missing" in result.output


def test_a_plain_string_note_still_reads():
    assert pick("an old note", "ja") == "an old note"
    assert pick({"ja": "日本語だけ"}, "en") == "日本語だけ"       # the other language, not nothing
    assert pick({"ja": "注", "en": "note"}, "en") == "note"


GLOSSARY = """glossary: gemchronicle
date: 2026-12-01
document: test
terms:
- term: ML
  wording: [マナレベル]
  basis:
    ja: 「ML(マナレベル)」（資料002の105行）
{en}"""


def test_the_glossary_takes_a_bilingual_basis_and_refuses_half_of_one(tmp_path):
    path = tmp_path / "gemchronicle.yaml"
    path.write_text(GLOSSARY.format(en="    en: ML(マナレベル) (seed 002 line 105)\n"), "utf-8")
    entry = import_glossary(read_source(path), {})["gemchronicle/term/ML"].entry
    assert entry.data["glossary"]["basis"]["en"] == "ML(マナレベル) (seed 002 line 105)"
    assert "対応の根拠: 「ML(マナレベル)」（資料002の105行）" in entry.current.text   # the body: ja
    path.write_text(GLOSSARY.format(en=""), "utf-8")
    with pytest.raises(ImportError_) as err:
        import_glossary(read_source(path), {})
    assert err.value.line == 5            # the term it belongs to
    assert "en is missing" in render(err.value.message, "en")


def test_the_entry_page_shows_the_readers_language():
    from judge.web import create_app
    client = create_app({"TESTING": True}).test_client()
    ja = client.get("/entry/vision/qa/QA-337?lang=ja&rev=1").get_data(as_text=True)
    en = client.get("/entry/vision/qa/QA-337?lang=en&rev=1").get_data(as_text=True)
    assert "ウィキの書き込み" in ja and "nested list item" not in ja
    assert "nested list item" in en and "ウィキの書き込み" not in en
    assert "ページの組み方" in ja and "the page layout" in en
