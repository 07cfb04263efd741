"""駒遊び (Koma): a made-up fourth game that lives entirely in the test tree.

It proves that a game is a plugin: its package (this one), a source document, two
scenarios and the test that registers it (``register_game``, ``register_importer``, the
functions the entry points feed) and takes it through import, search, a run, verify,
its entry page and the board editor, with no edit outside tests/fourth_game/.
"""
from __future__ import annotations

from judge.engine import FieldSpec, Game, Move, Win, action, require

from .citations import FIELD_LIMIT, PLACE, WIN
from .interpretations import INTERPRETATIONS, WIN_AT_ONCE

LIMIT = 3


@action("place", card=FieldSpec("card", required=True, doc="a piece of the hand"))
def place(match, act):
    """駒を置く: a piece of the hand onto the field (1.1), three at most (1.2)."""
    piece = match.card(act.get("card"), player=act.player, zones=("hand",), field="card")
    field = match.zone(act.player, "field")
    yield from require(len(field) < LIMIT, FIELD_LIMIT,
                       f"{act.player}'s field already holds {len(field)} pieces")
    yield Move(piece, "field", cite=PLACE, detail=f"{act.player} places {piece.name}",
               event="place")
    if len(match.zone(act.player, "field")) == LIMIT:
        yield Win(act.player, cite=WIN.because(WIN_AT_ONCE),
                  detail=f"{act.player} has {LIMIT} pieces on the field", event="win")


class KomaGame(Game):
    """駒遊び: two zones, one action."""

    name = "koma"
    titles = {"ja": "駒遊び", "en": "Koma"}
    aliases = ("こま", "駒")
    zones = ("hand", "field")
    zone_labels = {"hand": {"ja": "手駒", "en": "hand"}, "field": {"ja": "盤", "en": "board"}}
    board_layout = {"main": ("field",), "hand": ("hand",)}
    phases = ("main",)
    game_over = WIN.because(WIN_AT_ONCE)     # the winner is named: nothing follows
    play_zones = ("field",)
    interpretations = INTERPRETATIONS
    procedures = (place,)
