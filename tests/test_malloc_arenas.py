"""A serving worker's allocator settings (judge/common/malloc_arenas.py, issue 27): read
from the environment with a clear refusal of a bad value, applied on glibc only, and
the trims after requests spaced by the configured seconds."""
from __future__ import annotations

import os
import platform
import subprocess
import sys
from pathlib import Path

import pytest

from judge.common import malloc_arenas
from judge.common.malloc_arenas import Trimmer, limit_arenas, malloc_settings

ROOT = Path(__file__).resolve().parent.parent
GLIBC = platform.system() == "Linux" and platform.libc_ver()[0] == "glibc"


def test_the_defaults_are_one_arena_and_a_trim_a_second_at_most():
    assert malloc_settings({}) == (1, 1.0)
    assert malloc_settings({"JUDGE_MALLOC_ARENAS": "0", "JUDGE_MALLOC_TRIM_SECONDS": "0"}) \
        == (0, 0.0)
    assert malloc_settings({"JUDGE_MALLOC_ARENAS": " 2 ",
                            "JUDGE_MALLOC_TRIM_SECONDS": "0.5"}) == (2, 0.5)


@pytest.mark.parametrize("name, value", [
    ("JUDGE_MALLOC_ARENAS", "one"), ("JUDGE_MALLOC_ARENAS", "-1"),
    ("JUDGE_MALLOC_ARENAS", "1.5"), ("JUDGE_MALLOC_TRIM_SECONDS", "-2"),
    ("JUDGE_MALLOC_TRIM_SECONDS", "inf"), ("JUDGE_MALLOC_TRIM_SECONDS", "nan"),
])
def test_a_bad_value_is_refused_naming_the_variable(name, value):
    with pytest.raises(ValueError, match=name):
        malloc_settings({name: value})


@pytest.mark.skipif(not GLIBC, reason="the setting is glibc's")
def test_glibc_takes_the_arena_limit():
    assert limit_arenas(1) is True


def test_no_limit_is_asked_for_zero_arenas():
    assert limit_arenas(0) is False


def test_trims_are_spaced_by_the_seconds(monkeypatch):
    calls = []
    monkeypatch.setattr(malloc_arenas, "trim", lambda: calls.append(1) or True)
    clock = iter([100.0, 100.4, 101.2, 101.3])
    monkeypatch.setattr(malloc_arenas.time, "monotonic", lambda: next(clock))
    trimmer = Trimmer(1.0)
    assert [trimmer.after_request() for _ in range(4)] == [True, False, True, False]
    assert len(calls) == 2
    assert Trimmer(0).after_request() is False and len(calls) == 2


def test_gunicorn_refuses_a_bad_setting_with_a_sentence_not_a_traceback():
    exe = Path(sys.executable).with_name("gunicorn")
    if not exe.exists():
        pytest.skip("gunicorn is not installed")
    env = dict(os.environ, JUDGE_MALLOC_ARENAS="many")
    done = subprocess.run([str(exe), "-c", str(ROOT / "gunicorn.conf.py"), "--check-config",
                           "wsgi:app"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode != 0
    assert "JUDGE_MALLOC_ARENAS='many': write a whole number" in done.stderr
    assert "Traceback" not in done.stderr
