"""What the benchmarks that serve the app share: their command line's common options, a
free loopback port, percentiles, one HTTP request, and gunicorn started in its own
process group, waited for and always stopped.

Every server a benchmark starts binds 127.0.0.1 only, and is stopped by its process
group (the master and its workers), never by name: other people's gunicorns on the
same machine are left alone.
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import platform
import signal
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

ROOT = Path(__file__).resolve().parents[1]


def parser(doc: str) -> argparse.ArgumentParser:
    """A benchmark's argument parser: its docstring's first paragraph, and ``--json``."""
    ap = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    ap.add_argument("--json", type=Path, help="write the figures to this file")
    return ap


def finish(figures: dict, path: Path | None) -> int:
    """A bench's end: the machine's load average now beside its figures, the figures on
    the terminal and in ``path`` (if one was given); 0, the exit status."""
    figures.setdefault("machine", {})["load_average_end"] = round(os.getloadavg()[0], 1)
    print(json.dumps(figures, ensure_ascii=False, indent=2))
    write_json(path, figures)
    return 0


def write_json(path: Path | None, figures: dict) -> None:
    """Write ``figures`` to ``path`` (if one was given), making its folder."""
    if path:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(figures, ensure_ascii=False, indent=2), encoding="utf-8")


def machine() -> dict:
    """What the figures were measured on; the load average says how shared it was."""
    return {"cpus": os.cpu_count(), "python": platform.python_version(),
            "platform": platform.platform(), "load_average": os.getloadavg()}


def free_port() -> int:
    """A free loopback port: any, or one of ``JUDGE_BENCH_PORTS`` ("8600-8699") where
    the machine is shared and each session is given its own range."""
    span = os.environ.get("JUDGE_BENCH_PORTS", "")
    low, _, high = span.partition("-")
    candidates = range(int(low), int(high or low) + 1) if low.strip() else [0]
    for port in candidates:
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return s.getsockname()[1]
    raise SystemExit(f"no free port in JUDGE_BENCH_PORTS={span}")


def pct(values: list[float], p: float) -> float:
    """The ``p``-th percentile (nearest rank); NaN for no values."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def request(port: int, method: str, path: str, body: bytes | None = None,
            headers: dict | None = None, timeout: float = 60.0) -> tuple[int, bytes]:
    """One request on a new connection."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request(method, path, body=body,
                     headers={"Accept-Encoding": "identity", **(headers or {})})
        resp = conn.getresponse()
        return resp.status, resp.read()
    finally:
        conn.close()


def client(port: int, calls: list, limit: float | None = None) -> dict:
    """One client making each call in order (until ``limit`` seconds): the latencies in
    ms, the sizes, the errors (not 200) and the seconds it took."""
    lat, sizes, errors = [], [], 0
    started = time.perf_counter()
    for method, path, body, headers in calls:
        if limit is not None and time.perf_counter() - started > limit:
            break
        t0 = time.perf_counter()
        status, data = request(port, method, path, body, headers)
        lat.append((time.perf_counter() - t0) * 1000)
        sizes.append(len(data))
        errors += status != 200
    return {"lat": lat, "sizes": sizes, "errors": errors,
            "elapsed": time.perf_counter() - started}


def _answers(port: int, path: str) -> bool:
    try:
        return request(port, "GET", path, timeout=5)[0] == 200
    except (OSError, http.client.HTTPException):
        return False


@contextmanager
def gunicorn(args: list[str], *, env: dict | None = None, ready: str = "/",
             limit: float = 300.0, poll: float = 0.05,
             answers: Callable[[int, str], bool] = _answers,
             **popen) -> Iterator[tuple[subprocess.Popen, int, float]]:
    """``gunicorn --bind 127.0.0.1:<free port> *args`` from the repository's root, so
    with gunicorn.conf.py's settings (gthread workers of 4 threads, the app preloaded)
    where ``args`` do not override them;
    yields (process, port, seconds until ``ready`` answered 200) and stops the
    process group on the way out, whatever happened."""
    port = free_port()
    exe = Path(sys.executable).with_name("gunicorn")
    cmd = [str(exe) if exe.exists() else "gunicorn", "--bind", f"127.0.0.1:{port}", *args]
    env = dict(os.environ if env is None else env)
    env.setdefault("PYTHONPATH", str(ROOT))
    if args[-1] == "wsgi:app" and env.get("JUDGE_BUILD") != "1":
        # a worker builds nothing (judge/web/serving.py): what it reads is built first,
        # as a deployment does, and not timed as the server's start
        judge = Path(sys.executable).with_name("judge")
        subprocess.run([str(judge), "--corpus", env.get("JUDGE_CORPUS") or str(ROOT / "corpus"),
                        "index"], cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, start_new_session=True, **popen)
    try:
        while not answers(port, ready):
            if proc.poll() is not None:
                raise SystemExit(f"gunicorn {args[-1]} exited with status {proc.returncode}")
            if time.perf_counter() - t0 > limit:
                raise SystemExit(f"gunicorn {args[-1]} did not answer within {limit:.0f} s")
            time.sleep(poll)
        yield proc, port, time.perf_counter() - t0
    finally:
        stop(proc)


def stop(proc: subprocess.Popen, grace: float = 15.0) -> None:
    """SIGTERM to the process group, SIGKILL if it is still there after ``grace``."""
    try:
        os.killpg(proc.pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    try:
        proc.wait(grace)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
