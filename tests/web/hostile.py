"""Hostile inputs of issue 14, shared by its regression tests and bench/soak.py.

Each is what an outsider sent to the running server: a permalink that held a worker for
two minutes, YAML and JSON bodies that answered 500.  Kept in one place so the soak
benchmark replays exactly what the tests pin down.
"""
from __future__ import annotations

import json

BASE = """\
game: yugioh
title: 攻撃表示のモンスターを攻撃
setup:
  active: A
  turn: 3
  phase: battle
  players:
    A:
      life: 8000
      deck: 20
      monsters:
        - {name: 戦士A, atk: 1800, def: 1000, level: 4}
    B:
      life: 8000
      deck: 20
      monsters:
        - {name: 戦士B, atk: 1500, def: 1200, level: 4, position: attack}
actions:
  - {player: A, do: attack, attacker: 戦士A, target: 戦士B}
"""


def finding1_scenario(cards: int = 500, actions: int = 9900) -> str:
    """Finding 1: 500 cards in each player's deck, hand and graveyard, 9,900 end_turn."""
    acts = "\n".join(["  - {do: end_turn}"] * actions)
    zones = f"{{deck: {cards}, hand: {cards}, graveyard: {cards}}}"
    return (f"game: yugioh\nsetup:\n  active: A\n  players:\n    A: {zones}\n"
            f"    B: {zones}\nactions:\n{acts}\n")


def finding1_permalink() -> str:
    """The board URL of finding 1 (about 800 characters)."""
    from judge.app.permalink import encode
    return "/board?s=" + encode(finding1_scenario())


def replace_line(text: str, start: str, line: str) -> str:
    """``text`` with its first line starting with ``start`` replaced by ``line``."""
    out = []
    done = False
    for old in text.splitlines():
        if not done and old.startswith(start):
            out.append(line)
            done = True
        else:
            out.append(old)
    assert done, start
    return "\n".join(out) + "\n"


# (name, YAML text): each answered 500 or a traceback before issue 14.
BAD_YAML = [
    ("invalid date ruleset", replace_line(BASE, "title:", "title: x\nruleset: 2014-02-30")),
    ("invalid date title", replace_line(BASE, "title:", "title: 2014-02-30")),
    ("huge life", replace_line(BASE, "      life: 8000", "      life: 1" + "0" * 5000)),
    ("huge hex life", replace_line(BASE, "      life: 8000", "      life: 0x" + "f" * 4000)),
    ("huge atk", BASE.replace("atk: 1800", "atk: 1" + "0" * 400)),
    ("huge turn", replace_line(BASE, "  turn: 3", "  turn: 1" + "0" * 300)),
    ("do as a list", BASE.replace("do: attack", "do: [attack]")),
    ("do as a mapping", BASE.replace("do: attack", "do: {attack: 1}")),
    ("binary title", replace_line(BASE, "title:", "title: !!binary aGVsbG8=")),
    ("tag on a list", replace_line(BASE, "title:",
                                   "title: !!python/object/apply:os.system [id]")),
    ("tag on a mapping", replace_line(BASE, "title:", "title: !!python/object:os {a: 1}")),
    ("deep nesting", replace_line(BASE, "title:", "title: " + "[" * 200 + "]" * 200)),
]


def json_bodies() -> list[tuple[str, bytes]]:
    """(name, body) of the JSON bodies that answered 500 on /api/run and /api/scenario."""
    return [
        ("lone surrogate", b'{"yaml": "title: \\ud800"}'),
        ("lone surrogate scenario", b'{"scenario": "game: yugioh\\ntitle: \\udfff"}'),
        ("5000-digit number", b'{"data": {"game": "yugioh", "title": 1' + b"0" * 5000 + b"}}"),
        ("5000-digit ruleset", b'{"scenario": "game: yugioh", "ruleset": 1' + b"0" * 5000
         + b"}"),
        ("deep nesting", b'{"data": ' + b"[" * 5000 + b"]" * 5000 + b"}"),
        ("nesting 900", b'{"data": {"x": ' + b"[" * 900 + b"]" * 900 + b"}}"),
        ("NaN", b'{"data": {"game": "yugioh", "title": NaN}}'),
        ("surrogate key", json.dumps({"data": {"\ud800": 1}}).encode()),
    ]
