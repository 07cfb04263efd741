"""bench/restart.py tells the request a new worker answered first by gunicorn's access
log: run against the trivial app with a worker retired every 3 requests, it must see
each retirement and each worker's requests (nothing is timed here)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench"


def test_the_restart_bench_sees_each_worker_gunicorn_retired(tmp_path):
    out = tmp_path / "restart.json"
    done = subprocess.run([sys.executable, str(BENCH / "restart.py"), "--sizes", "",
                           "--every", "3", "--retirements", "2", "--json", str(out)],
                          cwd=BENCH.parent, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    trivial = json.loads(out.read_text())["trivial"]
    assert trivial["retirements"] == 2 and trivial["errors"] == 0
    assert len(trivial["first_answer_after_retirement_ms"]) == 2
    # the first worker answered the ready check too; the one in the middle at least 3 of
    # the bench's requests (one more when gunicorn's gthread loop had taken the next
    # connection before it saw it was done); the last one the request the bench stopped
    # at, or a few more when the log's line came after the answer
    first, middle, last = trivial["requests_by_worker"]
    assert 1 <= first and middle >= 3 and last >= 1
