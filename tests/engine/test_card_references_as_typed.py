"""An action names its card as a judge types it on a phone: full-width letters and
digits (戦士Ａ), hiragana for a katakana name (ちるの), 『』 for 「」.  The exact name
still comes first; a name matching nothing is refused with the zones in the game's
words (not the file keys ``field``, ``monsters``)."""
import pytest

from judge.corpus import Corpus
from judge.engine.errors import ScenarioError
from judge.engine.runner import run_text
from judge.i18n import use_locale

CORPUS = Corpus.load()

YUGIOH = """game: yugioh
setup:
  phase: battle
  turn: 2
  players:
    A: {monsters: [{name: 戦士Ａ, atk: 1800, def: 0}]}
    B: {}
actions:
  - {player: A, do: attack, attacker: %s}
"""
VISION = """game: vision
setup:
  phase: main
  turn: 2
  players:
    A: {field: [No.010]}
    B: {deck: 3}
actions:
  - {player: A, do: attack, attacker: %s, block: none, graze: no}
"""


@pytest.mark.parametrize("typed", ["戦士Ａ", "戦士A", "戦士 a"])
def test_a_full_width_name_is_the_card(typed):
    result = run_text(YUGIOH % typed, CORPUS).as_json()
    assert result["steps"][0]["legal"], result["steps"][0]["detail"]
    assert result["state"]["players"]["B"]["life"] == 8000 - 1800


@pytest.mark.parametrize("typed", ["チルノ", "ちるの", "ﾁﾙﾉ"])
def test_a_kana_spelling_is_the_card(typed):
    result = run_text(VISION % typed, CORPUS).as_json()
    assert result["steps"][0]["legal"], result["steps"][0]["detail"]
    assert result["state"]["players"]["B"]["life"] < 25


def test_a_name_of_nothing_names_the_zone_in_japanese():
    with use_locale("ja"):
        with pytest.raises(ScenarioError) as caught:
            run_text(VISION % "ちるのX", CORPUS)
        text = str(caught.value)
    assert "Aの場にカード 'ちるのX' はありません" in text and "field" not in text.split("（")[0]
    with use_locale("ja"):
        with pytest.raises(ScenarioError) as caught:
            run_text(YUGIOH % "戦士B", CORPUS)
        assert "Aのモンスターカード置き場にカード '戦士B' はありません" in str(caught.value)


DEFENDER = """game: yugioh
setup:
  phase: battle
  turn: 2
  players:
    A: {monsters: [{name: 戦士A, atk: 1800, def: 0}]}
    B: {monsters: [{name: 番人, atk: 500, def: 2000, position: %s}]}
actions:
  - {player: A, do: attack, attacker: 戦士A, target: 番人}
"""


@pytest.mark.parametrize("typed", ["defense", "守備表示", "Defense"])
def test_a_position_in_the_games_own_word(typed):
    """A judge writes 守備表示 as the rulebook does: it is ``defense`` (the game's
    catalogue names each option); 2000 DEF against 1800 ATK costs A 200 (seed 001)."""
    result = run_text(DEFENDER % typed, CORPUS).as_json()
    assert result["state"]["players"]["A"]["life"] == 8000 - 200
    assert result["state"]["players"]["B"]["zones"]["monsters"][0]["position"] == "defense"


def test_a_word_of_no_option_is_still_refused():
    with pytest.raises(ScenarioError) as caught:
        run_text(DEFENDER % "しゅび", CORPUS)
    assert caught.value.as_dict()["field"].endswith("position")
