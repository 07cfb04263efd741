"""Classic Yu-Gi-Oh! OCG (遊戯王OCG), as chapter 2 of the official rulebook, 3rd edition.

Chapter 2, 戦闘上のルール, is the corpus of this game (``yugioh/rule/*``): the damage
table, direct attacks, the graveyard, equip spells, field cards, fusion, flip effects and
rituals.  Each is one module here, named as the rulebook names it:

- damage_calculation.py  ダメージの判定 (the six cases)      direct_attack.py  直接攻撃
- battle.py              declaring an attack                  graveyard.py      墓場
- equip_spells.py        モンスター強化型の魔法カード             field_cards.py    フィールドカード
- fusion.py              融合・融合デッキ                        ritual.py         儀式
- flip_effects.py        リバース効果                            effects.py        効果 (vocabulary)
- summoning.py           召喚・セット・表示形式                    turn.py           phases
- spells_and_traps.py    魔法・罠カードの発動                     life_points.py    ライフポイント
- lasting_spells.py      場に残り続ける魔法カード (光の護封剣)

Zones, positions, card fields, actions, expect paths and every interpretation are
documented in docs/games/yugioh.md.  Rules the chapter does not state but a playable
scenario needs (phases, one normal summon a turn, tributes …) are interpretations
(interpretations.py), cited with ``.because(...)`` so no step passes one off as text.
"""
from __future__ import annotations

from typing import Any

from judge.engine import Cite, Game
from judge.engine.moves import Cards

from . import cards
from .battle import attack
from .board import current_atk, current_def
from .field_cards import terrain_of
from .fusion import fusion
from .citations import DAMAGE
from .interpretations import ALL, DUEL_OVER
from .ritual import ritual
from .spells_and_traps import activate, equip_action
from .summoning import change_position, flip, set_card, summon
from .turn import PHASE_NAMES, draw, end_turn, next_phase
from .i18n import msg

STARTING_LIFE = 8000          # interpretation yugioh.starting-life (public-facts.md)


class YugiohGame(Game):
    """The classic OCG of rulebook 3rd edition, chapter 2 (see the module docs)."""

    name = "yugioh"
    titles = {"ja": "遊戯王OCG", "en": "Yu-Gi-Oh! OCG"}
    aliases = ("yu-gi-oh", "yu-gi-oh!", "ygo", "ocg", "遊戯王", "遊☆戯☆王")
    zones = ("deck", "hand", "monsters", "spells", "field", "graveyard", "fusion_deck")
    zone_labels = {
        "deck": {"ja": "デッキ", "en": "deck"},
        "hand": {"ja": "手札", "en": "hand"},
        # The chapter's own word (fusion.2: モンスターカード置き場); the zones it does not
        # name follow its 置き場 pattern.  The steps say the same (the catalogue's "zone"
        # terms); the glossary pairs the modern モンスターゾーン with the text's word.
        "monsters": {"ja": "モンスターカード置き場", "en": "monster zones"},
        "spells": {"ja": "魔法・罠カード置き場", "en": "spell & trap zones"},
        "field": {"ja": "フィールドカード置き場", "en": "field card zone"},
        "graveyard": {"ja": "墓地", "en": "graveyard"},
        "fusion_deck": {"ja": "融合デッキ", "en": "fusion deck"},
    }
    board_layout = {"main": ("monsters", "spells", "field"), "hand": ("hand",),
                    "piles": ("deck", "graveyard", "fusion_deck")}
    counted_zones = ("deck", "fusion_deck")
    board_stats = (("level", "★", {"ja": "レベル", "en": "level"}),
                   ("atk", "ATK", {"ja": "攻撃力", "en": "ATK"}),
                   ("def", "DEF", {"ja": "守備力", "en": "DEF"}))
    phases = PHASE_NAMES
    card_fields = cards.CARD_FIELDS
    card_defaults = {"face_down": False}
    starting_life = STARTING_LIFE
    # The duel is over once a player has won: the nearest text is the life points the
    # damage is subtracted from (yugioh.duel-over).
    # A blank board that can act: A's own turn past the first (the first player cannot
    # attack on turn 1, yugioh.first-turn-no-attack), in the battle phase where the
    # attacks a judge is called to are made; 8000 life points; decks to draw from.
    blank_board = {"active": "A", "turn": 3, "phase": "battle", "player": {"deck": 30}}
    # What the board editor asks of a card as it is placed: a monster fights with both.
    needed_fields = {"monsters": ("atk", "def")}
    game_over = Cite(DAMAGE, match="ライフポイントから引かれます").because(DUEL_OVER)
    # 破壊: a card leaving the field for the graveyard (docs/games/yugioh.md).
    play_zones = ("monsters", "spells", "field")
    destroyed_zones = ("graveyard",)
    interpretations = {i.id: i for i in ALL}
    procedures = (draw, next_phase, end_turn, summon, set_card, flip, change_position,
                  attack, activate, equip_action, fusion, ritual)
    # The action space `judge moves` enumerates (docs/games/yugioh.md, "Legal actions").
    move_space = {
        "summon": {"card": Cards(("hand", "fusion_deck")),
                   "tributes": Cards(("monsters",), optional=True, sizes=(1, 2))},
        "set": {"card": Cards(("hand", "fusion_deck")),
                "tributes": Cards(("monsters",), optional=True, sizes=(1, 2))},
        "flip": {"card": Cards(("monsters",))},
        "change_position": {"card": Cards(("monsters",))},
        "attack": {"attacker": Cards(("monsters",)),
                   "target": Cards(("monsters",), whose="opponent", optional=True)},
        "activate": {"card": Cards(("hand", "spells")),
                     "target": Cards(("monsters",), whose="any", optional=True)},
        "equip": {"card": Cards(("hand", "spells")),
                  "target": Cards(("monsters",), whose="any")},
        "fusion": {"spell": Cards(("hand",)), "materials": Cards(("hand", "monsters"),
                                                                 sizes=(2,)),
                   "monster": Cards(("fusion_deck",))},
        "ritual": {"spell": Cards(("hand",)), "tributes": Cards(("hand", "monsters"),
                                                                sizes=(1, 2)),
                   "monster": Cards(("hand",))},
    }

    def make_card(self, spec: dict, owner: str, zone: str, uid: str):
        """A card from its spec; the five cards the chapter names get public facts' data."""
        return cards.make_card(spec, owner, zone, uid)

    def card_to_spec(self, card, state=None):
        """The card as a scenario writes it (an equip's holder by name)."""
        return cards.card_to_spec(card, state)

    def validate_setup(self, state, where) -> None:
        """Zone sizes, what each zone may hold, one field card, equips over face-up monsters."""
        cards.validate_setup(state, where)

    def prepare(self, state) -> None:
        """The terrain of the field card in play; a scenario without a phase starts in main1."""
        if state.phase is None:
            state.phase = "main1"
        for player in state.players.values():
            for card in player.zones["field"]:
                state.flags["terrain"] = terrain_of(card)

    def expect_value(self, state, path: str) -> Any:
        """``terrain``, ``flip_effects`` and ``<P>.<zone>.<name>.current_atk|current_def``."""
        if path == "terrain":
            terrain = state.flags.get("terrain")
            return terrain["name"] if terrain else None
        if path == "flip_effects":
            return [f["flip_effect"] for f in state.this_turn if "flip_effect" in f]
        parts = path.split(".")
        if len(parts) == 4 and parts[3] in ("current_atk", "current_def") and \
                parts[0] in state.players and parts[1] in self.zones:
            named = [c for c in state.players[parts[0]].zones[parts[1]] if c.name == parts[2]]
            if len(named) != 1:
                return NotImplemented
            fn = current_atk if parts[3] == "current_atk" else current_def
            return fn(state, named[0])
        return NotImplemented


GAME = YugiohGame
