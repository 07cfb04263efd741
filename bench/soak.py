"""Soak of the production setup (issue 14): gunicorn with the repository's gunicorn.conf.py
on 127.0.0.1, valid and hostile requests mixed, 32 concurrent users for 60 s.

    .venv/bin/python bench/soak.py                        # 60 s, 32 users
    .venv/bin/python bench/soak.py --duration 20 --users 16 --json bench/out/soak.json

First the valid requests alone, one at a time (the unloaded baseline, same server, same
run); then ``--users`` client threads, each sending a request and waiting a judge's
"think time" (0.5-1.5 s) before the next, a quarter of them hostile: the permalink of
issue 14's finding 1 (9,900 actions on a 3,000-card board), the scenario and JSON
bodies that answered 500, a 9,000-character URL, 60 headers, a deflate bomb, path
traversal, odd search queries.  Reports every status by kind, the 5xx count, and the
valid requests' p50/p95 loaded and unloaded.  The goal: 0 answers of 5xx and a loaded
valid p95 within 2x the unloaded one; the exit status is 1 otherwise.  A benchmark, not
a test: the client shares the machine with the server.
"""
from __future__ import annotations

import base64
import http.client
import os
import platform
import random
import sys
import threading
import time
import zlib
from collections import Counter
from pathlib import Path
from urllib.parse import quote, urlencode

ROOT = Path(__file__).resolve().parents[1]
# bench/ first, then tests/ in front of it: bench/web.py must not shadow the tests' web package.
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests"))

from serving import gunicorn, parser, pct, request, write_json  # noqa: E402
from web.hostile import BAD_YAML, BASE, finding1_permalink, json_bodies  # noqa: E402

from judge.app.permalink import encode  # noqa: E402

Request = tuple[str, str, str, bytes | None, dict]      # kind, method, path, body, headers


def valid_requests() -> list[Request]:
    """What judges do: search, read entries, run and share boards."""
    out: list[Request] = []
    for q in ["グレイズ", "ぐれいず", "プレイ", "ダメージ計算", "融合", "QA-337", "6.5.3.b"]:
        out.append(("search", "GET", "/search?" + urlencode({"q": q, "stay": 1}), None, {}))
        out.append(("api-search", "GET", "/api/search?" + urlencode({"q": q}), None, {}))
    for e in ["vision/qa/QA-337", "vision/qa/QA-337?rev=1", "vision/rule/6.5",
              "yugioh/rule/damage-calculation", "gemchronicle/rule/battle-phase"]:
        base, _, query = e.partition("?")
        out.append(("entry", "GET", "/entry/" + quote(base, safe="/")
                    + (f"?{query}" if query else ""), None, {}))
    out.append(("api-run", "POST", "/api/run", BASE.encode(), {"Content-Type": "text/yaml"}))
    out.append(("board", "GET", "/board?s=" + encode(BASE), None, {}))
    out.append(("api-games", "GET", "/api/games", None, {}))
    return out


def _bomb() -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = packer.compress(b"a" * (4 * 1024 * 1024)) + packer.flush()
    return "z1." + base64.urlsafe_b64encode(raw).decode().rstrip("=")


def hostile_requests() -> list[Request]:
    """Issue 14's findings and the classics."""
    out: list[Request] = [("finding1", "GET", finding1_permalink(), None, {})]
    for name, text in BAD_YAML:
        out.append(("bad-yaml", "POST", "/api/run", text.encode(), {"Content-Type": "text/yaml"}))
        out.append(("bad-board", "GET", "/board?s=" + encode(text), None, {}))
    for name, body in json_bodies():
        out.append(("bad-json", "POST", "/api/scenario", body,
                    {"Content-Type": "application/json"}))
        out.append(("bad-json", "POST", "/api/run", body, {"Content-Type": "application/json"}))
    out += [
        ("long-url", "GET", "/search?q=" + "a" * 9000, None, {}),
        ("headers", "GET", "/", None, {f"X-H{i}": "v" for i in range(60)}),
        ("bomb", "GET", "/board?s=" + _bomb(), None, {}),
        ("traversal", "GET", "/entry/../../etc/passwd", None, {}),
        ("traversal", "GET", "/board?from=../../etc/passwd", None, {}),
        ("odd-search", "GET", "/search?" + urlencode({"q": '"「-( OR game: ＱＡ－ \x00'}), None, {}),
        ("odd-search", "GET", "/api/search?" + urlencode({"q": "x", "page": "1e9"}), None, {}),
        ("xss", "GET", "/search?" + urlencode({"q": "<script>alert(1)</script>"}), None, {}),
        ("bad-type", "POST", "/api/run", b"\xff\xfe", {"Content-Type": "image/png"}),
    ]
    return out


def send(port: int, req: Request, timeout: float = 60.0) -> int:
    _kind, method, path, body, headers = req
    try:
        return request(port, method, path, body, headers, timeout)[0]
    except (OSError, http.client.HTTPException):
        return 0                       # the connection failed or was closed: counted apart


def baseline(port: int, requests: list[Request], seconds: float) -> list[float]:
    """Latencies (ms) of the valid requests, one at a time, for ``seconds``."""
    out = []
    stop = time.monotonic() + seconds
    while time.monotonic() < stop:
        for req in requests:
            t0 = time.perf_counter()
            status = send(port, req)
            if status == 200:
                out.append((time.perf_counter() - t0) * 1000)
    return out


def soak(port: int, users: int, seconds: float, hostile_share: float, think: tuple, seed: int):
    valid, hostile = valid_requests(), hostile_requests()
    rows: list[tuple[str, bool, float, int]] = []
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def user(n: int) -> None:
        rng = random.Random(seed + n)
        mine = []
        time.sleep(rng.uniform(0, think[1]))          # users arrive spread out
        while time.monotonic() < stop:
            bad = rng.random() < hostile_share
            req = rng.choice(hostile if bad else valid)
            t0 = time.perf_counter()
            status = send(port, req)
            mine.append((req[0], not bad, (time.perf_counter() - t0) * 1000, status))
            time.sleep(rng.uniform(*think))
        with lock:
            rows.extend(mine)

    pool = [threading.Thread(target=user, args=(i,)) for i in range(users)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    return rows


def main(argv=None) -> int:
    ap = parser(__doc__)
    ap.add_argument("--duration", type=float, default=60.0, help="seconds of soak (max 600)")
    ap.add_argument("--users", type=int, default=32, help="concurrent users (max 128)")
    ap.add_argument("--baseline", type=float, default=15.0, help="seconds of unloaded baseline")
    ap.add_argument("--hostile", type=float, default=0.25, help="share of hostile requests")
    ap.add_argument("--seed", type=int, default=14)
    args = ap.parse_args(argv)
    duration = min(max(args.duration, 1.0), 600.0)
    users = min(max(args.users, 1), 128)

    # The repository's gunicorn.conf.py, as deployed; --bind on the command line wins
    # over its JUDGE_BIND, so the server stays on loopback.
    env = dict(os.environ, JUDGE_ACCESS_LOG="/dev/null", JUDGE_LOG_LEVEL="warning")
    with gunicorn(["-c", str(ROOT / "gunicorn.conf.py"), "wsgi:app"], env=env,
                  ready="/api/games", poll=0.5) as (_proc, port, ready):
        baseline(port, valid_requests(), 3.0)                     # warm the caches
        unloaded = baseline(port, valid_requests(), args.baseline)
        rows = soak(port, users, duration, args.hostile, (0.5, 1.5), args.seed)

    loaded = [ms for _k, ok, ms, status in rows if ok and status == 200]
    statuses: dict[str, Counter] = {}
    for kind, _ok, _ms, status in rows:
        statuses.setdefault(kind, Counter())[str(status)] += 1
    five = sum(1 for r in rows if r[3] >= 500)
    dropped = sum(1 for r in rows if r[3] == 0)
    valid_not_ok = sum(1 for r in rows if r[1] and r[3] != 200)
    p95_un, p95_lo = pct(unloaded, 95), pct(loaded, 95)
    figures = {
        "requests": len(rows), "valid": sum(1 for r in rows if r[1]),
        "hostile": sum(1 for r in rows if not r[1]), "5xx": five,
        "connection_failures": dropped, "valid_not_200": valid_not_ok,
        "unloaded_valid_p50_ms": round(pct(unloaded, 50), 1),
        "unloaded_valid_p95_ms": round(p95_un, 1),
        "loaded_valid_p50_ms": round(pct(loaded, 50), 1),
        "loaded_valid_p95_ms": round(p95_lo, 1),
        "p95_ratio": round(p95_lo / p95_un, 2) if p95_un else None,
        "finding1_p95_ms": round(pct([r[2] for r in rows if r[0] == "finding1"], 95), 1),
        "statuses": {k: dict(v) for k, v in sorted(statuses.items())},
        "p95_ms_by_kind": {k: round(pct([r[2] for r in rows if r[0] == k], 95), 1)
                           for k in sorted(statuses)},
    }
    meta = {"duration_s": duration, "users": users, "think_s": [0.5, 1.5],
            "hostile_share": args.hostile, "startup_s": round(ready, 1),
            "cpus": os.cpu_count(), "python": platform.python_version(),
            "load_average_after": os.getloadavg()}
    print(f"gunicorn (gunicorn.conf.py) on 127.0.0.1:{port}, ready in {ready:.1f} s; "
          f"{users} users for {duration:.0f} s, {args.hostile:.0%} hostile")
    for key in ("requests", "valid", "hostile", "5xx", "connection_failures", "valid_not_200",
                "unloaded_valid_p50_ms", "unloaded_valid_p95_ms", "loaded_valid_p50_ms",
                "loaded_valid_p95_ms", "p95_ratio", "finding1_p95_ms"):
        print(f"  {key:<24}{figures[key]}")
    for kind, counts in figures["statuses"].items():
        print(f"  {kind:<12}" + "  ".join(f"{s}×{n}" for s, n in sorted(counts.items()))
              + f"   p95 {figures['p95_ms_by_kind'][kind]} ms")
    write_json(args.json, {"meta": meta, "figures": figures})
    ok = five == 0 and dropped == 0 and figures["p95_ratio"] is not None \
        and figures["p95_ratio"] <= 2.0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
