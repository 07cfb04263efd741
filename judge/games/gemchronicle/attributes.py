"""Attributes an attack or a unit carries (各種追加属性、付与効果).

- 破壊属性 ``destroy``: the attacked unit is destroyed with no effect check and no damage
  calculation.
- 貫通属性 ``pierce``: the excess over a defense-position unit also goes to its player's LP.
- 連続攻撃 ``consecutive: N``: N hits, judged once at the last (interpretation: their
  values are added up).
- ステルス ``stealth``: cannot be targeted by the opponent, counts as absent for them, and
  drops out of what already targeted it; face-down, turned face-up while it acts.
- 帯電 ``charged``: a unit that battles it with a lower ML is stunned.
- アクセラレーション属性 and its conditional form: cast on the opponent's turn (spells.py).
- 永続効果 ``permanent``: the card stays on the field after use (spells.py).
"""
from __future__ import annotations

from judge.engine import Note, SetCard, require

from . import passive_skills
from .citations import rule
from .interpretations import CHARGED_AFTER_BATTLE, CONSECUTIVE_SUM
from .status_effects import give
from .i18n import msg

STEALTH = "stealth"


def hits(card) -> int:
    """How many hits the unit's attack makes (連続攻撃; 1 for an ordinary attack)."""
    return max(1, card.get("consecutive", 1))


def consecutive_value(card, value: int):
    """The value of a consecutive attack, judged once at its last hit."""
    n = hits(card)
    total = value * n
    note = Note(cite=rule("attributes", "consecutive", "最後の攻撃で判定処理")
                .because(CONSECUTIVE_SUM),
                detail=msg("{card} attacks {n} times in a row ({value} each); "
                           "nothing is judged until the last hit, which is judged "
                           "with {total}",
                           card=card, n=n, value=value, total=total),
                event="consecutive")
    return total, note


def stealth_cite(match_text: str):
    """A sentence of the stealth clause."""
    return rule("attributes", "stealth", match_text)


def require_targetable(match, player: str, target, what: str):
    """The opponent's stealth unit cannot be targeted (あらゆる対象にならなくなります)."""
    owner, _ = match.where_is(target)
    yield from require(not (target.get(STEALTH) and owner != player),
                       stealth_cite("あらゆる対象にならなくなります"),
                       msg("{target} is in stealth: {player} cannot target it with "
                           "{what}",
                           target=target, player=player, what=what))


def show_for_action(card):
    """A stealth unit is turned face-up while it acts (行動時に一時的に表側に戻し)."""
    if card.get(STEALTH) and card.get("face_down"):
        yield SetCard(card, {"face_down": None}, cite=stealth_cite("一時的に表側に戻し"),
                      detail=msg("{card} (stealth) is turned face-up while it acts",
                                 card=card),
                      event="flip")


def hide_after_action(match, card):
    """…and face-down again when it has acted (行動を終えた後また裏側に戻します)."""
    if card.get(STEALTH) and not card.get("face_down"):
        try:
            _, zone = match.where_is(card)
        except KeyError:
            return
        if zone in ("battle", "forbidden"):
            yield SetCard(card, {"face_down": True}, cite=stealth_cite("また裏側に戻します"),
                          detail=msg("{card} (stealth) is turned face-down again",
                                     card=card),
                          event="flip")


def charge_stun(match, charged, other):
    """帯電: the unit that battled a charged unit is stunned if its ML is lower."""
    if not passive_skills.is_charged(match.state, charged):
        return
    try:
        _, zone = match.where_is(other)
    except KeyError:
        return
    if zone not in ("battle", "forbidden"):
        return
    mine, theirs = charged.get("ml", 0), other.get("ml", 0)
    cite = rule("attributes", "charged", "スタン状態にします")
    if theirs < mine:
        yield from give(match, other, "stun", 1, cite=cite.because(CHARGED_AFTER_BATTLE),
                        detail=msg("{other} (ML {theirs}) battled the charged "
                                   "{charged} (ML {mine}): it is stunned until the "
                                   "next mana phase",
                                   other=other, theirs=theirs, charged=charged, mine=mine))
    else:
        yield Note(cite=cite, detail=msg("{other}'s ML {theirs} is not lower than "
                                         "the charged {charged}'s ML {mine}: no stun",
                                         other=other, theirs=theirs, charged=charged, mine=mine),
                   event="charged")

