"""戦闘 (combat), as far as graze and the rulings need it.

An active character of the active player's field attacks the opposing player and goes
to sleep; the defender blocks with an active character (which goes to sleep) or not;
battle damage equal to attack goes to the blocker (and the blocker's to the attacker)
or to the player; damage is marked on characters and is lethal at toughness (決死, to
冥界); 貫通 (piercing) carries the excess over the blocker's remaining toughness to the
player, and that damage cannot be grazed.  Then the damaged player's graze (graze.py).

The seeds presuppose combat rather than state it; the steps rest on the interpretation
``vision.combat`` (public facts) and cite the graze rule that speaks of attacks.
"""
from __future__ import annotations

from judge.engine import Check, Cite, FieldSpec, LifeChange, Move, Note, SetCard, action

from . import interpretations as I
from .cards import has_keyword, is_character
from .choices import given
from .restrictions import SURPRISE_CITE, attack_under_way
from .effects import battle_damage_is_effect_damage, battle_damage_to_player_negated
from .graze import BattleDamage, graze
from .citations import graze_cite
from judge.i18n import joined
from .i18n import msg


# What a character carries while its combat waits (vision.combat-interference).
COMBAT_PROPS = ("attacking", "blocking", "no_block")


def combat_cite(match) -> Cite:
    """The text nearest to the combat basics: 6.5.1 (a player damaged by an attack)."""
    return graze_cite(match, "6.5.1").because(I.COMBAT)


def stat(match, card, key: str) -> int:
    """A character's attack or toughness; a character without it is an input error."""
    value = card.get(key)
    if not isinstance(value, int):
        raise match.input_error(msg("{card} has no {key}: give the card its {key}",
                                    card=card, key=key),
                                key, "a whole number")
    return value


def destroy_if_lethal(match, card):
    """決死: a character whose marked damage reaches its toughness goes to 冥界."""
    if card.get("damage", 0) < stat(match, card, "toughness"):
        return
    cite = combat_cite(match).because(I.LETHAL_DAMAGE)
    yield Move(card, "graveyard", player=card.owner, clear=("damage", "asleep") + COMBAT_PROPS,
               cite=cite,
               event="destroyed", detail=msg("{card} has damage equal to its "
                                             "toughness: 決死, it goes to {owner}'s 冥界",
                                             card=card, owner=card.owner))
    for p in match.state.players:
        for held in [c for c in match.zone(p, "field") if c.get("attached_to") == card.uid]:
            yield Move(held, "graveyard", player=held.owner, clear=("attached_to", "asleep"),
                       cite=cite, event="destroyed",
                       detail=msg("{held}, set on {card}, goes to {owner}'s 冥界",
                                  held=held, card=card, owner=held.owner))


def mark(match, card, amount: int, source, effect: bool = False):
    """Mark ``amount`` damage on a character (battle damage, or effect damage)."""
    if amount <= 0:
        return
    kind = msg("effect damage") if effect else msg("battle damage")
    yield SetCard(card, {"damage": card.get("damage", 0) + amount}, cite=combat_cite(match),
                  event="damage", detail=msg("{source} deals {amount} {kind} to "
                                             "{card}",
                                             source=source, amount=amount, kind=kind, card=card))


def blocked(match, attacker, blocker):
    """Blocked: the two characters deal damage to each other (先制 first)."""
    a, b = stat(match, attacker, "attack"), stat(match, blocker, "attack")
    remaining = stat(match, blocker, "toughness") - blocker.get("damage", 0)
    excess = max(0, a - max(0, remaining)) if has_keyword(attacker, "貫通") else 0
    first_a, first_b = has_keyword(attacker, "先制"), has_keyword(blocker, "先制")
    effect_a = battle_damage_is_effect_damage(attacker) is not None
    effect_b = battle_damage_is_effect_damage(blocker) is not None
    if first_a != first_b:
        striker, struck, power, eff = ((attacker, blocker, a, effect_a) if first_a
                                       else (blocker, attacker, b, effect_b))
        yield Note(cite=combat_cite(match), event="first-strike",
                   detail=msg("{striker} has 先制: it deals its damage first",
                              striker=striker))
        yield from mark(match, struck, power, striker, eff)
        yield from destroy_if_lethal(match, struck)
        if match.where_is(struck)[1] == "field":
            yield from mark(match, striker, b if striker is attacker else a, struck,
                            effect_b if striker is attacker else effect_a)
            yield from destroy_if_lethal(match, striker)
    else:
        yield from mark(match, blocker, a, attacker, effect_a)
        yield from mark(match, attacker, b, blocker, effect_b)
        yield from destroy_if_lethal(match, blocker)
        yield from destroy_if_lethal(match, attacker)
    return excess


def to_player(match, attacker, attacking: str, defender: str, amount: int,
              piercing: bool = False) -> BattleDamage:
    """Damage from the attacker to the defending player: negated, effect, or battle."""
    damage = BattleDamage(piercing=piercing)
    negated = battle_damage_to_player_negated(match, attacker, attacking)
    if negated and amount > 0:
        cite, why = negated
        yield Note(cite=cite, event="negated", detail=msg("{why}: {defender} takes "
                                                          "no damage",
                                                          why=why, defender=defender))
        damage.negated = negated
        return damage
    effect = battle_damage_is_effect_damage(attacker)
    if effect and amount > 0:
        cite, why = effect
        yield LifeChange(defender, -amount, cite=cite, event="effect-damage",
                         detail=msg("{why}: {defender} takes {amount} effect damage",
                                    why=why, defender=defender, amount=amount))
        damage.effect = effect
        return damage
    if amount > 0:
        what = msg("piercing (貫通) battle damage") if piercing else msg("battle damage")
        cite = (graze_cite(match, "6.5.2.b").because(I.PIERCING) if piercing
                else combat_cite(match))
        yield LifeChange(defender, -amount, cite=cite, event="damage",
                         detail=msg("{attacker} deals {amount} {what} to {defender}",
                                    attacker=attacker, amount=amount, what=what, defender=defender))
    damage.amount = amount
    return damage


@action("attack",
        doc="An active character attacks the opposing player. `block`: none or the "
            "defender's active character; `graze`: yes or no (asked only when the "
            "defender may graze). `resolve: no`: the attack waits so the players may "
            "interfere (奇襲, commands) and the defender declares the block with `block`.",
        attacker=FieldSpec("card", required=True, doc="the attacking character"),
        target=FieldSpec("player", doc="the opposing player (the only possible target)"),
        block=FieldSpec("str", doc="none, or the blocking character"),
        graze=FieldSpec("yesno", doc="whether the damaged player grazes"),
        resolve=FieldSpec("yesno", doc="no: the attack waits for interference "
                                       "(default yes: the whole combat at once)"))
def attack(match, act):
    """攻撃: the attack, the block, the damage and the graze, in that order."""
    player = act.player
    defender = match.state.opponent(player)
    if act.get("target") not in (None, defender):
        raise match.input_error(msg("a character attacks the opposing player ({defender})",
                                    defender=defender),
                                "target", defender)
    attacker = match.card(act.get("attacker"), player=player, zones=("field",),
                          field="attacker")
    waits = act.get("resolve", "yes") == "no"
    for name in ("block", "graze"):
        if waits and given(act, name) is not None:
            raise match.input_error(msg("an attack with resolve: no waits: the block and "
                                        "the graze come later (block, resolve)"), name)
    state = match.state
    problems = []
    if not (state.active == player and state.phase == "main"):
        problems.append(msg("{player} may attack only in their own main phase (turn "
                            "of {active}, phase {phase})",
                            player=player, active=state.active, phase=msg.phase(state.phase)))
    if not is_character(attacker):
        problems.append(msg("{attacker} is not a character", attacker=attacker))
    elif attacker.get("asleep"):
        problems.append(msg("{attacker} is asleep and cannot attack", attacker=attacker))
    under_way = attack_under_way(match)
    if under_way is not None:
        problems.append(msg("the attack of {other} is under way: it resolves first",
                            other=under_way))
    yield Check(ok=not problems, cite=combat_cite(match), event="attack",
                detail=joined(problems) if problems else
                msg("{attacker} is an active character of {player}'s field, in "
                    "{player}'s main phase",
                    attacker=attacker, player=player))
    yield SetCard(attacker, {"asleep": True, "attacking": True if waits else None},
                  cite=combat_cite(match), event="attack",
                  detail=msg("{attacker} goes to sleep and attacks {defender}",
                             attacker=attacker, defender=defender))
    if waits:
        for p in state.players:
            for stale in [c for c in match.zone(p, "field") if c.get("blocking")]:
                yield SetCard(stale, {"blocking": None}, cite=combat_cite(match),
                              event="attack", detail=msg("{blocker} no longer blocks",
                                                         blocker=stale))
        yield Note(cite=SURPRISE_CITE.because(I.COMBAT_INTERFERENCE), event="waits",
                   detail=msg("the attack of {attacker} waits: the players may interfere "
                              "and {defender} declares a block or not",
                              attacker=attacker, defender=defender))
        return
    blocker = yield from _block(match, act, defender)
    yield from battle(match, attacker, blocker, player, defender)


def battle(match, attacker, blocker, player: str, defender: str):
    """戦闘の解決: the damage of a (blocked or unblocked) attack, then the graze."""
    if blocker is None:
        damage = yield from to_player(match, attacker, player, defender,
                                      stat(match, attacker, "attack"))
    else:
        excess = yield from blocked(match, attacker, blocker)
        damage = BattleDamage()
        if excess:
            yield Note(cite=graze_cite(match, "6.5.2.b").because(I.PIERCING), event="pierce",
                       detail=msg("{attacker} has 貫通: {excess} damage in excess of "
                                  "the blocker's remaining toughness goes to "
                                  "{defender}",
                                  attacker=attacker, excess=excess, defender=defender))
            damage = yield from to_player(match, attacker, player, defender, excess,
                                          piercing=True)
    yield from graze(match, defender, attacker, damage)


def _block(match, act, defender: str):
    """The defender blocks with an active character, or does not."""
    candidates = [c for c in match.zone(defender, "field") if is_character(c)]
    active = [c for c in candidates if not c.get("asleep")]
    choice = given(act, "block")
    if choice is None:
        if not active:
            yield Note(cite=combat_cite(match), event="no-block",
                       detail=msg("{defender} has no active character: no block",
                                  defender=defender))
            return None
        raise match.input_error(msg("{defender} may block: the choice 'block' is open",
                                    defender=defender), "block",
                                ["none"] + [c.name for c in active])
    if str(choice) in ("none", "no", "False", "なし"):
        yield Note(cite=combat_cite(match), event="no-block",
                   detail=msg("{defender} does not block", defender=defender))
        return None
    blocker = match.card(choice, player=defender, zones=("field",), field="block")
    ok = is_character(blocker) and not blocker.get("asleep")
    yield Check(ok=ok, cite=combat_cite(match), event="block",
                detail=msg("{blocker} is an active character", blocker=blocker) if ok else
                msg("{blocker} is {value} and cannot block",
                    blocker=blocker, value=msg("asleep") if blocker.get("asleep") else msg("not a character")))
    yield SetCard(blocker, {"asleep": True}, cite=combat_cite(match), event="block",
                  detail=msg("{defender} blocks with {blocker}, which goes to sleep",
                             defender=defender, blocker=blocker))
    return blocker

