"""A game that is over stays over, in every game: after a win nothing is legal.

`judge run` (Match.perform) and `judge moves` (legal_moves) must agree: the moves list
names the winner and no move, and every action of the game's action space, tried on the
won board by either player, is refused, citing the game's declared end (its
``game_over``), and changes nothing.  The boards are every corpus scenario that ends
with a winner, and the dispute of issue 25 (a Yu-Gi-Oh! direct attack to 0 life
points, then the turn going on); hypothesis plays random sequences of actions after
the win.
"""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from judge.corpus import Corpus
from judge.engine import ScenarioError
from judge.engine.moves import candidates, legal_moves, try_action
from judge.engine.registry import game_classes
from judge.engine.runner import run_scenario, run_text, scenario_paths
from judge.engine.scenario import load_scenario

CORPUS = Corpus.load()

YUGIOH_WON = """
game: yugioh
setup:
  active: A
  turn: 3
  phase: battle
  players:
    A:
      life: 8000
      deck: 10
      hand: [{name: 兵士, atk: 1000, def: 1000, level: 4}]
      monsters: [{name: 戦士A, atk: 1800, def: 1000, level: 4}]
    B:
      life: 1000
      deck: 10
      hand: [{name: 番兵, atk: 500, def: 500, level: 4}]
actions:
  - {player: A, do: attack, attacker: 戦士A}
"""


def won_boards():
    """(name, RunResult) of every corpus scenario that ends with a winner, and the
    issue's Yu-Gi-Oh! duel won by a direct attack."""
    out = []
    for path in scenario_paths(CORPUS):
        result = run_scenario(load_scenario(path, CORPUS), CORPUS)
        if result.state.winner:
            out.append((f"{path.parts[-3]}/{path.stem}", result))
    out.append(("yugioh/direct-attack-to-zero", run_text(YUGIOH_WON, CORPUS)))
    return out


BOARDS = won_boards()


def test_every_game_has_a_won_board_and_declares_its_end():
    games = {result.scenario.game.name for _name, result in BOARDS}
    assert games >= set(game_classes()) - {"toy", "koma"}
    for cls in game_classes().values():
        if cls.name in games:
            assert cls.game_over is not None, cls.name


def _tries(result):
    """Every action of the action space, for both players, tried on the won board."""
    game, state = result.scenario.game, result.state
    for player in state.players:
        for act in candidates(game, state, player):
            try:
                match, legal = try_action(game, state, result.ruleset, CORPUS, act)
            except ScenarioError:
                continue          # outside the action space (an open choice…)
            yield act, match, legal


@pytest.mark.parametrize("name,result", BOARDS, ids=[n for n, _ in BOARDS])
def test_nothing_is_legal_after_a_win(name, result):
    game = result.scenario.game
    listed = legal_moves(game, result.state, result.ruleset, CORPUS)
    assert listed.winner == result.state.winner and listed.moves == []
    tried = 0
    for act, match, legal in _tries(result):
        tried += 1
        assert not legal, (name, act)
        refusal = match.steps[-1]
        assert (refusal.rule, refusal.clause) == (game.game_over.entry, game.game_over.clause)
        assert match.state.as_json() == result.state.as_json()
    assert tried, name


def test_the_issues_duel_refuses_the_turn_going_on():
    """B at 0 after A's direct attack: A's end_turn, B's draw, next_phase, summon."""
    result = run_text(YUGIOH_WON + """
  - {player: A, do: end_turn}
  - {player: B, do: draw}
  - {player: B, do: next_phase}
  - {player: B, do: summon, card: 番兵}
""", CORPUS)
    assert result.state.winner == "A"
    assert result.outcomes == ["legal", "illegal", "illegal", "illegal", "illegal"]
    assert result.as_json()["verdict"]["kind"] == "refused"


@given(st.data())
def test_random_actions_after_a_win_change_nothing(data):
    name, result = data.draw(st.sampled_from(BOARDS))
    game, state = result.scenario.game, result.state
    acts = [act for player in state.players for act in candidates(game, state, player)]
    for act in data.draw(st.lists(st.sampled_from(acts), min_size=1, max_size=4)):
        try:
            match, legal = try_action(game, state, result.ruleset, CORPUS, act)
        except ScenarioError:
            continue
        assert not legal, (name, act)
        state = match.state
    assert state.as_json() == result.state.as_json()
