"""A card a scenario only counts (``nodes: 3``, ``deck: 5``) is named by the engine
``nodes-1``, ``deck-1``: the file format's key, which a Japanese judge reading a replay
should not have to decode.  The steps and the board list say where the card was, in the
reader's language, by the game's own word for the zone; the JSON keeps the name."""
from pathlib import Path

import pytest

from judge.corpus import Corpus
from judge.engine.report import result_text
from judge.engine.runner import run_file
from judge.i18n import anonymous_card_label
from judge.i18n import use_locale as locale

ROOT = Path(__file__).resolve().parents[2]
VISION = ROOT / "corpus/vision/scenarios/qa-337-world-talisman.yaml"
GEM = ROOT / "corpus/gemchronicle/scenarios/burn-then-heals.yaml"


CORPUS = Corpus.load()


def _run(path):
    return run_file(path, CORPUS)


def test_a_node_paid_for_a_cost_reads_as_its_place_in_the_node_area():
    result = _run(VISION)
    with locale("ja"):
        text = result_text(result)
    assert "ノード（ノードエリアの1枚目）がスリープ状態になる" in text
    assert "ノードエリア: ノードエリアの1枚目、ノードエリアの2枚目" in text
    assert "nodes-1" not in text
    with locale("en"):
        text = result_text(result)
    assert "a node (node area card 1) is put to sleep" in text
    assert "nodes-1" not in text
    # the JSON keeps the card's name: expect paths and permalinks use it
    data = result.as_json()
    names = [c["name"] for c in data["state"]["players"]["A"]["zones"]["nodes"]]
    assert names[:3] == ["nodes-1", "nodes-2", "nodes-3"]


def test_a_drawn_unnamed_card_reads_as_the_decks_card():
    result = _run(GEM)
    with locale("ja"):
        text = result_text(result)
    assert "Bがデッキの1枚目を引く" in text
    assert "「deck-1」" not in text and "手札: deck-1" not in text


@pytest.mark.parametrize("name", ["Soldier-1", "戦士A", "dance-1", "deck-0", "deck-", "deck"])
def test_a_name_of_its_own_is_left_alone(name):
    _run(GEM)      # the games' catalogues are loaded
    assert anonymous_card_label(name, "ja") is None
