"""Boards the record's tests store: real scenarios of the corpus."""
from pathlib import Path

from judge.corpus import DEFAULT_CORPUS

ATTACK = (Path(DEFAULT_CORPUS) / "yugioh/scenarios/damage-attack-higher.yaml").read_text(
    encoding="utf-8")
QA337 = "vision/qa/QA-337"
