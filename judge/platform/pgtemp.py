"""A throwaway PostgreSQL server in a temporary folder, for the tests and bench/.

It uses Debian's ``postgresql`` package (``/usr/lib/postgresql/<version>/bin``), listens
on 127.0.0.1 on a free port with trust authentication, runs with fsync off (its data
is thrown away), and is stopped and deleted by :meth:`TempPostgres.stop`.  PostgreSQL
refuses to run as root, so as root the server runs as the unprivileged ``nobody``
(through ``runuser``), in a folder that user owns.
"""
from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path


def pg_bin() -> Path | None:
    """The newest installed PostgreSQL's bin folder (None if none is installed)."""
    override = os.environ.get("JUDGE_PG_BIN")
    if override:
        return Path(override)
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0)
    return Path(found[-1]).parent if found else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class TempPostgres:
    """Start with :meth:`start`; :meth:`new_database` gives a fresh, empty database URL."""

    def __init__(self, bin_dir: Path | None = None):
        self.bin = bin_dir or pg_bin()
        if self.bin is None:
            raise RuntimeError("PostgreSQL is not installed (Debian: apt-get install postgresql)")
        self.folder = Path(tempfile.mkdtemp(prefix="judge-pg-"))
        self.data = self.folder / "data"
        self.port = _free_port()
        self.as_user: list[str] = []
        if os.geteuid() == 0:
            self.as_user = ["runuser", "-u", "nobody", "--"]
            shutil.chown(self.folder, "nobody")
        self.folder.chmod(0o700)

    def _run(self, *args: str) -> None:
        subprocess.run([*self.as_user, *args], check=True, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, cwd=self.folder)

    def start(self) -> "TempPostgres":
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", "judge",
                  "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8")
        opts = (f"-h 127.0.0.1 -p {self.port} -k {self.folder} -c fsync=off "
                "-c synchronous_commit=off -c full_page_writes=off -c max_connections=100")
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-o", opts,
                  "-l", str(self.folder / "log"), "-w", "-t", "60", "start")
        return self

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://judge@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A new empty database on the server; its SQLAlchemy URL."""
        import psycopg
        name = "t_" + uuid.uuid4().hex[:12]
        with psycopg.connect(f"host=127.0.0.1 port={self.port} user=judge dbname=postgres",
                             autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        try:
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate",
                      "-w", "stop")
        except subprocess.CalledProcessError:
            pass
        shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self) -> "TempPostgres":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
