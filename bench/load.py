"""Load check of the web app: gunicorn on loopback, a bounded load on search and entry pages.

    .venv/bin/python bench/load.py                       # 20 s, 8 client threads, 2 workers
    .venv/bin/python bench/load.py --duration 10 --threads 4 --workers 2 --max-requests 5000

Starts ``gunicorn wsgi:app`` on 127.0.0.1 (a free port), waits until it answers, then
runs client threads (Python, http.client, one connection per request) over a fixed mix of search queries and entry pages — half each —
until ``--duration`` seconds or ``--max-requests`` requests, whichever comes first.
Reports requests/s, p50/p95/p99 latency and errors (any status but 200, or a failed
connection), per kind and overall; ``--json FILE`` writes the figures.  The client runs
on the same machine as the server, so the figures are a floor, not a capacity.  This is
a benchmark, not a test: nothing here is asserted, except that the server came up.
"""
from __future__ import annotations

import os
import platform
import random
import statistics
import sys
import threading
import time
from pathlib import Path
from urllib.parse import quote, urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent))

from serving import gunicorn, parser, pct, request, write_json  # noqa: E402

SEARCHES = ["グレイズ", "ぐれいず", "プレイ", "ダメージ計算", "融合", "マナ", "攻撃", "デッキ",
            '"プレイしたものとして解決"', "制限を無視", "墓地", "結界", "貫通", "ブレイクゾーン",
            "QA-337", "6.5.3.b", "No.075"]
ENTRIES = ["vision/qa/QA-337", "vision/qa/QA-337?rev=1", "vision/rule/6.5",
           "vision/rule/6.5?rev=1", "vision/term/グレイズ", "vision/term/プレイ",
           "vision/qa/QA-346", "vision/card/N75", "yugioh/rule/damage-calculation",
           "yugioh/rule/fusion", "gemchronicle/rule/battle-phase", "gemchronicle/rule/combat"]


def paths() -> list[tuple[str, str]]:
    """The request mix: (kind, path)."""
    out = [("search", "/search?" + urlencode({"q": q, "stay": 1})) for q in SEARCHES]
    for e in ENTRIES:
        base, _, query = e.partition("?")
        out.append(("entry", "/entry/" + quote(base, safe="/") + (f"?{query}" if query else "")))
    return out


def fetch(port: int, path: str) -> int:
    return request(port, "GET", path, timeout=30.0)[0]


def run_load(port: int, threads: int, duration: float, max_requests: int, seed: int):
    mix = paths()
    results: list[tuple[str, float, int]] = []
    lock = threading.Lock()
    counter = [0]
    stop_at = time.monotonic() + duration

    def worker(n: int) -> None:
        rng = random.Random(seed + n)
        local = []
        while time.monotonic() < stop_at:
            with lock:
                if counter[0] >= max_requests:
                    break
                counter[0] += 1
            kind, path = rng.choice(mix)
            t0 = time.perf_counter()
            try:
                status = fetch(port, path)
            except OSError:
                status = 0
            local.append((kind, (time.perf_counter() - t0) * 1000, status))
        with lock:
            results.extend(local)

    started = time.monotonic()
    pool = [threading.Thread(target=worker, args=(i,)) for i in range(threads)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    return results, time.monotonic() - started


def summarise(results, elapsed: float) -> dict:
    out = {}
    for kind in ("search", "entry", "all"):
        rows = [r for r in results if kind == "all" or r[0] == kind]
        lat = [r[1] for r in rows]
        out[kind] = {
            "requests": len(rows), "errors": sum(1 for r in rows if r[2] != 200),
            "rps": round(len(rows) / elapsed, 1) if elapsed else 0.0,
            "p50_ms": round(pct(lat, 50), 1), "p95_ms": round(pct(lat, 95), 1),
            "p99_ms": round(pct(lat, 99), 1), "max_ms": round(max(lat), 1) if lat else 0.0,
            "mean_ms": round(statistics.fmean(lat), 1) if lat else 0.0,
        }
    return out


def main(argv=None) -> int:
    ap = parser(__doc__)
    ap.add_argument("--duration", type=float, default=20.0, help="seconds of load (max 300)")
    ap.add_argument("--threads", type=int, default=8, help="client threads (max 64)")
    ap.add_argument("--workers", type=int, default=2, help="gunicorn worker processes")
    ap.add_argument("--max-requests", type=int, default=20000, help="stop after this many")
    ap.add_argument("--warmup", type=int, default=60, help="requests before measuring")
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args(argv)
    duration = min(max(args.duration, 1.0), 300.0)
    threads = min(max(args.threads, 1), 64)

    with gunicorn(["--workers", str(args.workers), "--log-level", "warning",
                   "--limit-request-line", "16384", "wsgi:app"],
                  ready="/entry/vision/qa/QA-337", poll=0.5) as (_proc, port, ready):
        run_load(port, min(threads, 4), 60.0, args.warmup, args.seed + 1000)   # warm caches
        results, elapsed = run_load(port, threads, duration, args.max_requests, args.seed)

    figures = summarise(results, elapsed)
    meta = {"duration_s": round(elapsed, 1), "client_threads": threads,
            "gunicorn_workers": args.workers, "startup_s": round(ready, 1),
            "cpus": os.cpu_count(), "python": platform.python_version(),
            "machine": platform.machine(), "mix": "half search pages, half entry pages"}
    print(f"gunicorn {args.workers} workers on 127.0.0.1:{port} (ready in {ready:.1f} s); "
          f"{threads} client threads for {elapsed:.1f} s on {os.cpu_count()} CPUs")
    print(f"{'kind':<8}{'requests':>10}{'req/s':>9}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}"
          f"{'max ms':>9}{'errors':>8}")
    for kind, f in figures.items():
        print(f"{kind:<8}{f['requests']:>10}{f['rps']:>9}{f['p50_ms']:>9}{f['p95_ms']:>9}"
              f"{f['p99_ms']:>9}{f['max_ms']:>9}{f['errors']:>8}")
    write_json(args.json, {"meta": meta, "figures": figures})
    return 1 if figures["all"]["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
