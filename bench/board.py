"""Boards never run before against a trivial page of the same size, in the same run (issue 27).

    .venv/bin/python bench/board.py [--seconds 8] [--rounds 2] [--json F]

Starts ``gunicorn wsgi:app`` (real corpus, ONE worker, gunicorn.conf.py's gthread
settings, the app preloaded; no restart by ``max_requests`` during a run) and ``gunicorn
trivial_app:app`` the same way, and with one client (one request at a time, a new
connection each) measures requests/s, p50 and p95 of:

- ``board_new``: POST /board of the QA-337 board, each with a different comment line (a
  text the worker never saw: past its kept pages);
- ``permalink_new``: GET /board?s=… of the same boards (the head judge opening a link);
- ``corpus_boards``: POST /board of every scenario of the corpus in turn, each new the
  same way (207 different boards of three games: different runs, steps and pictures);

and the trivial page at each kind's mean size.  Rounds alternate app and peer, so a
machine shared with other work slows both alike; each figure carries the load average.
To compare with an earlier commit on the same machine, copy this script into a checkout
of it (``git archive``) and run it there with ``JUDGE_INDEX_DIR`` and ``JUDGE_CACHE_DIR``
naming this checkout's folders (the same corpus: nothing to build).
The goal: each kind >= 0.3x the trivial page of its size (``ratios``, requests/s; the
same ratio of the workers' CPU time per request is ``cpu_ratios``).
"""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent))

from serving import ROOT, client, gunicorn, machine, parser, pct, write_json  # noqa: E402

BOARD = ROOT / "corpus" / "vision" / "scenarios" / "qa-337-restrictions.yaml"
FORM = {"Content-Type": "application/x-www-form-urlencoded"}


def calls(n: int, salt: str) -> dict[str, list]:
    """Every kind's requests, each board new (a comment line the engine ignores)."""
    sys.path.insert(0, str(ROOT))
    from judge.app import permalink
    text = BOARD.read_text(encoding="utf-8")
    scenarios = [p.read_text(encoding="utf-8")
                 for p in sorted((ROOT / "corpus").glob("*/scenarios/*.yaml"))]
    return {
        "board_new": [("POST", "/board", urlencode({"yaml": f"{text}# {salt} {i}\n"}).encode(),
                       FORM) for i in range(n)],
        "permalink_new": [("GET", "/board?s=" + permalink.encode(f"{text}# {salt} {i}\n"),
                           None, {}) for i in range(n)],
        "corpus_boards": [("POST", "/board", urlencode(
            {"yaml": f"{scenarios[i % len(scenarios)]}# {salt} {i}\n"}).encode(), FORM)
            for i in range(n)],
    }


def cpu_seconds(master) -> float:
    """The CPU time (user + system) the master's workers have used so far."""
    total = 0
    try:
        kids = Path(f"/proc/{master.pid}/task/{master.pid}/children").read_text().split()
    except OSError:
        return 0.0
    for pid in kids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        except (OSError, IndexError, ValueError):
            pass
    return total / os.sysconf("SC_CLK_TCK")


def measure(port: int, todo: list, seconds: float, master=None) -> dict:
    """One client through ``todo`` for ``seconds``: req/s, p50, p95, sizes, errors, and
    the worker's CPU time per request (what the page costs the server, which a machine
    shared with other work disturbs less than the wall clock)."""
    cpu0 = cpu_seconds(master) if master else 0.0
    run = client(port, todo, seconds)
    lat, sizes, errors, elapsed = run["lat"], run["sizes"], run["errors"], run["elapsed"]
    cpu = (cpu_seconds(master) - cpu0) if master else 0.0
    return {"requests": len(lat), "rps": round(len(lat) / elapsed, 1),
            "server_cpu_ms": round(cpu * 1000 / max(1, len(lat)), 3),
            "p50_ms": round(pct(lat, 50), 2), "p95_ms": round(pct(lat, 95), 2),
            "errors": errors, "bytes_mean": round(sum(sizes) / max(1, len(sizes))),
            "load_average": round(os.getloadavg()[0], 1)}


def main(argv=None) -> int:
    ap = parser(__doc__)
    ap.add_argument("--seconds", type=float, default=8.0, help="seconds per kind and round")
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args(argv)
    env = dict(os.environ, PYTHONPATH=f"{ROOT}:{ROOT / 'bench'}",
               JUDGE_CORPUS=str(ROOT / "corpus"), JUDGE_ACCESS_LOG="/dev/null")
    figures: dict = {"machine": machine(), "rounds": []}
    per_round = int(args.seconds * 2000)
    sizes: dict[str, int] = {}
    for r in range(args.rounds):
        todo = calls(per_round, f"{time.time_ns()}-{r}")
        out: dict = {}
        with gunicorn(["--workers", "1", "--max-requests", "0", "--log-level", "warning",
                       "--limit-request-line", "16384", "wsgi:app"],
                      env=env, ready="/api/", limit=900) as (app, port, _):
            for kind, reqs in todo.items():
                out[kind] = measure(port, reqs, args.seconds, app)
                sizes[kind] = out[kind]["bytes_mean"]
        with gunicorn(["--workers", "1", "--max-requests", "0", "--log-level", "warning",
                       "trivial_app:app"], env=env, ready="/") as (peer, tport, _):
            out["trivial"] = {kind: measure(tport, [("GET", f"/?bytes={size}", None, {})]
                                            * 1_000_000, args.seconds, peer)
                              for kind, size in sizes.items()}
        out["ratios"] = {kind: round(out[kind]["rps"] / (out["trivial"][kind]["rps"] or 1), 3)
                         for kind in sizes}
        # the same ratio from the workers' CPU time per request (trivial's over the app's)
        out["cpu_ratios"] = {kind: round(out["trivial"][kind]["server_cpu_ms"]
                                         / (out[kind]["server_cpu_ms"] or 1), 3)
                             for kind in sizes}
        print(f"round {r + 1}: " + ", ".join(
            f"{k} {out[k]['rps']} req/s p95 {out[k]['p95_ms']} ms cpu {out[k]['server_cpu_ms']}"
            f" ms ({out['ratios'][k]}x trivial {out['trivial'][k]['rps']}; cpu "
            f"{out['trivial'][k]['server_cpu_ms']} ms, {out['cpu_ratios'][k]}x)" for k in sizes)
            + f"; load {os.getloadavg()[0]:.1f}", flush=True)
        figures["rounds"].append(out)
    figures["machine"]["load_average_end"] = os.getloadavg()
    figures["goal"] = "each kind >= 0.3x the trivial page of its size"
    write_json(args.json, figures)
    return 0


if __name__ == "__main__":
    sys.exit(main())
