"""Web benchmark against its peer: one client, the app's pages beside a trivial Flask page.

    .venv/bin/python bench/web.py [--seconds 8] [--json bench/out/web.json]

Starts ``gunicorn wsgi:app`` and ``gunicorn trivial_app:app`` (bench/trivial_app.py, a
page of a given size) on 127.0.0.1 with the same worker settings, and with ONE client
(one request at a time, a new connection each; gunicorn.conf.py's gthread workers)
measures requests/s and p95 of: search pages, entry pages, the same searches at new
addresses (past the per-worker cache of results pages), and the board's run (POST
/board with a scenario; again with boards never run before); and of the trivial page at the same sizes (each kind of page
beside trivial pages of the sizes its pages had, in the same order).  The ratios to the
trivial page of the same size are the goals (search and entry >= 0.6x, the board's run
>= 0.3x, its page under 40 KB); the ratios to the trivial page of a search page's size
(one peer for every kind, as earlier runs reported) are written too.  Also: how long `judge serve`'s app takes to its first page with the
index already built, and each worker's memory (RSS), for sizing (docs/scaling.md).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import quote, urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent))

from load import ENTRIES, SEARCHES  # noqa: E402
from serving import ROOT, gunicorn, parser, pct, request, write_json  # noqa: E402

BOARD = ROOT / "corpus" / "vision" / "scenarios" / "qa-337-restrictions.yaml"


def start(app: str, workers: int, env: dict):
    """gunicorn serving ``app``: (process, port, seconds until its first page)."""
    return gunicorn(["--workers", str(workers), "--log-level", "warning",
                     "--limit-request-line", "16384", app], env=env, limit=600)


def offline_ready(port: int, limit: float = 900.0) -> float:
    """Wait until the offline files (the search bundle and every entry page, which a
    worker builds or reads in a background thread after its first request) are on disk,
    and return the seconds waited: measured before, the pages would compete with that
    thread for the interpreter, and the figures would be of a worker still starting.
    The files are watched, not requested: a request would hold a worker for minutes."""
    t0 = time.perf_counter()
    info = json.loads(request(port, "GET", "/offline/version.json")[1])
    folder = Path(os.environ.get("JUDGE_INDEX_DIR") or ROOT / ".index") / "offline"
    wanted = [folder / f"search-{info['bundle_version']}.js.gz",
              folder / f"pages-{info['pages_version']}.json.gz"]
    while not all(p.exists() for p in wanted) and time.perf_counter() - t0 < limit:
        time.sleep(1.0)
    time.sleep(3.0)                      # the other workers read them once they are there
    return time.perf_counter() - t0


def worker_rss_mb(proc: subprocess.Popen) -> list[float]:
    """The resident memory of each gunicorn worker (children of the master)."""
    out = []
    try:
        kids = Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split()
    except OSError:
        return out
    for pid in kids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    out.append(round(int(line.split()[1]) / 1024, 1))
        except OSError:
            pass
    return out


def sizes(port: int, calls: list[tuple[str, str, bytes | None, dict]]) -> list[int]:
    """The size of each call's page, in order."""
    return [len(request(port, method, path, body, headers)[1])
            for method, path, body, headers in calls]


def measure(port: int, calls: list[tuple[str, str, bytes | None, dict]], seconds: float,
            warm: bool = True) -> dict:
    """One client, round-robin over ``calls`` for ``seconds``: req/s, p50, p95, sizes."""
    lat, sizes, errors, n = [], [], 0, 0
    for _ in range(4 if warm else 0):   # every page on every worker (caches are per worker)
        for method, path, body, headers in calls:
            request(port, method, path, body, headers)
    t_end = time.perf_counter() + seconds
    started = time.perf_counter()
    while time.perf_counter() < t_end:
        method, path, body, headers = calls[n % len(calls)]
        t0 = time.perf_counter()
        status, data = request(port, method, path, body, headers)
        lat.append((time.perf_counter() - t0) * 1000)
        sizes.append(len(data))
        errors += status != 200
        n += 1
    elapsed = time.perf_counter() - started
    return {"requests": n, "rps": round(n / elapsed, 1), "p50_ms": round(pct(lat, 50), 1),
            "p95_ms": round(pct(lat, 95), 1), "errors": errors,
            "bytes_mean": round(sum(sizes) / len(sizes)) if sizes else 0,
            "bytes_max": max(sizes) if sizes else 0}


def main(argv=None) -> int:
    ap = parser(__doc__)
    ap.add_argument("--seconds", type=float, default=8.0, help="seconds per kind of page")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args(argv)
    env = dict(os.environ, PYTHONPATH=f"{ROOT}:{ROOT / 'bench'}")
    searches = [("GET", "/search?" + urlencode({"q": q, "stay": 1}), None, {}) for q in SEARCHES]
    entries = [("GET", "/entry/" + quote(e.partition("?")[0], safe="/")
                + (f"?{e.partition('?')[2]}" if "?" in e else ""), None, {}) for e in ENTRIES]
    board = [("POST", "/board", urlencode({"yaml": BOARD.read_text(encoding="utf-8")}).encode(),
              {"Content-Type": "application/x-www-form-urlencoded"})]

    with start("wsgi:app", args.workers, env) as (app, port, first_page):
        figures = {"first_page_s": round(first_page, 2),
                   "offline_files_ready_s": round(offline_ready(port), 1)}
        search_size = len(request(port, *searches[0][:2])[1])
        page_sizes = {"search": sizes(port, searches), "entry": sizes(port, entries),
                      "board_run": sizes(port, board)}
        page_sizes["search_first_time"] = page_sizes["search"]
        page_sizes["board_run_first_time"] = page_sizes["board_run"]
        figures["search"] = measure(port, searches, args.seconds)
        # The same searches at addresses never asked before (an extra `_` argument the
        # app ignores): what a query costs the first time, past the kept results pages.
        fresh = [("GET", f"{path}&_={i}", None, {}) for i in range(400)
                 for _m, path, _b, _h in searches]
        figures["search_first_time"] = measure(port, fresh, args.seconds, warm=False)
        figures["entry"] = measure(port, entries, args.seconds)
        figures["board_run"] = measure(port, board, args.seconds)
        # A board never run before (a comment line the engine ignores makes each one
        # new): what a judge's changed board costs, past the kept pages of runs.
        text = BOARD.read_text(encoding="utf-8")
        new_boards = [("POST", "/board", urlencode({"yaml": f"{text}# {i}\n"}).encode(),
                       board[0][3]) for i in range(4000)]
        figures["board_run_first_time"] = measure(port, new_boards, args.seconds, warm=False)
        figures["worker_rss_mb"] = worker_rss_mb(app)
    with start("trivial_app:app", args.workers,
               dict(env, TRIVIAL_BYTES=str(search_size))) as (trivial, tport, _):
        figures["trivial"] = measure(tport, [("GET", "/", None, {})], args.seconds)
        figures["trivial_same_size"] = {
            kind: measure(tport, [("GET", f"/?bytes={n}", None, {}) for n in page_sizes[kind]],
                          args.seconds)
            for kind in ("search", "entry", "board_run")}
        figures["trivial_same_size"]["search_first_time"] = \
            figures["trivial_same_size"]["search"]
        figures["trivial_same_size"]["board_run_first_time"] = \
            figures["trivial_same_size"]["board_run"]
        figures["trivial_worker_rss_mb"] = worker_rss_mb(trivial)
    base = figures["trivial"]["rps"] or 1
    kinds = ("search", "search_first_time", "entry", "board_run", "board_run_first_time")
    figures["ratios"] = {k: round(figures[k]["rps"] / (figures["trivial_same_size"][k]["rps"]
                                                      or 1), 2) for k in kinds}
    figures["ratios_to_search_sized_page"] = {k: round(figures[k]["rps"] / base, 2)
                                              for k in kinds}
    figures["load_average"] = os.getloadavg()
    figures["goals"] = {
        "search >= 0.6x trivial, p95 <= 30 ms": figures["ratios"]["search"] >= 0.6
        and figures["search"]["p95_ms"] <= 30,
        "entry >= 0.6x trivial, p95 <= 30 ms": figures["ratios"]["entry"] >= 0.6
        and figures["entry"]["p95_ms"] <= 30,
        "board run >= 0.3x trivial": figures["ratios"]["board_run"] >= 0.3,
        "board run page < 40 KB": figures["board_run"]["bytes_max"] < 40_000,
        "first page <= 3 s with the index built": figures["first_page_s"] <= 3.0}
    print(json.dumps(figures, indent=2))
    write_json(args.json, figures)
    return 0


if __name__ == "__main__":
    sys.exit(main())
