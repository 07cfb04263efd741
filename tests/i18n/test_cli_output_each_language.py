"""The CLI's output in each language (issue 29): what a judge runs most (run, show,
search, replay) holds no English phrase in Japanese (ids, quoted names and code aside),
and none of the judge's own Japanese words in English (the sources' text stays
Japanese: it is quoted)."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from judge.cli import main
from judge.corpus import DEFAULT_CORPUS

from .english import english_sentence

JA = {"LANG": "ja_JP.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "JUDGE_LANG": ""}
EN = {"LANG": "en_US.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "JUDGE_LANG": ""}
SCENARIOS = DEFAULT_CORPUS
COMMANDS = [
    ["run", str(SCENARIOS / "vision/scenarios/qa-337-restrictions.yaml")],
    ["run", str(SCENARIOS / "gemchronicle/scenarios/attack-answer-without-pierce.yaml")],
    ["run", str(SCENARIOS / "yugioh/scenarios/face-down-defense-attacked.yaml")],
    ["show", "QA-337"], ["show", "yugioh/term/破壊"], ["show", "yugioh/rule/ritual"],
    ["search", "グレイズ"], ["replay", "QA-337"],
]
# The judge's own words in the Japanese output (labels of the report), never in English.
OWN_JA = ["結論", "出典：", "改訂", "日付不明", "解釈（"]


@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: " ".join(a[:2]).split("/")[-1])
def test_the_cli_output_reads_in_one_language(args):
    ja = CliRunner().invoke(main, args, env=JA)
    assert ja.exit_code in (0, 1), ja.output
    english = [line for line in ja.output.splitlines() if english_sentence(line)]
    assert english == [], english[:4]
    en = CliRunner().invoke(main, ["--lang", "en", *args], env=EN).output
    left = [w for w in OWN_JA if any(w in line and "「" not in line and "…" not in line
                                     for line in en.splitlines())]
    assert left == [], (left, en[:400])
