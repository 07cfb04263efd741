"""Dates that say what is known: a text whose source gives no date reads 日付不明 with the
day it was collected; an older copy known only to predate a day reads 「… より前」; the
latest rules name the newest dated text in force, not the day of the run."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from judge.cli import main
from judge.corpus import DEFAULT_CORPUS

JA = {"LANG": "ja_JP.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "JUDGE_LANG": ""}


@pytest.mark.parametrize("args, want, unwanted", [
    (["show", "yugioh/rule/ritual"], "日付不明（2026-11-29 収集）", "before 2026-11-29"),
    (["--lang", "en", "show", "yugioh/rule/ritual"], "date unknown (collected 2026-11-29)",
     "before 2026-11-29"),
    (["show", "QA-337"], "2014-04-10 より前", "before 2014-04-10"),
])
def test_judge_show_says_what_is_known_of_a_date(args, want, unwanted):
    out = CliRunner().invoke(main, args, env=JA).output
    assert want in out and unwanted not in out


def test_the_latest_rules_name_the_newest_text_in_force():
    scenario = DEFAULT_CORPUS / "vision" / "scenarios" / "qa-337-restrictions.yaml"
    out = CliRunner().invoke(main, ["run", str(scenario)], env=JA).output
    head = out.splitlines()[1]
    # QA-337's newer answer (2014-04-10) is the newest dated Vision text of the corpus
    assert head == "vision · 最新のルール（2014-04-10 の改訂まで）"


def test_a_revisions_json_says_whether_its_date_is_known():
    """An extension of the revision's JSON: ``date`` as before, ``date_known`` and
    ``collected`` beside it."""
    import json
    undated = json.loads(CliRunner().invoke(main, ["show", "--json", "yugioh/rule/ritual"],
                                            env=JA).output)["revisions"][0]
    assert undated["date"] == "before 2026-11-29"
    assert undated["date_known"] is False and undated["collected"] == "2026-11-29"
    older = json.loads(CliRunner().invoke(main, ["show", "--json", "QA-337"],
                                          env=JA).output)["revisions"]
    assert [(r["date_known"], r["collected"]) for r in older] == [(True, None)] * len(older)
