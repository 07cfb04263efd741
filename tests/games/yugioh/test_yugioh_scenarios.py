"""The Yu-Gi-Oh! scenarios of the corpus: each runs, cites real text, and matches its expect."""
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.cli import main
from judge.engine import run_file
from judge.games.yugioh import GAME
from judge.games.yugioh.citations import RULE_ENTRIES

SCENARIOS = sorted((Path(__file__).resolve().parents[3] / "corpus" / "yugioh" /
                    "scenarios").glob("*.yaml"))
DAMAGE_CASES = ("attack-higher", "attack-equal", "attack-lower", "defense-higher",
                "defense-equal", "defense-lower")


def test_there_is_a_scenario_for_every_case_and_rule(corpus):
    names = {p.stem for p in SCENARIOS}
    for case in DAMAGE_CASES:
        assert f"damage-{case}" in names
    rulings = set()
    for path in SCENARIOS:
        text = path.read_text(encoding="utf-8")
        rulings |= {e for e in RULE_ENTRIES if e in text}
    assert rulings == set(RULE_ENTRIES)


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario_matches_its_expect_and_cites_the_corpus(path, corpus):
    result = run_file(path, corpus)
    assert result.scenario.expect, f"{path.name} has no expect"
    assert result.expect["failed"] == []
    assert result.scenario.ruling, f"{path.name} names no ruling"
    for step in result.as_json()["steps"]:
        assert step["rule"] in corpus and step["quote"].strip()
        if step["clause"]:
            assert step["clause"] in corpus.get(step["rule"]).revision(step["revision"]).clauses
        if step["interpretation"]:
            assert step["interpretation_id"] in GAME.interpretations
            assert step["reason"]


@pytest.mark.parametrize("case", DAMAGE_CASES)
def test_each_damage_case_cites_its_own_clause(case, corpus):
    path = next(p for p in SCENARIOS if p.stem == f"damage-{case}")
    steps = run_file(path, corpus).steps
    calc = [s for s in steps if s.event == "damage-calculation"]
    assert len(calc) == 1 and calc[0].clause == case
    assert {s.clause for s in steps if s.rule.endswith("damage-calculation") and s.clause} \
        == {case}


def test_attack_lower_damage_is_an_interpretation_pointing_to_the_note(corpus):
    path = next(p for p in SCENARIOS if p.stem == "damage-attack-lower")
    damage = [s for s in run_file(path, corpus).steps if s.event == "damage"]
    assert len(damage) == 1
    step = damage[0]
    assert step.clause == "attack-lower" and step.interpretation
    assert step.interpretation_id == "yugioh.attack-lower-transcription"
    assert "editor's note" in step.reason_text
    # the quote is the text as cited, transcription error and all
    assert "攻撃を受けた相手プレイヤー" in step.quote
    # the editor's note the reason points to is on that entry and clause
    notes = [n for r in corpus.get(step.rule).revisions for n in r.notes]
    assert any(n.get("clause") == "attack-lower" or "attack-lower" in str(n) for n in notes)


def test_judge_run_prints_a_step_log_a_judge_can_follow(corpus):
    path = next(p for p in SCENARIOS if p.stem == "face-down-defense-attacked")
    out = CliRunner().invoke(main, ["--lang", "en", "--corpus", str(corpus.root), "run", str(path)])
    assert out.exit_code == 0, out.output
    text = out.output
    for needle in ("turned face-up", "flip-effects.1", "defense-lower", "200 battle damage",
                   "expect: all"):
        assert needle in text
    assert text.index("turned face-up") < text.index("defense-lower")


def test_judge_verify_passes_for_every_yugioh_row(corpus):
    out = CliRunner().invoke(main, ["--corpus", str(corpus.root), "verify", "--json"])
    import json
    rows = [r for r in json.loads(out.output) if "yugioh" in r["scenario"]]
    assert rows, "no yugioh scenario is linked from an entry (re-run judge import)"
    assert [r for r in rows if not r["match"]] == []
    linked = {r["scenario"].split("/")[-1] for r in rows}
    assert linked == {p.name for p in SCENARIOS}
