"""``judge show`` and ``judge lint`` through the command line (click's CliRunner)."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from corpus_testkit import COMMITTED

from judge.cli import main
from judge.corpus import Corpus
from judge.corpus.lint import Problem, lint_corpus


def run(corpus_dir, *args):
    return CliRunner().invoke(main, ["--lang", "en", "--corpus", str(corpus_dir), *args])


@pytest.mark.parametrize("typed", ["ＱＡ－３３７", "qa337", "vision/qa/QA-337", "QA-337"])
def test_show_finds_qa_337_by_any_spelling(imported, cached_load, typed):
    result = run(imported, "show", typed)
    assert result.exit_code == 0, result.output
    first = result.output.splitlines()[0]
    assert first.startswith("vision/qa/QA-337 — ")
    # Every revision, newest first, with both answers.
    assert result.output.index("revision 2 · 2014-04-10") < \
        result.output.index("revision 1 · before 2014-04-10")
    assert "いいえ、出来ません。" in result.output and "はい、できます。" in result.output


def test_show_q346(imported, cached_load):
    result = run(imported, "show", "Q346")
    assert result.exit_code == 0 and result.output.startswith("vision/qa/QA-346 — ")


def test_show_json_prints_both_revisions(imported, cached_load):
    result = run(imported, "show", "vision/qa/QA-337", "--json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["id"] == "vision/qa/QA-337" and data["kind"] == "qa"
    assert [(r["number"], r["date"], r["status"]) for r in data["revisions"]] == \
        [(2, "2014-04-10", "current"), (1, "before 2014-04-10", "superseded")]
    assert "いいえ、出来ません。" in data["revisions"][0]["plain"]
    assert "はい、できます。" in data["revisions"][1]["plain"]
    assert "vision/term/プレイ" in data["cited_by"]
    keys = {"number", "date", "status", "source", "text", "plain", "clauses",
            "editor_comments", "notes", "withdrawn_reason"}
    assert keys <= set(data["revisions"][0])


def test_show_json_of_a_rule_lists_its_clauses_per_revision(imported, cached_load):
    data = json.loads(run(imported, "show", "6.5.2.b", "--json").output)
    assert data["id"] == "vision/rule/6.5"
    assert data["revisions"][0]["clauses"]["6.5.2.b"].endswith("貫通のダメージではない。")
    assert list(data["revisions"][1]["clauses"]) == ["graze"]


def test_show_withdrawn_says_why(imported, cached_load):
    result = run(imported, "show", "qa326")
    assert "status: withdrawn" in result.output
    assert "withdrawn: 古いテキスト及びルールでの質問のため削除しました。" in result.output


def test_show_unknown_is_a_clear_error(imported, cached_load):
    result = run(imported, "show", "QA-9999")
    assert result.exit_code == 2 and "no entry matches 'QA-9999'" in result.output


def test_lint_is_clean_on_the_committed_corpus():
    result = CliRunner().invoke(main, ["--lang", "en", "--corpus", str(COMMITTED), "lint"])
    assert result.exit_code == 0, result.output
    assert " 0 errors" in result.output


def test_lint_is_clean_on_a_fresh_import(corpus):
    assert [str(p) for p in lint_corpus(corpus) if p.severity == "error"] == []


def test_lint_finds_planted_problems(small):
    rule = small / "yugioh" / "rule" / "ritual.md"
    text = rule.read_text(encoding="utf-8")
    assert "\ncites:\n" in text
    text = text.replace("\ncites:\n", "\ncites:\n- yugioh/rule/nowhere\n", 1)
    text = text.replace("必要があります。", "[必要](judge:yugioh/card/ブラック・マジシャン)があります。")
    text = text.replace("  date: before 2026-11-29\n", "", 1)
    rule.write_text(text, encoding="utf-8")
    folder = small / "yugioh" / "scenarios"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "zz-bad.yaml").write_text("game: yugioh\nsetup: [unclosed\n", encoding="utf-8")
    (folder / "zz-ghost.yaml").write_text("game: yugioh\nruling: yugioh/qa/QA-404\n",
                                          encoding="utf-8")
    problems = lint_corpus(Corpus.load(small))
    found = {(p.entry_id.split(":")[0], p.code) for p in problems if p.severity == "error"}
    assert found == {("yugioh/rule/ritual", "broken-cites"),
                     ("yugioh/rule/ritual", "broken-text-link"),
                     ("yugioh/rule/ritual", "no-date"),
                     ("yugioh/scenarios/zz-bad.yaml", "scenario-invalid"),
                     ("yugioh/scenarios/zz-ghost.yaml", "scenario-ruling")}
    result = run(small, "lint", "--json")
    assert result.exit_code == 1
    assert {"entry_id", "severity", "code", "message"} <= set(json.loads(result.output)[0])


def test_problem_prints_one_line():
    problem = Problem("vision/qa/QA-1", "error", "no-date", "revision 1 has no date")
    assert str(problem) == "error: vision/qa/QA-1: revision 1 has no date [no-date]"
    assert problem.as_dict()["code"] == "no-date"


def test_a_problem_says_its_severity_in_the_readers_words():
    """`judge lint` in Japanese printed 「warning: vision/qa/QA-041: 2014-04-10から…」."""
    from judge.i18n import use_locale
    problem = Problem("vision/qa/QA-041", "warning", "ruling-conflict", "矛盾します")
    with use_locale("ja"):
        assert str(problem) == "警告: vision/qa/QA-041: 矛盾します [ruling-conflict]"
        assert str(Problem("x", "error", "no-date", "日付がない")).startswith("エラー: x:")
        assert problem.as_dict()["severity"] == "warning"
    with use_locale("en"):
        assert str(problem).startswith("warning: vision/qa/QA-041: ")
