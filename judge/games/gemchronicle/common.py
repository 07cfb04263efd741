"""Small helpers every procedure of the game uses: requiring a rule, the game's end."""
from __future__ import annotations

from judge.engine import Win, require

from .citations import rule
from .interpretations import GAME_OVER, OWN_TURN
from .i18n import msg



def require_game_on(match):
    """No action once a player has won (調律終了)."""
    yield from require(match.state.winner is None,
                       rule("game-flow", None, "調律終了").because(GAME_OVER),
                       msg("the game is over: {winner} has won", winner=match.state.winner))


def require_own_turn(match, player: str, what: str):
    """Only the active player takes the phases of the turn."""
    yield from require(match.state.active == player,
                       rule("game-flow", None, "交互に").because(OWN_TURN),
                       msg("{what}: it is {active}'s turn, not {player}'s",
                           what=what, active=match.state.active, player=player))


def check_defeat(match):
    """A player whose LP reached 0 loses at once (先に相手のライフを０にした方が勝者)."""
    if match.state.winner is not None:
        return
    for pname, player in match.state.players.items():
        if player.life is not None and player.life <= 0:
            winner = match.state.opponent(pname)
            yield Win(winner, cite=rule("life-points", None, "勝者"),
                      detail=msg("{pname}'s LP is {life}: {winner} wins",
                                 pname=pname, life=player.life, winner=winner), event="win")
            return
