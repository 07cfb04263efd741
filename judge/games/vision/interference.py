"""戦闘中の干渉 (interference during combat): the block declared while the attack waits,
奇襲 and 速攻, and the combat's resolution once both players pass.

An attack declared with ``resolve: no`` waits (its character carries ``attacking``).
While it waits an interference is under way: commands may be played, the defender may
play a character with 奇襲 in interference to the attack (restrictions.py,
``vision.surprise``), and the defender declares the block once (``block``).  A character
with 速攻 that entered the field this turn may block though it is asleep
(``vision.quick``).  ``resolve`` with no card waiting in a play area resolves the combat
(combat.py ``battle``): damage, 決死, 貫通, the graze.

The texts (vision/term/プレイ) state the case: 「こちらの攻撃宣言に対して、相手が十六夜 咲夜
等の奇襲と速攻を持つキャラクターを手札から出して防御した」, the character 「戦術『奇襲』の効果で
こちらの攻撃に干渉して」 played, a card being played that 瞋怒 or 断罪裁判 may negate.  The
order of the combat's steps is an interpretation (``vision.combat-interference``).
"""
from __future__ import annotations

from judge.engine import Check, Cite, FieldSpec, Note, SetCard, action

from . import interpretations as I
from .cards import has_keyword, is_character, name_key
from .choices import given
from .combat import COMBAT_PROPS, battle, combat_cite
from .citations import PLAY_TERM
from .i18n import msg
from .resolution import resolve_all
from .restrictions import SURPRISE_CITE, attack_under_way

QUICK_CITE = Cite(PLAY_TERM, match="奇襲と速攻を持つキャラクターを手札から出して防御した")
NO_BLOCK = ("none", "no", "False", "なし")


def entered_this_turn(match, player: str, card) -> bool:
    """Whether ``card`` resolved onto ``player``'s field this turn (this_turn records)."""
    return any(str(f.get("player")) == player and "resolved" in f
               and name_key(str(f.get("name") or f.get("resolved"))) == name_key(card.name)
               for f in match.state.this_turn)


def may_block(match, defender: str, card) -> tuple[bool, object, Cite]:
    """Whether ``card`` may block now: (ok, why, the rule)."""
    if not is_character(card):
        return False, msg("{blocker} is not a character", blocker=card), combat_cite(match)
    if not card.get("asleep"):
        return True, msg("{blocker} is an active character", blocker=card), combat_cite(match)
    if has_keyword(card, "速攻") and entered_this_turn(match, defender, card):
        return (True, msg("{blocker} has 速攻 and entered the field this turn: it may "
                          "block though asleep", blocker=card),
                QUICK_CITE.because(I.QUICK))
    return False, msg("{blocker} is asleep and cannot block", blocker=card), combat_cite(match)


def blockers(match, defender: str) -> list:
    """The defender's characters that may block now."""
    return [c for c in match.zone(defender, "field") if may_block(match, defender, c)[0]]


@action("block",
        doc="While an attack waits (attack with resolve: no), the defender declares the "
            "block: `blocker` is none or a character that may block. Then, unless "
            "`resolve: no`, both players pass: waiting cards resolve and the combat "
            "resolves (`graze` answers the graze).",
        blocker=FieldSpec("str", doc="none, or the blocking character"),
        graze=FieldSpec("yesno", doc="whether the damaged player grazes"),
        resolve=FieldSpec("yesno", doc="no: others may still interfere before the "
                                       "combat resolves"))
def block(match, act):
    """防御: the defender's block (or none) against the waiting attack."""
    attacker = attack_under_way(match)
    defender = act.player
    cite = combat_cite(match).because(I.COMBAT_INTERFERENCE)
    ok = attacker is not None and match.where_is(attacker)[0] != defender
    yield Check(ok=ok, cite=cite, event="block",
                detail=msg("{defender} is attacked by {attacker}", defender=defender,
                           attacker=attacker) if ok else
                msg("no attack on {defender} waits: there is nothing to block",
                    defender=defender))
    declared = [c for p in match.state.players for c in match.zone(p, "field")
                if c.get("blocking")] + ([attacker] if attacker.get("no_block") else [])
    yield Check(ok=not declared, cite=cite, event="block",
                detail=msg("{defender} has not declared a block yet", defender=defender)
                if not declared else msg("{defender} has already declared the block",
                                         defender=defender))
    choice = given(act, "blocker")
    if choice is None:
        raise match.input_error(msg("{defender} may block: the choice 'blocker' is open",
                                    defender=defender), "blocker",
                                ["none"] + [c.name for c in blockers(match, defender)])
    if str(choice) in NO_BLOCK:
        yield SetCard(attacker, {"no_block": True}, cite=cite, event="no-block",
                      detail=msg("{defender} does not block", defender=defender))
    else:
        card = match.card(choice, player=defender, zones=("field",), field="blocker")
        able, why, rule = may_block(match, defender, card)
        yield Check(ok=able, cite=rule, event="block", detail=why)
        yield SetCard(card, {"asleep": True, "blocking": True}, cite=rule, event="block",
                      detail=msg("{defender} blocks with {blocker}, which goes to sleep",
                                 defender=defender, blocker=card))
    if act.get("resolve", "yes") == "no":
        yield Note(cite=cite, event="waits",
                   detail=msg("the attack of {attacker} waits: the players may still "
                              "interfere", attacker=attacker))
        return
    yield from resolve_all(match, act)
    yield from resolve_combat(match, act)


def resolve_combat(match, act):
    """Both players pass with nothing waiting: the waiting attack resolves."""
    attacker = attack_under_way(match)
    if attacker is None:
        return
    player = match.where_is(attacker)[0]
    defender = match.state.opponent(player)
    cite = combat_cite(match).because(I.COMBAT_INTERFERENCE)
    declared = [c for c in match.zone(defender, "field") if c.get("blocking")]
    gone = [c for _, zone, c in match.state.cards() if c.get("blocking") and zone != "field"]
    yield SetCard(attacker, {k: None for k in COMBAT_PROPS}, cite=cite, event="combat",
                  detail=msg("both players pass: the attack of {attacker} resolves",
                             attacker=attacker))
    for card in declared + gone:
        yield SetCard(card, {"blocking": None}, cite=cite, event="combat",
                      detail=msg("{blocker} blocks {attacker}", blocker=card,
                                 attacker=attacker))
    if gone and not declared:
        yield Note(cite=cite, event="no-damage",
                   detail=msg("the blocker has left the field: the attack stays blocked "
                              "and deals no damage"))
        return
    if not declared:
        yield Note(cite=cite, event="no-block",
                   detail=msg("{defender} declared no block: the attack is unblocked",
                              defender=defender))
    yield from battle(match, attacker, declared[0] if declared else None, player, defender)


def pass_in_combat(match, act, had_waiting: bool):
    """``resolve`` while an attack waits: resolve the plays, else the combat."""
    if had_waiting:
        attacker = attack_under_way(match)
        if attacker is not None:
            yield Note(cite=SURPRISE_CITE.because(I.COMBAT_INTERFERENCE), event="waits",
                       detail=msg("the played cards have resolved; the attack of "
                                  "{attacker} still waits", attacker=attacker))
        return
    yield from resolve_combat(match, act)


__all__ = ["block", "blockers", "may_block", "pass_in_combat", "resolve_combat"]
