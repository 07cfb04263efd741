"""Running scenarios: one file, the scenarios linked to a ruling, or all of them.

``run_*`` give a :class:`RunResult` (the engine's JSON of DESIGN.md); ``replay_entry``
runs an entry's scenarios under each of its revisions' dates; ``verify_all`` checks every
linked scenario against its ``expect`` and gives the rows of ``judge verify``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from judge.i18n import Messages

from . import budget as budgets
from .errors import ScenarioError
from .expect import check_expect, verdict_rows
from .match import Match, Step
from .rulesets import Ruleset, parse_ruleset, revision_day
from .scenario import Scenario, load_scenario, parse_scenario, state_to_setup

msg = Messages("judge")


@dataclass
class RunResult:
    """The outcome of one run: steps, final state, and the check of ``expect``."""

    scenario: Scenario
    ruleset: Ruleset
    steps: list[Step]
    state: object
    outcomes: list[str]
    initial: object
    expect: dict | None = None
    expect_source: str | None = None       # "expect" or "revision N of <entry>"
    label: str = ""
    wanted: dict = field(default_factory=dict)   # the expectations that were checked
    revision: int | None = None            # the entry revision replayed (None: not one)

    @property
    def expect_failed(self) -> bool:
        """Whether an expectation was checked and failed."""
        return bool(self.expect and self.expect["failed"])

    @property
    def verdict(self):
        """The run's outcome in one line (:mod:`judge.engine.verdict`)."""
        from .verdict import verdict
        return verdict(self.scenario.game, self.steps, self.state)

    def verdict_rows(self) -> list[dict]:
        """Each expectation checked beside the engine's value (see
        :func:`judge.engine.expect.verdict_rows`)."""
        return verdict_rows(self.scenario.game, self.state, self.outcomes, self.wanted,
                            self.expect or {})

    def as_json(self, messages: bool = True) -> dict:
        """The engine's JSON (DESIGN.md), plus ``title``, ``scenario``, ``initial`` and
        ``verdict`` (the outcome in one line, first thing a page shows).

        ``messages=False`` leaves out each step's message id and parameters (what a
        client renders the step with itself): a page drawn from it shows ``detail``."""
        game = self.scenario.game
        return {
            "verdict": self.verdict.as_json(),
            "game": game.name,
            "ruleset": self.ruleset.label,
            "ruleset_label": self.label or self.ruleset.label,
            "title": self.scenario.title,
            "scenario": self.scenario.source,
            "ruling": self.scenario.ruling,
            "steps": [s.as_json(messages) for s in self.steps],
            "initial": self.initial.as_json(),
            "state": self.state.as_json(),
            "outcomes": self.outcomes,
            "expect": self.expect if self.expect is not None else {"checked": 0, "failed": []},
            "expect_source": self.expect_source,
            "interpretations": sorted({s.interpretation_id for s in self.steps
                                       if s.interpretation_id}),
        }

    def setup(self) -> dict:
        """The final state written as a scenario setup (to save the board)."""
        return state_to_setup(self.scenario.game, self.state)


def run_scenario(scenario: Scenario, corpus, ruleset: str | date | None = "scenario",
                 expect: dict | None = None, expect_source: str | None = None,
                 label: str = "", budget: budgets.Budget | None = None,
                 revision: int | None = None) -> RunResult:
    """Play a scenario's actions from its setup under a ruleset.

    ``ruleset="scenario"`` uses the scenario's own ``ruleset`` (latest if it has none);
    otherwise ``None``/``"latest"`` or a date.  ``expect`` defaults to the scenario's.
    ``revision`` is the number of the entry revision the run replays, kept on the result.
    The run stays within ``budget`` (default: :func:`judge.engine.budget.current`):
    over it, :class:`~judge.engine.budget.BudgetExceeded` names the limit.
    """
    budget = budget or budgets.current()
    clock = budgets.Clock(budget)
    day = scenario.ruleset if ruleset == "scenario" else parse_ruleset(ruleset)
    rules = Ruleset(scenario.game.switches, corpus, day)
    state = scenario.start()
    # the starting state as the setup built it: the one parse_scenario validated, which
    # no run changes (start() hands each run its own copy), else a copy of this run's
    initial = scenario.built if scenario.built is not None else state.copy()
    match = Match(scenario.game, state, rules, corpus, budget=budget, clock=clock)
    for ctx in scenario.actions:
        clock.check(ctx.where)
        ctx = _fresh(ctx)
        if ctx.player not in match.state.players:   # pragma: no cover - validated earlier
            raise ScenarioError(msg("unknown player {player!r}", player=ctx.player),
                                **ctx.where)
        match.perform(ctx)
    wanted = scenario.expect if expect is None else expect
    checked = check_expect(scenario.game, match.state, match.outcomes, wanted) if wanted \
        else None
    return RunResult(scenario, rules, match.steps, match.state, match.outcomes, initial,
                     checked, expect_source or ("expect" if wanted else None), label,
                     wanted or {}, revision)


def _fresh(ctx):
    """A copy of an action, so a run consuming its choices leaves the scenario intact.

    What ``copy.deepcopy`` makes (a new object of the action's class, its attributes
    copied deep, data shared inside the action by a YAML alias still shared, through
    deepcopy's memo), with the action's plain data (text, numbers, mappings and lists
    read from YAML) copied here: deepcopy's dispatch per value was a sixtieth of a board.
    """
    memo: dict = {}
    new = object.__new__(type(ctx))
    memo[id(ctx)] = new
    new.__dict__.update({k: _copied(v, memo) for k, v in ctx.__dict__.items()})
    return new


_ATOMS = frozenset({str, int, float, bool, type(None)})


def _copied(value, memo: dict):
    if type(value) in _ATOMS:
        return value
    found = memo.get(id(value))
    if found is not None:
        return found
    if type(value) is dict:
        out = memo[id(value)] = {}
        for k, v in value.items():
            out[_copied(k, memo)] = _copied(v, memo)
        return out
    if type(value) is list:
        out = memo[id(value)] = []
        out.extend([_copied(v, memo) for v in value])
        return out
    from copy import deepcopy
    return deepcopy(value, memo)


def run_text(text: str, corpus, ruleset: str | None = None, source: str = "<board>") -> RunResult:
    """Parse and run scenario text (the workbench); ``ruleset`` overrides the scenario's."""
    scenario = parse_scenario(text, source, corpus)
    return run_scenario(scenario, corpus, "scenario" if ruleset is None else ruleset)


def run_file(path: str | Path, corpus, ruleset: str | None = None) -> RunResult:
    """Load and run a scenario file; ``ruleset`` overrides the scenario's own."""
    scenario = load_scenario(path, corpus)
    return run_scenario(scenario, corpus, "scenario" if ruleset is None else ruleset)


# --- scenarios linked to entries --------------------------------------------------------

def scenario_paths(corpus) -> list[Path]:
    """Every scenario file of the corpus (``corpus/<game>/scenarios/*.yaml``)."""
    return sorted(Path(corpus.root).glob("*/scenarios/*.yaml")) if corpus.root else []


def linked_scenarios(entry, corpus) -> list[Path]:
    """The scenario files an entry links (its ``scenarios:``), relative to the corpus."""
    return [Path(corpus.root) / rel for rel in entry.scenarios]


def _revision_label(rev) -> str:
    """改訂1（2026-11-29より前）: the run's label, in the reader's language."""
    if not rev.date:
        return str(msg("revision {n}", n=rev.number))
    when = rev.date
    day = (msg("before {day}", day=when.day.isoformat()) if getattr(when, "before", False)
           else str(when))
    return str(msg("revision {n} ({date})", n=rev.number, date=day))


def entry_rulesets(entry) -> list[tuple[str, date | None, int]]:
    """The rulesets to replay an entry under: one per revision, newest first.

    Each is ``(label, day, revision number)``; the newest revision is replayed as
    ``latest``; an entry with one revision gives only that.
    """
    out = []
    for i, rev in enumerate(entry.revisions):
        day = None if i == 0 else revision_day(rev)
        label = _revision_label(rev)
        out.append((label, day, rev.number))
    return out


def replay_entry(entry, corpus, ruleset: str | None = None) -> list[RunResult]:
    """Run every scenario linked to an entry under each revision's date.

    A scenario whose own ``ruleset`` is a fixed date runs only under that date.  Each
    run checks what the matching revision says (``expect_by_revision``) or, under the
    scenario's own ruleset, its ``expect``.
    """
    results = []
    for path in linked_scenarios(entry, corpus):
        results += replay_entry_file(entry, path, corpus, ruleset)
    return results


def replay_entry_file(entry, path: Path, corpus, ruleset: str | None = None) -> list[RunResult]:
    """The runs of one linked scenario file (see :func:`replay_entry`)."""
    scenario = load_scenario(path, corpus)
    if ruleset is not None:
        return [run_scenario(scenario, corpus, ruleset, label=str(ruleset))]
    return [run_scenario(scenario, corpus, day, expect=expect, expect_source=source,
                         label=label, revision=number)
            for label, day, number, expect, source in _plan(scenario, entry)]


def _plan(scenario: Scenario, entry):
    """(label, day, revision, expect, expect source) for each run of a scenario."""
    if scenario.ruleset_given:
        yield (scenario.ruleset.isoformat(), scenario.ruleset, None, scenario.expect,
               "expect")
        return
    for label, day, number in entry_rulesets(entry):
        if number in scenario.expect_by_revision:
            yield (label, day, number, scenario.expect_by_revision[number],
                   f"revision {number} of {entry.id}")
        elif day is None:
            yield (label, None, number, scenario.expect, "expect")
        else:
            yield (label, day, number, {}, None)


@dataclass
class VerifyRow:
    """One line of ``judge verify``: entry, scenario, ruleset, what was expected, result."""

    entry: str
    scenario: str
    ruleset: str
    expected: dict
    engine: dict
    failed: list = field(default_factory=list)
    error: str | None = None

    @property
    def ok(self) -> bool:
        """Whether the engine matched every expectation (and the scenario ran)."""
        return not self.failed and self.error is None

    def as_dict(self) -> dict:
        """The row as JSON."""
        return {"entry": self.entry, "scenario": self.scenario, "ruleset": self.ruleset,
                "expected": self.expected, "engine": self.engine, "failed": self.failed,
                "error": self.error, "match": self.ok}


def verify_all(corpus, entries=None) -> list[VerifyRow]:
    """Replay every scenario linked to an entry and check what each ruling says.

    A scenario file that no entry links is reported as an error row too, so nothing in
    ``corpus/*/scenarios/`` escapes verification.
    """
    rows: list[VerifyRow] = []
    linked: set[Path] = set()
    for entry in entries or corpus:
        for path in linked_scenarios(entry, corpus):
            linked.add(path.resolve())
            rel = str(path.relative_to(corpus.root)) if corpus.root else str(path)
            try:
                results = replay_entry_file(entry, path, corpus)
            except ScenarioError as exc:
                rows.append(VerifyRow(entry.id, rel, "-", {}, {}, error=str(exc)))
                continue
            for result in results:
                if not result.expect:
                    continue
                engine = {r["path"]: r["engine"] for r in result.verdict_rows()}
                rows.append(VerifyRow(entry.id, rel, result.label or result.ruleset.label,
                                      result.wanted, engine, result.expect["failed"]))
    if entries is None:
        for path in scenario_paths(corpus):
            if path.resolve() not in linked:
                rows.append(VerifyRow("-", str(path.relative_to(corpus.root)), "-", {}, {},
                                      error="no corpus entry links this scenario "
                                            "(give it a ruling: and re-run judge import)"))
    return rows
