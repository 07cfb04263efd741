"""カードの効果 (card effects), modelled only as far as the rulings describe them.

The corpus has the card list's facts but no card text.  The cards the rulings and the
graze page talk about are modelled here, each resting on an interpretation that names
its source (public facts, the page's own words); every other card resolves with a step
saying its effect is not modelled.  Passive effects that change combat (graze values,
negated battle damage, battle damage treated as effect damage) are queries that
combat.py and graze.py ask.
"""
from __future__ import annotations

from judge.engine import Card, Check, Cite, FieldSpec, Move, Note, SetFlag, action
from judge.i18n import N_

from . import interpretations as I
from .cards import PLAY_PROPS, label, number_of
from .citations import GRAZE_TERM, PLAY_TERM, PLAYED_CARD, qa
from .i18n import msg

SEA_FLAG = "海が割れる日"
NO_TEXT = "カードテキストはコーパスにありません"


def card_cite(card: Card, interpretation) -> Cite:
    """The card's own entry (its facts), marked with the interpretation of its effect."""
    return Cite(f"vision/card/{number_of(card)}", match=NO_TEXT).because(interpretation)


# --- effects that happen when a card resolves ------------------------------------------

def resolve_effect(match, card: Card, controller: str, target: Card | None, act):
    """Apply the played card's effect; return True if the effect placed the card itself."""
    number = number_of(card)
    if number == "N75":
        yield Move(card, "nodes", player=controller, clear=PLAY_PROPS + ("asleep",),
                   cite=card_cite(card, I.MANA_GENERATION), event="node",
                   detail=msg("{card} puts itself into {controller}'s node area, "
                              "active",
                              card=card, controller=controller))
        return True
    if number in ("N142", "N96", "N83") and target is not None:
        yield Move(target, "graveyard", player=target.owner, clear=PLAY_PROPS,
                   cite=Cite(PLAY_TERM, match="プレイを無効にする効果").because(I.NEGATION),
                   event="negate",
                   detail=msg("{card} negates the play of {target}, which goes to "
                              "{owner}'s 冥界",
                              card=card, target=target, owner=target.owner))
        return False
    if number == "N364" and target is not None:
        # as_if_played resolves cards through resolution.py, which calls back here.
        from .as_if_played import resolve_as_if_played
        yield from resolve_as_if_played(match, controller, target, act, by=label(card),
                                        cite=card_cite(card, I.TERRIBLE_SOUVENIR))
        return False
    if number == "N345":
        yield SetFlag(SEA_FLAG, controller, cite=card_cite(card, I.SEA_SPLITTING),
                      event="lasting-effect",
                      detail=msg("{card}: battle damage to {controller}'s opponent "
                                 "is negated from now on",
                                 card=card, controller=controller))
        return False
    cite = (Cite(f"vision/card/{number}", match=NO_TEXT) if number and
            f"vision/card/{number}" in match.corpus else Cite(PLAYED_CARD, match="効果の解決後"))
    yield Note(cite=cite,
               detail=msg("{card}'s effect: its card text is not in the corpus, so "
                          "the engine does not model it",
                          card=card), event="effect")
    return False


# --- passive effects that combat and graze ask about ------------------------------------

def battle_damage_to_player_negated(match, attacker: Card, attacking_player: str):
    """``(cite, detail)`` if battle damage the attacker deals to a player is negated."""
    if number_of(attacker) == "N203":
        return (Cite(GRAZE_TERM, match="お化けキューカンバー").because(I.CUCUMBER),
                msg("{attacker}: its battle damage to a player is negated",
                    attacker=attacker))
    if match.state.flags.get(SEA_FLAG) == attacking_player:
        return (Cite(GRAZE_TERM, match="海が割れる日").because(I.SEA_SPLITTING),
                msg("開海「海が割れる日」 ({attacking_player}'s): battle damage to {value} is "
                    "negated",
                    attacking_player=attacking_player, value=match.state.opponent(attacking_player)))
    return None


def battle_damage_is_effect_damage(attacker: Card):
    """``(cite, detail)`` if the attacker's battle damage is treated as effect damage."""
    if number_of(attacker) == "N1125":
        return (Cite(GRAZE_TERM, match="効果ダメージとして扱う").because(I.FLOWER_TANK),
                msg("{attacker}: its battle damage is treated as effect damage",
                    attacker=attacker))
    return None


def graze_value(match, attacker: Card):
    """The attacker's graze value X and the steps that changed it: ``(x, [Note…])``."""
    x = attacker.get("graze", 0) or 0
    notes = []
    on_fields = [c for p in match.state.players for c in match.zone(p, "field")
                 if not c.get("face_down")]
    if any(number_of(c) == "N743" for c in on_fields):
        x = 3
        notes.append(Note(cite=Cite(GRAZE_TERM, match="贖罪の檻").because(I.CAGE_OF_ATONEMENT),
                          event="graze-value",
                          detail=msg("贖罪の檻 is on the field: {attacker}'s graze is 3",
                                     attacker=attacker)))
    if any(number_of(c) == "N824" and c.get("attached_to") == attacker.uid
           for c in on_fields):
        x = 0
        notes.append(Note(cite=Cite(GRAZE_TERM, match="げんこつスマッシュ").because(I.FIST_SMASH),
                          event="graze-value",
                          detail=msg("拳打「げんこつスマッシュ」 is set on {attacker}: its graze "
                                     "is 0",
                                     attacker=attacker)))
    return x, notes


def play_counts_note(card: Card):
    """QA-021: only a play (or a resolution as if played) counts as playing a card."""
    return Note(cite=Cite(qa(21), match="いいえ、扱いません"), event="not-played",
                detail=msg("{card} was put onto the field by an effect: it was not "
                           "played (it is not a played card, and it uses no play "
                           "this turn)", card=card))


@action("put_onto_field",
        doc=N_("A card effect puts a card onto a field without playing it (スペルブレイク, "
            "西行妖、開花…): `card` from any zone but the field, `by` the effect (for the "
            "log), `controller` whose field (default the card's owner), `asleep` yes/no."),
        card=FieldSpec("card", required=True), by=FieldSpec("str"),
        controller=FieldSpec("player"), asleep=FieldSpec("yesno", required=True))
def put_onto_field(match, act):
    """An effect puts a card onto the field: it is not played (QA-021)."""
    card = match.card(act.get("card"), field="card")
    zone = match.where_is(card)[1]
    cite = Cite(PLAY_TERM, match="他のカードの効果によって").because(I.PUT_ONTO_FIELD)
    if zone in ("field", "play_area"):
        yield Check(ok=False, cite=cite, detail=msg("{card} is already in {zone}",
                                                    card=card, zone=msg.zone(zone)))
    controller = act.get("controller") or card.owner
    asleep = act.get("asleep") == "yes"
    by = act.get("by") or msg("an effect")
    yield Move(card, "field", player=controller,
               clear=("face_down", "damage", "asleep", "attached_to") + PLAY_PROPS,
               props={"asleep": True} if asleep else {}, cite=cite, event="enter",
               detail=(msg("{by} puts {card} from {zone} onto {controller}'s field asleep",
                           by=by, card=card, zone=msg.zone(zone), controller=controller)
                       if asleep else
                       msg("{by} puts {card} from {zone} onto {controller}'s field active",
                           by=by, card=card, zone=msg.zone(zone), controller=controller)))
    yield play_counts_note(card)
