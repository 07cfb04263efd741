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
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from judge.i18n import N_, _, current_locale, gettext, list_separator
from judge.engine.errors import ScenarioError
from judge.engine.report import expect_source_text
from judge.common.lru import LRU
from judge.engine.runner import entry_rulesets, linked_scenarios, replay_entry_file

from .boardview import BoardView, board_view, counter_label, mark_leaving, term_text, \
    value_text, value_word, zone_label

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


# The words of an expect path that are not a zone, a counter or a card's field
# (judge/engine/expect.py): what they mean, in the reader's language.
PATH_WORDS = {"outcome": N_("result"), "outcomes": N_("result of each action"),
              "phase": N_("phase"), "active": N_("player whose turn it is"),
              "turn": N_("turn"), "winner": N_("winner"), "count": N_("number of cards"),
              "life": N_("life")}


def path_label(game: str, path: str) -> str:
    """An expect path in words: ``A.nodes.count`` → 「Aのノードエリアの枚数」,
    ``outcome`` → 「結果」, ``A.field.チルノ.asleep`` → 「Aの場の「チルノ」のスリープ状態」."""
    from judge.engine.registry import game_class
    declared = game_class(game)
    parts, words = path.split("."), []
    for i, part in enumerate(parts):
        if i == 0 and len(parts) > 1 and part not in PATH_WORDS:
            words.append(part)                               # a player: A, B
        elif part in declared.zones:
            words.append(zone_label(game, part))
        elif part in PATH_WORDS:
            words.append(gettext(PATH_WORDS[part]))
        elif i == 2 and parts[1] in declared.zones:
            words.append(f"「{part}」")                       # a card, by its name
        elif i == 1 and part in (declared.counters or {}):
            words.append(counter_label(game, part))
        else:
            # a field, else a word of the one before it (….statuses.burn: 燃焼)
            said = term_text(game, "field", part)
            words.append(said if said != part or not i else value_word(game, parts[i - 1], part))
    return ("の" if current_locale() == "ja" else " › ").join(words)


def value_label(game: str, value: Any, path: str = "") -> str:
    """An expected or actual value in words: 「可」 for legal, はい for True, a list with 、;
    a value of a path ending in a word of the format (``….position``: ``defense``) in that
    word's terms (守備表示)."""
    if isinstance(value, list):
        return list_separator().join(value_label(game, v, path) for v in value) or _("none")
    if value is None:
        return "—"                                   # nothing there: an empty square
    if isinstance(value, str):
        said = term_text(game, "outcome", value)
        if said == value and path:
            said = term_text(game, path.rsplit(".", 1)[-1], value)
        return said if said != value else str(value_text(game, value))
    return str(value_text(game, value))


def verdict(result, engine: dict | None = None) -> dict:
    """The engine's result against what the ruling says: match, mismatch or nothing to check.

    It carries the engine's verdict too (``kind``, ``text``, ``message``… of
    :meth:`judge.engine.verdict.Verdict.as_json`; ``engine`` if the run's JSON already
    holds it), so ``verdict`` reads the same in the
    engine's JSON and in the web's.  ``rows`` lists each checked path with the expected
    value, the engine's, and ``ok``; ``game`` lets a page say them in its reader's words
    (:func:`verdict_words`) when it shows them, as the verdict is also stored with a
    recorded call.
    """
    expect = result.expect or {"checked": 0, "failed": []}
    # a matching row shows the ruling's own words (yes, not True): they are equal
    rows = [{"path": r["path"], "expected": r["expected"],
             "actual": r["expected"] if r["ok"] else r["engine"], "ok": r["ok"]}
            for r in result.verdict_rows()]
    failed = sum(not r["ok"] for r in rows)
    status = "none" if not rows else ("mismatch" if failed else "match")
    # The engine's own verdict (what happened, in one line) and the check against the
    # ruling share the object: its keys do not overlap (judge.engine.verdict).
    return {**(engine if engine is not None else result.verdict.as_json()),
            "status": status, "checked": expect.get("checked", len(rows)),
            "failed": failed, "source": result.expect_source if rows else None,
            "rows": rows, "game": result.scenario.game.name}


# A path's and a plain value's words per game, language and path: functions of them and
# the catalogues alone, asked for the same few on every board's check (issue 27).
_SAID: dict[tuple, str] = {}
_PLAIN = (str, int, bool, type(None))     # not float: -0.0 == 0.0 as a key


def _said(kind: str, game: str, path: str, value: Any = None) -> str:
    if type(path) is not str or type(value) not in _PLAIN:
        return path_label(game, path) if kind == "path" else value_label(game, value, path)
    key = (kind, game, path, type(value), value, current_locale())
    try:
        return _SAID[key]
    except KeyError:
        pass
    except TypeError:                 # a game id that cannot be a key
        return path_label(game, path) if kind == "path" else value_label(game, value, path)
    said = path_label(game, path) if kind == "path" else value_label(game, value, path)
    if len(_SAID) >= 8192:
        _SAID.clear()
    _SAID[key] = said
    return said


def verdict_words(v: dict) -> dict:
    """A verdict's paths, values and source in the reader's language, for the page:
    ``label``, ``expected_text``, ``actual_text`` per row and ``source_text``."""
    game = v.get("game")
    rows = []
    for row in v.get("rows") or []:
        said = dict(row)
        if game:
            said.update(label=_said("path", game, row["path"]),
                        expected_text=_said("value", game, row["path"], row.get("expected")),
                        actual_text=_said("value", game, row["path"], row.get("actual")))
        rows.append(said)
    return {**v, "rows": rows,
            "source_text": expect_source_text(v["source"]) if v.get("source") else None}


def run_view(result, scenario: str, revision: int | None, zones: tuple[str, ...],
             messages: bool = True) -> RunView:
    """The view of one :class:`~judge.engine.runner.RunResult`; ``messages=False`` for a
    view only drawn (its steps' JSON without their message ids and parameters, which
    only the engine's JSON offers: see :meth:`RunResult.as_json`)."""
    data = result.as_json(messages)
    game = data["game"]
    day = result.ruleset.day.isoformat() if result.ruleset.day else None
    before = mark_leaving(game, board_view(game, data["initial"], zones=zones,
                                           caption=_("before")), data["state"])
    after = board_view(game, data["state"], before=data["initial"], zones=zones,
                       caption=_("after"))
    return RunView(scenario, result.label or data["ruleset_label"], revision, day, data,
                   verdict(result, data["verdict"]), before, after)


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
        kept = _kept_runs(entry, path, corpus)
        if kept is not None:
            for view in kept:
                if view.day is None:
                    view.stands_for = stands_for
                out.runs.append(view)
            continue
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
        views = []
        for result in results:
            zones = tuple(result.scenario.game.zones)
            views.append(run_view(result, rel, result.revision, zones))
        _keep_runs(entry, path, corpus, views)
        for view in views:
            view = replace(view)
            if view.day is None:
                view.stands_for = stands_for
            out.runs.append(view)
    return out


# The runs of a scenario file under an entry's revisions, kept per worker: an entry
# opened for the first time whose scenarios were run for another entry with the same
# revisions' dates (a rule and the Q&A on it link the same board) shows those runs
# instead of running them again (most of such an entry's first view: 190 ms at 100,000
# generated entries, which copy the real entries' scenario links).  Keyed by the file
# (its size and time, so an edited board runs again), the corpus, the reader's
# language and the entry's rulesets; the entry's id, the only thing of the entry in a
# run, is put back into the ruling's source.
_RUNS = LRU(256)     # the real corpus links 208 boards; its runs all kept: about 3 MB pickled


def _runs_key(entry, path: Path, corpus) -> tuple | None:
    try:
        stat = path.stat()
    except OSError:
        return None
    return (str(path), stat.st_mtime_ns, stat.st_size, id(corpus), str(current_locale()),
            tuple(entry_rulesets(entry)))


def _keep_runs(entry, path: Path, corpus, views: list[RunView]) -> None:
    key = _runs_key(entry, path, corpus)
    if key is not None:
        _RUNS.get_or(key, lambda: (entry.id, views))


def _kept_runs(entry, path: Path, corpus) -> list[RunView] | None:
    key = _runs_key(entry, path, corpus)
    found = _RUNS.peek(key) if key is not None else None
    if found is None:
        return None
    owner, views = found
    out = []
    for view in views:
        view = replace(view, data=dict(view.data), verdict=dict(view.verdict))
        for where, field_name in ((view.data, "expect_source"), (view.verdict, "source")):
            said = where.get(field_name)
            if isinstance(said, str) and said.endswith(f" of {owner}"):
                where[field_name] = said[: -len(owner)] + entry.id
        out.append(view)
    return out


def _relative(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.as_posix()
