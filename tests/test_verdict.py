"""The verdict (結論): one line computed from a run, checked against the board itself.

The lines are checked against what the state says (life before and after, where each
card is), not against the code that writes them; and a refusal's line names the
action refused and rests on the step that refuses it.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from judge.corpus import Corpus
from judge.engine.runner import run_file, run_text
from judge.i18n import use_locale

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = sorted((ROOT / "corpus").glob("*/scenarios/*.yaml"))


@pytest.fixture(scope="module")
def corpus():
    return Corpus.load()


def test_face_down_defense_reads_as_the_damage_taken(corpus):
    result = run_file(ROOT / "corpus/yugioh/scenarios/face-down-defense-attacked.yaml", corpus)
    with use_locale("ja"):
        ja = result.as_json()["verdict"]
    with use_locale("en"):
        en = result.as_json()["verdict"]
    assert ja["kind"] == "changed"
    assert "A" in ja["text"] and "200" in ja["text"] and "ダメージ" in ja["text"]
    assert en["text"] == "Result: A takes 200 damage"
    assert ja["message"] == en["message"] and ja["params"] == en["params"]


def test_a_refusal_names_the_action_and_cites_the_step_that_refuses(corpus):
    result = run_file(ROOT / "corpus/yugioh/scenarios/attack-from-defense-illegal.yaml",
                      corpus)
    v = result.as_json()["verdict"]
    illegal = [s for s in result.as_json()["steps"] if not s["legal"]][0]
    assert v["kind"] == "refused"
    assert v["step"] == illegal["n"] and v["rule"] == illegal["rule"]
    assert v["quote"] == illegal["quote"]
    with use_locale("ja"):
        text = result.verdict.as_json()["text"]
    assert "攻撃" in text and illegal["detail"] in text


def test_a_win_says_who_won(corpus):
    result = run_file(ROOT / "corpus/yugioh/scenarios/deck-out-loses.yaml", corpus)
    v = result.as_json()["verdict"]
    assert v["kind"] == "won"
    assert result.state.winner in v["text"]


def test_a_destroyed_monster_is_named(corpus):
    result = run_file(ROOT / "corpus/yugioh/scenarios/damage-attack-higher.yaml", corpus)
    destroyed = result.as_json()["expect"]
    with use_locale("ja"):
        text = result.verdict.as_json()["text"]
    gone = [c["name"] for p in result.state.as_json()["players"].values()
            for c in p["zones"]["graveyard"]]
    assert gone and all(name in text for name in gone) and "破壊" in text, destroyed


def test_a_board_without_actions(corpus):
    text = "game: yugioh\nsetup:\n  players:\n    A: {life: 8000}\n    B: {life: 8000}\n"
    assert run_text(text, corpus).as_json()["verdict"]["kind"] == "empty"


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parts[-3]}/{p.stem}")
def test_every_scenario_verdict_agrees_with_its_board(path, corpus):
    """Refused iff a step is illegal; won iff the board has a winner; each player whose
    life changed is named with the difference the boards show."""
    result = run_file(path, corpus)
    data = result.as_json()
    with use_locale("en"):
        v = result.verdict.as_json()
    illegal = any(not s["legal"] for s in data["steps"])
    assert (v["kind"] == "refused") == illegal
    if illegal:
        return
    assert (v["kind"] == "won") == bool(data["state"].get("winner"))
    for name, before in data["initial"]["players"].items():
        after = data["state"]["players"][name]["life"]
        if before["life"] is None or after == before["life"]:
            continue
        diff = after - before["life"]
        said = (f"{name} takes {-diff} damage" if diff < 0 else f"{name} gains {diff} life")
        assert said in v["text"], (v["text"], said)
    assert v["text"] and not re.search(r"\{\w+\}", v["text"])


def test_qa_337_reads_as_its_answer_under_each_revision(corpus):
    """QA-337 said "yes" (revision 1: the second マナの生成 resolves) and later "no"
    (revision 2: it fails to resolve): the line says so, and under revision 2 it rests on
    the step where the card fails, with that step's citation."""
    from judge.engine.runner import replay_entry_file
    path = ROOT / "corpus/vision/scenarios/qa-337-restrictions.yaml"
    runs = {}
    for result in replay_entry_file(corpus.get("vision/qa/QA-337"), path, corpus):
        with use_locale("ja"):
            runs[result.ruleset.label or str(result.ruleset.day)] = result.as_json()
    kinds = sorted(run["verdict"]["kind"] for run in runs.values())
    assert kinds == ["changed", "failed"], runs.keys()
    failed = next(run for run in runs.values() if run["verdict"]["kind"] == "failed")
    v = failed["verdict"]
    step = failed["steps"][v["step"] - 1]
    assert step["legal"] and step["event"] == "fail" and v["rule"] == step["rule"]
    assert v["text"].startswith("解決できない") and "マナの生成" in v["text"]
    assert not any(s["event"] == "fail" for s in
                   next(run for run in runs.values() if run is not failed)["steps"])
