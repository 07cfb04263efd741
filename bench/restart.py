"""A worker retired by ``max_requests`` (issue 27: "a worker restart answering within
1 s at 100,000 entries"), the way gunicorn really retires one, against the trivial
worker retired the same way in the same run.

    .venv/bin/python bench/restart.py [--sizes 0,100000] [--retirements 8] [--json F]

``bench/workers.py`` stops its worker with SIGTERM, which a gthread worker notices only
when its poll of up to a second ends: that figure is gunicorn's graceful stop more than
judge's start.  Here one gunicorn worker (gunicorn.conf.py's settings, the app
preloaded) runs with ``--max-requests N`` and no jitter, and one client asks new search
pages one after the other.  After every N-th answer the worker exits by itself, the
master forks a new one, and the next request waits in the listening socket's queue
until the new worker answers it: that request's time is what a judge at a one-worker
laptop waits, and what one of twenty workers costs the event while it restarts.

For each retirement: the time of the request the new worker answered first, and, for
comparison, the median of the requests before it.  The corpus sizes are
``bench/workers.py``'s (``--work`` holds the generated corpora and their indexes).
"""
from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent))

from load import SEARCHES  # noqa: E402
from serving import ROOT, finish, gunicorn, parser, pct, request  # noqa: E402
from workers import corpus_for, load  # noqa: E402


def retirements(port: int, paths, count: int, log: Path) -> dict:
    """Ask ``paths`` in turn (each once) until ``count`` workers have followed the first:
    the time of the first request each new worker answered (gunicorn's access log names
    the process that answered each request), the other requests' median, the errors."""
    times, errors = {}, 0
    started = time.perf_counter()
    for path in paths:
        t0 = time.perf_counter()
        status, _ = request(port, "GET", path, timeout=120)
        times[path] = (time.perf_counter() - t0) * 1000
        errors += status != 200
        if len(answered_by(log, times)) > count or time.perf_counter() - started > 600:
            break
    by_worker = answered_by(log, times)
    firsts = [times[ps[0]] for ps in list(by_worker.values())[1:count + 1]]
    others = [ms for p, ms in times.items() if p not in {ps[0] for ps in by_worker.values()}]
    return {"retirements": len(firsts),
            "requests_by_worker": [len(ps) for ps in by_worker.values()],
            "first_answer_after_retirement_ms": [round(w, 1) for w in firsts],
            "p50_ms": round(statistics.median(firsts), 1) if firsts else None,
            "max_ms": round(max(firsts), 1) if firsts else None,
            "other_requests_p50_ms": round(pct(others, 50), 1),
            "errors": errors, "load_average": load()}


def answered_by(log: Path, asked: dict) -> dict[str, list[str]]:
    """The paths each worker answered, in the order the workers came (the access log's
    lines: ``<pid> <path>``), of the paths ``asked``."""
    out: dict[str, list[str]] = {}
    for line in log.read_text(encoding="utf-8", errors="replace").splitlines():
        pid, _, path = line.partition(" ")
        if path in asked:
            out.setdefault(pid, []).append(path)
    return out


def measure(app: str, env: dict, paths: list[str], args, ready: str) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "access.log"
        with gunicorn(["--workers", "1", "--log-level", "warning", "--limit-request-line",
                       "16384", "--max-requests", str(args.every),
                       "--max-requests-jitter", "0", "--access-logfile", str(log),
                       "--access-logformat", "%(p)s %(U)s?%(q)s", app],
                      env=env, ready=ready, limit=900) as (_proc, port, _up):
            out = retirements(port, paths, args.retirements, log)
    return {"every": args.every, **out}


def main(argv=None) -> int:
    ap = parser(__doc__)
    ap.add_argument("--sizes", default="0,100000",
                    help="corpus sizes, comma-separated (0: the real corpus)")
    ap.add_argument("--every", type=int, default=40, help="max_requests of the worker")
    ap.add_argument("--retirements", type=int, default=8)
    ap.add_argument("--work", type=Path, default=Path("/tmp/judge-bench"),
                    help="where bench/workers.py keeps the generated corpora and indexes")
    args = ap.parse_args(argv)
    figures: dict = {"machine": {"cpus": os.cpu_count(), "load_average_start": load()},
                     "sizes": []}
    for size in (int(s) for s in args.sizes.split(",") if s.strip()):
        _corpus, env = corpus_for(size, args.work)
        # a new address each time (past the kept pages), so every page is searched
        paths = ["/search?" + urlencode({"q": q, "stay": 1, "_": f"r{i}"})
                 for i in range(1000) for q in SEARCHES]
        out = measure("wsgi:app", env, paths, args, "/api/")
        out["size"] = size or "real"
        figures["sizes"].append(out)
        print(json.dumps(out, ensure_ascii=False), flush=True)
    env = dict(os.environ, PYTHONPATH=f"{ROOT}:{ROOT / 'bench'}")
    figures["trivial"] = measure("trivial_app:app", env,
                                 [f"/?bytes=20000&_={i}" for i in range(100_000)], args, "/")
    print(json.dumps(figures["trivial"], ensure_ascii=False), flush=True)
    figures["goals"] = {f"first answer after a retirement at {s['size']}, max ms <= 1000":
                        s["max_ms"] for s in figures["sizes"]}
    return finish(figures, args.json)


if __name__ == "__main__":
    sys.exit(main())
