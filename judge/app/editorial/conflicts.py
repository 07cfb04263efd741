"""Conflicting rulings (矛盾する裁定): two rulings in force on one day the engine cannot both honour.

``judge lint`` calls :func:`ruling_conflicts` beside the corpus's own lint (this check
needs the engine's rulesets and replays, which the corpus layer does not import).  A
game declares, for the rulings whose answer depends on a ruleset switch, the value
each needs (``ruling_assumptions`` on its Game class, a tuple of :class:`Assumption`).  For every day on which such a
ruling is in force (its revision in force that day is not withdrawn) while the switch
has another value, the ruling conflicts with the ruling revision that variant comes
from; two rulings needing different values of one switch on one day conflict too.
Each conflict is reported once, as a warning, with both citations and the first day
both stand; the engine's own replay of the ruling's scenarios under that day says
whether it indeed cannot reproduce the answer.  The tool shows a judge the tension; it
does not choose for them.
"""
from __future__ import annotations

from datetime import date

from judge.corpus.lint import Problem
from judge.i18n import Message, msg

from judge.engine.game import Assumption
from judge.engine.registry import game_classes


CODE = "ruling-conflict"


def ruling_conflicts(corpus) -> list[Problem]:
    """Every pair of rulings in force on one day that cannot both hold in the engine."""
    problems: list[Problem] = []
    for cls in game_classes().values():
        problems += _game_conflicts(cls(corpus), corpus)
    return problems


def _game_conflicts(game, corpus) -> list[Problem]:
    from judge.engine.rulesets import Ruleset
    assumptions = [a for a in game.ruling_assumptions
                   if a.entry in corpus and a.switch in game.switches]
    out: list[Problem] = []
    seen: set[tuple] = set()
    for a in assumptions:
        switch = game.switches[a.switch]
        entries = {a.entry} | {v.entry for v in switch.variants if v.entry in corpus}
        entries |= {b.entry for b in assumptions if b.switch == a.switch}
        for day in _days(corpus, entries):
            mine = _in_force(corpus, a.entry, day)
            if mine is None:
                continue
            variant = Ruleset(game.switches, corpus, day).variant(a.switch)
            if variant.value != a.value and variant.entry in corpus and \
                    _in_force(corpus, variant.entry, day) is not None:
                key = (a.entry, mine.number, variant.entry, variant.revision)
                if key not in seen:
                    seen.add(key)
                    out.append(_problem(game, corpus, a, mine, variant.entry,
                                        variant.revision, variant.match, day, a.switch,
                                        variant.value))
            for b in assumptions:
                if b.entry <= a.entry or b.switch != a.switch or b.value == a.value:
                    continue
                theirs = _in_force(corpus, b.entry, day)
                key = (a.entry, mine.number, b.entry, theirs.number if theirs else None)
                if theirs is not None and key not in seen:
                    seen.add(key)
                    out.append(_problem(game, corpus, a, mine, b.entry, theirs.number,
                                        b.match, day, a.switch, b.value))
    return out


def _days(corpus, entries) -> list:
    """The days the rulings' revisions start (``date.min``: before every dated one)."""
    days = {date.min}
    for entry_id in entries:
        for rev in corpus.get(entry_id).revisions:
            if rev.date is not None and not rev.date.before:
                days.add(rev.date.day)
    return sorted(days)


def _in_force(corpus, entry_id: str, day: date):
    """The revision of an entry in force on ``day``, or None (withdrawn, not yet given)."""
    rev = corpus.get(entry_id).as_of(day)
    if rev is None or rev.status == "withdrawn":
        return None
    return rev


def _quote(corpus, entry_id: str, revision: int, match: str | None) -> str:
    """The sentence of that revision containing ``match`` (the first one without)."""
    from judge.corpus.ids import fold
    sentences = corpus.get(entry_id).revision(revision).sentences()
    hits = [s for s in sentences if match is None or fold(match) in fold(s)]
    return hits[0] if hits else ""


def _problem(game, corpus, a, mine, other: str, other_rev: int, other_match, day, switch,
             value) -> Problem:
    since = msg("the start") if day == date.min else day.isoformat()
    first = msg("{entry} revision {number} 「{quote}」", entry=a.entry, number=mine.number,
                quote=_quote(corpus, a.entry, mine.number, a.match))
    second = msg("{entry} revision {number} 「{quote}」", entry=other, number=other_rev,
                 quote=_quote(corpus, other, other_rev, other_match))
    params = dict(other=other, other_rev=other_rev, since=since, first=first, switch=switch,
                  value=a.value, why=_why(game, a), second=second, other_value=value)
    replay = _replay_note(game, corpus, a.entry, day)
    if replay is None:
        message = msg("conflicts with {other} revision {other_rev} from {since}: {first} "
                      "needs {switch} = {value!r} ({why}), but {second} makes it "
                      "{other_value!r}. Both are in force; the engine follows {other}.",
                      **params)
    else:
        message = msg("conflicts with {other} revision {other_rev} from {since}: {first} "
                      "needs {switch} = {value!r} ({why}), but {second} makes it "
                      "{other_value!r}. Both are in force; the engine follows {other}. "
                      "{replay}", replay=replay, **params)
    return Problem(a.entry, "warning", CODE, message)


def _why(game, a: Assumption) -> Message:
    """The game's reason, translated by the game's own catalogue where it has the text."""
    if isinstance(a.why, Message):
        return a.why
    package = type(game).__module__.rpartition(".")[0] or type(game).__module__
    return Message(a.why.replace("{", "{{").replace("}", "}}"), {}, package)


def _replay_note(game, corpus, entry_id: str, day) -> Message | None:
    """Whether the ruling's own scenarios fail under that day's ruleset (engine's word)."""
    from judge.engine.errors import ScenarioError
    from judge.engine.runner import linked_scenarios, run_scenario
    from judge.engine.scenario import load_scenario
    failed, ran = [], 0
    for path in linked_scenarios(corpus.get(entry_id), corpus):
        try:
            scenario = load_scenario(path, corpus)
            if not scenario.expect:
                continue
            result = run_scenario(scenario, corpus, day)
        except (ScenarioError, OSError):
            continue
        ran += 1
        if result.expect_failed:
            failed.append(path.name)
    if not ran:
        return None
    if failed:
        when = msg("the oldest ruleset") if day == date.min else day.isoformat()
        return msg("Replayed under {when}, its scenario(s) {files} do not reach the answer "
                   "it gives.", when=when, files=failed)
    return msg("Its scenarios still reach its answer under that ruleset.")
