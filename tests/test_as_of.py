"""The day a ruling is read at has one meaning (docs/contracts.md, "The day a ruling is
read at"): :meth:`Entry.as_of` is the revision in force that day, nothing before the
entry's first dated publication; :meth:`Entry.in_force` is the same with the first
revision standing in for nothing.  And a board read at a day (``as_of`` passed as an
argument) runs exactly as the same board with its ``ruleset:`` line rewritten."""
from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from judge.app import boards
from judge.corpus import Corpus
from judge.corpus.model import Entry, Revision, RevisionDate
from judge.engine.runner import entry_rulesets, replay_entry_file

CORPUS = Corpus.load()

_days = st.dates(min_value=date(2000, 1, 1), max_value=date(2030, 12, 31))


@st.composite
def _entries(draw) -> Entry:
    """An entry of 1-4 revisions, newest first, each dated exactly, "before D" or not at
    all, the dates rising with the numbers."""
    n = draw(st.integers(1, 4))
    days = sorted(draw(st.lists(_days, min_size=n, max_size=n, unique=True)))
    revisions = []
    for number, day in enumerate(days, start=1):
        kind = draw(st.sampled_from(["exact", "before", "none"]))
        when = None if kind == "none" else RevisionDate(day, before=kind == "before")
        revisions.append(Revision(number, when, {}, f"text {number}"))
    return Entry("t/qa/X", "t", "qa", "X", "X", list(reversed(revisions)))


def _first_exact(entry: Entry) -> date | None:
    oldest = entry.revisions[-1]
    if oldest.date is None or oldest.date.before:
        return None
    return oldest.date.day


@given(_entries(), _days)
def test_as_of_is_the_newest_revision_dated_on_or_before_the_day(entry, day):
    found = entry.as_of(day)
    first = _first_exact(entry)
    if first is not None and first > day:
        assert found is None                       # not yet published: nothing in force
        return
    assert found is not None
    assert found.date is None or found.date.before or found.date.day <= day
    later = [r for r in entry.revisions if r.number > found.number]
    # the next revision, if any, was not yet in force (it has an exact date after the day)
    if later:
        nxt = min(later, key=lambda r: r.number)
        assert nxt.date is not None and not nxt.date.before and nxt.date.day > day


@given(_entries(), _days)
def test_in_force_is_as_of_with_the_first_revision_standing_in(entry, day):
    assert entry.in_force(day) is (entry.as_of(day) or entry.revisions[-1])
    assert entry.as_of(None) is entry.current is entry.in_force(None)


def test_qa_337_read_before_it_was_published_is_nothing_or_its_first_text():
    entry = CORPUS.get("vision/qa/QA-337")
    oldest = entry.revisions[-1]
    assert oldest.date is not None
    day = oldest.date.day - timedelta(days=1)
    if oldest.date.before:
        assert entry.as_of(day) is oldest
    else:
        assert entry.as_of(day) is None
    assert entry.in_force(day) is oldest


_LINKED = [(e, Path(CORPUS.root) / rel) for e in CORPUS for rel in e.scenarios]


@pytest.mark.parametrize("entry, path", _LINKED, ids=[f"{e.id}:{p.name}" for e, p in _LINKED])
def test_a_board_read_at_a_day_runs_as_its_text_pinned_to_that_day(entry, path):
    """For each day one of its ruling's revisions gives (and latest), passing ``as_of``
    runs the board as rewriting its ``ruleset:`` line did: same steps, state, verdict."""
    text = path.read_text(encoding="utf-8")
    days = [day.isoformat() for _, day, _ in entry_rulesets(entry) if day] + ["latest"]
    for day in days:
        passed = boards.run(text, CORPUS, as_of=day).as_json()
        rewritten = boards.run(boards.with_ruleset(text, day), CORPUS).as_json()
        assert passed == rewritten, f"{path.name} at {day}"
        board = boards.read_board(text, CORPUS, as_of=day)
        assert board.error is None and board.game == passed["game"]
        assert boards.run(text, CORPUS, scenario=board.scenario).as_json() == passed


@pytest.mark.parametrize("entry, path", _LINKED, ids=[f"{e.id}:{p.name}" for e, p in _LINKED])
def test_each_replay_carries_the_revision_it_replays(entry, path):
    """A run of an entry's scenario says which revision it replays: the revision whose
    label it bears (or none, for a scenario pinned to its own day)."""
    by_label = {label: number for label, _day, number in entry_rulesets(entry)}
    results = replay_entry_file(entry, path, CORPUS)
    for result in results:
        if result.scenario.ruleset_given:
            assert result.revision is None
        else:
            assert result.revision == by_label[result.label]
            assert result.revision in {r.number for r in entry.revisions}
