"""東方Vision (Touhou "Vision"): the game's rules as the corpus texts state them.

Modules (each reads like the rule it implements):

- play.py          カードをプレイする方法: the seven steps, the card-type supplement
- restrictions.py  プレイ条件 (step 1), what this turn holds
- resolution.py    解決: played cards resolve newest first, by type, or fail (目標の喪失)
- as_if_played.py  プレイしたものとして解決: steps 3-5, QA-021/041/108/110/326/337/341/346
- combat.py        攻撃・防御・戦闘ダメージ・貫通・決死
- interference.py  戦闘中の干渉: the block while the attack waits, 奇襲, 速攻
- graze.py         グレイズ (6.5)
- effects.py       the few card effects the rulings describe
- targets.py       目標: what a card may target
- cards.py         the card list lookup and a card's facts
- citations.py         the cited entries and the switches (rules that changed)
- board.py         setup validation and expect paths
- interpretations.py  every choice made where the texts are silent

The full reference (zones, card fields, actions and their fields, expect paths,
switches, interpretations) is docs/games/vision.md.
"""
from __future__ import annotations

from judge.engine.moves import EFFECT_ONLY, Cards, Values
from judge.engine import Card, Cite, FieldSpec, Game
from judge.i18n import N_

from . import board
from .citations import GRAZE
from .interpretations import LIFE_ZERO
from .as_if_played import AFTERWARDS, resolve_as_if_played_action
from . import cards as cards_module
from .cards import CardList, TYPE_WORDS, TYPES, build_card
from .combat import attack
from .effects import put_onto_field
from .interference import block
from .interpretations import INTERPRETATIONS
from .play import play
from . import turn
from .resolution import resolve
from .rulings import ASSUMPTIONS
from .targets import KINDS
from .citations import SWITCHES


class VisionGame(Game):
    """東方Vision: zones, card fields, actions, switches and interpretations."""

    name = "vision"
    titles = {"ja": "東方Vision", "en": "Touhou Vision"}
    aliases = ("v", "ビジョン", "ヴィジョン", "東方ビジョン", "東方vision")
    zones = ("deck", "hand", "nodes", "field", "play_area", "graveyard", "removed")
    zone_labels = {
        "deck": {"ja": "デッキ", "en": "deck"},
        "hand": {"ja": "手札", "en": "hand"},
        "nodes": {"ja": "ノードエリア", "en": "node area"},
        "field": {"ja": "場", "en": "field"},
        "play_area": {"ja": "プレイエリア", "en": "play area"},
        "graveyard": {"ja": "冥界", "en": "underworld"},
        "removed": {"ja": "除外", "en": "removed from play"},
    }
    board_layout = {"main": ("field", "play_area", "nodes"), "hand": ("hand",),
                    "piles": ("deck", "graveyard", "removed")}
    counted_zones = ("deck",)
    board_stats = (("node", "N", {"ja": "ノード", "en": "node"}),
                   ("cost", "C", {"ja": "コスト", "en": "cost"}),
                   ("attack", {"ja": "攻", "en": "ATK"}, {"ja": "攻撃力", "en": "attack"}),
                   ("toughness", {"ja": "耐", "en": "TGH"}, {"ja": "耐久力", "en": "toughness"}),
                   ("graze", "G", {"ja": "グレイズ", "en": "graze"}))
    phases = ("active", "maintenance", "draw", "main", "discard", "end")
    card_fields = {
        "number": FieldSpec("str", doc=N_("card list number: No.075, N75, PR.002")),
        "type": FieldSpec("choice", options=tuple(TYPES), doc=N_("character, spell, command"),
                          choices=tuple(TYPE_WORDS.items())),
        "attack": FieldSpec("int"), "toughness": FieldSpec("int"),
        "graze": FieldSpec("int", doc=N_("グレイズ value")),
        "node": FieldSpec("str", doc=N_("必要ノード: a whole number, or -")),
        "cost": FieldSpec("str", doc=N_("コスト: a whole number, -, or X")),
        "asleep": FieldSpec("bool", doc=N_("スリープ状態 (default: active)")),
        "damage": FieldSpec("int", doc=N_("damage marked on a character")),
        "face_down": FieldSpec("bool", doc=N_("裏向き")),
        "keywords": FieldSpec("list", doc=N_("貫通, 先制, 【世界呪符】, 【装備】…")),
        "attached_to": FieldSpec("card", doc=N_("the character an equipment/talisman is set on")),
        "range": FieldSpec("str", doc=N_("効果範囲 (目標: the card designates a target)")),
        "target_kind": FieldSpec("choice", options=tuple(KINDS), choices=tuple(KINDS.items()),
                                 doc=N_("what the card may target")),
        "modes": FieldSpec("list", doc=N_("the effects a card chooses one of (step 4)")),
        "declaration": FieldSpec("yesno", doc=N_("the card asks for a declaration (step 6)")),
        "condition": FieldSpec("yesno", doc=N_("its 'cannot be played unless' condition is met")),
        "stack": FieldSpec("int", doc=N_("order of a played card in the play area")),
        "target": FieldSpec("card", doc=N_("the target a played card designated")),
        "mode": FieldSpec("str", doc=N_("the mode a played card chose")),
        "declared": FieldSpec("str", doc=N_("what a played card declared")),
        "attacking": FieldSpec("bool", doc=N_("its attack waits (attack with resolve: no)")),
        "blocking": FieldSpec("bool", doc=N_("it blocks the waiting attack")),
        "no_block": FieldSpec("bool", doc=N_("the waiting attack's defender declared no block")),
    }
    card_defaults = {"damage": 0, "asleep": False, "face_down": False}
    starting_life = 25
    # After a win nothing more may be done (vision.life-zero); 6.5.1, a player damaged by
    # an attack, is the nearest text to life and losing.
    # A blank board that can act: A's own turn past the first, in the main phase where
    # characters and spells are played and attacks made (character.1, spell.1); 25 life;
    # decks to draw from, and nodes to pay with (the editor asks how many).
    blank_board = {"active": "A", "turn": 3, "phase": "main",
                   "player": {"deck": 30, "nodes": 3}}
    # What the board editor asks of a card not in the card list as it is placed (the
    # list gives the rest; a judge's own card needs its type to be read at all).
    needed_fields = {"field": ("type",), "hand": ("type",)}
    game_over = Cite(GRAZE, "6.5.1").because(LIFE_ZERO)
    # 決死: a character leaving the field for 冥界 (docs/games/vision.md).
    play_zones = ("field", "play_area", "nodes")
    destroyed_zones = ("graveyard",)
    switches = SWITCHES
    ruling_assumptions = ASSUMPTIONS
    interpretations = INTERPRETATIONS
    procedures = (play, resolve, attack, block, resolve_as_if_played_action, put_onto_field,
                  turn.next_phase, turn.end_turn, turn.set_node)
    # The action space `judge moves` enumerates (docs/games/vision.md, "Legal actions"):
    # a target, a block, a graze or a mode the procedure asks for is branched over.
    move_space = {
        "play": {"card": Cards(("hand",)), "caster": Values(("yes",), optional=True)},
        "resolve": {},
        "attack": {"attacker": Cards(("field",)), "resolve": Values(("no",), optional=True)},
        "block": {},
        "next_phase": {}, "end_turn": {},
        "set_node": {"card": Cards(("hand",))},
        # A card effect does these, not a player's own choice.
        "resolve_as_if_played": EFFECT_ONLY,
        "put_onto_field": EFFECT_ONLY,
    }

    def make_card(self, spec: dict, owner: str, zone: str, uid: str) -> Card:
        """Look the card up in the corpus card list; the mapping's fields override."""
        return build_card(CardList.of(self.corpus), spec, owner, zone, uid)

    def card_to_spec(self, card: Card, state=None) -> dict | str:
        """The card as a scenario writes it (references between cards by name)."""
        return board.card_to_spec(card, state)

    def validate_setup(self, state, where) -> None:
        """References between cards, damage below toughness, flags, this_turn."""
        board.validate_setup(self, state, where)

    def prepare(self, state) -> None:
        """A scenario without a phase is in the main phase; played cards get an order."""
        board.prepare(state)

    def refers_to(self, card: Card, ref: str) -> bool:
        """An action may name a card by its number (``No.070``, ``N70``), as a setup may."""
        return cards_module.names_by_number(card, ref)

    def after_action(self, match, act):
        """After every action: a player at 0 life or less loses (vision.life-zero)."""
        return turn.life_check(match, act)

    def expect_value(self, state, path: str):
        """Vision's own expect paths (see docs/games/vision.md)."""
        return board.expect_value(self, state, path)


GAME = VisionGame

__all__ = ["GAME", "VisionGame", "AFTERWARDS"]
