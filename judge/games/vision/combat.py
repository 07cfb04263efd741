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
from .cards import has_keyword, is_character, label
from .choices import given
from .effects import battle_damage_is_effect_damage, battle_damage_to_player_negated
from .graze import BattleDamage, graze
from .citations import graze_cite


def combat_cite(match) -> Cite:
    """The text nearest to the combat basics: 6.5.1 (a player damaged by an attack)."""
    return graze_cite(match, "6.5.1").because(I.COMBAT)


def stat(match, card, key: str) -> int:
    """A character's attack or toughness; a character without it is an input error."""
    value = card.get(key)
    if not isinstance(value, int):
        raise match.input_error(f"{label(card)} has no {key}: give the card its {key}",
                                key, "a whole number")
    return value


def destroy_if_lethal(match, card):
    """決死: a character whose marked damage reaches its toughness goes to 冥界."""
    if card.get("damage", 0) < stat(match, card, "toughness"):
        return
    cite = combat_cite(match).because(I.LETHAL_DAMAGE)
    yield Move(card, "graveyard", player=card.owner, clear=("damage", "asleep"), cite=cite,
               event="destroyed", detail=f"{label(card)} has damage equal to its toughness: "
                                         f"決死, it goes to {card.owner}'s 冥界")
    for p in match.state.players:
        for held in [c for c in match.zone(p, "field") if c.get("attached_to") == card.uid]:
            yield Move(held, "graveyard", player=held.owner, clear=("attached_to", "asleep"),
                       cite=cite, event="destroyed",
                       detail=f"{label(held)}, set on {label(card)}, goes to "
                              f"{held.owner}'s 冥界")


def mark(match, card, amount: int, source, effect: bool = False):
    """Mark ``amount`` damage on a character (battle damage, or effect damage)."""
    if amount <= 0:
        return
    kind = "effect damage" if effect else "battle damage"
    yield SetCard(card, {"damage": card.get("damage", 0) + amount}, cite=combat_cite(match),
                  event="damage", detail=f"{label(source)} deals {amount} {kind} to "
                                         f"{label(card)}")


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
                   detail=f"{label(striker)} has 先制: it deals its damage first")
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
        yield Note(cite=cite, event="negated", detail=f"{why}: {defender} takes no damage")
        damage.negated = negated
        return damage
    effect = battle_damage_is_effect_damage(attacker)
    if effect and amount > 0:
        cite, why = effect
        yield LifeChange(defender, -amount, cite=cite, event="effect-damage",
                         detail=f"{why}: {defender} takes {amount} effect damage")
        damage.effect = effect
        return damage
    if amount > 0:
        what = "piercing (貫通) battle damage" if piercing else "battle damage"
        cite = (graze_cite(match, "6.5.2.b").because(I.PIERCING) if piercing
                else combat_cite(match))
        yield LifeChange(defender, -amount, cite=cite, event="damage",
                         detail=f"{label(attacker)} deals {amount} {what} to {defender}")
    damage.amount = amount
    return damage


@action("attack",
        doc="An active character attacks the opposing player. `block`: none or the "
            "defender's active character; `graze`: yes or no (asked only when the "
            "defender may graze).",
        attacker=FieldSpec("card", required=True, doc="the attacking character"),
        target=FieldSpec("player", doc="the opposing player (the only possible target)"),
        block=FieldSpec("str", doc="none, or the blocking character"),
        graze=FieldSpec("yesno", doc="whether the damaged player grazes"))
def attack(match, act):
    """攻撃: the attack, the block, the damage and the graze, in that order."""
    player = act.player
    defender = match.state.opponent(player)
    if act.get("target") not in (None, defender):
        raise match.input_error(f"a character attacks the opposing player ({defender})",
                                "target", defender)
    attacker = match.card(act.get("attacker"), player=player, zones=("field",),
                          field="attacker")
    state = match.state
    problems = []
    if not (state.active == player and state.phase == "main"):
        problems.append(f"{player} may attack only in their own main phase (turn of "
                        f"{state.active}, phase {state.phase})")
    if not is_character(attacker):
        problems.append(f"{label(attacker)} is not a character")
    elif attacker.get("asleep"):
        problems.append(f"{label(attacker)} is asleep and cannot attack")
    yield Check(ok=not problems, cite=combat_cite(match), event="attack",
                detail="; ".join(problems) or
                f"{label(attacker)} is an active character of {player}'s field, in "
                f"{player}'s main phase")
    yield SetCard(attacker, {"asleep": True}, cite=combat_cite(match), event="attack",
                  detail=f"{label(attacker)} goes to sleep and attacks {defender}")
    blocker = yield from _block(match, act, defender)
    if blocker is None:
        damage = yield from to_player(match, attacker, player, defender,
                                      stat(match, attacker, "attack"))
    else:
        excess = yield from blocked(match, attacker, blocker)
        damage = BattleDamage()
        if excess:
            yield Note(cite=graze_cite(match, "6.5.2.b").because(I.PIERCING), event="pierce",
                       detail=f"{label(attacker)} has 貫通: {excess} damage in excess of the "
                              f"blocker's remaining toughness goes to {defender}")
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
                       detail=f"{defender} has no active character: no block")
            return None
        raise match.input_error(f"{defender} may block: the choice 'block' is open", "block",
                                ["none"] + [c.name for c in active])
    if str(choice) in ("none", "no", "False", "なし"):
        yield Note(cite=combat_cite(match), event="no-block",
                   detail=f"{defender} does not block")
        return None
    blocker = match.card(choice, player=defender, zones=("field",), field="block")
    ok = is_character(blocker) and not blocker.get("asleep")
    yield Check(ok=ok, cite=combat_cite(match), event="block",
                detail=f"{label(blocker)} is an active character" if ok else
                f"{label(blocker)} is {'asleep' if blocker.get('asleep') else 'not a character'}"
                " and cannot block")
    yield SetCard(blocker, {"asleep": True}, cite=combat_cite(match), event="block",
                  detail=f"{defender} blocks with {label(blocker)}, which goes to sleep")
    return blocker

