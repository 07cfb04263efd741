"""Life points (ライフポイント): damage subtracts from them; at 0 the duel is lost.

The chapter only ever subtracts damage from life points; the starting value (8000) and
the end of the duel at 0 are interpretations (yugioh.starting-life, yugioh.life-zero).
"""
from __future__ import annotations

from judge.engine import Cite, LifeChange, Win

from .interpretations import LIFE_ZERO
from .i18n import msg


def lose_life(match, player: str, amount: int, cite: Cite, detail: str, event: str = "damage"):
    """``player`` loses ``amount`` life points (never below 0); at 0 the opponent wins."""
    if amount <= 0:
        return
    life = match.state.players[player].life
    if life is None:
        yield LifeChange(player, -amount, cite=cite, detail=detail, event=event)
        return
    loss = min(amount, max(life, 0))
    if loss < amount:
        detail = msg("{detail} (life points stop at 0: {loss} is subtracted)",
                     detail=detail, loss=loss)
        cite = cite.because(LIFE_ZERO) if cite.interpretation is None else cite
    yield LifeChange(player, -loss, cite=cite, detail=detail, event=event)
    if match.state.players[player].life <= 0 and match.state.winner is None:
        winner = match.state.opponent(player)
        yield Win(winner, cite=Cite(cite.entry, cite.clause, cite.match).because(LIFE_ZERO),
                  detail=msg("{player}'s life points are 0: {winner} wins the duel",
                             player=player, winner=winner),
                  event="win")
