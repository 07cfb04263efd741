"""Vision's words: its message catalogue (locale/), read by :mod:`judge.i18n`.

``TERMS`` is the game's vocabulary as the scenario files write it (zones, phases,
card types): the catalogue gives each its Japanese name (ノードエリア, 冥界, …) and
its English one, under the msgctxt of its kind.
"""
from judge.i18n import Messages, pgettext

msg = Messages(__package__)

TERMS = [
    pgettext("zone", "deck"), pgettext("zone", "hand"), pgettext("zone", "nodes"),
    pgettext("zone", "field"), pgettext("zone", "play_area"), pgettext("zone", "graveyard"),
    pgettext("zone", "removed"),
    pgettext("phase", "main"), pgettext("phase", "draw"), pgettext("phase", "end"),
    pgettext("phase", "active"), pgettext("phase", "maintenance"),
    pgettext("phase", "discard"),
    pgettext("action", "next_phase"), pgettext("action", "end_turn"),
    pgettext("action", "set_node"),
    pgettext("kind", "character"), pgettext("kind", "spell"), pgettext("kind", "command"),
    pgettext("action", "attack"), pgettext("action", "block"), pgettext("action", "play"),
    pgettext("action", "put_onto_field"), pgettext("action", "resolve"),
    pgettext("action", "resolve_as_if_played"),
    pgettext("field", "afterwards"), pgettext("field", "asleep"),
    pgettext("field", "attached_to"), pgettext("field", "attack"),
    pgettext("field", "attacker"), pgettext("field", "attacking"), pgettext("field", "block"),
    pgettext("field", "blocker"), pgettext("field", "blocking"), pgettext("field", "no_block"),
    pgettext("field", "timing_restricted"), pgettext("field", "by"),
    pgettext("field", "card"), pgettext("field", "caster"), pgettext("field", "condition"),
    pgettext("field", "controller"), pgettext("field", "cost"), pgettext("field", "damage"),
    pgettext("field", "declaration"), pgettext("field", "declare"),
    pgettext("field", "declared"), pgettext("field", "face_down"),
    pgettext("field", "graze"), pgettext("field", "keywords"), pgettext("field", "mode"),
    pgettext("field", "modes"), pgettext("field", "node"), pgettext("field", "number"),
    pgettext("field", "range"), pgettext("field", "resolve"),
    pgettext("field", "resolved_mode"), pgettext("field", "resolved_target"),
    pgettext("field", "stack"), pgettext("field", "target"),
    pgettext("field", "target_kind"), pgettext("field", "toughness"),
    pgettext("field", "type"), pgettext("field", "x"),
    pgettext("field", "played"), pgettext("field", "resolved"),      # an expect path's A.played
]
