"""モンスターを強化するタイプの魔法カード: equip spells, laid over a face-up monster that fits.

yugioh/rule/equip-spells: the card is put over a monster on the field
(重ねるようにして出します), normally only a face-up one (表向きにしているモンスターカードにのみ),
and not an unfitting one (不適切なモンスターカードには使えません).  What fits is the card's
``equip_to`` (names, 種族 or 属性; empty: any monster); what it does is ``equip_atk`` /
``equip_def``, added to the monster's ATK/DEF while both are on the field.
"""
from __future__ import annotations

from judge.engine import Card, Check, Cite, Move, Note, require

from .board import SPELL_ZONES, current_atk, current_def, face_up
from .interpretations import EQUIP_FOLLOWS, ZONES
from .citations import EQUIP
from .i18n import msg

LAY_OVER = Cite(EQUIP, match="重ねるようにして出します")
FACE_UP_ONLY = Cite(EQUIP, match="表向きにしているモンスターカードにのみ")
FITTING_ONLY = Cite(EQUIP, match="不適切なモンスターカードには使えません")


def fits(equip: Card, monster: Card) -> bool:
    """Whether the monster is one the equip spell is made for (its ``equip_to``)."""
    wanted = equip.get("equip_to") or []
    return not wanted or any(v in wanted for v in (monster.name, monster.get("type"),
                                                   monster.get("attribute")) if v)


def equip(match, act, card: Card):
    """Lay an equip spell from the hand over a face-up monster that fits it."""
    p = act.player
    ref = act.get("target")
    if ref is None:
        raise match.input_error(f"{card.label()} is an equip spell: name the monster it goes "
                                "over in `target`", field="target")
    monster = match.card(ref, zones=("monsters",), field="target")
    yield Check(ok=face_up(monster), cite=FACE_UP_ONLY,
                detail=msg("{monster} is face-up", monster=monster) if face_up(monster) else
                       msg("the target is a face-down monster: {card} can be used "
                           "only on a face-up monster",
                           card=card))
    wanted = ", ".join(card.get("equip_to") or []) or msg("any monster")
    yield Check(ok=fits(card, monster), cite=FITTING_ONLY,
                detail=(msg("{card} fits {wanted}: {monster} fits", card=card, wanted=wanted,
                            monster=monster) if fits(card, monster) else
                        msg("{card} fits {wanted}: {monster} does not fit", card=card,
                            wanted=wanted, monster=monster)))
    others = [c for c in match.zone(p, "spells") if c is not card]
    yield from require(len(others) < SPELL_ZONES, LAY_OVER.because(ZONES),
                       msg("{player}'s five spell & trap zones are full", player=p))
    before = current_atk(match.state, monster), current_def(match.state, monster)
    yield Move(card, "spells", player=p, props={"attached_to": monster.uid},
               clear=("face_down",), cite=LAY_OVER,
               event="equip", detail=msg("{player} lays {card} over {monster}",
                                         player=p, card=card, monster=monster))
    after = current_atk(match.state, monster), current_def(match.state, monster)
    yield Note(cite=LAY_OVER.because(EQUIP_FOLLOWS), event="stats",
               detail=msg("{monster} is now ATK {after} / DEF {after2} (was {before} "
                          "/ {before2})",
                          monster=monster, after=after[0], after2=after[1], before=before[0], before2=before[1]))
