"""A serving worker at the real corpus, 10,000 and 100,000 entries, against a trivial
worker in the same run (issue 27): what one worker holds and what its pages cost as the
corpus grows.

    .venv/bin/python bench/workers.py [--sizes 0,10000,100000] [--seconds 6] [--json F]

(``JUDGE_BENCH_PORTS=8600-8699`` keeps its servers to a range of loopback ports, for a
machine shared with other runs.)

For each size (0: the real corpus; others: ``bench/corpus_files.py``'s generated corpus
under ``--work``, written and indexed first if missing) ``judge index`` is run, then
``gunicorn wsgi:app`` with ONE worker (gunicorn.conf.py's settings: gthread, the app
preloaded) in a fresh process, and with one client:

- the first search after the worker started (cold) and new search pages (each query at
  an address never asked before: past the kept pages), p50/p95 and requests/s;
- entries opened for the first time (each a different entry), p50/p95;
- boards never run before (POST /board, a comment making each new), requests/s;
- the worker's memory from ``/proc/<pid>/smaps_rollup`` after all that
  (``worker_memory_before_day``), and again after a judges' day of searches (every
  keyword and question of the relevance sets once: its caches as full as a
  long-running worker's; ``worker_memory``): RSS, PSS and USS (private clean + dirty:
  what the worker alone holds), and the master's.  The USS is split
  (``uss_anon_mb``, ``uss_file_mb``): the worker's own memory (the heap, numpy's and
  malloc's mappings, pages written since the fork), and pages of files it has mapped
  that no other process maps (the postings files, read in place: the page cache's
  pages, which the kernel takes back under pressure and which a second worker reading
  them shares), with the files holding most of them (``uss_file_top``);
- the same day served by TWO workers of one master, each in turn, the other paused
  (SIGSTOP: it accepts nothing meanwhile, so each serves the whole day), then both
  workers' memory (``two_workers``): what one more worker adds, as an organiser
  running several sees it;
- a worker restart: SIGTERM to the worker, then a new search; seconds until it answers.

The peer, ``bench/trivial_app.py`` under the same gunicorn settings, is measured in
turn: each new page of each kind is followed by the trivial page of its size from a
trivial worker running beside the app's (``in_turn``; the ``ratios``), so that both
see the same moments of a shared machine.  It is also measured once after every size,
as before (``ratios_peer_measured_after``), with its worker's memory and restart.
Each figure is written with the load average of the machine when it was taken.
"""
from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import quote, urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent))

from load import SEARCHES  # noqa: E402
from serving import ROOT, client, finish, gunicorn, parser, pct, request  # noqa: E402

BOARD = ROOT / "corpus" / "vision" / "scenarios" / "qa-337-restrictions.yaml"
JUDGE = Path(sys.executable).with_name("judge")


def load() -> float:
    """The one-minute load average (the machine is shared: say how busy it was)."""
    return round(os.getloadavg()[0], 1)


def memory(pid: int) -> dict:
    """RSS, PSS and USS (private clean + private dirty) of a process, MB; the USS split
    into its anonymous memory and the private pages of files it maps (see the module's
    docstring), with the three files holding most of the latter."""
    fields = {}
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
            name, _, rest = line.partition(":")
            fields[name.strip()] = int(rest.split()[0]) / 1024
        files = file_private(Path(f"/proc/{pid}/smaps").read_text())
    except OSError:
        return {}
    uss = fields.get("Private_Clean", 0) + fields.get("Private_Dirty", 0)
    in_files = sum(files.values())
    top = sorted(files.items(), key=lambda kv: -kv[1])[:3]
    return {"rss_mb": round(fields.get("Rss", 0), 1), "pss_mb": round(fields.get("Pss", 0), 1),
            "uss_mb": round(uss, 1), "uss_anon_mb": round(uss - in_files, 1),
            "uss_file_mb": round(in_files, 1),
            "uss_file_top": {name: round(mb, 1) for name, mb in top if mb >= 0.1}}


def file_private(smaps: str) -> dict[str, float]:
    """Per file a process maps, the MB of its pages mapped by no other process
    (``Private_Clean`` of the file's mappings: the pages read from it; a private
    mapping's written pages, ``Private_Dirty``, are anonymous memory, a library's
    relocated data, and are not counted here)."""
    out: dict[str, float] = {}
    name = None
    for line in smaps.splitlines():
        head = line.split(None, 5)
        if head and "-" in head[0] and not head[0].endswith(":"):
            path = head[5].strip() if len(head) > 5 else ""
            # a file's mapping has its path; anonymous ones none or a [name], and a
            # deleted file or shared memory (memfd, SysV) is no file on disk
            name = Path(path).name if path.startswith("/") and not path.startswith(
                ("/dev/", "/memfd:", "/SYSV")) and not path.endswith("(deleted)") else None
        elif name and head and head[0] == "Private_Clean:":
            out[name] = out.get(name, 0.0) + int(head[1]) / 1024
    return out


def workers(master: subprocess.Popen) -> list[int]:
    try:
        return [int(p) for p in
                Path(f"/proc/{master.pid}/task/{master.pid}/children").read_text().split()]
    except OSError:
        return []


def timed(port: int, calls: list, limit: float | None = None) -> dict:
    """Each call once, in order, one client (until ``limit`` seconds): latencies."""
    run = client(port, calls, limit or None)
    lat, sizes, errors, elapsed = run["lat"], run["sizes"], run["errors"], run["elapsed"]
    return {"requests": len(lat), "rps": round(len(lat) / elapsed, 1),
            "p50_ms": round(pct(lat, 50), 1), "p95_ms": round(pct(lat, 95), 1),
            "errors": errors, "bytes_mean": round(sum(sizes) / max(1, len(sizes))),
            "load_average": load()}


def in_turn(port: int, calls: list, peer_port: int, limit: float, block: float = 0.25) -> dict:
    """The calls, one client, in blocks of ``block`` seconds alternating with blocks of
    the trivial page of their size (to 64 bytes) from the trivial worker, until
    ``limit`` seconds of each: both see the same moments of a busy machine, and each
    block's requests/s counts what its worker does after an answer (a log line, a
    malloc trim) before the next one.  (Pairs of one page each billed that to the
    other side: a trivial worker against itself read 2.1x.)"""
    calls = iter(calls)
    mine = {"lat": [], "sizes": [], "errors": 0, "elapsed": 0.0}
    theirs = {"lat": [], "sizes": [], "errors": 0, "elapsed": 0.0}
    while mine["elapsed"] < limit:
        page = client(port, calls, block)
        if not page["lat"]:
            break
        trivial_size = round(sum(page["sizes"]) / len(page["sizes"]) / 64) * 64
        trivial = client(peer_port, [("GET", f"/?bytes={trivial_size}", None, {})] * 100_000,
                         block)
        for side, run in ((mine, page), (theirs, trivial)):
            side["lat"] += run["lat"]
            side["sizes"] += run["sizes"]
            side["errors"] += run["errors"]
            side["elapsed"] += run["elapsed"]
    rps = len(mine["lat"]) / max(mine["elapsed"], 1e-9)
    peer_rps = len(theirs["lat"]) / max(theirs["elapsed"], 1e-9)
    return {"requests": len(mine["lat"]), "rps": round(rps, 1),
            "p50_ms": round(pct(mine["lat"], 50), 1), "p95_ms": round(pct(mine["lat"], 95), 1),
            "trivial_rps": round(peer_rps, 1),
            "trivial_p50_ms": round(pct(theirs["lat"], 50), 2),
            "ratio": round(rps / max(peer_rps, 1e-9), 2),
            "errors": mine["errors"] + theirs["errors"],
            "bytes_mean": round(sum(mine["sizes"]) / max(1, len(mine["sizes"]))),
            "load_average": load()}


def restart(master: subprocess.Popen, port: int, path: str) -> dict:
    """SIGTERM to the (one) worker, as ``max_requests`` retires one: seconds until
    gunicorn has forked the new one (``forked_s``: gunicorn's own graceful stop and
    spawn), and from then until it answered a page (``answered_after_fork_s``)."""
    old = workers(master)
    t0 = time.perf_counter()
    for pid in old:
        os.kill(pid, signal.SIGTERM)
    while True:
        now = workers(master)
        if now and not set(now) & set(old):
            break
        if time.perf_counter() - t0 > 120:
            return {}
        time.sleep(0.005)
    t1 = time.perf_counter()
    status, _ = request(port, "GET", path, timeout=120)
    t2 = time.perf_counter()
    return {"forked_s": round(t1 - t0, 3), "answered_after_fork_s": round(t2 - t1, 3),
            "ok": status == 200, "load_average": load()}


def corpus_for(size: int, work: Path) -> tuple[Path, dict]:
    """The corpus folder of a size and the environment its worker reads (its own compiled
    corpus and index folders), with ``judge index`` run (without the offline files)."""
    import corpus_files
    folder = work / (f"s{size}" if size else "real")
    corpus = corpus_files.write(size, folder / "corpus") if size else ROOT / "corpus"
    env = dict(os.environ, JUDGE_CORPUS=str(corpus), JUDGE_CACHE_DIR=str(folder / "cache"),
               JUDGE_INDEX_DIR=str(folder / "index"),
               PYTHONPATH=f"{ROOT}:{ROOT / 'bench'}")
    t0 = time.perf_counter()
    subprocess.run([str(JUDGE), "--corpus", str(corpus), "index", "--no-offline"], env=env,
                   check=True, stdout=subprocess.DEVNULL)
    print(f"  judge index ({size or 'real'}): {time.perf_counter() - t0:.1f} s", flush=True)
    return corpus, env


def entry_ids(corpus: Path, n: int) -> list[str]:
    """``n`` entry ids of the corpus, at random (each opened once: first views)."""
    ids = [f"{p.parent.parent.name}/{p.parent.name}/{p.stem.replace('／', '/')}"
           for p in corpus.glob("*/*/*.md")]
    random.Random(27).shuffle(ids)
    return ids[:n]


def day_of_searches() -> list:
    """Every query of the relevance sets (tests/search: keywords and the question sets)
    as a new results page."""
    import yaml
    sets = [ROOT / "tests" / "search" / "relevance.yaml",
            *sorted((ROOT / "tests" / "search").glob("questions*.yaml"))]
    queries = [q["q"] for p in sets
               for q in yaml.safe_load(p.read_text(encoding="utf-8"))["queries"]]
    return [("GET", "/search?" + urlencode({"q": q, "stay": 1, "_": "day"}), None, {})
            for q in queries]


def serve(args, size: int, work: Path) -> dict:
    corpus, env = corpus_for(size, work)
    fresh = [("GET", "/search?" + urlencode({"q": q, "stay": 1, "_": i}), None, {})
             for i in range(300) for q in SEARCHES]
    entries = [("GET", "/entry/" + quote(i, safe="/"), None, {}) for i in entry_ids(corpus, 3000)]
    text = BOARD.read_text(encoding="utf-8")
    boards = [("POST", "/board", urlencode({"yaml": f"{text}# {size} {i}\n"}).encode(),
               {"Content-Type": "application/x-www-form-urlencoded"}) for i in range(3000)]
    out: dict = {"size": size or "real"}
    # --max-requests 0: the worker whose memory is read is the one that served every
    # page before it (gunicorn.conf.py retires a worker after about 5,000 requests, which
    # the real corpus's fast pages reach within a run: a reading then was of a fresh
    # worker, or of none); the restart below measures the retiring itself
    with gunicorn(["--workers", "1", "--log-level", "warning", "--limit-request-line",
                   "16384", "--max-requests", "0", "wsgi:app"], env=env, ready="/api/",
                  limit=900) as (app, port, up):
        out["first_answer_s"] = round(up, 2)
        first = timed(port, [("GET", "/search?" + urlencode({"q": "グレイズ 攻撃", "_": "cold"}),
                              None, {})])
        out["cold_search_ms"] = first["p50_ms"]
        out["search_first_time"] = timed(port, fresh, args.seconds)
        out["entry_first_time"] = timed(port, entries, args.seconds)
        out["board_first_time"] = timed(port, boards, args.seconds)
        # the same kinds of page again, new ones, each followed by the trivial page of
        # its size from a trivial worker beside it: the ratios in turn (the peer measured
        # after every size, as below, read 428-1,417 req/s in runs of one session)
        peer_env = dict(os.environ, PYTHONPATH=f"{ROOT}:{ROOT / 'bench'}")
        with gunicorn(["--workers", "1", "--log-level", "warning", "trivial_app:app"],
                      env=peer_env, ready="/") as (_peer, peer_port, _up):
            out["in_turn"] = {
                "search_first_time": in_turn(port, _renamed(fresh, "t"), peer_port,
                                             args.seconds),
                "entry_first_time": in_turn(port, entries[len(entries) // 2:], peer_port,
                                            args.seconds),
                "board_first_time": in_turn(port, _renamed(boards, "t"), peer_port,
                                            args.seconds)}
        (pid,) = workers(app)[:1] or (0,)
        out["worker_memory_before_day"] = {**memory(pid), "load_average": load()}
        # then a judges' day of searches: every question and keyword of the relevance
        # sets once, as pages, so that the worker's caches (the searcher's postings
        # first) are as full as a long-running worker's before its memory is read
        out["day_of_searches"] = timed(port, day_of_searches())
        out["worker_memory"] = {**memory(pid), "load_average": load()}
        # the same worker throughout, or the readings are not of a worker after a day
        out["same_worker"] = workers(app)[:1] == [pid]
        out["master_memory"] = memory(app.pid)
        out["restart"] = restart(app, port, "/search?q=" + quote("スペルカード") + "&_=restart")
    if args.two_workers:
        out["two_workers"] = two_workers(size, env)
    return out


def _renamed(calls: list, tag: str) -> list:
    """The calls made new again (a search's address, a board's comment marked ``tag``):
    pages the worker has not kept."""
    out = []
    for method, path, body, headers in calls:
        if body is not None:            # the comment on the board's last line
            head, _nl, tail = body.rpartition(b"%0A")
            body = head + b"+" + tag.encode() + b"%0A" + tail
        out.append((method, path.replace("&_=", f"&_={tag}") if body is None else path,
                    body, headers))
    return out


def two_workers(size: int, env: dict) -> dict:
    """The day of searches served by each of two workers of one master in turn (the
    other stopped meanwhile: SIGSTOP, so it accepts no connection), then both workers'
    memory: each one's USS is what it alone holds with another worker beside it."""
    out: dict = {"size": size or "real"}
    # --timeout: a stopped worker sends gunicorn no heartbeat (30 s would kill it)
    with gunicorn(["--workers", "2", "--log-level", "warning", "--limit-request-line",
                   "16384", "--max-requests", "0", "--timeout", "900", "wsgi:app"],
                  env=env, ready="/api/", limit=900) as (app, port, up):
        deadline = time.perf_counter() + 60
        while len(workers(app)) < 2 and time.perf_counter() < deadline:
            time.sleep(0.05)
        pids = workers(app)[:2]
        out["days"] = []
        for pid in pids:
            others = [p for p in pids if p != pid]
            for other in others:
                os.kill(other, signal.SIGSTOP)
            try:
                out["days"].append(timed(port, day_of_searches()))
            finally:
                for other in others:
                    os.kill(other, signal.SIGCONT)
        out["worker_memory"] = [{**memory(pid), "load_average": load()} for pid in pids]
        out["same_workers"] = sorted(workers(app)[:2]) == sorted(pids)
        out["master_memory"] = memory(app.pid)
    return out


def peer(args, page_sizes: dict) -> dict:
    env = dict(os.environ, PYTHONPATH=f"{ROOT}:{ROOT / 'bench'}")
    out: dict = {}
    with gunicorn(["--workers", "1", "--log-level", "warning", "trivial_app:app"], env=env,
                  ready="/") as (app, port, up):
        out["first_answer_s"] = round(up, 2)
        for kind, size in page_sizes.items():
            out[kind] = timed(port, [("GET", f"/?bytes={size}", None, {})] * 100_000,
                              args.seconds)
        (pid,) = workers(app)[:1] or (0,)
        out["worker_memory"] = {**memory(pid), "load_average": load()}
        out["restart"] = restart(app, port, "/")
    return out


def main(argv=None) -> int:
    ap = parser(__doc__)
    ap.add_argument("--sizes", default="0,10000,100000",
                    help="corpus sizes, comma-separated (0: the real corpus)")
    ap.add_argument("--seconds", type=float, default=6.0, help="seconds per kind of page")
    ap.add_argument("--work", type=Path, default=Path("/tmp/judge-bench"),
                    help="where the generated corpora, their indexes and stores are kept")
    ap.add_argument("--no-two-workers", dest="two_workers", action="store_false",
                    help="leave out the day served by two workers in turn")
    args = ap.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    figures: dict = {"machine": {"cpus": os.cpu_count(), "load_average_start": load()},
                     "sizes": []}
    for size in sizes:
        print(f"== {size or 'real corpus'}", flush=True)
        figures["sizes"].append(serve(args, size, args.work))
        print(json.dumps(figures["sizes"][-1], ensure_ascii=False), flush=True)
    kinds = ("search_first_time", "entry_first_time", "board_first_time")
    page_sizes = {k: max(s[k]["bytes_mean"] for s in figures["sizes"]) for k in kinds}
    print("== trivial peer", flush=True)
    figures["trivial"] = peer(args, page_sizes)
    for s in figures["sizes"]:
        # the ratio of each kind of page to the trivial page of its size asked after each
        # page (in turn); the peer measured once after every size is kept beside it
        s["ratios_peer_measured_after"] = {
            k: round(s[k]["rps"] / (figures["trivial"][k]["rps"] or 1), 2) for k in kinds}
        s["ratios"] = {k: s["in_turn"][k]["ratio"] for k in kinds}
    real = figures["sizes"][0]["entry_first_time"]["p50_ms"]
    for s in figures["sizes"]:
        s["entry_first_time_vs_first_size"] = round(s["entry_first_time"]["p50_ms"] / real, 2)
    return finish(figures, args.json)


if __name__ == "__main__":
    sys.exit(main())
