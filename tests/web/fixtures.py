"""A small corpus for the web tests, written with the corpus's own writer.

It holds the toy game's rule (tests/engine/toygame.py) with a linked scenario replayed
under both of its revisions, a QA-337 quoted from seed 004 with its two answers, a
withdrawn Q&A, a card, and one entry and one scenario planted with HTML and script
that must never run (the sanitising tests).
"""
from __future__ import annotations

from datetime import date
from pathlib import Path

from judge.corpus import Entry, Revision, RevisionDate, render_entry, write_atomic
from judge.corpus.store import entry_path

ENGINE_TESTS = Path(__file__).resolve().parents[1] / "engine"
WIKI_PLAY = {"document": "004", "page": "プレイ"}

TOY_SCENARIO = """\
game: toy
title: 手札1枚で捨てられるか
ruling: vision/rule/toy
setup:
  active: A
  players:
    A: {life: 5, deck: 3, hand: [Alpha]}
    B: {life: 5, board: [{name: Beta, power: 3}]}
actions:
  - {player: A, do: discard, card: Alpha}
expect:
  outcome: illegal
  A.hand: [Alpha]
expect_by_revision:
  1: {outcome: legal, A.discard: [Alpha]}
"""

EVIL_SCENARIO = """\
game: toy
title: "<script>alert('title')</script><img src=x onerror=alert(1)>"
ruling: vision/qa/QA-900
setup:
  players:
    A: {hand: ["<img src=x onerror=alert(2)>"]}
    B: {}
actions:
  - {player: A, do: draw}
"""

EVIL_TEXT = """\
**Q.** <script>alert("entry")</script>は？<img src="x" onerror="alert(3)">

**A.** [ここ](javascript:alert(4)) と <a href="javascript:alert(5)" onclick="alert(6)">ここ</a>
<iframe src="https://example.com/"></iframe><style>body{display:none}</style>

[正しいリンク](judge:vision/qa/QA-337) {#evil} 条項ではない
"""


def rev(number, day, text, source=None, status="current", before=False, **kw):
    return Revision(number=number, date=RevisionDate.parse(day, before) if day else None,
                    source=source or {"document": "test"}, text=text, status=status, **kw)


def entries() -> list[Entry]:
    toy_old = rev(1, "2010-01-01", "{#draw} Draw the top card.\n{#discard} Discard any card "
                  "from the hand.", {"document": "toy rules", "page": "1"}, status="superseded")
    toy_new = rev(2, "2020-01-01", "{#draw} Draw the top card.\n{#discard} Discard only with "
                  "2 cards or more in the hand.\n{#hit} A hit costs one life.",
                  {"document": "toy rules", "page": "2"},
                  notes=[{"text": "「手札」は原文では「手礼」（誤記）", "line": 2}])
    return [
        Entry("vision/rule/toy", "vision", "rule", "toy", "トイ・ルール", [toy_new, toy_old],
              scenarios=["vision/scenarios/toy-discard.yaml"]),
        Entry("vision/qa/QA-337", "vision", "qa", "QA-337", "QA-337", [
            rev(2, "2014-04-10", "**Q.** 「プレイしたものとして解決する」効果で、例えばNo.075 "
                "マナの生成のように使用出来るターンや枚数、条件などの制限があるカードは、"
                "その制限を無視できますか？\n\n**A.** いいえ、出来ません。", WIKI_PLAY),
            rev(1, "2014-04-10", "**Q.** 「プレイしたものとして解決する」効果で、例えばNo.075 "
                "マナの生成のように使用出来るターンや枚数、条件などの制限があるカードは、"
                "その制限を無視できますか？\n\n**A.** はい、できます。", WIKI_PLAY, before=True,
                status="superseded"),
        ], cites=["vision/rule/toy#discard"], cards=["vision/card/N75"]),
        Entry("vision/qa/QA-326", "vision", "qa", "QA-326", "QA-326", [
            rev(2, "2014-04-10", "", WIKI_PLAY, status="withdrawn",
                withdrawn_reason="公式サイトで撤回された"),
            rev(1, "2014-04-10", "**Q.** 撤回された質問？\n\n**A.** 撤回された回答。", WIKI_PLAY,
                before=True, status="superseded"),
        ], status="withdrawn"),
        Entry("vision/card/N75", "vision", "card", "N75", "マナの生成", [
            rev(1, None, "No.075 マナの生成", {"document": "card list"}),
        ], aliases=["No.075"]),
        Entry("vision/qa/QA-900", "vision", "qa", "QA-900", "<b>QA-900</b><script>x</script>", [
            rev(1, "2020-01-01", EVIL_TEXT, {"document": "<script>alert(7)</script>"},
                notes=[{"text": "<img src=x onerror=alert(8)>"}]),
        ], scenarios=["vision/scenarios/evil.yaml"]),
    ]


def write_corpus(root: Path) -> Path:
    """Write the test corpus under ``root`` and return it."""
    for entry in entries():
        write_atomic(entry_path(root, entry.id), render_entry(entry))
    scenarios = root / "vision" / "scenarios"
    scenarios.mkdir(parents=True, exist_ok=True)
    (scenarios / "toy-discard.yaml").write_text(TOY_SCENARIO, encoding="utf-8")
    (scenarios / "evil.yaml").write_text(EVIL_SCENARIO, encoding="utf-8")
    return root


__all__ = ["write_corpus", "TOY_SCENARIO", "EVIL_SCENARIO", "ENGINE_TESTS", "date"]
