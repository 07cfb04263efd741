"""No dead code in judge/: vulture finds none beyond tests/vulture_whitelist.py."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_vulture_finds_no_dead_code():
    run = subprocess.run([sys.executable, "-m", "vulture", "judge",
                          "tests/vulture_whitelist.py", "--min-confidence", "60"],
                         cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, "dead code (or add a true false positive to " \
                                "tests/vulture_whitelist.py):\n" + run.stdout + run.stderr
