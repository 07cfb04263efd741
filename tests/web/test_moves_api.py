"""POST /api/moves on the real corpus: the legal actions of a board and why one is not."""
from __future__ import annotations

import pytest

from judge.corpus import DEFAULT_CORPUS

from .test_real_corpus import NoSearch

pytestmark = pytest.mark.skipif(not (DEFAULT_CORPUS / "yugioh" / "scenarios").is_dir(),
                                reason="corpus/ has not been generated")

BOARD = """
game: yugioh
setup:
  active: A
  turn: 3
  phase: battle
  players:
    A: {deck: 10, monsters: [{name: Soldier A, atk: 1000, def: 800}]}
    B: {deck: 10, monsters: [{name: Soldier B, atk: 1500, def: 500}]}
"""


@pytest.fixture(scope="module")
def client():
    from judge.web import create_app
    return create_app({"TESTING": True, "SEARCHER": NoSearch()}).test_client()


def test_moves_lists_the_attack_and_refuses_the_direct_one(client):
    resp = client.post("/api/moves", data=BOARD.encode(), content_type="text/yaml")
    assert resp.status_code == 200
    data = resp.get_json()
    actions = [m["action"] for m in data["moves"]]
    assert {"player": "A", "do": "attack", "attacker": "Soldier A",
            "target": "Soldier B"} in actions
    direct = [m for m in data["refused"]
              if m["action"] == {"player": "A", "do": "attack", "attacker": "Soldier A"}]
    assert direct and direct[0]["rule"] == "yugioh/rule/direct-attack"
    assert all(m["player"] == "A" for m in data["moves"] if m["action"]["do"] == "attack")


def test_moves_explains_one_action(client):
    resp = client.post("/api/moves", json={
        "scenario": BOARD, "action": {"player": "B", "do": "attack", "attacker": "Soldier B"}})
    data = resp.get_json()
    assert resp.status_code == 200
    assert [m["step"]["event"] for m in data["explain"]] and \
        all(m["action"]["player"] == "B" for m in data["explain"])
    assert data["explain"][0] in data["refused"]


def test_moves_of_a_bad_board_is_a_located_error(client):
    resp = client.post("/api/moves", data=b"game: yugioh\nsetup: []\n",
                       content_type="text/yaml")
    assert resp.status_code == 400
    assert resp.get_json()["error"]
