"""The verdict (結論): a run's outcome in one line, read from the changes it applied.

A judge called to a table wants the bottom line first: who took how much damage, which
card was destroyed or moved, who won, or which action was refused and the rule that
refuses it.  :func:`verdict` reads it from the run's steps (each legal step keeps the
change it applied, and a moved card the zone it left), never from a scenario's text:
the same board gives the same line whoever wrote it.  How a game's outcomes read is
its declaration (:class:`~judge.engine.game.Game`): ``play_zones`` (where a card is in
play) and ``destroyed_zones`` (a card leaving play for one of them is destroyed: 破壊,
決死, ブレイク).  The line is a :class:`~judge.i18n.Message`, rendered in the reader's
language; the JSON keeps its id and parameters.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from judge.i18n import Message, Messages, Term, message_json, render

from .events import LifeChange, Move, Win

msg = Messages("judge")

# How many moved cards the line names before it says "and N more".
MOST_NAMED = 3


@dataclass
class Verdict:
    """A run's outcome: its kind, the line, and the step it rests on (a refusal, a win).

    ``kind`` is ``refused``, ``won``, ``failed`` (an effect did not resolve: a legal
    step whose event is ``fail``), ``changed`` (damage, cards destroyed or moved),
    ``unchanged`` (legal actions that changed neither life nor where a card is in play)
    or ``empty`` (no action).
    """

    kind: str
    text: Message
    step: Any = None             # the Step of a refusal or a win

    def as_json(self) -> dict:
        """``{"kind", "text", "message", "params", "domain", "step", "rule", "clause",
        "quote", "interpretation"[, "interpretation_id", "reason"]}``: the line rendered,
        its message id, and the citation of the step it rests on (a refusal's rule)."""
        out = {"kind": self.kind, "text": render(self.text), **message_json(self.text),
               "step": None, "rule": None, "clause": None, "quote": None,
               "interpretation": False}
        if self.step is not None:
            out.update(step=self.step.n, rule=self.step.rule, clause=self.step.clause,
                       quote=self.step.quote, interpretation=self.step.interpretation)
            if self.step.interpretation:
                out.update(interpretation_id=self.step.interpretation_id,
                           reason=self.step.reason_text)
        return out


def _who(step) -> Any:
    """The acting player and the action's name in the reader's words (A・攻撃)."""
    if step.package and step.action:
        return Term("action", step.action, step.package)
    return step.action


def _life(steps) -> list[Message]:
    """Net life change per player, in the order players were first hit."""
    totals: dict[str, int] = {}
    for step in steps:
        if isinstance(step.change, LifeChange):
            totals[step.change.player] = totals.get(step.change.player, 0) + step.change.amount
    out = []
    for player, amount in totals.items():
        if amount < 0:
            out.append(msg("{player} takes {amount} damage", player=player, amount=-amount))
        elif amount > 0:
            out.append(msg("{player} gains {amount} life", player=player, amount=amount))
    return out


def _moves(game, steps, state) -> list[Message]:
    """Cards that left play or came into it: each card's first zone and where it is now."""
    first: dict[str, tuple[str, str]] = {}
    cards: dict[str, Any] = {}
    for step in steps:
        if isinstance(step.change, Move) and step.origin is not None:
            uid = step.change.card.uid
            first.setdefault(uid, step.origin)
            cards[uid] = step.change.card
    play = set(game.play_zones)
    package = step_package(game)
    out = []
    for uid, (owner, zone) in first.items():
        try:
            now_player, now_zone, _ = state.find(uid)
        except KeyError:          # pragma: no cover - the driver keeps every card
            continue
        if (owner, zone) == (now_player, now_zone) or not ({zone, now_zone} & play):
            continue              # back where it was, or never in play (a draw)
        card, where = cards[uid], Term("zone", now_zone, package)
        if zone in play and now_zone in game.destroyed_zones:
            out.append(msg("{player}'s {card} is destroyed ({zone})", player=owner,
                           card=card, zone=where))
        else:
            out.append(msg("{player}'s {card} goes to {zone}", player=owner, card=card,
                           zone=where))
    if len(out) > MOST_NAMED:
        out = out[:MOST_NAMED] + [msg("{count} more cards moved",
                                      count=len(out) - MOST_NAMED)]
    return out


def step_package(game) -> str:
    """The package whose catalogue holds the game's words (zones, actions)."""
    from .match import game_package
    return game_package(game)


def verdict(game, steps, state) -> Verdict:
    """The one line a run opens with (see the module docs).

    Refused actions come first (each with why; the first's rule is cited); then a
    win; then life changes and cards destroyed or moved, all in one line.
    """
    if not steps:
        return Verdict("empty", msg("No action was taken"))
    refusals = [s for s in steps if not s.legal]
    if refusals:
        # every refused action, each with why (the first's rule is the one cited)
        said = [msg("{player}'s {action}: {why}", player=s.player, action=_who(s),
                    why=s.text if isinstance(s.text, Message) else str(s.text))
                for s in refusals[:MOST_NAMED]]
        if len(refusals) > MOST_NAMED:
            said.append(msg("{count} more refused", count=len(refusals) - MOST_NAMED))
        return Verdict("refused", msg("Refused: {refusals}", refusals=said), refusals[0])
    changes = _life(steps) + _moves(game, steps, state)
    won = next((s for s in steps if isinstance(s.change, Win)), None)
    if won is not None:
        return Verdict("won", msg("{player} wins: {effects}", player=won.change.player,
                                  effects=changes) if changes else
                       msg("{player} wins", player=won.change.player), won)
    # An effect that does not resolve (a legal step whose event is ``fail``: QA-337
    # revision 2's second マナの生成) is the answer a judge was called for, whatever
    # else changed.
    failed = next((s for s in steps if s.legal and s.event == "fail"), None)
    if failed is not None:
        why = failed.text if isinstance(failed.text, Message) else str(failed.text)
        return Verdict("failed", msg("Does not resolve: {why}; {effects}", why=why,
                                     effects=changes) if changes else
                       msg("Does not resolve: {why}", why=why), failed)
    if changes:
        return Verdict("changed", msg("Result: {effects}", effects=changes))
    return Verdict("unchanged", msg("No life changed and no card left or entered play"))
