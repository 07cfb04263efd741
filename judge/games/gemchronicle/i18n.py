"""Gem Chronicle's words: its message catalogue (locale/), read by :mod:`judge.i18n`.

``TERMS`` is the game's vocabulary as the scenario files write it (zones, phases,
positions, kinds of card): the catalogue gives each the rules page's Japanese name
(マナフェイズ, 禁呪ゾーン, …) and an English one, under the msgctxt of its kind.
"""
from judge.i18n import Messages, pgettext

msg = Messages(__package__)

TERMS = [
    pgettext("field", "first_player"),          # the state's flag: who went first (先攻)
    pgettext("attack_type", "attacker"), pgettext("attack_type", "shooter"),
    pgettext("attack_type", "breaker"), pgettext("attack_type", "blaster"),
    pgettext("zone", "deck"), pgettext("zone", "hand"), pgettext("zone", "battle"),
    pgettext("zone", "magic"), pgettext("zone", "forbidden"), pgettext("zone", "field"),
    pgettext("zone", "break"), pgettext("zone", "forbidden_deck"), pgettext("zone", "removed"),
    pgettext("phase", "setup"), pgettext("phase", "draw"), pgettext("phase", "mana"),
    pgettext("phase", "tactics1"), pgettext("phase", "battle"), pgettext("phase", "tactics2"),
    pgettext("phase", "end"),
    pgettext("position", "attack"), pgettext("position", "defense"),
    pgettext("kind", "unit"), pgettext("kind", "forbidden_unit"), pgettext("kind", "spell"),
    pgettext("kind", "equip"), pgettext("kind", "field"),
    pgettext("action", "activate_field"), pgettext("action", "attack"),
    pgettext("action", "cast"), pgettext("action", "change_position"),
    pgettext("action", "cure"), pgettext("action", "end_turn"),
    pgettext("action", "next_phase"), pgettext("action", "set"),
    pgettext("action", "skill"), pgettext("action", "start_game"),
    pgettext("action", "summon"),
    pgettext("field", "amount"), pgettext("field", "atk"), pgettext("field", "attached_to"),
    pgettext("field", "attack_type"), pgettext("field", "attacked"),
    pgettext("field", "attacker"), pgettext("field", "attributes"),
    pgettext("field", "card"), pgettext("field", "category"), pgettext("field", "charged"),
    pgettext("field", "condition_met"), pgettext("field", "conditional"),
    pgettext("field", "consecutive"), pgettext("field", "cost"),
    pgettext("field", "damage"), pgettext("field", "def"), pgettext("field", "effect"),
    pgettext("field", "face_down"), pgettext("field", "kind"), pgettext("field", "ml"),
    pgettext("field", "permanent"), pgettext("field", "position"),
    pgettext("field", "position_changed"), pgettext("field", "response"),
    pgettext("field", "response_target"), pgettext("field", "returned"),
    pgettext("field", "set_this_turn"), pgettext("field", "slot"),
    pgettext("field", "status"), pgettext("field", "statuses"),
    pgettext("field", "stealth"), pgettext("field", "summoned_this_turn"),
    pgettext("field", "target"), pgettext("field", "turns"), pgettext("field", "type"),
    pgettext("field", "unit"), pgettext("field", "zone"),
    pgettext("field", "passive"), pgettext("field", "active"), pgettext("field", "boost"),
    pgettext("field", "ace"),
    # a card's values as a board shows them (分類: アクセラレーション, 効果: バウンス)
    pgettext("category", "chant"), pgettext("category", "acceleration"),
    pgettext("category", "barrier"),
    pgettext("effect", "none"), pgettext("effect", "break"),
    pgettext("effect", "burn_damage"), pgettext("effect", "bounce"),
    pgettext("effect", "remove"), pgettext("effect", "negate"), pgettext("effect", "stun"),
    pgettext("effect", "freeze_lock"), pgettext("effect", "ignite"),
    pgettext("effect", "charge"), pgettext("effect", "stealth"), pgettext("effect", "equip"),
    # a passive skill's words (cards.py PASSIVE_EFFECT_NAMES, SCOPE_NAMES), an attack's
    # attributes and a unit's statuses, and the words of an expect path (….now.atk)
    pgettext("effect", "pierce"), pgettext("effect", "destroy"),
    pgettext("effect", "hinder_attack"), pgettext("effect", "charged"),
    pgettext("field", "scope"), pgettext("scope", "self"), pgettext("scope", "own"),
    pgettext("scope", "opponent"), pgettext("scope", "all"),
    pgettext("field", "as"), pgettext("as", "skill"), pgettext("as", "trait"),
    pgettext("as", "resistance"),
    pgettext("attributes", "pierce"), pgettext("attributes", "destroy"),
    pgettext("statuses", "burn"),
    pgettext("field", "now"), pgettext("field", "value"), pgettext("field", "hindered"),
]
