"""What a new or reversed ruling changes (裁定変更の影響), shown before it lands.

Given the corpus before and after a change (an import of a published ruling, an
editor's pending change), :func:`effect_report` lists

- the lint findings the change brings (a broken link, a new ruling conflict such as
  QA-041 against QA-337 revision 2) and those it ends;
- every scenario linked to a changed entry, replayed under each revision before and
  after, with each outcome (the values its expectations name) that changes and each
  expectation check whose result changes;
- the scenarios a reviewer must look at: :func:`review_problems` holds ``judge verify``
  until each scenario linked to a ruling whose newest revision came from a published
  document says what that revision expects (``expect_by_revision``), and until each
  ruleset switch that follows a changed ruling names the new revision.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path

from judge.i18n import _, msg, render

from judge.engine.errors import ScenarioError


@dataclass
class ReplayChange:
    """One run of a linked scenario whose outcome or expectation check changed."""

    entry: str
    scenario: str
    ruleset: str
    before: dict | None          # path -> value (None: the run did not exist before)
    after: dict
    check_before: str            # ok | failed: … | unchecked | absent
    check_after: str
    changed: bool = True         # False: the run under the new revision, outcome unchanged

    def __str__(self) -> str:
        moved = [f"{k}: {self.before.get(k) if self.before else '—'} → {v}"
                 for k, v in self.after.items()
                 if self.before is None or self.before.get(k) != v]
        what = "; ".join(moved) if moved else _("same outcome: {values}", values="; ".join(
            f"{k}: {v}" for k, v in self.after.items()))
        check = (_("; expectation {before} → {after}", before=self.check_before,
                   after=self.check_after)
                 if self.check_before != self.check_after else
                 _("; expectation {after}", after=self.check_after))
        return f"{self.entry} · {self.scenario} · {self.ruleset}: {what}{check}"


@dataclass
class EffectReport:
    """The effect of a change; ``text()`` is what ``judge import`` prints."""

    entries: list[str]
    lint_new: list = field(default_factory=list)
    lint_gone: list = field(default_factory=list)
    replays: list[ReplayChange] = field(default_factory=list)
    unchanged_runs: int = 0
    review: list = field(default_factory=list)

    def as_json(self) -> dict:
        """The report as JSON (the web preview)."""
        return {"entries": self.entries,
                "lint_new": [p.as_dict() for p in self.lint_new],
                "lint_gone": [p.as_dict() for p in self.lint_gone],
                "replays": [asdict(r) for r in self.replays],
                "unchanged_runs": self.unchanged_runs,
                "review": [p.as_dict() for p in self.review]}

    def text(self) -> str:
        """A few lines per finding; says so when nothing changes."""
        if not self.entries:
            return ""
        lines = [_("effect of the change on {entries}:", entries=", ".join(self.entries))]
        lines += ["  " + _("lint, new: {problem}", problem=p) for p in self.lint_new]
        lines += ["  " + _("lint, resolved: {problem}", problem=p) for p in self.lint_gone]
        if not self.lint_new and not self.lint_gone:
            lines.append("  " + _("lint: no new finding"))
        lines += ["  " + (_("replay changes: {run}", run=r) if r.changed
                          else _("replay: {run}", run=r)) for r in self.replays]
        changed = sum(r.changed for r in self.replays)
        lines.append("  " + _("replays: {changed} changed, {unchanged} unchanged",
                              changed=changed,
                              unchanged=self.unchanged_runs + len(self.replays) - changed))
        lines += ["  " + _("to review before `judge verify` passes: {problem}",
                           problem=render(p.message)) for p in self.review]
        return "\n".join(lines)


def _lint(corpus) -> list:
    from judge.corpus.lint import lint_corpus
    problems = list(lint_corpus(corpus))
    try:
        from .conflicts import ruling_conflicts
        problems += ruling_conflicts(corpus)
    except ImportError:                      # pragma: no cover - no game declares any
        pass
    return problems


def _paths(scenario) -> list[str]:
    paths = dict.fromkeys(scenario.expect)
    for expect in scenario.expect_by_revision.values():
        paths.update(dict.fromkeys(expect))
    return [p for p in paths if p != "failed"]


def _runs(entry, corpus) -> dict:
    """(scenario, revision number or label) -> (label, outcome values, check)."""
    from judge.engine.expect import state_value
    from judge.engine.runner import _plan, load_scenario, run_scenario
    out: dict = {}
    if entry is None:
        return out
    newest = entry.current.number
    for rel in entry.scenarios:
        path = Path(corpus.root) / rel
        try:
            scenario = load_scenario(path, corpus)
        except ScenarioError as exc:
            out[(rel, "error")] = ("-", {"error": str(exc)}, "error")
            continue
        for label, day, number, expect, source in _plan(scenario, entry):
            result = run_scenario(scenario, corpus, day, expect=expect,
                                  expect_source=source, label=label)
            values = {p: state_value(scenario.game, result.state, result.outcomes, p)
                      for p in _paths(scenario)}
            values = {p: v for p, v in values.items() if not repr(v).startswith("<")}
            if not result.expect or not result.expect.get("checked", len(expect)):
                check = "unchecked"
            else:
                failed = result.expect["failed"]
                check = "ok" if not failed else "failed: " + "; ".join(map(str, failed))[:200]
            out[(rel, number)] = (label, values, check)
            if number == newest:
                out[(rel, "newest")] = out[(rel, number)]
    return out


def effect_report(before, after, entry_ids: list[str]) -> EffectReport:
    """Compare lint and the linked replays of ``entry_ids`` between two corpora.

    ``before`` may be None (a first import).  A run is matched with the run of the same
    revision before; the run under the newest revision is matched with the run under
    the newest revision before, so a reversal shows the outcome moving.
    """
    report = EffectReport(sorted(entry_ids))
    if not entry_ids:
        return report
    old = {str(p): p for p in _lint(before)} if before is not None else {}
    new = {str(p): p for p in _lint(after)}
    report.lint_new = [new[k] for k in new if k not in old]
    report.lint_gone = [old[k] for k in old if k not in new]
    for entry_id in report.entries:
        was = before.entries.get(entry_id) if before is not None else None
        now = after.entries.get(entry_id)
        runs_before = _runs(was, before) if was is not None else {}
        runs_after = _runs(now, after)
        for key, (label, values, check) in runs_after.items():
            if key[1] == "newest":
                continue
            newest = now is not None and key[1] == now.current.number
            # The run under the new revision is compared with the run under the
            # revision that was newest before: that is the answer it replaces.
            prior = runs_before.get((key[0], "newest") if newest else key)
            same = prior is not None and prior[1] == values and prior[2] == check
            if same and not newest:
                report.unchanged_runs += 1
                continue
            report.replays.append(ReplayChange(
                entry_id, key[0], label + (" (new)" if newest else ""),
                prior[1] if prior else None, values,
                prior[2] if prior else "absent", check, changed=not same))
    report.review = [p for p in review_problems(after) if p.entry_id in entry_ids]
    return report


def review_problems(corpus) -> list:
    """What stops ``judge verify`` after a published revision, until someone reviews it.

    A scenario linked to an entry whose newest revision came from a published document
    (its source has a ``url``) must name that revision in ``expect_by_revision``: its
    ``expect`` was written for the revision before and nobody has said whether it still
    holds.  A ruleset switch whose variants come from an entry that now has a newer
    revision than any variant names follows a superseded ruling: the game must add it.
    """
    from judge.corpus.lint import Problem

    from judge.engine.runner import load_scenario
    problems: list[Problem] = []
    for entry in corpus:
        newest = entry.current
        if not newest.source.get("url") or newest.number == 1:
            continue                         # a new entry's scenarios were written for it
        for rel in entry.scenarios:
            try:
                scenario = load_scenario(Path(corpus.root) / rel, corpus)
            except ScenarioError:
                continue                     # verify reports the bad file itself
            if scenario.ruleset_given or newest.number in scenario.expect_by_revision:
                continue
            problems.append(Problem(entry.id, "error", "review-expectation", msg(
                "{rel}: {entry_id} has a new revision {number} ({date}, {document}); say "
                "what it expects: add expect_by_revision: {{{number}: …}} to the scenario "
                "(and keep the old expectation as expect_by_revision: {{{previous}: …}})",
                rel=rel, entry_id=entry.id, number=newest.number, date=str(newest.date),
                document=str(newest.source.get("document")), previous=newest.number - 1)))
    problems += _stale_switches(corpus)
    return problems


def _stale_switches(corpus) -> list:
    from judge.corpus.lint import Problem
    from judge.engine.registry import game_class, game_names
    out = []
    for name in game_names():
        try:
            game = game_class(name)(corpus)
        except (KeyError, ImportError):
            continue
        for switch in getattr(game, "switches", {}).values():
            named: dict[str, int] = {}
            for v in switch.variants:
                named[v.entry] = max(named.get(v.entry, 0), v.revision)
            for entry_id, highest in named.items():
                if entry_id not in corpus:
                    continue
                entry = corpus.get(entry_id)
                if entry.current.number > highest and entry.current.source.get("url"):
                    out.append(Problem(entry_id, "error", "switch-behind-ruling", msg(
                        "the engine's switch {switch!r} ({game}) follows {entry_id} up to "
                        "revision {highest}, but revision {number} ({date}) is newer: the "
                        "engine would go on applying a superseded answer; the game's rules "
                        "must add a variant for it", switch=switch.name, game=name,
                        entry_id=entry_id, highest=highest, number=entry.current.number,
                        date=str(entry.current.date))))
    return out


def corpus_before(root) -> object | None:
    """The corpus as it is on disk before an import (None if there is none or it is bad)."""
    from judge.corpus import Corpus, CorpusError
    try:
        corpus = Corpus.load(root)
    except (CorpusError, OSError):
        return None
    return corpus if len(corpus) else None


def changed_entries(before, changes) -> list[str]:
    """The ids of the published changes that are not yet in ``before``."""
    out = []
    for c in changes:
        if c.action == "unchanged":
            continue
        was = before.entries.get(c.id) if before is not None else None
        if was is None or c.revision not in {r.number for r in was.revisions} or \
                was.revision(c.revision).date is None or \
                str(was.revision(c.revision).date) != c.date:
            out.append(c.id)
    return list(dict.fromkeys(out))


def effect_of_import(before, report, root) -> str:
    """The effect report of an import's published changes, as text ('' if none)."""
    from judge.corpus import Corpus
    ids = changed_entries(before, report.changes)
    if not ids:
        return ""
    entries = dict(before.entries) if before is not None else {}
    entries.update(report.drafts)
    after = Corpus(entries.values(), Path(root))
    return effect_report(before, after, ids).text()


def review_rows(corpus) -> list:
    """:func:`review_problems` as rows of ``judge verify`` (each one an error)."""
    from judge.engine.runner import VerifyRow
    return [VerifyRow(p.entry_id, p.message.params["rel"] if p.code ==
                      "review-expectation" else "-", "-", {}, {},
                      error=f"{render(p.message)} [{p.code}]") for p in review_problems(corpus)]
