"""Every scenario's replay reads in Japanese by default, and in English on request.

Each step's explanation and each interpretation's reason is rendered from a message id
and its parameters; in ja none may keep an English sentence, in en each must be English.
The JSON keeps ``message`` and ``params`` beside the rendered ``detail``.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from judge.corpus import Corpus
from judge.engine.runner import replay_entry_file
from judge.i18n import use_locale

from .english import english_sentence

CORPUS = Corpus.load()
LINKED = [(entry, Path(CORPUS.root) / rel) for entry in CORPUS for rel in entry.scenarios]
JA = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")


@pytest.mark.parametrize("entry, path", LINKED, ids=[f"{e.id}:{p.name}" for e, p in LINKED])
def test_no_japanese_step_keeps_an_english_sentence(entry, path):
    with use_locale("ja"):
        results = replay_entry_file(entry, path, CORPUS)
        runs = [r.as_json() for r in results]
    for run in runs:
        for step in run["steps"]:
            where = f"{path.name} ({run['ruleset_label']}) step {step['n']}"
            assert step["message"], f"{where}: the step has no message id"
            left = english_sentence(step["detail"])
            assert left is None, f"{where}: {left!r} in {step['detail']!r}"
            assert JA.search(step["action_label"] or "あ"), where
            if step["interpretation"]:
                left = english_sentence(step["reason"])
                assert left is None, f"{where}: reason {left!r}"


def test_the_same_replay_reads_in_english():
    entry = CORPUS.get("vision/qa/QA-337")
    path = Path(CORPUS.root) / entry.scenarios[0]
    with use_locale("en"):
        runs = [r.as_json() for r in replay_entry_file(entry, path, CORPUS)]
    details = [s["detail"] for run in runs for s in run["steps"]]
    assert any("as if" in d and "played" in d for d in details), details
    assert all(english_sentence(d) or not JA.search(re.sub(r"「[^」]*」|\(No\.\d+\)", "", d))
               for d in details), details


def test_the_json_keeps_the_message_and_its_parameters():
    entry = CORPUS.get("yugioh/rule/damage-calculation")
    path = next(Path(CORPUS.root) / rel for rel in entry.scenarios
                if rel.endswith("damage-attack-higher.yaml"))
    with use_locale("ja"):
        run = replay_entry_file(entry, path, CORPUS)[0].as_json()
    damage = next(s for s in run["steps"] if s["event"] == "damage")
    # what a client needs to render the sentence itself, in any language
    assert damage["message"] == "{them} takes {a} − {t} = {value} battle damage"
    a, t = damage["params"]["a"], damage["params"]["t"]
    assert damage["params"]["value"] == a - t
    assert damage["detail"] == f"Bは{a} − {t} = {a - t}の戦闘ダメージを受ける"
    attack = next(s for s in run["steps"] if s["event"] == "attack")
    assert attack["params"]["attacker"] == {"card": "戦士A"}
    json.dumps(run, ensure_ascii=False)        # everything in it is JSON


def test_single_words_of_the_game_read_in_japanese():
    """Words too short for the sentence check: a position, a direct attack's target."""
    from judge.engine.runner import run_text
    text = (Path(CORPUS.root) / "gemchronicle/scenarios/direct-attack.yaml").read_text("utf-8")
    with use_locale("ja"):
        details = [s["detail"] for s in run_text(text, CORPUS).as_json()["steps"]]
    assert any("ダイレクトアタック" in d for d in details), details
    assert not any(re.search(r"\bdirectly\b", d) for d in details), details
    battle = (Path(CORPUS.root) / "gemchronicle/scenarios/attack-type-attacker.yaml").read_text(
        "utf-8")
    with use_locale("ja"):
        details = [s["detail"] for s in run_text(battle, CORPUS).as_json()["steps"]]
    assert any("（攻撃表示）" in d or "（守備表示）" in d for d in details), details
    assert not any(re.search(r"（(attack|defense)）", d) for d in details), details
