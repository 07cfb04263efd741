"""Run budgets (上限): how much one scenario run may ask of the machine.

A scenario is input from anyone (a permalink is a scenario), so every run is bounded:
the number of actions, the number of steps the log may hold, the cards on the board in
all, and the wall time of the run.  A run over budget stops with
:class:`BudgetExceeded`, which names the budget, its limit and how to raise it.  The
same budget applies to the web app (permalinks, the board page, ``/api/run``) and the
CLI; the CLI may raise it with ``--budget NAME=VALUE`` (docs/budgets.md).

The budget in force is :func:`current`: the one activated with :func:`use` (the web
app does so for each request from its config), else the defaults, each overridable by
an environment variable ``JUDGE_BUDGET_<NAME>`` (``JUDGE_BUDGET_SECONDS=5``).
"""
from __future__ import annotations

import contextvars
import os
import time
from contextlib import contextmanager
from dataclasses import dataclass, fields, replace

from .errors import ScenarioError


@dataclass(frozen=True)
class Budget:
    """The limits of one run.  A real tournament situation is far below every one."""

    actions: int = 100          # actions in a scenario (the corpus's longest has 9)
    steps: int = 2000           # lines of the step log
    cards: int = 400            # cards on the board in all, both players, every zone
    seconds: float = 2.0        # CPU time of one run (wall time: WALL_FACTOR times it)
    kib: int = 64               # the scenario's text, in KiB (the corpus's largest: 2)

    NAMES = ("actions", "steps", "cards", "seconds", "kib")

    @classmethod
    def from_env(cls, environ=None) -> "Budget":
        """The defaults, each overridden by ``JUDGE_BUDGET_<NAME>`` where it is set."""
        environ = os.environ if environ is None else environ
        values = {name.lower(): environ[f"JUDGE_BUDGET_{name.upper()}"]
                  for name in cls.NAMES if environ.get(f"JUDGE_BUDGET_{name.upper()}")}
        return cls().with_values(values, origin="environment")

    def with_values(self, values: dict, origin: str = "budget") -> "Budget":
        """A copy with some limits changed; a bad name or value is a :class:`ValueError`."""
        known = {f.name: f.type for f in fields(self)}
        changes = {}
        for name, raw in values.items():
            if name not in known:
                raise ValueError(f"{origin}: unknown budget {name!r} "
                                 f"(accepted: {', '.join(self.NAMES)})")
            try:
                value = float(raw) if name == "seconds" else int(str(raw).strip())
            except (TypeError, ValueError):
                raise ValueError(f"{origin}: budget {name} must be a number, not {raw!r}") \
                    from None
            if not 0 < value <= 10**9:
                raise ValueError(f"{origin}: budget {name} must be above 0 and at most 10^9")
            changes[name] = value
        return replace(self, **changes)

    def as_dict(self) -> dict:
        """The limits as JSON."""
        return {name: getattr(self, name) for name in self.NAMES}


class BudgetExceeded(ScenarioError):
    """A run asked for more than its budget allows; ``budget`` names which limit."""

    def __init__(self, budget: str, limit, message: str, **where):
        self.budget, self.limit = budget, limit
        super().__init__(message, accepted=f"at most {limit} ({_HOW})", **where)

    @property
    def status(self) -> int:
        """The HTTP status: 413 for the size of the text, 422 for what the run asks."""
        return 413 if self.budget == "kib" else 422

    def as_dict(self) -> dict:
        """The scenario error's JSON plus ``budget`` and ``limit``."""
        return {**super().as_dict(), "budget": self.budget, "limit": self.limit}


_HOW = "the operator raises it with JUDGE_BUDGET_<NAME>; the CLI with --budget NAME=VALUE"

_active: contextvars.ContextVar[Budget | None] = contextvars.ContextVar("judge_budget",
                                                                        default=None)


def current() -> Budget:
    """The budget in force here: the one activated by :func:`use`, else the environment's."""
    return _active.get() or Budget.from_env()


@contextmanager
def use(budget: Budget):
    """Run the body under ``budget``."""
    token = _active.set(budget)
    try:
        yield budget
    finally:
        _active.reset(token)


def activate(budget: Budget) -> contextvars.Token:
    """Put ``budget`` in force until :func:`deactivate` (for request hooks)."""
    return _active.set(budget)


def deactivate(token: contextvars.Token) -> None:
    """Undo :func:`activate`."""
    _active.reset(token)


# A run may take this many times its budget in wall time: on a busy server a thread
# waits for the CPU, and a legitimate run must not fail because others are running.
WALL_FACTOR = 5


class Clock:
    """The time budget of one run: started when the run starts, checked as it goes.

    The budget counts the CPU time of the run's thread (``time.thread_time``), so the
    same board gets the same verdict on a quiet and on a loaded server; the wall time
    is bounded too, at :data:`WALL_FACTOR` times the budget.
    """

    def __init__(self, budget: Budget):
        self.budget = budget
        self.cpu_start = time.thread_time()
        self.wall_deadline = time.monotonic() + budget.seconds * WALL_FACTOR

    def check(self, where: dict | None = None) -> None:
        """Raise :class:`BudgetExceeded` once the run is past its time budget."""
        cpu = time.thread_time() - self.cpu_start
        if cpu > self.budget.seconds or time.monotonic() > self.wall_deadline:
            raise BudgetExceeded("seconds", self.budget.seconds,
                                 f"the run took longer than its time budget of "
                                 f"{self.budget.seconds:g} s", **(where or {}))


def check_size(text: str, source: str, budget: Budget | None = None) -> None:
    """The ``kib`` budget: a scenario's text is refused before it is parsed at all."""
    limit = budget or current()
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > limit.kib * 1024:
        raise BudgetExceeded("kib", limit.kib, f"the scenario is {size / 1024:.0f} KiB, "
                             f"larger than its budget of {limit.kib} KiB", file=source)
