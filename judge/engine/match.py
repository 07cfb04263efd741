"""The driver: runs actions' procedures, applies every change, keeps the cited step log.

:meth:`Match.apply` is the one function through which the state changes, and it always
writes a :class:`Step` with the change's cause, so the log is complete by construction.
An action whose :class:`~judge.engine.events.Check` fails is illegal: the state is
rolled back and the log gets one step with ``legal: false`` and the forbidding rule.
"""
from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterator
import functools
import unicodedata

from judge.i18n import Messages, Term, message_json, render

from .cards import Card
from .cite import Cite
from .errors import EngineInvariantError, ScenarioError
from .events import (CHANGES, Check, Choose, Event, LifeChange, Move, Note, Record,
                     SetCard, SetCounter, SetFlag, SetTurn, Win)
from .state import GameState

msg = Messages("judge")


def game_package(game) -> str:
    """The package of a game's code, which holds its message catalogue (locale/)."""
    module = sys.modules.get(type(game).__module__)
    return getattr(module, "__package__", None) or type(game).__module__


@dataclass
class Step:
    """One line of the log, as DESIGN.md's engine JSON writes it."""

    n: int
    player: str | None
    action: str
    legal: bool
    event: str
    text: Any                     # a Message (or, from old code, a plain string)
    rule: str
    clause: str | None
    quote: str
    revision: int | None
    interpretation: bool = False
    reason: str | None = None
    interpretation_id: str | None = None
    package: str | None = None    # whose catalogue names the action (the game's package)
    # The change this step applied (a Move, LifeChange, Win…; None for a check or a
    # note) and, for a Move, the (player, zone) the card left: what the verdict reads.
    change: Any = field(default=None, repr=False, compare=False)
    origin: tuple | None = field(default=None, repr=False, compare=False)

    @property
    def action_label(self) -> str:
        """The action's name in the reader's locale (``resolve_as_if_played`` →
        プレイしたものとして解決)."""
        if not self.action or not self.package:
            return self.action
        return Term("action", self.action, self.package).render()

    @property
    def detail(self) -> str:
        """The step's explanation in the reader's locale (see :mod:`judge.i18n`)."""
        return render(self.text)

    @property
    def reason_text(self) -> str | None:
        """The interpretation's reason in the reader's locale."""
        return render(self.reason) if self.reason is not None else None

    def as_json(self, messages: bool = True) -> dict:
        """The step as JSON; ``clause``, ``revision`` and ``reason`` extend DESIGN.md.

        ``detail`` is rendered in the locale of the moment; ``message`` and ``params``
        (DESIGN.md, second round) let a client render it itself, and are left out with
        ``messages=False`` (for a page, which shows ``detail``).
        """
        out = {"n": self.n, "player": self.player, "action": self.action,
               "action_label": self.action_label, "legal": self.legal, "event": self.event, "detail": self.detail,
               **(message_json(self.text) if messages else {}),
               "rule": self.rule, "clause": self.clause, "quote": self.quote,
               "revision": self.revision, "interpretation": self.interpretation}
        if self.interpretation:
            out["reason"] = self.reason_text
            out["interpretation_id"] = self.interpretation_id
        return out


class Illegal(Exception):
    """Raised inside the driver when a Check fails (never escapes :meth:`Match.perform`)."""

    def __init__(self, check: Check):
        self.check = check


@dataclass
class ActionContext:
    """What a procedure knows about the action it runs: its fields and where it was written."""

    index: int
    player: str
    do: str
    fields: dict[str, Any]
    choices: list[dict] = field(default_factory=list)
    where: dict = field(default_factory=dict)     # file, line of the action

    def get(self, name: str, default: Any = None) -> Any:
        """A field of the action, or ``default``."""
        return self.fields.get(name, default)


class Match:
    """A game being played from a scenario's setup under one ruleset."""

    def __init__(self, game, state: GameState, ruleset, corpus, budget=None, clock=None):
        self.game, self.state, self.ruleset, self.corpus = game, state, ruleset, corpus
        # The run's judge.engine.budget.Budget and Clock (None: unbounded, for tests).
        self.budget, self.clock = budget, clock
        self.steps: list[Step] = []
        self.outcomes: list[str] = []
        self._ctx: ActionContext | None = None
        self._uids = Counter(state.uids())
        self._undo: list | None = None      # how to undo the running action's changes

    # --- running actions ---------------------------------------------------------------

    def perform(self, ctx: ActionContext) -> bool:
        """Run one action; return whether it was legal.  Illegal actions change nothing."""
        spec = self.game.actions[ctx.do]
        first_step = len(self.steps)
        # An undo log of the changes this action applied, not a copy of the state before
        # it: a copy grows with the board and the turn's record, the log with the action.
        self._undo = []
        self._ctx = ctx
        try:
            # A game that is over stays over: the game says which rule refuses any
            # action after a win (Game.refuse_after_win), before the action's own checks.
            after_win = getattr(self.game, "refuse_after_win", None)    # a Game has it
            if after_win is not None:
                self._drive(after_win(self, ctx))
            self._drive(spec.procedure(self, ctx))
            # What the game checks after every action (a player at 0 life loses…).
            after = getattr(self.game, "after_action", None)    # a Game has it
            if after is not None:
                self._drive(after(self, ctx))
        except Illegal as stop:
            self._rollback()
            del self.steps[first_step:]
            self._log(stop.check, legal=False, event=stop.check.event or "illegal")
            self.outcomes.append("illegal")
            return False
        except BaseException:
            # Bad input found mid-action (an unknown card, an open choice): the scenario
            # is at fault, and the state must not keep half an action.
            self._rollback()
            del self.steps[first_step:]
            raise
        finally:
            self._ctx = None
            self._undo = None
        self._check_conservation()
        self.outcomes.append("legal")
        return True

    def _drive(self, procedure: Iterator) -> None:
        answer = None
        while True:
            if self.clock is not None:      # a procedure that never ends stops here
                self.clock.check(self._ctx.where if self._ctx else None)
            try:
                event = procedure.send(answer)
            except StopIteration:
                return
            answer = self.handle(event)

    def handle(self, event: Event) -> Any:
        """Apply, check, note or answer one event a procedure yielded."""
        if isinstance(event, Check):
            if not event.ok:
                raise Illegal(event)
            self._log(event, event=event.event or "check")
            return True
        if isinstance(event, Choose):
            return self._choose(event)
        if isinstance(event, Note):
            self._log(event, event=event.event or "note")
            return None
        return self.apply(event)

    def run(self, procedure: Iterator) -> Any:
        """Run a sub-procedure inside the current action (``yield from`` works too)."""
        return self._drive(procedure)

    # --- the one place where the state changes ------------------------------------------

    def apply(self, change: Event) -> Any:
        """Apply one change to the state and log it with its cause.

        Dispatched by the change's type (:data:`APPLY`, one function per type of
        :data:`~judge.engine.events.CHANGES`); anything else is an engine bug.  Inside
        an action each function first records how to undo its change, so that an
        illegal action (or bad input found mid-action) leaves the state exactly as it
        was, whatever the size of the board.
        """
        applier = APPLY.get(type(change))
        if applier is None:
            raise EngineInvariantError(f"unknown change {change!r}")
        origin = self.state.find(change.card.uid)[:2] if isinstance(change, Move) else None
        applier(self.state, change, self._undo)
        self._log(change, event=change.event or type(change).__name__.lower())
        self.steps[-1].change, self.steps[-1].origin = change, origin
        return None

    def _rollback(self) -> None:
        """Undo the current action's changes, the last first."""
        undo, self._undo = self._undo or [], None
        while undo:
            fn, args = undo.pop()
            fn(*args)

    # --- choices ------------------------------------------------------------------------

    def _choose(self, request: Choose) -> str:
        ctx = self._ctx
        value = None
        if ctx is not None:
            if request.name in ctx.fields:
                value = ctx.fields[request.name]
            else:
                for i, given in enumerate(ctx.choices):
                    if request.name in given:
                        value = ctx.choices.pop(i)[request.name]
                        break
        if value is None:
            raise ScenarioError(
                msg("the action leaves the choice {choice!r} open ({why})",
                    choice=request.name, why=request.detail) if request.detail else
                msg("the action leaves the choice {choice!r} open", choice=request.name),
                field=f"actions[{ctx.index if ctx else '?'}].{request.name}",
                accepted=request.options, **(ctx.where if ctx else {}))
        text = {True: "yes", False: "no"}.get(value, str(value))
        if text not in request.options:
            raise ScenarioError(msg("{value!r} is not a possible answer to {choice!r}",
                                    value=value, choice=request.name),
                                field=f"actions[{ctx.index}].{request.name}",
                                accepted=request.options, **ctx.where)
        # the choice and its answer in the game's words (mode: second → モード：2つ目), a
        # name or a word the game does not declare as it is
        package = game_package(self.game)
        request.detail = request.detail or msg("{choice}: {answer}",
                                               choice=Term("field", request.name, package),
                                               answer=Term(request.name, text, package))
        self._log(request, event=request.event or "choice")
        return text

    # --- helpers for procedures ---------------------------------------------------------

    def card(self, ref: Any, *, player: str | None = None, zones: tuple[str, ...] | None = None,
             field: str = "card") -> Card:
        """Find the card a scenario names (``Soldier A``, ``Soldier A#2`` for the second).

        Searches ``player``'s zones (both players if None), ``zones`` only if given.
        An unknown or ambiguous name is a :class:`ScenarioError` listing what is there.
        """
        name, _, nth = str(ref).partition("#")
        refers = getattr(self.game, "refers_to", None) or (lambda card, text: False)
        players = [player] if player else list(self.state.players)
        found = [c for p in players for z, cards in self.state.players[p].zones.items()
                 if zones is None or z in zones for c in cards
                 if c.name == name or c.uid == name or refers(c, name)]
        if not found and name:
            # as typed on a phone: 戦士A for 戦士Ａ, ちるの for チルノ, 『』 for 「」
            key = loose_name(name)
            found = [c for p in players for z, cards in self.state.players[p].zones.items()
                     if zones is None or z in zones for c in cards
                     if loose_name(c.name) == key]
        where = self._ctx.where if self._ctx else {}
        label = f"actions[{self._ctx.index}].{field}" if self._ctx else field
        if not found:
            present = sorted({c.name for p in players for z, cards in
                              self.state.players[p].zones.items()
                              if zones is None or z in zones for c in cards})
            package = game_package(self.game)
            scope = (msg("{zones} of {players}", zones=[Term("zone", z, package) for z in zones],
                         players=players)
                     if zones else msg("any zone of {players}", players=players))
            raise ScenarioError(msg("no card {name!r} in {scope}", name=name, scope=scope),
                                field=label,
                                accepted=present or render(msg("(no cards there)")), **where)
        if nth:
            if not nth.isdigit() or not 1 <= int(nth) <= len(found):
                raise ScenarioError(msg("{ref!r}: there are {count} cards named {name!r}",
                                        ref=ref, count=len(found), name=name),
                                    field=label, accepted=[f"{name}#{i + 1}" for i in
                                                           range(len(found))], **where)
            return found[int(nth) - 1]
        if len(found) > 1 and len({c.uid for c in found}) > 1:
            raise ScenarioError(msg("{count} cards are named {name!r}; say which",
                                    count=len(found), name=name),
                                field=label, accepted=[f"{name}#{i + 1}" for i in
                                                       range(len(found))], **where)
        return found[0]

    def where_is(self, card: Card) -> tuple[str, str]:
        """(controller, zone) of a card now."""
        pname, zone, _ = self.state.find(card.uid)
        return pname, zone

    def zone(self, player: str, zone: str) -> list[Card]:
        """The live list of a player's zone (read it; change it only through events)."""
        return self.state.players[player].zones[zone]

    def input_error(self, message: str, field: str | None = None, accepted=None) -> ScenarioError:
        """A :class:`ScenarioError` located at the current action."""
        where = self._ctx.where if self._ctx else {}
        label = f"actions[{self._ctx.index}].{field}" if self._ctx and field else field
        return ScenarioError(message, field=label, accepted=accepted, **where)

    # --- the log ------------------------------------------------------------------------

    def _log(self, source: Event, *, legal: bool = True, event: str = "") -> None:
        cite: Cite = source.cite
        try:
            quote = self.corpus.quote(cite.entry, cite.clause, cite.match,
                                      as_of=self.ruleset.day, fallback=True)
        except KeyError as exc:
            raise EngineInvariantError(f"a step cites what the corpus does not have: {exc}") \
                from None
        ctx = self._ctx
        if self.budget is not None and len(self.steps) >= self.budget.steps:
            from .budget import BudgetExceeded
            raise BudgetExceeded("steps", self.budget.steps,
                                 msg("the run wrote more than its budget of {max} steps",
                                     max=self.budget.steps), **(ctx.where if ctx else {}))
        interp = cite.interpretation
        self.steps.append(Step(
            n=len(self.steps) + 1, player=ctx.player if ctx else None,
            action=ctx.do if ctx else "", legal=legal, event=event,
            text=source.detail, rule=cite.entry, clause=cite.clause, quote=quote.text,
            revision=quote.revision, interpretation=interp is not None,
            reason=interp.reason if interp else None,
            interpretation_id=interp.id if interp else None,
            package=game_package(self.game)))

    def _check_conservation(self) -> None:
        now = Counter(self.state.uids())
        if now != self._uids:
            lost = sorted((self._uids - now).elements())
            extra = sorted((now - self._uids).elements())
            raise EngineInvariantError(f"cards lost {lost} or duplicated {extra}")


# --- the changes, one function each (Match.apply dispatches on the type) -------------------
# Each takes the undo log of the running action (None outside an action) and appends to it
# how to put back what it is about to change.

_ABSENT = object()


def _move(s: GameState, change: Move, undo: list | None) -> None:
    pname, zone, i = s.find(change.card.uid)
    dest_player = change.player or s.players[pname].zones[zone][i].owner
    if change.zone not in s.players[dest_player].zones:
        raise EngineInvariantError(f"zone {change.zone!r} is not a zone of this game")
    source = s.players[pname].zones[zone]
    card = source.pop(i)
    if undo is not None:
        undo.append((_undo_move, (source, i, card, dict(card.props))))
    for key in change.clear:
        card.props.pop(key, None)
    card.props.update(change.props)
    dest = s.players[dest_player].zones[change.zone]
    dest.insert(len(dest) if change.index is None else change.index, card)
    if undo is not None:
        undo.append((_undo_insert, (dest, card)))
    change.card = card


def _set_card(s: GameState, change: SetCard, undo: list | None) -> None:
    live = s.card(change.card.uid)
    if undo is not None:
        undo.append((_undo_props, (live, dict(live.props))))
    for key, value in change.props.items():
        if value is None:
            live.props.pop(key, None)
        else:
            live.props[key] = value


def _life_change(s: GameState, change: LifeChange, undo: list | None) -> None:
    player = s.players[change.player]
    if undo is not None:
        undo.append((setattr, (player, "life", player.life)))
    player.life = (player.life or 0) + change.amount


def _set_counter(s: GameState, change: SetCounter, undo: list | None) -> None:
    counters = s.players[change.player].counters
    if undo is not None:
        undo.append((_undo_key, (counters, change.name, counters.get(change.name, _ABSENT))))
    counters[change.name] = change.value


def _set_turn(s: GameState, change: SetTurn, undo: list | None) -> None:
    if undo is not None:
        undo.append((_undo_turn, (s, s.phase, s.turn, s.active, s.this_turn)))
    if change.phase is not None:
        s.phase = change.phase
    if change.turn is not None:
        if change.turn != s.turn:
            s.this_turn = []          # a new turn: nothing has happened in it yet
        s.turn = change.turn
    if change.active is not None:
        s.active = change.active


def _record(s: GameState, change: Record, undo: list | None) -> None:
    if undo is not None:
        undo.append((_undo_record, (s.this_turn,)))
    s.this_turn.append(dict(change.fact))


def _set_flag(s: GameState, change: SetFlag, undo: list | None) -> None:
    if undo is not None:
        undo.append((_undo_key, (s.flags, change.name, s.flags.get(change.name, _ABSENT))))
    if change.value is None:
        s.flags.pop(change.name, None)
    else:
        s.flags[change.name] = change.value


def _win(s: GameState, change: Win, undo: list | None) -> None:
    if undo is not None:
        undo.append((setattr, (s, "winner", s.winner)))
    s.winner = change.player


# --- undoing them --------------------------------------------------------------------------

def _undo_move(source: list, i: int, card: Card, props: dict) -> None:
    card.props.clear()
    card.props.update(props)
    source.insert(i, card)


def _undo_insert(dest: list, card: Card) -> None:
    for j in range(len(dest) - 1, -1, -1):
        if dest[j] is card:
            del dest[j]
            return
    raise EngineInvariantError(f"undo: card {card.uid} is not where it was put")


def _undo_props(card: Card, props: dict) -> None:
    card.props.clear()
    card.props.update(props)


def _undo_key(mapping: dict, key: str, old: Any) -> None:
    if old is _ABSENT:
        mapping.pop(key, None)
    else:
        mapping[key] = old


def _undo_turn(state: GameState, phase, turn, active, this_turn: list) -> None:
    state.phase, state.turn, state.active, state.this_turn = phase, turn, active, this_turn


def _undo_record(this_turn: list) -> None:
    this_turn.pop()


APPLY = {Move: _move, SetCard: _set_card, LifeChange: _life_change, SetCounter: _set_counter,
         SetTurn: _set_turn, Record: _record, SetFlag: _set_flag, Win: _win}
# Every change type events.py declares has its function, and nothing else is a change.
if set(APPLY) != set(CHANGES):          # pragma: no cover - caught at import
    raise EngineInvariantError("Match.apply does not cover events.CHANGES")


_KANA = {code: code + 0x60 for code in range(ord("ぁ"), ord("ゖ") + 1)}


@functools.lru_cache(maxsize=4096)
def loose_name(name: str) -> str:
    """A card's name as two spellings of it compare: NFKC (full-width Ａ and １ as A and
    1), no spaces, case and hiragana/katakana folded, 『』 as 「」.  Only a reference no
    card's exact name matches is compared so (:meth:`Match.card`)."""
    text = unicodedata.normalize("NFKC", str(name)).replace("『", "「").replace("』", "」")
    return "".join(text.split()).casefold().translate(_KANA)
