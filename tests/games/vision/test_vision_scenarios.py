"""The Vision scenarios of the corpus: each matches its ruling, and together they cover
every official Q&A, every clause of the graze rule and of the play rules.

The scenarios' ``expect`` come from the texts (never from running the engine); these
tests check that the engine reaches them, that each answer is replayed under the
revisions it belongs to, and that `judge replay` / `judge verify` / `judge lint` show it.
"""
import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from judge.cli import main
from judge.engine.runner import replay_entry, scenario_paths, verify_all
from judge.app.editorial.conflicts import ruling_conflicts

RULES = ("vision/rule/6.5", "vision/rule/card-play", "vision/rule/play-procedure",
         "vision/rule/play-supplement", "vision/rule/played-card")


def vision_entries(corpus, kind=None):
    return [e for e in corpus if e.game == "vision" and (kind is None or e.kind == kind)]


@pytest.fixture(scope="module")
def runs(corpus):
    """Every run of every linked Vision scenario, under each ruleset it is replayed in."""
    out = []
    for entry in vision_entries(corpus):
        if entry.kind == "card":
            continue
        for result in replay_entry(entry, corpus):
            out.append((entry, result))
    return out


def test_verify_every_vision_row_matches(corpus):
    rows = [r for r in verify_all(corpus) if r.entry.startswith("vision/")
            or "/vision/" in r.scenario or r.scenario.startswith("vision/")]
    assert len(rows) >= 40
    bad = [(r.entry, r.scenario, r.ruleset, r.failed, r.error) for r in rows if not r.ok]
    assert bad == []


def test_every_vision_scenario_file_is_linked(corpus):
    files = {p.resolve() for p in scenario_paths(corpus) if p.parts[-3] == "vision"}
    linked = {(Path(corpus.root) / rel).resolve() for e in vision_entries(corpus)
              for rel in e.scenarios}
    assert files and files <= linked


def test_every_official_qa_has_a_scenario_with_an_expectation(corpus):
    qas = vision_entries(corpus, "qa")
    assert {e.key for e in qas} >= {"QA-021", "QA-041", "QA-108", "QA-110", "QA-326",
                                    "QA-337", "QA-341", "QA-346"}
    for entry in qas:
        assert entry.scenarios, f"{entry.id} has no scenario"
        data = [yaml.safe_load((Path(corpus.root) / rel).read_text("utf-8"))
                for rel in entry.scenarios]
        assert any(d.get("expect") or d.get("expect_by_revision") for d in data), entry.id


def test_every_clause_of_the_rules_is_cited_under_each_revision(runs):
    cited = {(s.rule, s.clause, s.revision) for _, r in runs for s in r.steps}
    corpus = runs[0][1].scenario.game.corpus
    missing = []
    for entry_id in RULES:
        for rev in corpus.get(entry_id).revisions:
            for clause in rev.clauses:
                if (entry_id, clause, rev.number) not in cited:
                    missing.append(f"{entry_id}#{clause} (revision {rev.number})")
    assert missing == []


def _graze_runs(runs):
    return [r for e, r in runs if any(s.rule == "vision/rule/6.5" for s in r.steps)]


@pytest.mark.parametrize("situation, detail", [
    ("damage 0", "no battle damage (0)"),
    ("piercing", "貫通 (piercing) damage: no graze"),
    ("effect damage", "effect damage, not battle damage"),
    ("negated", "received no battle damage, so no graze"),
    ("deck too small (Ver.2.0)", "with X cards or fewer no graze"),
    ("deck too small (6.5)", "exactly X cards cannot be added"),
    ("choose no", "does not graze: the graze ends"),
    ("choose yes", "grazed exactly"),
])
def test_each_graze_situation_is_replayed(runs, situation, detail):
    assert any(detail in s.detail for r in _graze_runs(runs) for s in r.steps), situation


def test_graze_rule_is_replayed_under_both_revisions(runs):
    revisions = {s.revision for r in _graze_runs(runs) for s in r.steps
                 if s.rule == "vision/rule/6.5"}
    assert revisions == {1, 2}


def test_replay_qa_337_gives_each_answer_under_its_ruleset(corpus):
    out = CliRunner().invoke(main, ["--lang", "en", "--corpus", str(corpus.root), "replay", "ＱＡ－３３７",
                                    "--json"])
    assert out.exit_code == 0, out.output
    results = json.loads(out.output)
    by_file = {}
    for r in results:
        by_file.setdefault(Path(r["scenario"]).name, []).append(r)
    runs = by_file["qa-337-restrictions.yaml"]
    assert len(runs) == 2
    newer = next(r for r in runs if r["expect_source"] == "expect")
    older = next(r for r in runs if r["expect_source"] == "revision 1 of vision/qa/QA-337")
    for r in (newer, older):
        assert r["expect"]["failed"] == [] and r["expect"]["checked"] >= 2
    assert newer["state"] != older["state"]
    names = lambda r, zone: [c["name"] for c in r["state"]["players"]["A"]["zones"][zone]]  # noqa
    assert names(newer, "graveyard") == ["マナの生成"]          # いいえ、出来ません
    assert names(older, "graveyard") == [] and names(older, "nodes").count("マナの生成") == 2
    quotes = {r["expect_source"]: [s["quote"] for s in r["steps"] if s["rule"].endswith("QA-337")]
              for r in runs}
    assert any("いいえ" in q for q in quotes["expect"])
    assert any("はい、できます" in q for q in quotes["revision 1 of vision/qa/QA-337"])


def test_withdrawn_qa_326_is_replayed_only_under_its_revision(corpus):
    results = replay_entry(corpus.get("vision/qa/QA-326"), corpus)
    checked = [r for r in results if r.expect]
    assert [r.expect_source for r in checked] == ["revision 1 of vision/qa/QA-326"]
    assert checked[0].expect["failed"] == []
    latest = [r for r in results if not r.expect]
    assert latest and "秋符「秋の空と乙女の心」" in [c.name for c in
                                                  latest[0].state.players["A"].zones["graveyard"]]


def test_verify_command_passes_and_prints_the_table(corpus):
    out = CliRunner().invoke(main, ["--lang", "en", "--corpus", str(corpus.root), "verify"])
    vision = [line for line in out.output.splitlines() if line.startswith("vision/")]
    assert vision and all(line.rstrip().endswith("ok") for line in vision), out.output


def test_lint_reports_qa_041_against_the_newer_qa_337_with_both_citations(corpus):
    problems = [p for p in ruling_conflicts(corpus) if p.entry_id.startswith("vision/")]
    assert len(problems) == 1
    p = problems[0]
    assert p.severity == "warning" and p.entry_id == "vision/qa/QA-041"
    text = p.message.render("en")      # a message id with params, rendered per reader
    assert "vision/qa/QA-337 revision 2" in text and "2014-04-10" in text
    assert "はい、セットされます" in text and "いいえ、出来ません" in text
    assert "do not reach the answer" in text
    out = CliRunner().invoke(main, ["--corpus", str(corpus.root), "lint", "--json"])
    assert any(d["code"] == "ruling-conflict" and d["entry_id"] == "vision/qa/QA-041"
               for d in json.loads(out.output[out.output.index("["):]))


def test_qa_041_holds_before_the_newer_qa_337_and_not_after(corpus):
    from judge.engine import run_file
    path = next(Path(corpus.root) / rel for rel in corpus.get("vision/qa/QA-041").scenarios)
    assert not run_file(path, corpus).expect_failed                    # its own date
    assert not run_file(path, corpus, ruleset="2014-04-09").expect_failed
    assert run_file(path, corpus, ruleset="2014-04-10").expect_failed   # QA-337 rev 2


def test_the_docs_list_every_interpretation_switch_and_scenario(corpus):
    from judge.games.vision import GAME
    doc = (Path(__file__).parents[3] / "docs" / "games" / "vision.md").read_text("utf-8")
    for interpretation in GAME.interpretations.values():
        assert f"`{interpretation.id}`" in doc
        assert str(interpretation.reason) in doc
    for name in GAME.switches:
        assert f"`{name}`" in doc
    for path in scenario_paths(corpus):
        if path.parts[-3] == "vision":
            assert f"`{path.stem}`" in doc, path.name
