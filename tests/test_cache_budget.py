"""One budget for a worker's caches (judge/common/cache_budget.py, issue 27): the shares
of JUDGE_CACHE_MB are what the caches are given, never more than the whole, and a bad
value stops the server with a sentence naming it."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.common import cache_budget
from judge.common.cache_budget import DEFAULT_MB, MB, SHARES, budget_error, share, total_mb

ROOT = Path(__file__).resolve().parent.parent


def test_the_default_keeps_what_the_caches_had_measured_fast():
    # the postings' 24 MB of bitsets (their numbers are read in place, docs/scaling.md)
    assert share("postings", {}) == 24 * MB
    assert abs(sum(SHARES.values()) - 1) < 1e-9
    assert sum(share(name, {}) for name in SHARES) <= DEFAULT_MB * MB


@settings()
@given(st.floats(min_value=0.001, max_value=100_000, allow_nan=False))
def test_every_budget_is_split_within_itself(mb):
    env = {"JUDGE_CACHE_MB": repr(mb)}
    assert budget_error(env) is None and total_mb(env) == mb
    given_out = [share(name, env) for name in SHARES]
    assert all(b >= 1 for b in given_out)
    # each share is its fraction of the whole, rounded down (at least one byte)
    assert sum(given_out) <= mb * MB + len(SHARES)
    assert share("postings", env) == max(1, int(mb * MB * SHARES["postings"]))


@pytest.mark.parametrize("value", ["0", "-3", "lots", "nan", "inf", "64MB"])
def test_a_bad_budget_is_named_and_the_default_used_meanwhile(value):
    env = {"JUDGE_CACHE_MB": value}
    assert "JUDGE_CACHE_MB" in budget_error(env)
    assert total_mb(env) == DEFAULT_MB


def test_the_caches_take_their_share_of_the_environments_budget():
    # the module-level caches are made at import: a fresh process with a budget of 16 MB
    code = ("import judge.search.matching as m, judge.search.shaping as s, "
            "judge.search.highlight as h; print(m.POSTINGS_BUDGET, s._HELD.budget, "
            "h._MAPS.budget)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True,
                         env=dict(os.environ, JUDGE_CACHE_MB="16")).stdout.split()
    assert [int(x) for x in out] == [9_600_000, 800_000, 600_000]

