"""A real server for the tests of issue 26: gunicorn with the repository's gunicorn.conf.py
(two workers, preloaded) on a free loopback port, over a copy of corpus/ and sources/,
and a tiny client that keeps its cookies and does not follow redirects."""
from __future__ import annotations

import http.client
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[2]
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def copy_site(work: Path, cards: bool = False) -> Path:
    """corpus/ and sources/ copied into ``work`` (the corpus without the Vision card
    entries unless ``cards``: the index of the rulings builds in seconds)."""
    skip = None if cards else (lambda d, names: [n for n in names
                                                  if Path(d).name == "vision" and n == "card"])
    shutil.copytree(ROOT / "corpus", work / "corpus", ignore=skip)
    shutil.copytree(ROOT / "sources", work / "sources")
    return work


class Server:
    """gunicorn serving ``judge.web:create_app()`` with the given environment."""

    def __init__(self, env: dict, workers: int = 2):
        self.port = free_port()
        full = dict(os.environ, JUDGE_BIND=f"127.0.0.1:{self.port}",
                    JUDGE_WORKERS=str(workers), JUDGE_THREADS="4",
                    JUDGE_ACCESS_LOG="/dev/null", **env)
        self.log = Path(env.get("JUDGE_TEST_LOG", os.devnull))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", str(ROOT / "gunicorn.conf.py"),
             "judge.web:create_app()"], cwd=ROOT, env=full, stdout=subprocess.DEVNULL,
            stderr=open(self.log, "ab") if env.get("JUDGE_TEST_LOG") else subprocess.DEVNULL)
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            try:
                if self.request("GET", "/api/")[0] == 200:
                    return
            except OSError:
                pass
            if self.proc.poll() is not None:
                raise RuntimeError(f"gunicorn exited: {self.tail()}")
            time.sleep(0.3)
        self.stop()
        raise RuntimeError(f"gunicorn did not answer: {self.tail()}")

    def tail(self) -> str:
        try:
            return self.log.read_text(errors="replace")[-3000:]
        except OSError:
            return ""

    def request(self, method: str, path: str, body: bytes | None = None,
                headers: dict | None = None) -> tuple[int, dict, str]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        try:
            conn.request(method, path, body=body, headers=headers or {})
            r = conn.getresponse()
            data = r.read().decode("utf-8", "replace")
            return r.status, {k.lower(): v for k, v in r.getheaders()}, data
        finally:
            conn.close()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


class Browser:
    """One judge's browser: cookies kept, redirects not followed."""

    def __init__(self, server: Server):
        self.server, self.cookies = server, SimpleCookie()

    def _headers(self, extra: dict | None = None) -> dict:
        h = dict(extra or {})
        if self.cookies:
            h["Cookie"] = "; ".join(f"{k}={m.value}" for k, m in self.cookies.items())
        return h

    def _keep(self, headers: dict, raw_set: list[str]) -> None:
        for value in raw_set:
            self.cookies.load(value)

    def get(self, path: str) -> tuple[int, dict, str]:
        return self._send("GET", path)

    def post(self, path: str, data: dict, csrf_from: str | None = None) -> tuple[int, dict, str]:
        if csrf_from is not None:
            page = self.get(csrf_from)[2]
            data = {**data, "csrf_token": CSRF.search(page).group(1)}
        return self._send("POST", path, urlencode(data).encode(),
                          {"Content-Type": "application/x-www-form-urlencoded"})

    def _send(self, method, path, body=None, headers=None):
        conn = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=120)
        try:
            conn.request(method, path, body=body, headers=self._headers(headers))
            r = conn.getresponse()
            data = r.read().decode("utf-8", "replace")
            for name, value in r.getheaders():
                if name.lower() == "set-cookie":
                    self.cookies.load(value)
            return r.status, {k.lower(): v for k, v in r.getheaders()}, data
        finally:
            conn.close()

    def login(self, name: str, password: str) -> int:
        return self.post("/login", {"name": name, "password": password}, csrf_from="/login")[0]
