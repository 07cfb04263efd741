"""Mana (マナ): the counter every summon (ML) and attack (attack type) is paid from.

初期値１２.  In each of a player's own mana phases the mana grows by the 増加数 of that
phase.  The engine's reading of the schedule (interpretation ``mana-schedule``; see
docs/games/gemchronicle.md for the alternatives): the player's 1st mana phase +2, 2nd +4,
then 4 more each phase (3rd +8, 4th +12), never more than 12 at once (増加上限：１２), and
the mana held never above 24 (最大所持値：２４).
"""
from __future__ import annotations

from judge.engine import Note, SetCounter, require

from .citations import rule
from .interpretations import MANA_SCHEDULE
from .i18n import msg

START = 12
MOST_HELD = 24
MOST_INCREASE = 12
FIRST_INCREASE = 2
STEP = 4

SCHEDULE_CITE = rule("mana", None, "増加数").because(MANA_SCHEDULE)


def first_player(state) -> str:
    """The player who went first (先行): ``flags.first_player``, else from turn parity."""
    named = state.flags.get("first_player")
    if named in state.players:
        return named
    return state.active if state.turn % 2 == 1 else state.opponent(state.active)


def own_turn_number(state, player: str) -> int:
    """Which of ``player``'s own turns game turn ``state.turn`` is (1 = their first)."""
    if player == first_player(state):
        return (state.turn + 1) // 2
    return max(1, state.turn // 2)


def increase(own_turn: int) -> int:
    """増加数 of a player's n-th mana phase: 2, 4, 8, 12, 12, … (interpretation)."""
    if own_turn <= 1:
        return FIRST_INCREASE
    return min(MOST_INCREASE, STEP * (own_turn - 1))


def mana_of(match, player: str) -> int:
    """The mana a player holds."""
    return match.state.players[player].counters.get("mana", START)


def gain(match, player: str):
    """The mana phase's increase for ``player``, capped at 24 held."""
    n = own_turn_number(match.state, player)
    add = increase(n)
    before = mana_of(match, player)
    after = min(MOST_HELD, before + add)
    detail = msg("{player}'s mana phase (their turn {n}): 増加数 {add}, mana {before} → "
                 "{after}", player=player, n=n, add=add, before=before, after=after)
    if after < before + add:
        detail = msg("{detail} (held at most {most}: {lost} is lost)", detail=detail,
                     most=MOST_HELD, lost=before + add - after)
    if after == before:
        yield Note(cite=SCHEDULE_CITE, detail=detail, event="mana")
        return
    yield SetCounter(player, "mana", after, cite=SCHEDULE_CITE, detail=detail, event="mana")


def pay(match, player: str, amount: int, *, cite, what: str):
    """Pay ``amount`` mana for ``what``; illegal (citing ``cite``) if the player has less."""
    have = mana_of(match, player)
    yield from require(have >= amount, cite,
                       msg("{what} costs {amount} mana; {player} has {have}",
                           what=what, amount=amount, player=player, have=have))
    if amount:
        yield SetCounter(player, "mana", have - amount, cite=cite,
                         detail=msg("{player} pays {amount} mana for {what} ({have} "
                                    "→ {value})",
                                    player=player, amount=amount, what=what, have=have, value=have - amount), event="mana")
