"""The game flow (ゲームの流れ): before the game, then each turn's six phases.

``setup`` (before the game: LP 4000, mana 12, the field card set face-down) → the first
player's turn: ``draw`` (ドローフェイズ) → ``mana`` (マナフェイズ) → ``tactics1``
(タクティクスフェイズ１) → ``battle`` (調律（バトル）フェイズ) → ``tactics2`` → ``end``;
then the second player's turn, and so on alternately.  Entering a phase runs what the
phase does by itself: the draw, the mana phase's increase, field card, healing and
statuses.  The first player's first turn has no battle phase.
"""
from __future__ import annotations

from judge.engine import Move, Note, SetCard, SetTurn, Win, action, require
from judge.i18n import N_

from . import continuous_damage, field_card, mana, status_effects
from .common import require_game_on, require_own_turn
from .citations import rule
from .zones import ON_FIELD
from .i18n import msg

PHASES = ("setup", "draw", "mana", "tactics1", "battle", "tactics2", "end")
TURN_PHASES = PHASES[1:]
OPENING_HAND = 7
# The rules page's own names (ドローフェイズ, マナフェイズ, …), in the catalogue's phase context.
PHASE_NAMES = {key: msg.term("phase", key) for key in PHASES}
# what a card remembers only for the turn
TURN_PROPS = ("attacked", "position_changed", "summoned_this_turn", "set_this_turn")


def draw(match, player: str, count: int = 1, *, cite):
    """Draw from the top of the deck; a player who cannot draw loses at once."""
    for _ in range(count):
        deck = match.zone(player, "deck")
        if not deck:
            winner = match.state.opponent(player)
            yield Win(winner, cite=rule("draw", None, "敗北"),
                      detail=msg("{player} must draw but the deck is empty: {player} "
                                 "loses, {winner} wins",
                                 player=player, winner=winner), event="win")
            return
        yield Move(deck[0], "hand", cite=cite, detail=msg("{player} draws {deck}",
                                                          player=player, deck=deck[0]),
                   event="draw")


def enter(match, phase: str):
    """The phase begins: announce it and do what it does by itself."""
    s = match.state
    player = s.active
    yield SetTurn(phase=phase, cite=rule("game-flow", None, _flow_match(phase)),
                  detail=msg("turn {turn}: {player}'s {phase} phase",
                             turn=s.turn, player=player, phase=PHASE_NAMES[phase]),
                  event="phase")
    if phase == "draw":
        yield from draw(match, player, cite=rule("draw", None, "一番上から1枚"))
    elif phase == "mana":
        yield from mana.gain(match, player)
        yield from field_card.auto_activate(match, player)
        yield from continuous_damage.heal_all(match)
        yield from status_effects.count_down(match)


def _flow_match(phase: str) -> str:
    return {"draw": "ドローフェイズ", "mana": "マナフェイズ", "tactics1": "タクティクスフェイズ１",
            "battle": "調律（バトル）フェイズ", "tactics2": "タクティクスフェイズ２",
            "end": "エンドフェイズ", "setup": "ドローフェイズ"}[phase]


def advance(match):
    """Go from the current phase to the next (passing the turn after the end phase)."""
    s = match.state
    if s.phase in (None, "setup"):
        yield from start(match)
        return
    if s.phase == "end":
        yield from pass_turn(match)
        return
    nxt = TURN_PHASES[TURN_PHASES.index(s.phase) + 1]
    if nxt == "battle" and s.turn == 1:
        yield Note(cite=rule("battle-phase", None, "スキップされます"),
                   detail=msg("the first player's first turn has no battle: the "
                              "調律（バトル）フェイズ is skipped"), event="skip")
        nxt = "tactics2"
    yield from enter(match, nxt)


def pass_turn(match):
    """The turn passes to the other player (後攻へ交代), who begins with the draw phase."""
    s = match.state
    nxt = s.opponent(s.active)
    for _, zone, card in list(s.cards()):
        if zone in ON_FIELD and any(card.get(k) for k in TURN_PROPS):
            yield SetCard(card, {k: None for k in TURN_PROPS},
                          cite=rule("battle-phase", None, "１ターンに一度"),
                          detail=msg("a new turn: {card} may act again", card=card), event="turn")
    yield SetTurn(turn=s.turn + 1, active=nxt,
                  cite=rule("game-flow", None, "交互に繰り返していき"),
                  detail=msg("turn {turn}: the turn passes to {player}",
                             turn=s.turn + 1, player=nxt), event="turn")
    yield from enter(match, "draw")


def start(match):
    """The tuning begins (調律開始): each player draws 7; the first player's turn 1 starts."""
    s = match.state
    yield from require(s.turn == 1, rule("hand", None, "調律開始時"),
                       msg("the game starts on turn 1"))
    for pname in s.players:
        for card in match.zone(pname, "field"):
            yield from require(bool(card.get("face_down")),
                               rule("field-zone", None, "裏側にしてセットしておく"),
                               msg("{card} must be set face-down before the game",
                                   card=card))
    for pname in s.players:
        yield from draw(match, pname, OPENING_HAND,
                        cite=rule("hand", None, "デッキから7枚引きます"))
        if s.winner:
            return
    yield SetTurn(turn=1, cite=rule("game-flow", None, "交互に繰り返していき"),
                  detail=msg("the tuning begins: {active} goes first", active=s.active), event="turn")
    yield from enter(match, "draw")


@action("start_game", doc=N_("Before the game: each player draws 7 and the first turn begins."))
def start_game(match, act):
    """Start the game from the ``setup`` phase (each player draws 7, then turn 1's draw)."""
    yield from require_game_on(match)
    yield from require(match.state.phase in (None, "setup"), rule("hand", None, "調律開始時"),
                       msg("the game has already started (phase {phase})",
                           phase=msg.phase(match.state.phase)))
    yield from start(match)


@action("next_phase", doc=N_("End the current phase and begin the next one."))
def next_phase(match, act):
    """Move to the next phase; after the end phase the turn passes to the opponent."""
    yield from require_game_on(match)
    yield from require_own_turn(match, act.player, msg("move the turn on"))
    yield from advance(match)


@action("end_turn", doc=N_("Go through the rest of the turn to the opponent's draw phase."))
def end_turn(match, act):
    """Pass the remaining phases (each still does what it does by itself) and the turn."""
    yield from require_game_on(match)
    yield from require_own_turn(match, act.player, msg("end the turn"))
    yield from require(match.state.phase not in (None, "setup"),
                       rule("hand", None, "調律開始時"),
                       msg("the game has not started: start it first (start_game)"))
    start_turn = match.state.turn
    while match.state.winner is None and match.state.turn == start_turn:
        yield from advance(match)
