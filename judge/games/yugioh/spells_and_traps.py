"""魔法・罠カードの使用: activating a spell from the hand or a set trap, and what follows.

Equip spells and field cards have their own chapters (equip_spells.py, field_cards.py);
fusion and ritual spells are used by the ``fusion`` and ``ritual`` actions.  Any other
spell resolves the scenario's ``effect`` and, used, goes to the graveyard
(yugioh/rule/graveyard: 使用した魔法カード).  A trap is activated from the spell & trap
zone where it was set, by either player; 落とし穴 answers a normal summon only, so a
fusion or ritual monster is not its target (yugioh/rule/fusion, yugioh/rule/ritual).
"""
from __future__ import annotations

from judge.engine import Check, Cite, FieldSpec, Note, action, require

from .board import happened
from .effects import card_cite, effect_cite, resolve
from .equip_spells import equip
from .field_cards import play_field_card
from .graveyard import to_graveyard
from .lasting_spells import stay, stays_turns
from .interpretations import SET_SPELL, TRAP_WINDOW, USED_TRAP
from .citations import FUSION_NOT_A_SUMMON, GRAVEYARD, RITUAL_NOT_A_SUMMON, TRAP_NAMED
from .turn import require_main_phase
from .i18n import msg

USED_SPELL = Cite(GRAVEYARD, match="使用した魔法カード")

FIELDS = dict(
    card=FieldSpec("card", required=True, doc="the spell (hand or set) or the set trap"),
    target=FieldSpec("card", doc="the monster an equip spell goes over, or the card the "
                                 "effect chooses (落とし穴: the summoned monster)"),
    flip_target=FieldSpec("card", doc="the choice of a flip effect this triggers"),
)


@action("activate", doc="Activate a spell from the hand (or set), or a set trap.", **FIELDS)
def activate(match, act):
    """発動: a spell card in the turn player's main phase, or a trap card set earlier."""
    p = act.player
    card = match.card(act.get("card"), player=p, zones=("hand", "spells"), field="card")
    kind = card.get("kind")
    if kind == "trap":
        yield from _trap(match, act, card)
        return
    if kind != "spell":
        raise match.input_error(msg("{card} is not a spell or trap card (kind: {kind}); give it kind: spell or kind: trap",
                                    card=card, kind=kind), field="card",
                                accepted="spell, trap")
    spell_type = card.get("spell_type") or "normal"
    if spell_type in ("fusion", "ritual"):
        raise match.input_error(msg("{card} is a {spell_type} spell: use the `{spell_type}` action",
                                    card=card, spell_type=spell_type), field="card", accepted=spell_type)
    yield from require_main_phase(match, p, msg("activate a spell card"))
    if spell_type == "equip":
        yield from equip(match, act, card)
    elif spell_type == "field":
        yield from play_field_card(match, act, card)
    elif stays_turns(card):
        yield from _activate_effect(match, card, p)
        yield from stay(match, card, p)
    else:
        yield from _activate_effect(match, card, p)
        yield from to_graveyard(match, card, USED_SPELL,
                                msg("{card} has been used: to {owner}'s graveyard",
                                    card=card, owner=card.owner))


@action("equip", doc="Activate an equip spell over a monster (same as activate).", **FIELDS)
def equip_action(match, act):
    """An equip spell, named for what it does (see activate)."""
    card = match.card(act.get("card"), player=act.player, zones=("hand", "spells"),
                      field="card")
    if card.get("spell_type") != "equip":
        raise match.input_error(msg("{card} is not an equip spell", card=card), field="card")
    yield from activate(match, act)


def _trap(match, act, card):
    p = act.player
    set_cite = TRAP_NAMED.because(SET_SPELL)
    yield from require(match.where_is(card)[1] == "spells" and card.get("face_down"),
                       set_cite, msg("{card} is a trap card: it is activated from "
                                     "the spell & trap zone where it was set, not "
                                     "from the hand",
                                     card=card))
    if card.get("trigger") == "summon":
        yield from _answers_a_summon(match, act, card)
    yield from _activate_effect(match, card, p)
    yield from to_graveyard(match, card, USED_SPELL.because(USED_TRAP),
                            msg("{card} has been used: to {owner}'s graveyard",
                                card=card, owner=card.owner))


def _answers_a_summon(match, act, card):
    """落とし穴 and the like: the target must be a monster just normal summoned."""
    ref = act.get("target")
    if ref is None:
        raise match.input_error(msg("{card} answers a summon: name the summoned monster in `target`",
                                    card=card), field="target")
    monster = match.card(ref, zones=("monsters",), field="target")
    if monster.get("kind") == "fusion":
        yield Check(ok=False, cite=FUSION_NOT_A_SUMMON,
                    detail=msg("{monster} is a fusion monster: a fusion is not a "
                               "summon, so it is not a target of {card}",
                               monster=monster, card=card))
    if monster.get("kind") == "ritual":
        yield Check(ok=False, cite=RITUAL_NOT_A_SUMMON,
                    detail=msg("{monster} is a ritual monster: a ritual is not a "
                               "normal summon, so it is not a target of {card}",
                               monster=monster, card=card))
    cite = (card_cite(match, card.name) or FUSION_NOT_A_SUMMON).because(TRAP_WINDOW)
    summoned = happened(match.state, "normal_summon", monster)
    yield Check(ok=summoned, cite=cite,
                detail=msg("{monster} was normal summoned this turn", monster=monster) if summoned else
                       msg("{monster} was not normal summoned this turn: nothing for "
                           "{card} to answer",
                           monster=monster, card=card))


def _activate_effect(match, card, player):
    """A spell's or trap's effect: the scenario's ``effect``, since card text is not cited."""
    cite = effect_cite(match, card, "effect")
    yield Note(cite=cite, event="activate", detail=msg("{player} activates {card}",
                                                       player=player, card=card))
    if card.get("effect"):
        yield from resolve(match, card, player, card["effect"], "target", cite)
    else:
        yield Note(cite=cite, event="effect",
                   detail=msg("{card}'s card text is not in the corpus and the "
                              "scenario gives it no `effect`: nothing more happens",
                              card=card))
