"""Gem Chronicle (ジェムクロニクル), the 調律儀式 rules, as an engine game.

The full reference for scenario authors and judges is docs/games/gemchronicle.md: zones,
card fields, actions, expect paths and every interpretation with its reason.  In brief:

- Zones: ``deck``, ``hand``, ``battle`` (five squares, ``slot`` 1-5), ``magic`` (five),
  ``forbidden`` (one forbidden unit), ``field`` (the field card), ``break`` (oldest first),
  ``forbidden_deck`` (twelve at most), ``removed``.  Counter: ``mana`` (12 at the start,
  0-24).  LP 4000.
- Phases: ``setup`` (before the game), ``draw``, ``mana``, ``tactics1``, ``battle``,
  ``tactics2``, ``end``.
- Actions: ``start_game``, ``next_phase``, ``end_turn`` (turn.py); ``summon``,
  ``change_position`` (units.py); ``set``, ``cast`` (spells.py); ``attack`` (combat.py);
  ``skill`` (skills.py); ``cure`` (status_effects.py); ``activate_field`` (field_card.py).
- Expect paths beyond the engine's: ``<P>.battle.slots`` (the five squares, null if
  empty), ``<P>.<zone>.<card>.statuses.<status>`` (mana phases left, 0 if none),
  ``<P>.<zone>.<card>.value`` (what it fights with now), ``first_player``.
- Deck rules: :func:`judge.games.gemchronicle.deck.check_deck_file` (``judge check-deck``),
  and any scenario whose setup is before the game is checked when it is loaded.
"""
from __future__ import annotations

from judge.engine.moves import Cards, Values
from judge.engine import Card, Game, ScenarioError, worth_writing

from . import cards as C
from . import (combat, commands, deck, field_card, passive_skills, skills, spells, status_effects,
               turn, units, zones)
from .i18n import msg
from .citations import rule
from .interpretations import GAME_OVER, INTERPRETATIONS


class GemChronicleGame(Game):
    """ジェムクロニクル 調律儀式ルール."""

    name = "gemchronicle"
    titles = {"ja": "ジェムクロニクル", "en": "Gem Chronicle"}
    aliases = ("gem", "gc", "gem-chronicle", "ジェム", "調律儀式")
    zones = zones.ZONES
    zone_labels = {
        "deck": {"ja": "デッキ", "en": "deck"},
        "hand": {"ja": "手札", "en": "hand"},
        "battle": {"ja": "バトルゾーン", "en": "battle zone"},
        "magic": {"ja": "マジックゾーン", "en": "magic zone"},
        "forbidden": {"ja": "禁呪ゾーン", "en": "forbidden zone"},
        "field": {"ja": "フィールドゾーン", "en": "field zone"},
        "break": {"ja": "ブレイクゾーン", "en": "break zone"},
        "forbidden_deck": {"ja": "禁呪デッキ", "en": "forbidden deck"},
        "removed": {"ja": "除外", "en": "removed"},
    }
    board_layout = {"main": ("battle", "magic", "field", "forbidden"), "hand": ("hand",),
                    "piles": ("deck", "forbidden_deck", "break", "removed")}
    counted_zones = ("deck", "forbidden_deck")
    board_stats = (("ml", "ML", {"ja": "マナレベル", "en": "mana level"}),
                   ("atk", "ATK", {"ja": "攻撃力", "en": "ATK"}),
                   ("def", "DEF", {"ja": "守備力", "en": "DEF"}))
    counter_labels = {"mana": {"ja": "マナ", "en": "mana"}}
    # A board in the setup phase is before the game: its decks must be legal (40 cards
    # and more), so an empty board starts in the first turn's draw phase instead.
    empty_board_phase = "draw"
    phases = turn.PHASES
    card_fields = C.CARD_FIELDS
    card_defaults = C.CARD_DEFAULTS
    counters = {"mana": 12}
    starting_life = 4000
    # After a player has won (調律終了) every action is illegal (gemchronicle.game-over).
    # A blank board that can act: A's own turn past the first (no battle on turn 1), in
    # the battle phase where attacks are made; LP 4000 and 12 mana as the page sets them;
    # decks to draw from.
    blank_board = {"active": "A", "turn": 3, "phase": "battle", "player": {"deck": 30}}
    # What the board editor asks of a unit as it is placed (position as a Japanese choice).
    needed_fields = {"battle": ("atk", "def", "position")}
    game_over = rule("game-flow", None, "調律終了").because(GAME_OVER)
    # ブレイク: a card leaving the field for the break zone (docs/games/gemchronicle.md).
    play_zones = ("battle", "magic", "field", "forbidden")
    destroyed_zones = ("break",)
    switches = {}
    interpretations = INTERPRETATIONS
    procedures = (turn.start_game, turn.next_phase, turn.end_turn, units.summon,
                  units.change_position, spells.set_card, spells.cast, combat.attack,
                  skills.skill, status_effects.cure, field_card.activate_field)
    commands = (commands.check_deck,)
    # The action space `judge moves` enumerates (docs/games/gemchronicle.md).
    move_space = {
        "start_game": {}, "next_phase": {}, "end_turn": {},
        "summon": {"card": Cards(("hand", "forbidden_deck")),
                   "position": Values(("defense",), optional=True)},
        "change_position": {"unit": Cards(("battle", "forbidden"))},
        "set": {"card": Cards(("hand",))},
        "cast": {"card": Cards(("hand", "magic")),
                 "target": Cards(("battle", "forbidden"), whose="any", optional=True)},
        "attack": {"attacker": Cards(("battle", "forbidden")),
                   "target": Cards(("battle", "forbidden"), whose="opponent", optional=True)},
        "skill": {"unit": Cards(("battle", "forbidden", "magic")),
                  "type": Values(("active", "passive", "boost")),
                  # a skill its card declares (active, boost) names its target here
                  "target": Cards(("battle", "forbidden"), whose="any", optional=True,
                                  players=True)},
        "cure": {"unit": Cards(("battle", "forbidden")),
                 "status": Values(("stun", "freeze_lock", "burn"))},
        "activate_field": {"card": Cards(("field",))},
    }

    def make_card(self, spec, owner, zone, uid):
        """A card from its mapping; Japanese values are stored as the English ids."""
        try:
            props = C.normalise_spec(spec, zone)
        except ScenarioError as exc:
            # the engine adds where the card is written (setup.players.A.battle[0])
            raise ScenarioError(msg("{field}: {error}", field=exc.field, error=exc.message)
                                if exc.field else exc.message,
                                accepted=exc.accepted) from None
        return Card(uid=uid, name=str(spec["name"]), owner=owner, props=props)

    def card_to_spec(self, card, state=None):
        """The card as a scenario writes it (an equip's holder by name)."""
        props = {k: v for k, v in card.props.items() if worth_writing(v)}
        if props.get("kind") == "unit":
            del props["kind"]
        ref = props.get("attached_to")
        if ref and state is not None:
            try:
                props["attached_to"] = state.card(ref).name
            except KeyError:
                pass
        return {"name": card.name, **props} if props else card.name

    def validate_setup(self, state, where):
        """Zone limits and contents, mana 0-24; before the game, the deck rules too."""
        if state.phase == "setup":
            deck.check_setup(state, where)
        zones.validate(state, where)
        if state.phase == "setup":
            for pname, player in state.players.items():
                for i, card in enumerate(player.zones["field"]):
                    if not card.get("face_down"):
                        raise ScenarioError(
                            msg("{card}: the field card is set face-down before the game "
                                "(裏側にしてセットしておく)", card=card),
                            field=f"setup.players.{pname}.field[{i}].face_down",
                            accepted="face_down: true",
                            **where.where("setup", "players", pname, "field", i))

    def prepare(self, state):
        """Squares for battle-zone units; who went first (``flags.first_player``)."""
        zones.prepare(state)
        if "first_player" not in state.flags:
            from .mana import first_player
            state.flags["first_player"] = first_player(state)

    def expect_value(self, state, path):
        """``<P>.battle.slots``, ``<P>.<zone>.<card>.statuses.<s>``, ``….value``."""
        parts = path.split(".")
        if path == "first_player":
            return state.flags.get("first_player")
        if len(parts) == 3 and parts[1] == "battle" and parts[2] == "slots" \
                and parts[0] in state.players:
            squares = {c.get("slot"): c.name for c in state.players[parts[0]].zones["battle"]}
            return [squares.get(s) for s in zones.SQUARES]
        if len(parts) in (4, 5) and parts[0] in state.players \
                and parts[1] in state.players[parts[0]].zones \
                and parts[3] in ("statuses", "value", "now"):
            named = [c for c in state.players[parts[0]].zones[parts[1]] if c.name == parts[2]]
            if len(named) != 1:
                return NotImplemented
            card = named[0]
            if parts[3] == "now" and len(parts) == 5:
                return self._now(state, card, parts[4])
            if parts[3] == "value" and len(parts) == 4:
                return passive_skills.battle_value(state, card)
            if parts[3] == "statuses":
                held = C.statuses(card)
                if len(parts) == 4:
                    return held
                try:
                    status = C.canonical(C.STATUS_NAMES, parts[4], "status")
                except ScenarioError:
                    return NotImplemented
                return held.get(status, 0)
        return NotImplemented

    @staticmethod
    def _now(state, card, what: str):
        """``….now.atk|def|attributes|charged|hindered``: with the passive skills in force."""
        P = passive_skills
        if what == "atk":
            return P.atk(state, card)
        if what == "def":
            return P.defense(state, card)
        if what == "attributes":
            return sorted(a for a in ("destroy", "pierce") if P.has_attribute(state, card, a))
        if what == "charged":
            return P.is_charged(state, card)
        if what == "hindered":
            return bool(P.hindering(state, card))
        return NotImplemented


GAME = GemChronicleGame
