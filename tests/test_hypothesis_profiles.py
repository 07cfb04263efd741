"""Issue 14, finding 10: every property test takes its example count from the profile."""
from __future__ import annotations

import os
import re
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

TESTS = Path(__file__).resolve().parent
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "dev")


def test_no_test_hard_codes_max_examples():
    offenders = [str(p.relative_to(TESTS)) for p in TESTS.rglob("*.py")
                 if p.name != "conftest.py" and p != Path(__file__).resolve()
                 and re.search(r"max_examples\s*=\s*\d", p.read_text(encoding="utf-8"))]
    assert not offenders, f"set the count with HYPOTHESIS_PROFILE, not in {offenders}"


def test_the_profile_in_force_is_the_environments():
    assert settings.default.max_examples == settings.get_profile(PROFILE).max_examples
    assert [settings.get_profile(p).max_examples for p in ("dev", "ci", "thorough")] == \
        sorted(settings.get_profile(p).max_examples for p in ("dev", "ci", "thorough"))


calls = []


@given(st.integers())
def test_a_property_test_runs_the_profiles_count(n):
    calls.append(n)


def test_count_of_the_previous_test():
    # Hypothesis may stop early only when it has exhausted a strategy; integers never do.
    assert len(calls) == settings.get_profile(PROFILE).max_examples
