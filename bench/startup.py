"""Start-up benchmark: `judge` commands that need the corpus, beside `python -c pass`.

    .venv/bin/python bench/startup.py [--runs 5] [--json bench/out/startup.json]

Each command runs ``--runs`` times as a fresh process (the corpus cache and the index
already made by a first, unmeasured run); the figure is the median wall time, and the
goal is each within 10x the median of ``python -c pass`` measured in the same loop
(interleaved, so a busy machine slows both alike).  The first run of `judge show` with
an empty corpus cache is reported too (parsing every file: what the cache saves), and
how long `judge serve` takes to its first page with the index built (goal: 3 s).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
JUDGE = str(Path(sys.executable).with_name("judge"))
COMMANDS = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "judge show QA-337": [JUDGE, "show", "ＱＡ－３３７"],
    "judge search グレイズ": [JUDGE, "search", "グレイズ"],
    "judge lint": [JUDGE, "lint"],
    "judge verify": [JUDGE, "verify"],
}


def wall(cmd: list[str], env: dict) -> float:
    t0 = time.perf_counter()
    subprocess.run(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t0


def serve_first_page(env: dict) -> float:
    """Seconds from starting `judge serve` (index already built) to its first page."""
    import http.client
    import signal
    import socket
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    t0 = time.perf_counter()
    proc = subprocess.Popen([JUDGE, "serve", "--port", str(port)], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    try:
        while time.perf_counter() - t0 < 300:
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                conn.request("GET", "/")
                if conn.getresponse().status == 200:
                    return time.perf_counter() - t0
            except OSError:
                time.sleep(0.05)
        return float("inf")
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(15)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    env = dict(os.environ)
    # a deployed install keeps its compiled modules; this sandbox's PYTHONDONTWRITEBYTECODE
    # would make every run compile the package again
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    with tempfile.TemporaryDirectory() as empty:
        cold_show = wall(COMMANDS["judge show QA-337"], dict(env, JUDGE_CACHE_DIR=empty))
    for cmd in COMMANDS.values():                     # make the caches and the index
        wall(cmd, env)
    times: dict[str, list[float]] = {k: [] for k in COMMANDS}
    for _ in range(args.runs):
        for name, cmd in COMMANDS.items():
            times[name].append(wall(cmd, env))
    serve = [serve_first_page(env) for _ in range(3)]
    base = statistics.median(times["python -c pass"])
    figures = {"runs": args.runs, "python_pass_s": round(base, 3),
               "show_without_cache_s": round(cold_show, 3),
               "serve_first_page_s": round(statistics.median(serve), 2),
               "serve_first_page_goal_3s_met": statistics.median(serve) <= 3.0,
               "commands": {}}
    for name, ts in times.items():
        med = statistics.median(ts)
        figures["commands"][name] = {"median_s": round(med, 3), "min_s": round(min(ts), 3),
                                     "over_python_pass": round(med / base, 1),
                                     "goal_10x_met": med <= 10 * base}
    print(json.dumps(figures, indent=2, ensure_ascii=False))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(figures, indent=2, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
