"""The issue's "done when", through the command line (click's CliRunner)."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from judge.cli import main


@pytest.fixture(scope="module")
def run(real_corpus, real_index_dir):
    runner = CliRunner()

    def invoke(*args):
        result = runner.invoke(main, list(args), env={"JUDGE_INDEX_DIR": str(real_index_dir)},
                               catch_exceptions=False)
        return result
    return invoke


@pytest.mark.parametrize("typed, first, clause", [
    ("グレイズ", {"vision/term/グレイズ", "vision/rule/6.5"}, None),
    ("ぐれいず", {"vision/term/グレイズ", "vision/rule/6.5"}, None),
    ("ＱＡ－３３７", {"vision/qa/QA-337"}, None),
    ('"6.5.3.b"', {"vision/rule/6.5"}, "6.5.3.b"),
    ("6.5.3.b", {"vision/rule/6.5"}, "6.5.3.b"),
])
def test_done_when_queries_put_the_right_entry_first(run, typed, first, clause):
    result = run("search", typed, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    top = data["results"][0]
    assert top["id"] in first
    if clause:
        assert top["clause"] == clause
        assert top["url"].endswith("#" + clause)
    assert set(data) >= {"query", "total", "results", "facets", "did_you_mean", "notice",
                         "redirect"}


def test_id_query_redirects(run):
    data = json.loads(run("search", "ＱＡ－３３７", "--json").output)
    assert data["redirect"] == "vision/qa/QA-337"
    # the older revision is there too, labelled, after the current one
    revs = [(r["revision"], r["current"]) for r in data["results"]
            if r["id"] == "vision/qa/QA-337"]
    assert revs[0] == (2, True) and (1, False) in revs
    older = [r for r in data["results"] if r["id"] == "vision/qa/QA-337" and not r["current"]]
    assert older[0]["url"].endswith("?rev=1")


def test_text_output_names_the_entry(run):
    result = run("search", "ぐれいず", "--limit", "3")
    assert result.exit_code == 0
    assert "vision/" in result.output and "グレイズ" in result.output
    assert "\x1b[" not in result.output          # no ANSI codes when not a terminal


def test_game_and_kind_options(run):
    data = json.loads(run("search", "攻撃", "--game", "yugioh", "--kind", "rule",
                          "--json").output)
    assert data["results"]
    assert {(r["game"], r["kind"]) for r in data["results"]} == {("yugioh", "rule")}


def test_index_command_reports(run):
    result = run("--lang", "en", "index")
    assert result.exit_code == 0
    assert "entries" in result.output
    assert "項目" in run("--lang", "ja", "index").output
