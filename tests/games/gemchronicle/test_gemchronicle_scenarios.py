"""The corpus's Gem Chronicle scenarios: linked, verified, and covering the rules page."""
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.cli import main
from judge.engine import run_file

SCENARIOS = Path(__file__).resolve().parents[3] / "corpus" / "gemchronicle" / "scenarios"


@pytest.fixture(scope="module")
def verify_rows(corpus):
    result = CliRunner().invoke(main, ["--corpus", str(corpus.root), "verify", "--json"])
    return [r for r in json.loads(result.output) if "gemchronicle" in r["scenario"]]


def test_every_gemchronicle_scenario_matches_its_expectations(verify_rows):
    bad = [(r["scenario"], r["error"], r["failed"]) for r in verify_rows if not r["match"]]
    assert verify_rows and bad == []
    files = {p.name for p in SCENARIOS.glob("*.yaml")}
    assert {Path(r["scenario"]).name for r in verify_rows} == files


def test_every_rule_entry_of_the_page_has_a_scenario(corpus):
    entries = [e for e in corpus if e.game == "gemchronicle" and e.kind == "rule"]
    assert len(entries) >= 30
    assert [e.id for e in entries if not e.scenarios] == []


def test_every_scenario_says_what_the_ruling_expects():
    for path in SCENARIOS.glob("*.yaml"):
        text = path.read_text(encoding="utf-8")
        assert "\nexpect:" in text, path.name
        assert "\ntitle:" in text and ("\nruling:" in text or "\nrulings:" in text), path.name


def cited(corpus, path):
    result = run_file(path, corpus)
    return [(s.rule, s.clause, s.quote, s.legal) for s in result.steps]


CELLS = {
    # cell: (clause, a piece of the sentence that decides it)
    "attack-higher": ("attack-vs-attack", "攻撃表示だった場合、その数値を超えていれば"),
    "attack-lower": ("attack-vs-attack", "こちらがブレイクされ"),
    "attack-equal": ("attack-vs-attack", "お互いにブレイクされます"),
    "defense-higher": ("attack-vs-defense", "守備表示だった場合、その数値を超えていれば"),
    "defense-lower": ("attack-vs-defense", "こちらがブレイクされることはありません"),
    "defense-equal": ("attack-vs-defense", "変動はありません"),
}


@pytest.mark.parametrize("cell", sorted(CELLS))
def test_each_cell_of_the_battle_table_has_its_own_scenario(corpus, cell):
    clause, words = CELLS[cell]
    result = run_file(SCENARIOS / f"battle-{cell}.yaml", corpus)
    judged = [s for s in result.steps if s.event == "battle"]
    assert judged, "the scenario judges no battle"
    first = judged[0]
    assert (first.rule, first.clause) == ("gemchronicle/rule/positions", clause)
    assert words in first.quote, first.quote


@pytest.mark.parametrize("kind", ["attacker", "shooter", "breaker", "blaster"])
def test_each_attack_type_has_its_own_scenario(corpus, kind):
    steps = cited(corpus, SCENARIOS / f"attack-type-{kind}.yaml")
    assert ("gemchronicle/rule/attack-types", kind) in {(r, c) for r, c, _, _ in steps}


@pytest.mark.parametrize("name, entry, clause", [
    ("attack-first-turn-illegal", "gemchronicle/rule/battle-phase", None),
    ("combat-defense-cannot-attack-illegal", "gemchronicle/rule/combat", None),
    ("forbidden-zone-second-unit-illegal", "gemchronicle/rule/forbidden-zone", None),
    ("spell-chant-set-this-turn-illegal", "gemchronicle/rule/spell-categories", "chant"),
    ("bounce-summoned-this-turn-illegal", "gemchronicle/rule/skill-effects", "bounce"),
])
def test_forbidden_actions_are_illegal_steps_citing_their_rule(corpus, name, entry, clause):
    steps = cited(corpus, SCENARIOS / f"{name}.yaml")
    illegal = [(r, c) for r, c, _, legal in steps if not legal]
    assert illegal == [(entry, clause)]
