"""解決 (resolution): a played card leaves the play area by its type, or fails.

``resolve`` means both players pass: the cards waiting in the play areas resolve newest
first (public facts, Priority).  A card whose target is no longer legal fails to
resolve (目標の喪失) with no re-targeting.  Otherwise its effect applies (effects.py) and
it goes where its type says (play-supplement character.3, spell.3.I-IV,
command.3.I-III): onto the field asleep as a character, set on its target (装備/呪符),
onto the field active (世界呪符, 装備／場), onto the field asleep as a character
(幻想生物), or to 冥界.
"""
from __future__ import annotations

from judge.engine import Check, Cite, FieldSpec, Move, Note, Record, action

from . import interpretations as I
from .cards import PLAY_PROPS, card_type, has_keyword, is_attachment, label
from .effects import resolve_effect
from .restrictions import record
from .targets import is_legal_target, target_kind
from .citations import PLAY_TERM, PLAYED_CARD, SUPPLEMENT
from .i18n import msg


def waiting(match) -> list:
    """The cards in the play areas, newest (last played) first."""
    cards = [c for p in match.state.players for c in match.zone(p, "play_area")]
    return sorted(cards, key=lambda c: -(c.get("stack") or 0))


def next_stack(match) -> int:
    """The ``stack`` number of a card played now (one above every card waiting)."""
    return max([c.get("stack") or 0 for c in waiting(match)] + [0]) + 1


def resolve_all(match, act):
    """Both players pass: every card waiting in a play area resolves, newest first."""
    yield Note(cite=Cite(PLAYED_CARD, match="解決されるまで").because(I.INTERFERENCE),
               event="pass", detail=msg("both players pass: the played cards "
                                        "resolve, newest first"))
    while True:
        cards = waiting(match)
        if not cards:
            return
        yield from resolve_played(match, cards[0], act)


def resolve_played(match, card, act):
    """Resolve one played card: its target is checked, its effect applies, it moves on."""
    controller, _ = match.where_is(card)
    kind = target_kind(card)
    target = None
    if kind:
        uid = card.get("target")
        try:
            target = match.state.card(uid) if uid else None
        except KeyError:
            target = None
        if target is None or not is_legal_target(match.state, card, target, kind):
            what = label(target) if target is not None else msg("its target")
            yield Move(card, "graveyard", player=card.owner, clear=PLAY_PROPS,
                       cite=Cite(PLAY_TERM, match="目標の喪失").because(I.LOST_TARGET),
                       event="target-lost",
                       detail=msg("{card} fails to resolve: {what} is no longer a "
                                  "legal target (目標の喪失); no new target is chosen",
                                  card=card, what=what))
            return
    placed = yield from resolve_effect(match, card, controller, target, act)
    if not placed and match.where_is(card)[1] == "play_area":
        yield from place(match, card, controller, target)
    yield Record(record(controller, card, "resolved"), cite=Cite(PLAYED_CARD, match="効果の解決後"),
                 event="resolved", detail=msg("{card} has resolved", card=card))


def place(match, card, controller: str, target):
    """Where a resolved card goes, by its type (character.3, spell.3, command.3)."""
    kind = card_type(card)
    if kind == "character":
        yield Move(card, "field", player=controller, clear=PLAY_PROPS, props={"asleep": True},
                   cite=Cite(SUPPLEMENT, "character.3"), event="enter",
                   detail=msg("{card} enters {controller}'s field asleep as a "
                              "character",
                              card=card, controller=controller))
        return
    section = "spell" if kind == "spell" else "command"
    if kind in ("spell", "command"):
        yield Note(cite=Cite(SUPPLEMENT, f"{section}.3"), event="resolve",
                   detail=msg("{card} resolves: where it goes depends on what the "
                              "card says", card=card))
    if is_attachment(card) and target is not None:
        yield Move(card, "field", player=controller, clear=PLAY_PROPS + ("asleep",),
                   props={"attached_to": target.uid},
                   cite=Cite(SUPPLEMENT, f"{section}.3.I").because(I.ATTACHMENT),
                   event="attach", detail=msg("{card} is set on {target}",
                                              card=card, target=target))
        return
    if kind == "spell" and has_keyword(card, "世界呪符"):
        yield Move(card, "field", player=controller, clear=PLAY_PROPS + ("asleep",),
                   cite=Cite(SUPPLEMENT, "spell.3.II"), event="enter",
                   detail=msg("{card} (世界呪符) enters {controller}'s field active",
                              card=card, controller=controller))
        return
    if kind == "spell" and has_keyword(card, "幻想生物"):
        yield Move(card, "field", player=controller, clear=PLAY_PROPS, props={"asleep": True},
                   cite=Cite(SUPPLEMENT, "spell.3.III"), event="enter",
                   detail=msg("{card} (幻想生物) is set on {controller}'s field asleep "
                              "and is a character from now on",
                              card=card, controller=controller))
        return
    if kind == "command" and has_keyword(card, "装備/場"):
        yield Move(card, "field", player=controller, clear=PLAY_PROPS + ("asleep",),
                   cite=Cite(SUPPLEMENT, "command.3.II"), event="enter",
                   detail=msg("{card} (装備／場) enters {controller}'s field active",
                              card=card, controller=controller))
        return
    clause = "spell.3.IV" if kind == "spell" else "command.3.III"
    if kind is None:
        yield Note(cite=Cite(SUPPLEMENT, "play-supplement"), event="resolve",
                   detail=msg("{card} has no card type: it goes to 冥界", card=card))
    yield Move(card, "graveyard", player=card.owner, clear=PLAY_PROPS,
               cite=Cite(SUPPLEMENT, clause), event="to-graveyard",
               detail=msg("{card} has resolved and goes to {owner}'s 冥界",
                          card=card, owner=card.owner))


@action("resolve", doc="Both players pass: the cards in the play areas resolve, newest "
                       "first; with none waiting, a waiting attack resolves (`graze`). "
                       "`resolved_target` / `resolved_mode` answer a card resolved "
                       "as if played by one of them (テリブルスーヴニール).",
        resolved_target=FieldSpec("card"), resolved_mode=FieldSpec("str"),
        graze=FieldSpec("yesno", doc="whether the damaged player grazes (a waiting attack)"))
def resolve(match, act):
    """解決: both players pass and the interference resolves."""
    from .interference import pass_in_combat     # the combat builds on resolution
    from .restrictions import attack_under_way
    cards, attacker = waiting(match), attack_under_way(match)
    yield Check(ok=bool(cards) or attacker is not None,
                cite=Cite(PLAYED_CARD, match="解決されるまで"),
                detail=msg("a played card waits in a play area") if cards else
                msg("the attack of {attacker} waits", attacker=attacker)
                if attacker is not None else
                msg("no card waits in a play area: there is nothing to resolve"))
    if cards:
        yield from resolve_all(match, act)
    yield from pass_in_combat(match, act, bool(cards))
