"""Start-up benchmark: `judge` commands that need the corpus, beside `python -c pass`.

    .venv/bin/python bench/startup.py [--runs 5] [--json bench/out/startup.json]

Each command runs ``--runs`` times as a fresh process (the corpus cache and the index
already made by a first, unmeasured run); the figure is the median wall time, and the
goal is each within 10x the median of ``python -c pass`` measured in the same loop
(interleaved, so a busy machine slows both alike).  The first run of `judge show` with
an empty corpus cache is reported too (parsing every file: what the cache saves), and
how long `judge serve` takes to its first page with the index built (goal: 3 s), and
`scripts/serve` started again with no package index reachable (issue 28; goal: 10 s).
"""
from __future__ import annotations

import argparse
import json
import os
import resource
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
    # a kana typo: no title matches exactly, so the one-edit correction runs too
    "judge search ぐれいづ": [JUDGE, "search", "ぐれいづ"],
    "judge lint": [JUDGE, "lint"],
    "judge verify": [JUDGE, "verify"],
    "judge run (a Vision board)": [JUDGE, "run",
                                   "corpus/vision/scenarios/qa-337-restrictions.yaml"],
    "judge replay QA-337": [JUDGE, "replay", "QA-337"],
    "judge changes": [JUDGE, "changes", "--since", "2020-01-01"],
}


def wall(cmd: list[str], env: dict) -> float:
    return timed(cmd, env)[0]


def timed(cmd: list[str], env: dict) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one run: on a shared machine the CPU time is what
    the command itself cost, the wall time that plus waiting for a core."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    elapsed = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return elapsed, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def serve_first_page(env: dict, command: list[str] | None = None) -> tuple[float, float]:
    """Seconds from starting `judge serve` (index already built; or ``command`` with
    ``--port``) to its first page, and the CPU seconds its process used until then."""
    import http.client
    import signal
    import socket
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    t0 = time.perf_counter()
    proc = subprocess.Popen([*(command or [JUDGE, "serve"]), "--port", str(port)], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    try:
        while time.perf_counter() - t0 < 300:
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                conn.request("GET", "/")
                if conn.getresponse().status == 200:
                    return time.perf_counter() - t0, _cpu_seconds(proc.pid)
            except OSError:
                time.sleep(0.05)
        return float("inf"), float("inf")
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(15)


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a running process (Linux /proc)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


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
    cpus: dict[str, list[float]] = {k: [] for k in COMMANDS}
    for _ in range(args.runs):
        for name, cmd in COMMANDS.items():
            w, c = timed(cmd, env)
            times[name].append(w)
            cpus[name].append(c)
    serve = [serve_first_page(env) for _ in range(3)]
    serve_wall = statistics.median(w for w, _ in serve)
    # the README's `scripts/serve` started again at a venue: set up already, no package
    # index reachable (pip would fail: the start must not need it)
    offline = dict(env, PIP_CONFIG_FILE=os.devnull, PIP_NO_INDEX="1",
                   PIP_INDEX_URL="http://127.0.0.1:9/", PIP_FIND_LINKS=os.devnull)
    restart = statistics.median(w for w, _ in (
        serve_first_page(offline, [str(ROOT / "scripts" / "serve")]) for _ in range(3)))
    base = statistics.median(times["python -c pass"])
    base_cpu = statistics.median(cpus["python -c pass"]) or 1e-3
    figures = {"runs": args.runs, "python_pass_s": round(base, 3),
               "python_pass_cpu_s": round(base_cpu, 3),
               "show_without_cache_s": round(cold_show, 3),
               "serve_first_page_s": round(serve_wall, 2),
               "serve_first_page_cpu_s": round(statistics.median(c for _, c in serve), 2),
               "serve_first_page_goal_3s_met": serve_wall <= 3.0,
               "scripts_serve_restart_without_network_s": round(restart, 2),
               "scripts_serve_restart_goal_10s_met": restart <= 10.0,
               "load_average": os.getloadavg(), "commands": {}}
    for name, ts in times.items():
        med, cpu = statistics.median(ts), statistics.median(cpus[name])
        figures["commands"][name] = {"median_s": round(med, 3), "min_s": round(min(ts), 3),
                                     "over_python_pass": round(med / base, 1),
                                     "cpu_s": round(cpu, 3),
                                     "cpu_over_python_pass": round(cpu / base_cpu, 1),
                                     "goal_10x_met": med <= 10 * base}
    print(json.dumps(figures, indent=2, ensure_ascii=False))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(figures, indent=2, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
