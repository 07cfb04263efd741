"""A Hypothesis fuzz of the scenario reader and the engine from near-valid scenarios
(issue 14): a real corpus scenario with a few edits drawn from a small grammar of what
goes wrong (a value replaced by a list, a mapping, a huge or negative number, a date
that is not one, a YAML tag, deep nesting, a surrogate; a key dropped or added).  Every
outcome is a run or the documented :class:`ScenarioError`; never another exception, and
the JSON of either is valid JSON."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from judge.corpus import DEFAULT_CORPUS, Corpus
from judge.engine.budget import Budget
from judge.engine.errors import ScenarioError
from judge.engine.runner import run_scenario
from judge.engine.scenario import parse_scenario

pytestmark = pytest.mark.skipif(not (DEFAULT_CORPUS / "yugioh").is_dir(),
                                reason="corpus/ has not been generated")

FILES = sorted(DEFAULT_CORPUS.glob("*/scenarios/*.yaml"))
# Raw YAML put where a value was: each is something a scenario must refuse or survive.
RAW = ["2014-02-30", "2014-13-01", "1" + "0" * 400, "0x" + "f" * 100, "-1", "0", "99999999",
       ".inf", ".nan", "!!binary aGVsbG8=", "!!python/object/apply:os.system [id]",
       "!!set {a, b}", "!foo {x: 1}", "!!str 12", "!!int 3", "[" * 40 + "]" * 40,
       "{a: {b: {c: [1, 2]}}}", "[attack, summon]", "~", "yes", "''", "\"\\ud800\"",
       "&a [*a]", "*nowhere", "1e999", "12:30:00", "2014-02-28", "latest", "A", "B",
       "{do: end_turn}", "[{name: x, atk: -5}]", "\"<script>alert(1)</script>\""]
SCALARS = st.one_of(st.integers(-10**6, 10**6), st.booleans(), st.none(),
                    st.text(max_size=12), st.floats(allow_nan=False, allow_infinity=False))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)),
    max_leaves=6)


@pytest.fixture(scope="module")
def corpus():
    return Corpus.load()


def _paths(data, prefix=()):
    """Every path to a value in the scenario's data."""
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, prefix + (key,))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _paths(value, prefix + (i,))


def _set(data, path, value):
    node = data
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value


@st.composite
def near_valid(draw):
    """The text of a corpus scenario after one to three edits."""
    path = draw(st.sampled_from(FILES))
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    raws = {}
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(data) if p]
        target = draw(st.sampled_from(paths))
        try:
            edit = draw(st.sampled_from(["raw", "value", "drop", "add"]))
            if edit == "raw":
                marker = f"RAWVALUE{len(raws)}"
                raws[marker] = draw(st.sampled_from(RAW))
                _set(data, target, marker)
            elif edit == "value":
                _set(data, target, draw(VALUES))
            elif edit == "drop":
                parent = data
                for part in target[:-1]:
                    parent = parent[part]
                del parent[target[-1]]
            else:
                parent = data
                for part in target[:-1]:
                    parent = parent[part]
                if isinstance(parent, dict):
                    parent[draw(st.sampled_from(["zone", "atk", "do", "x", "players"]))] = \
                        draw(VALUES)
        except (KeyError, IndexError, TypeError):
            continue               # an earlier edit removed or replaced this path
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    for marker, raw in raws.items():
        text = text.replace(f"'{marker}'", raw).replace(marker, raw)
    return text


@given(near_valid())
def test_a_near_valid_scenario_runs_or_is_a_located_scenario_error(corpus, text):
    try:
        scenario = parse_scenario(text, "<fuzz>", corpus)
        result = run_scenario(scenario, corpus, budget=Budget(seconds=5))
    except ScenarioError as exc:
        assert exc.message and str(exc).startswith("<fuzz>")
        json.dumps(exc.as_dict(), ensure_ascii=False, allow_nan=False)
        return
    json.dumps(result.as_json(), ensure_ascii=False, allow_nan=False).encode("utf-8")


def test_the_grammar_makes_both_outcomes(corpus):
    # Not a vacuous fuzz: the unedited files all run, a raw edit is refused.
    for path in FILES[::20]:
        run_scenario(parse_scenario(Path(path).read_text(encoding="utf-8"), str(path), corpus),
                     corpus)
    bad = FILES[0].read_text(encoding="utf-8").replace("game:", "title: !!binary aGk=\ngame:", 1)
    with pytest.raises(ScenarioError, match="binary"):
        parse_scenario(bad, "<fuzz>", corpus)
