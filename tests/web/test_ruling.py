"""The answer first (judge/app/rulings.py): the answer in force, reversals and withdrawals
with the old answer and its date, honest dates, readable citations — on the real corpus."""
from __future__ import annotations

import pytest

from judge.corpus import DEFAULT_CORPUS, Corpus
from judge.app.rulings import answer_text, citation, date_view, headline, ruling_view

pytestmark = pytest.mark.skipif(not (DEFAULT_CORPUS / "vision" / "qa").is_dir(),
                                reason="corpus/ has not been generated")


@pytest.fixture(scope="module")
def corpus() -> Corpus:
    return Corpus.load()


def test_qa337_was_reversed_and_says_from_what_and_when(corpus):
    view = ruling_view(corpus.get("vision/qa/QA-337"))
    assert view["state"] == "reversed"
    assert view["headline"] == "いいえ、出来ません。"
    assert view["old"]["headline"] == "はい、できます。" and view["old"]["number"] == 1
    assert view["changed"]["date"]["text"] == "2014-04-10"
    # the wiki contributor's comment nested under the old answer is not part of it
    assert "発動出来ない" not in view["old"]["answer"]


def test_qa326_was_withdrawn_with_its_reason_and_last_answer(corpus):
    view = ruling_view(corpus.get("vision/qa/QA-326"))
    assert view["state"] == "withdrawn" and view["answer"] == ""
    assert "削除しました" in view["reason"]
    assert view["old"]["headline"].startswith("プレイしたものとして解決する効果が解決された場合")


def test_an_unchanged_answer_is_current_and_a_rule_has_none(corpus):
    assert ruling_view(corpus.get("vision/qa/QA-021"))["state"] == "current"
    assert ruling_view(corpus.get("yugioh/rule/damage-calculation"))["state"] == "none"


def test_answers_are_quoted_as_written():
    assert answer_text("QA-1．問い？\n\nＡ．はい、できます。<br>ただし１枚まで。\n\n- 注") == \
        "はい、できます。\nただし１枚まで。"
    assert headline("いいえ。理由です。") == "いいえ。"


def test_dates_are_honest(corpus):
    undated = date_view(corpus.get("yugioh/rule/damage-calculation").current)
    assert undated["text"] == "日付不明" and undated["collected"] == "2026-11-29"
    older = date_view(corpus.get("vision/qa/QA-337").revision(1))
    assert older["text"] == "2014-04-10 より前" and older["collected"] is None


def test_citations_read_as_clause_number_and_title(corpus):
    vision = citation({"rule": "vision/rule/6.5", "clause": "6.5.3.b", "revision": 2}, corpus)
    assert (vision["label"], vision["title"]) == ("6.5.3.b", "6.5 グレイズ")
    yugioh = citation({"rule": "yugioh/rule/damage-calculation", "clause": "attack-lower",
                       "revision": 1}, corpus)
    assert yugioh["label"] == "第3項" and yugioh["title"] == "ダメージの判定"
    old = citation({"rule": "vision/qa/QA-337", "clause": None, "revision": 1}, corpus)
    assert old["old"] == 1 and old["title"] == "公式Q&A QA-337"
