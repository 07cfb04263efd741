"""The turn (ターン) and its phases: draw, standby, main1, battle, main2, end.

Chapter 2 names no phases; the turn structure is an interpretation (yugioh.phases) that
every scenario needs.  ``require_*`` are the checks other procedures share: they yield a
failing :class:`Check` (making the action illegal) and nothing when the action may go on,
so a legal action's log is not cluttered with the obvious.
"""
from __future__ import annotations

from judge.engine import Cite, FieldSpec, Move, Record, SetTurn, Win, action, require
from judge.i18n import N_

from .interpretations import DECK_OUT, DRAW, PHASES, TURN_PLAYER
from .citations import BATTLE, NEXT_OWN_TURN
from .i18n import msg

PHASE_NAMES = ("draw", "standby", "main1", "battle", "main2", "end")
MAIN_PHASES = ("main1", "main2")

TURN_CITE = NEXT_OWN_TURN.because(TURN_PLAYER)
PHASE_CITE = NEXT_OWN_TURN.because(PHASES)       # moving through the turn's phases
BATTLE_PHASE_CITE = BATTLE.because(TURN_PLAYER)  # battles belong to the battle phase
DRAW_CITE = NEXT_OWN_TURN.because(DRAW)



def require_turn_player(match, player: str, what: str):
    """Only the turn player acts in their own turn (yugioh.turn-player)."""
    yield from require(match.state.active == player, TURN_CITE,
                       msg("it is {active}'s turn: {player} cannot {what}",
                           active=match.state.active, player=player, what=what))


def require_main_phase(match, player: str, what: str):
    """Summons, sets and spells belong to the turn player's main phase."""
    yield from require_turn_player(match, player, what)
    phase = match.state.phase
    yield from require(phase in MAIN_PHASES, TURN_CITE,
                       msg("it is the {phase} phase: {player} can {what} only in a "
                           "main phase (main1 or main2)",
                           phase=msg.phase(phase), player=player, what=what))


def require_battle_phase(match, player: str, what: str):
    """Attacks belong to the turn player's battle phase."""
    yield from require_turn_player(match, player, what)
    yield from require(match.state.phase == "battle", BATTLE_PHASE_CITE,
                       msg("it is the {phase} phase: {player} can {what} only in the "
                           "battle phase",
                           phase=msg.phase(match.state.phase), player=player, what=what))


def draw_cards(match, player: str, count: int, cite: Cite, why: str):
    """``player`` draws ``count`` cards (as many as the deck holds)."""
    for _ in range(count):
        deck = match.zone(player, "deck")
        if not deck:
            return
        yield Move(deck[0], "hand", cite=cite, detail=msg("{player} draws a card "
                                                          "({why})",
                                                          player=player, why=why),
                   event="draw")


@action("draw", doc=N_("The turn player draws one card in the draw phase (yugioh.draw)."))
def draw(match, act):
    """ドローフェイズ: the turn player draws the top card of the deck, once a turn."""
    p = act.player
    yield from require_turn_player(match, p, msg("draw"))
    yield from require(match.state.phase == "draw", DRAW_CITE,
                       msg("it is the {phase} phase: a card is drawn in the draw "
                           "phase", phase=msg.phase(match.state.phase)))
    yield from require(not any(f.get("player") == p and f.get("drew") for f in
                               match.state.this_turn), DRAW_CITE,
                       msg("{player} has already drawn this turn", player=p))
    if not match.zone(p, "deck"):
        winner = match.state.opponent(p)
        yield Win(winner, cite=NEXT_OWN_TURN.because(DECK_OUT),
                  event="win", detail=msg("{player} must draw from an empty deck and "
                                          "loses: {winner} wins", player=p, winner=winner))
        return
    yield from draw_cards(match, p, 1, DRAW_CITE, msg("draw phase"))
    yield Record({"player": p, "drew": True}, cite=DRAW_CITE, detail=msg("{player} "
                                                                         "has drawn",
                                                                         player=p))


@action("next_phase", to=FieldSpec("choice", options=PHASE_NAMES, doc=N_("a later phase")),
        doc=N_("Go on to the next phase of the turn, or to a later one (`to`)."))
def next_phase(match, act):
    """The turn player moves on through the phases; from the end phase the turn ends."""
    p, now = act.player, match.state.phase
    yield from require_turn_player(match, p, msg("change the phase"))
    index = PHASE_NAMES.index(now) if now in PHASE_NAMES else 0
    target = act.get("to")
    if target is None:
        if index + 1 >= len(PHASE_NAMES):
            yield from end_of_turn(match, p)
            return
        target = PHASE_NAMES[index + 1]
    yield from require(PHASE_NAMES.index(target) > index, PHASE_CITE,
                       msg("the {target} phase is not after the {now} phase: phases "
                           "only go forward",
                           target=msg.phase(target), now=msg.phase(now)))
    yield SetTurn(phase=target, cite=PHASE_CITE, detail=msg("{player} enters the "
                                                            "{target} phase",
                                                            player=p, target=msg.phase(target)),
                  event="phase")


@action("end_turn", doc=N_("End the turn: the opponent's turn begins with their draw phase."))
def end_turn(match, act):
    """The turn player ends the turn (エンドフェイズ)."""
    yield from require_turn_player(match, act.player, msg("end the turn"))
    yield from end_of_turn(match, act.player)


def end_of_turn(match, player: str):
    """The turn passes to the opponent: turn + 1, their draw phase, a fresh this_turn."""
    from .lasting_spells import count_down     # the spells build on the turn
    yield from count_down(match, player)
    other = match.state.opponent(player)
    yield SetTurn(turn=match.state.turn + 1, active=other, phase="draw",
                  cite=NEXT_OWN_TURN.because(PHASES),
                  detail=msg("{player} ends the turn; turn {value} is {other}'s, "
                             "beginning with the draw phase",
                             player=player, value=match.state.turn + 1, other=other), event="turn")
