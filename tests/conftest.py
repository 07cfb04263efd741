"""Session-wide settings for the tests.

Hypothesis profiles for every property test, chosen by ``HYPOTHESIS_PROFILE``.

- ``dev`` (default): quick, for running tests while working.
- ``ci``: what ``.ci/run`` uses; about as many examples as the suite ran before profiles.
- ``thorough``: ten times ``ci``, for a night run (``HYPOTHESIS_PROFILE=thorough scripts/test``).

The compiled corpus cache goes to a temporary folder, so the tests' many temporary
corpora do not pile caches up in the checkout's .cache/.

No test sets ``max_examples`` itself (tests/test_hypothesis_profiles.py checks), so one
variable makes every property test, the API fuzz (schemathesis) included, run longer.
"""
from __future__ import annotations

import os
import tempfile

import pytest
from hypothesis import HealthCheck, settings

PROFILES = {"dev": 50, "ci": 100, "thorough": 1000}
for _name, _count in PROFILES.items():
    settings.register_profile(
        _name, max_examples=_count, deadline=None, print_blob=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "dev")
if PROFILE not in PROFILES:
    raise ValueError(f"HYPOTHESIS_PROFILE={PROFILE!r}: accepted {', '.join(PROFILES)}")
settings.load_profile(PROFILE)


def pytest_configure(config):
    if "JUDGE_CACHE_DIR" not in os.environ:
        os.environ["JUDGE_CACHE_DIR"] = tempfile.mkdtemp(prefix="judge-cache-")
    # kept verify/lint answers cannot see code a test patches in memory; tests/corpus/
    # test_derived.py turns them on for itself
    os.environ.setdefault("JUDGE_RESULT_CACHE", "0")


@pytest.fixture(autouse=True)
def _no_locale_left_behind():
    """The CLI sets the locale of the process it runs in (CliRunner runs in the tests'
    process): put it back after every test, so the next one reads its own language."""
    yield
    from judge.i18n import set_locale
    set_locale(None)
