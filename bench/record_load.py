"""Load check of the call record: 8 judges recording calls at once, on SQLite and PostgreSQL.

    .venv/bin/python bench/record_load.py                    # 60 s per database, 8 judges
    .venv/bin/python bench/record_load.py --duration 20 --judges 8 --only sqlite

For each database: a fresh one (a SQLite file in a temporary folder; a throwaway
PostgreSQL server from Debian's package, judge.platform.pgtemp), migrated, with an event,
8 floor judges and their API tokens; then ``gunicorn wsgi:app`` with 2 workers on
127.0.0.1 (a free port; gunicorn.conf.py's gthread workers of 4 threads).  Each judge is a client thread that posts calls
(``POST /api/events/<slug>/calls``: a question, a ruling, two cited entries and a real
board, which the server runs in the engine) one after another until the time is up;
every 5th request reads the event's list instead.  Bounded by ``--duration``.

Reported: calls recorded per second, p50/p95/p99 latency of a POST, errors (any status
but the expected one, or a failed connection), and the check that matters: the calls in
the database equal the 201 answers (nothing lost, nothing doubled).  The client shares
the server's cores, so the figures are a floor.  A benchmark, not a test: the exit
status is 1 only if there were errors or the counts differ.
"""
from __future__ import annotations

import http.client
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from serving import ROOT, gunicorn, machine, parser, write_json  # noqa: E402

sys.path.insert(0, str(ROOT))
SCENARIO = (ROOT / "corpus/yugioh/scenarios/damage-attack-higher.yaml").read_text("utf-8")


def prepare(url: str, judges: int) -> list[str]:
    """Migrate, make the event and its judges; their API tokens."""
    from judge.platform import migrate
    from judge.platform.accounts import add_user, new_token
    from judge.record.calls import add_event, set_staff
    from judge.platform.db import dispose, transaction
    migrate.upgrade(url)
    with transaction(url) as s:
        head = add_user(s, "head", "head-password")
        event = add_event(s, "bench", "Bench event", head)
        tokens = []
        for i in range(judges):
            user = add_user(s, f"floor{i}", "floor-password")
            set_staff(s, event, user, "floor")
            tokens.append(new_token(s, user))
    dispose(url)
    return tokens


def count_calls(url: str) -> int:
    from sqlalchemy import func, select

    from judge.platform.db import dispose, transaction
    from judge.record.models import Call
    with transaction(url) as s:
        n = s.scalar(select(func.count()).select_from(Call))
    dispose(url)
    return n


def request(port, method, path, token, body=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {"Authorization": f"Bearer {token}"}
    data = None
    if body is not None:
        data = json.dumps(body, ensure_ascii=False).encode("utf-8")
        headers["Content-Type"] = "application/json"
    try:
        conn.request(method, path, body=data, headers=headers)
        response = conn.getresponse()
        return response.status, response.read()[:300].decode("utf-8", "replace")
    finally:
        conn.close()


def run_load(kind: str, url: str, args) -> dict:
    tokens = prepare(url, args.judges)
    env = {**os.environ, "JUDGE_DATABASE_URL": url, "JUDGE_SECRET_KEY": "bench"}
    with gunicorn(["-w", str(args.workers), "--timeout", "120", "wsgi:app"], env=env,
                  ready="/api/", poll=0.5, stdout=subprocess.DEVNULL) as (_proc, port, _s):
        latencies: list[float] = []
        created, errors, reads, said_back = [0], [], [0], []
        lock = threading.Lock()
        stop = time.time() + args.duration

        def judge(i: int) -> None:
            n = 0
            while time.time() < stop:
                n += 1
                t0 = time.perf_counter()
                try:
                    if n % 5 == 0:
                        status, said = request(port, "GET",
                                               "/api/events/bench/calls?round=1", tokens[i])
                        ok, read = status == 200, True
                    else:
                        status, said = request(port, "POST", "/api/events/bench/calls",
                                               tokens[i], {
                            "round": 1 + n % 6, "table": 1 + i, "question":
                            f"ジャッジ{i}の{n}件目の質問: 戦士Aで戦士Bを攻撃したら？",
                            "ruling": "戦士Bは破壊され、Bに300ダメージ。",
                            "entries": ["yugioh/rule/damage-calculation", "QA-337"],
                            "scenario": SCENARIO})
                        ok, read = status == 201, False
                except OSError as exc:
                    status, said, ok, read = repr(exc), "", False, False
                dt = time.perf_counter() - t0
                with lock:
                    if not ok:
                        errors.append(status)
                        if len(said_back) < 5:
                            said_back.append(f"{status}: {said}")
                    elif read:
                        reads[0] += 1
                    else:
                        created[0] += 1
                        latencies.append(dt)

        threads = [threading.Thread(target=judge, args=(i,)) for i in range(args.judges)]
        t0 = time.time()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        elapsed = time.time() - t0
    stored = count_calls(url)
    lat = sorted(latencies) or [0.0]

    def pct(p):
        return round(lat[min(len(lat) - 1, int(p * len(lat)))] * 1000, 1)
    return {"database": kind, "judges": args.judges, "workers": args.workers,
            "seconds": round(elapsed, 1), "created_201": created[0], "reads_200": reads[0],
            "calls_in_db": stored, "errors": len(errors), "error_sample": errors[:5],
            "error_answers": said_back,
            "calls_per_s": round(created[0] / elapsed, 1),
            "post_p50_ms": pct(0.50), "post_p95_ms": pct(0.95), "post_p99_ms": pct(0.99),
            "post_mean_ms": round(statistics.mean(lat) * 1000, 1)}


def main() -> int:
    ap = parser(__doc__)
    ap.add_argument("--duration", type=float, default=60)
    ap.add_argument("--judges", type=int, default=8)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--only", choices=["sqlite", "postgresql"])
    args = ap.parse_args()
    results = []
    with tempfile.TemporaryDirectory(prefix="judge-bench-") as tmp:
        if args.only in (None, "sqlite"):
            results.append(run_load("sqlite", f"sqlite:///{tmp}/bench.sqlite3", args))
            print(json.dumps(results[-1], ensure_ascii=False))
        if args.only in (None, "postgresql"):
            from judge.platform.pgtemp import TempPostgres
            with TempPostgres() as pg:
                results.append(run_load("postgresql", pg.new_database(), args))
            print(json.dumps(results[-1], ensure_ascii=False))
    write_json(args.json, {"machine": machine(), "results": results})
    bad = [r for r in results if r["errors"] or r["calls_in_db"] != r["created_201"]]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
