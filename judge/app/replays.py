"""The engine's replay of a ruling, as the entry page and the API show it.

:func:`entry_runs` runs every scenario an entry links under each of the entry's
revisions (judge.engine.runner.replay_entry_file) and gives, per run, the engine's JSON,
the boards before and after, and the verdict: does the engine's result match what the
official answer of that revision says (the scenario's ``expect`` for the current
revision, ``expect_by_revision`` for older ones)?  A scenario that cannot run is
reported beside the others, never as a failed page.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path

from judge.i18n import _
from judge.engine.errors import ScenarioError
from judge.engine.runner import linked_scenarios, replay_entry_file

from .boardview import BoardView, board_view, mark_leaving

log = logging.getLogger(__name__)


@dataclass
class RunView:
    """One run of one scenario under one ruleset."""

    scenario: str                 # path relative to the corpus
    label: str                    # "revision 2 (2014-04-10)"
    revision: int | None          # the entry revision this run replays (None: fixed date)
    day: str | None               # the ruleset's day (None: latest)
    data: dict                    # the engine's JSON (RunResult.as_json)
    verdict: dict
    before: BoardView
    after: BoardView
    stands_for: str = ""          # what "latest" means here: "改訂2・2014-04-10"

    @property
    def title(self) -> str:
        """The scenario's title (its file name if it has none)."""
        return self.data.get("title") or Path(self.scenario).stem

    @property
    def ruleset_text(self) -> str:
        """Which rules the run applies, as the page says it."""
        day = self.day or (_("latest") + (f"＝{self.stands_for}" if self.stands_for else ""))
        if self.revision is not None:
            return _("the rules of revision {n} ({day})", n=self.revision, day=day)
        return _("the rules of the scenario's date ({day})", day=day)

    def as_json(self) -> dict:
        """The engine's JSON plus which revision it replays and the verdict."""
        out = dict(self.data)
        out.update({"scenario": self.scenario, "revision": self.revision,
                    "ruleset_day": self.day, "verdict": self.verdict})
        return out


@dataclass
class EntryReplay:
    """Every run of an entry's scenarios, and the scenarios that could not run."""

    runs: list[RunView] = field(default_factory=list)
    errors: list[dict] = field(default_factory=list)

    def for_revision(self, number: int | None) -> list[RunView]:
        """The runs under one revision (a scenario with a fixed date shows under every one)."""
        return [r for r in self.runs if r.revision in (number, None)]

    def as_json(self, number: int | None = None) -> dict:
        """``{"runs": [...], "errors": [...]}``; only revision ``number``'s runs if given."""
        runs = self.runs if number is None else self.for_revision(number)
        return {"runs": [r.as_json() for r in runs], "errors": self.errors}


def verdict(result) -> dict:
    """The engine's result against what the ruling says: match, mismatch or nothing to check.

    ``rows`` lists each checked path with the expected value, the engine's, and ``ok``.
    """
    expect = result.expect or {"checked": 0, "failed": []}
    # a matching row shows the ruling's own words (yes, not True): they are equal
    rows = [{"path": r["path"], "expected": r["expected"],
             "actual": r["expected"] if r["ok"] else r["engine"], "ok": r["ok"]}
            for r in result.verdict_rows()]
    failed = sum(not r["ok"] for r in rows)
    status = "none" if not rows else ("mismatch" if failed else "match")
    return {"status": status, "checked": expect.get("checked", len(rows)),
            "failed": failed, "source": result.expect_source if rows else None,
            "rows": rows}


def run_view(result, scenario: str, revision: int | None, zones: tuple[str, ...]) -> RunView:
    """The view of one :class:`~judge.engine.runner.RunResult`."""
    data = result.as_json()
    game = data["game"]
    day = result.ruleset.day.isoformat() if result.ruleset.day else None
    before = mark_leaving(game, board_view(game, data["initial"], zones=zones,
                                           caption=_("before")), data["state"])
    after = board_view(game, data["state"], before=data["initial"], zones=zones,
                       caption=_("after"))
    return RunView(scenario, result.label or data["ruleset_label"], revision, day, data,
                   verdict(result), before, after)


def entry_runs(entry, corpus) -> EntryReplay:
    """Run every scenario the entry links, under each of its revisions."""
    out = EntryReplay()
    from .rulings import date_view
    current = entry.revisions[0] if entry.revisions else None
    stands_for = (_("revision {n}・{date}", n=current.number,
                    date=date_view(current)["text"]) if current else "")
    root = Path(corpus.root) if corpus.root else Path(".")
    for path in linked_scenarios(entry, corpus):
        rel = _relative(path, root)
        try:
            results = replay_entry_file(entry, path, corpus)
        except ScenarioError as exc:
            out.errors.append({"scenario": rel, **exc.as_dict(), "message": str(exc)})
            continue
        except Exception as exc:      # noqa: BLE001 - one bad scenario must not sink the page
            log.exception("replaying %s for %s failed", rel, entry.id)
            out.errors.append({"scenario": rel,
                               "error": _("the engine failed: {problem}", problem=exc),
                               "message": _("{scenario}: the engine failed ({kind})",
                                            scenario=rel, kind=type(exc).__name__)})
            continue
        for result in results:
            zones = tuple(result.scenario.game.zones)
            view = run_view(result, rel, result.revision, zones)
            if view.day is None:
                view.stands_for = stands_for
            out.runs.append(view)
    return out


def _relative(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.as_posix()
