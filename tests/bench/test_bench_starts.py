"""Every benchmark at least starts: its imports resolve and its command line parses.

Nothing is measured here (no timed tests): ``--help`` runs each script's imports and
builds its argument parser, which is where they broke before (bench/soak.py imported
bench/web.py in place of the tests' ``web`` package and died before measuring).
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
# A script is what has a ``__main__`` block; bench/trivial_app.py is an app gunicorn serves.
SCRIPTS = sorted(p.name for p in BENCH.glob("*.py")
                 if 'if __name__ == "__main__":' in p.read_text(encoding="utf-8"))


def test_the_scripts_are_found():
    assert {"search.py", "startup.py", "engine.py", "web.py", "load.py", "soak.py",
            "record_load.py"} <= set(SCRIPTS)


@pytest.mark.parametrize("script", SCRIPTS)
def test_help_exits_0(script):
    # From another folder, as bench/run's callers might: the scripts find their own paths.
    done = subprocess.run([sys.executable, str(BENCH / script), "--help"], cwd=BENCH.parent.parent,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage:"), done.stdout[:200]
    assert f"{script}" in done.stdout.splitlines()[0]


def test_bench_run_help_runs_nothing():
    done = subprocess.run(["bash", str(BENCH / "run"), "--help"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "bench/run --full" in done.stdout
    assert "==" not in done.stdout          # no benchmark started
