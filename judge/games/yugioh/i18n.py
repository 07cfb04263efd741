"""Yu-Gi-Oh!'s words: its message catalogue (locale/), read by :mod:`judge.i18n`.

``TERMS`` is the game's vocabulary as the scenario files write it (zones, phases,
positions): the catalogue gives each its name in chapter 2's Japanese (融合デッキ,
攻撃表示, …) and in English, under the msgctxt of its kind.
"""
from judge.i18n import Messages, pgettext

msg = Messages(__package__)

TERMS = [
    pgettext("zone", "deck"), pgettext("zone", "hand"), pgettext("zone", "monsters"),
    pgettext("zone", "spells"), pgettext("zone", "field"), pgettext("zone", "graveyard"),
    pgettext("zone", "fusion_deck"),
    pgettext("phase", "draw"), pgettext("phase", "standby"), pgettext("phase", "main1"),
    pgettext("phase", "battle"), pgettext("phase", "main2"), pgettext("phase", "end"),
    pgettext("position", "attack"), pgettext("position", "defense"),
    pgettext("kind", "monster"), pgettext("kind", "effect"), pgettext("kind", "fusion"),
    pgettext("kind", "ritual"), pgettext("kind", "spell"), pgettext("kind", "trap"),
    pgettext("spell_type", "normal"), pgettext("spell_type", "equip"),
    pgettext("spell_type", "field"), pgettext("spell_type", "fusion"),
    pgettext("spell_type", "ritual"), pgettext("trigger", "summon"),
    pgettext("action", "activate"), pgettext("action", "attack"),
    pgettext("action", "change_position"), pgettext("action", "draw"),
    pgettext("action", "end_turn"), pgettext("action", "equip"), pgettext("action", "flip"),
    pgettext("action", "fusion"), pgettext("action", "next_phase"),
    pgettext("action", "ritual"), pgettext("action", "set"), pgettext("action", "summon"),
    pgettext("field", "atk"), pgettext("field", "attached_to"),
    pgettext("field", "attacker"), pgettext("field", "attribute"),
    pgettext("field", "card"), pgettext("field", "def"), pgettext("field", "effect"),
    pgettext("field", "equip_atk"), pgettext("field", "equip_def"),
    pgettext("field", "equip_to"), pgettext("field", "face_down"),
    pgettext("field", "field_atk"), pgettext("field", "field_def"),
    pgettext("field", "field_types"), pgettext("field", "flip_effect"), pgettext("field", "flip_effects"),
    pgettext("field", "flip_target"), pgettext("field", "kind"), pgettext("field", "level"),
    pgettext("field", "materials"), pgettext("field", "monster"),
    pgettext("field", "position"), pgettext("field", "ritual_monster"),
    pgettext("field", "stays_turns"), pgettext("field", "stops_attacks"),
    pgettext("field", "turns_left"),
    pgettext("field", "spell"), pgettext("field", "spell_type"),
    pgettext("field", "target"), pgettext("field", "terrain"), pgettext("field", "to"),
    pgettext("field", "tributes"), pgettext("field", "trigger"), pgettext("field", "type"),
    pgettext("field", "data_from"), pgettext("data_from", "public-facts"),
    # the effect vocabulary (effect, flip_effect: docs/games/yugioh.md) as a board shows it
    pgettext("effect", "destroy"), pgettext("effect", "destroy_all"),
    pgettext("effect", "flip_all"), pgettext("effect", "bounce"),
    pgettext("effect", "draw"), pgettext("effect", "damage"),
]
