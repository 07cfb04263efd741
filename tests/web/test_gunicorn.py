"""Issue 14, finding 9: the answers gunicorn writes itself (414, 431, 400) carry the app's
security headers, under the repository's gunicorn.conf.py, on a real loopback server."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from judge.web.security import HEADERS

ROOT = Path(__file__).resolve().parents[2]
gunicorn = pytest.importorskip("gunicorn")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _raw(port: int, request: bytes) -> tuple[int, dict, bytes]:
    with socket.create_connection(("127.0.0.1", port), timeout=20) as sock:
        sock.sendall(request)
        data = b""
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return int(lines[0].split()[1]), headers, body


@pytest.fixture(scope="module")
def server(corpus_dir, tmp_path_factory):
    port = _free_port()
    env = dict(os.environ, JUDGE_CORPUS=str(corpus_dir), JUDGE_BIND=f"127.0.0.1:{port}",
               JUDGE_WORKERS="1", JUDGE_THREADS="2", JUDGE_ACCESS_LOG="/dev/null",
               PYTHONPATH=str(ROOT / "tests" / "engine"))
    app = "judge.web:create_app({'SEARCH_EAGER': False})"
    proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", str(ROOT / "gunicorn.conf.py"),
                             app], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            if proc.poll() is not None:
                pytest.fail(proc.stderr.read().decode()[-2000:])
            time.sleep(0.2)
    yield port
    proc.terminate()
    proc.wait(timeout=30)


def _has_security_headers(headers: dict) -> bool:
    return all(headers.get(name.lower()) == value for name, value in HEADERS.items())


def test_the_app_answers_with_its_headers(server):
    status, headers, _ = _raw(server, b"GET /api/games HTTP/1.1\r\nHost: x\r\n"
                                      b"Connection: close\r\n\r\n")
    assert status == 200 and _has_security_headers(headers)


@pytest.mark.parametrize("request_bytes, status", [
    (b"GET /board?s=" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414),
    (b"GET / HTTP/1.1\r\nHost: x\r\n" + b"".join(b"X-H%d: v\r\n" % i for i in range(60))
     + b"\r\n", 431),
    (b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"v" * 9000 + b"\r\n\r\n", 431),
    (b"BR\x00KEN\r\n\r\n", 400),
], ids=["414 long line", "431 many headers", "431 big header", "400 bad request line"])
def test_gunicorns_own_errors_carry_the_security_headers(server, request_bytes, status):
    got, headers, body = _raw(server, request_bytes)
    assert got == status
    assert _has_security_headers(headers), headers
    assert b"<script" not in body and int(headers["content-length"]) == len(body)


def _readme_gunicorn_lines() -> list[str]:
    """The README's Production block: its ``gunicorn wsgi:app`` lines, comments cut off."""
    body = (ROOT / "README.md").read_text(encoding="utf-8").split("## Production", 1)[1]
    body = body.split("\n## ", 1)[0]
    return [line.split("#", 1)[0].strip() for line in body.splitlines()
            if line.startswith("    ") and "gunicorn wsgi:app" in line]


def test_the_readmes_smaller_cache_line_serves(corpus_dir):
    """The README's line for a worker with less memory, as written (a free port for its
    JUDGE_BIND, and the app of the test corpus for wsgi:app): its settings are taken,
    and the worker answers."""
    (line,) = [x for x in _readme_gunicorn_lines() if "JUDGE_CACHE_MB" in x]
    *assignments, exe, app = line.split()
    assert exe == ".venv/bin/gunicorn" and app == "wsgi:app"
    port = _free_port()
    env = dict(os.environ, JUDGE_CORPUS=str(corpus_dir), JUDGE_WORKERS="1",
               JUDGE_ACCESS_LOG="/dev/null", PYTHONPATH=str(ROOT / "tests" / "engine"))
    env.update(a.split("=", 1) for a in assignments)
    assert env["JUDGE_CACHE_MB"] == "32"
    env["JUDGE_BIND"] = f"127.0.0.1:{port}"
    code = "from judge.common.cache_budget import share; assert share('entry_pages') == 3.2e6"
    proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c",
                             str(ROOT / "gunicorn.conf.py"),
                             "judge.web:create_app({'SEARCH_EAGER': False})"],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                status, _, body = _raw(port, b"GET /api/games HTTP/1.1\r\nHost: x\r\n"
                                             b"Connection: close\r\n\r\n")
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(proc.stderr.read().decode()[-2000:])
                time.sleep(0.2)
        assert status == 200 and b"\"games\"" in body
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    # the line's budget is what the worker's caches are given (4/5 of the default's 40 MB)
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True)
