"""ターンの進行: the phases of a turn, the opponent's turn, and the end of the game.

The seeds do not state the turn (they only presuppose 「自分のメインフェイズ」, 「１ターンに
１枚」): every step here rests on an interpretation from public-facts.md (Vision), cited on
the nearest corpus sentence and marked ``interpretation: true``:

- the phases, in order: アクティブ, メンテナンス, ドロー, メイン, ディスカード, エンド
  (``vision.turn``); in the active phase the turn player's characters and world
  talismans become active, nodes do not; the turn player draws one card in the draw
  phase, except the first player on turn 1; at the end of the turn damage is removed
  from characters; then the opponent's turn begins;
- a player at 0 life or less loses, checked after every action (``vision.life-zero``);
  a player who must draw from an empty deck loses (``vision.deck-out``);
- one node may be set from the hand per turn in one's main phase (``vision.set-node``).

The actions: ``next_phase``, ``end_turn`` (to the opponent's main phase: no player
chooses anything in the phases between) and ``set_node``.
"""
from __future__ import annotations

from judge.engine import Cite, FieldSpec, Move, Note, Record, SetCard, SetTurn, Win, action, require

from . import interpretations as I
from .cards import card_type, has_keyword, label
from .citations import SUPPLEMENT, cite_rule, GRAZE, GRAZE_OLD_SENTENCE
from .i18n import msg
from .resolution import waiting
from .restrictions import attack_under_way

PHASES = ("active", "maintenance", "draw", "main", "discard", "end")


def turn_cite(clause: str = "character.1", why=I.TURN) -> Cite:
    """「自分のメインフェイズ中に…」 (play-supplement), the corpus's only words on the turn."""
    return Cite(SUPPLEMENT, clause).because(why)


def life_cite(match) -> Cite:
    """6.5.1 (a player damaged by an attack), the nearest text to life and losing."""
    return cite_rule(match, GRAZE, "6.5.1", GRAZE_OLD_SENTENCE).because(I.LIFE_ZERO)


def game_on(match):
    """The game has no winner yet."""
    yield from require(not match.state.winner, turn_cite(why=I.LIFE_ZERO),
                       msg("the game is over: {player} has won", player=match.state.winner))


def own_turn(match, player: str, what):
    """Only the turn player moves the turn on."""
    yield from require(match.state.active == player, turn_cite(),
                       msg("it is {active}'s turn: {player} cannot {what}",
                           active=match.state.active, player=player, what=what))


def no_interference(match):
    """The phase does not end while played cards wait in a play area."""
    yield from require(not waiting(match), turn_cite(),
                       msg("cards wait in the play area: the interference must resolve "
                           "first"))
    yield from require(attack_under_way(match) is None,
                       turn_cite().because(I.COMBAT_INTERFERENCE),
                       msg("an attack waits: the combat must resolve first"))


def draw(match, player: str):
    """ドロー: the top card of the deck to the hand; an empty deck loses the game."""
    deck = match.zone(player, "deck")
    if not deck:
        yield Win(match.state.opponent(player), cite=turn_cite(why=I.DECK_OUT), event="win",
                  detail=msg("{player} must draw from an empty deck and loses: "
                             "{winner} wins", player=player,
                             winner=match.state.opponent(player)))
        return
    yield Move(deck[0], "hand", player=player, cite=turn_cite(), event="draw",
               detail=msg("{player} draws a card", player=player))


def enter(match, phase: str):
    """Begin a phase and do what it does by itself."""
    s = match.state
    p = s.active
    yield SetTurn(phase=phase, cite=turn_cite(), event="phase",
                  detail=msg("{player}'s {phase} phase begins", player=p,
                             phase=msg.phase(phase)))
    if phase == "active":
        for card in list(match.zone(p, "field")):
            if card.get("asleep") and (card_type(card) == "character"
                                       or has_keyword(card, "世界呪符")):
                yield SetCard(card, {"asleep": None}, cite=turn_cite(), event="active",
                              detail=msg("{card} becomes active", card=label(card)))
    elif phase == "draw":
        if s.turn == 1:
            yield Note(cite=turn_cite(), event="no-draw",
                       detail=msg("the first player does not draw on turn 1"))
        else:
            yield from draw(match, p)
    elif phase == "end":
        for owner in s.players:
            for card in list(match.zone(owner, "field")):
                if card.get("damage"):
                    yield SetCard(card, {"damage": None}, cite=turn_cite(), event="heal",
                                  detail=msg("the damage on {card} is removed at the end "
                                             "of the turn", card=label(card)))


def advance(match):
    """End the current phase: the next one begins, or, after the end phase, the
    opponent's turn in its active phase."""
    s = match.state
    now = s.phase if s.phase in PHASES else "main"
    if now != "end":
        yield from enter(match, PHASES[PHASES.index(now) + 1])
        return
    other = s.opponent(s.active)
    yield SetTurn(turn=s.turn + 1, active=other, cite=turn_cite(), event="turn",
                  detail=msg("{player}'s turn {turn} begins", player=other, turn=s.turn + 1))
    yield from enter(match, "active")


@action("next_phase", doc="The turn player ends the phase; after the end phase the "
                          "opponent's turn begins.")
def next_phase(match, act):
    """次のフェイズへ (vision.turn)."""
    yield from game_on(match)
    yield from own_turn(match, act.player, msg("move the turn on"))
    yield from no_interference(match)
    yield from advance(match)


@action("end_turn", doc="The turn player ends the turn: the rest of its phases, then the "
                        "opponent's active, maintenance and draw phases, to their main "
                        "phase.")
def end_turn(match, act):
    """ターン終了 (vision.turn): on to the opponent's main phase."""
    yield from game_on(match)
    yield from own_turn(match, act.player, msg("end the turn"))
    yield from no_interference(match)
    first = match.state.turn
    while not match.state.winner and not (match.state.turn > first
                                          and match.state.phase == "main"):
        yield from advance(match)


@action("set_node", card=FieldSpec("card", required=True, doc="the card in the hand"),
        doc="Set a card from the hand in the node area, once a turn in one's main phase.")
def set_node(match, act):
    """ノードを置く (vision.set-node): one card from the hand, active, once a turn."""
    p = act.player
    card = match.card(act.get("card"), player=p, zones=("hand",), field="card")
    cite = turn_cite(why=I.SET_NODE)
    yield from game_on(match)
    yield from require(match.state.active == p and match.state.phase == "main", cite,
                       msg("{player} may set a node only in their own main phase",
                           player=p))
    yield from no_interference(match)
    yield from require(not any(f.get("player") == p and f.get("set_node")
                               for f in match.state.this_turn), cite,
                       msg("{player} has already set a node this turn", player=p))
    yield Record({"player": p, "set_node": card.name}, cite=cite, event="set-node",
                 detail=msg("{player} sets a node this turn", player=p))
    yield Move(card, "nodes", player=p, clear=("asleep",), cite=cite,
               event="set-node", detail=msg("{card} goes to {player}'s node area, active",
                                            card=label(card), player=p))


def life_check(match, act):
    """After every action: a player at 0 life or less loses (vision.life-zero)."""
    if match.state.winner:
        return
    out = [p for p, ps in match.state.players.items()
           if ps.life is not None and ps.life <= 0]
    if len(out) == 1:
        winner = match.state.opponent(out[0])
        yield Win(winner, cite=life_cite(match), event="win",
                  detail=msg("{player} has {life} life and loses: {winner} wins",
                             player=out[0], life=match.state.players[out[0]].life,
                             winner=winner))
    elif out:
        yield Note(cite=life_cite(match), event="draw-game",
                   detail=msg("both players are at 0 life or less: neither wins"))
