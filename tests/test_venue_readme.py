"""Issue 28: the README's venue section, tried as a newcomer in a fresh clone.

The checkout's files (as they are now, committed or not) are copied to a new folder and
set up once with `scripts/setup`, with the network.  Then every command the section
shows runs there, in order, with pip pointed at an unreachable package index (a venue
without Wi-Fi): `scripts/serve --lan` must start without installing anything, the
record's commands run while it serves, a backup is taken and restored after a stop, and
the second start answers.  The server listens on loopback only (`--host 127.0.0.1` is
added to the section's `--lan`; `--port 0` picks a free port).  How long each start took
to answer its first page goes to tests/artifacts/venue-figures.json (a figure for the
README, not an assertion).
"""
from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import signal
import sqlite3
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SECTION = "## At the venue"
PASSWORD = "venue-password-1234"


def section_commands() -> list[list[str]]:
    """The section's code blocks, each a list of commands (comments cut off)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    body = text.split(SECTION, 1)[1].split("\n## ", 1)[0]
    blocks, current = [], []
    for line in body.splitlines():
        if line.startswith("    ") and line.strip():
            current.append(re.split(r"\s+#\s", line.strip(), maxsplit=1)[0].strip())
        elif current and not line.strip():
            continue
        elif current:
            blocks.append(current)
            current = []
    if current:
        blocks.append(current)
    return blocks


def _offline_env(clone: Path) -> dict:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PIP_", "JUDGE_", "VIRTUAL_ENV"))}
    # no package index and no local wheels: any install would fail the start
    env.update(PIP_CONFIG_FILE=os.devnull, PIP_NO_INDEX="1",
               PIP_INDEX_URL="http://127.0.0.1:9/", PIP_FIND_LINKS=str(clone / "no-wheels"),
               PYTHONUNBUFFERED="1", LC_ALL="en_US.UTF-8", LANG="en_US.UTF-8")
    return env


@pytest.fixture(scope="module")
def clone(tmp_path_factory) -> Path:
    """A fresh copy of the checkout, set up once with the network."""
    if shutil.which("git") is None:
        pytest.skip("git is needed to list the checkout's files")
    folder = tmp_path_factory.mktemp("newcomer") / "judge"
    files = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT, capture_output=True,
                           check=True).stdout.decode().split("\0")
    for name in filter(None, files):
        source = ROOT / name
        if source.is_file():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, folder / name)
    setup = subprocess.run(["bash", "scripts/setup"], cwd=folder, capture_output=True,
                           text=True, timeout=1200)
    assert setup.returncode == 0, setup.stderr[-3000:]
    return folder


def _serve(clone: Path, command: str) -> tuple[subprocess.Popen, str, float]:
    """Start the section's serve command on loopback; (process, base URL, seconds to the
    first answered page)."""
    args = shlex.split(command) + ["--host", "127.0.0.1", "--port", "0"]
    started = time.monotonic()
    proc = subprocess.Popen(args, cwd=clone, env=_offline_env(clone), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    seen = ""
    while "(Ctrl-C" not in seen:
        line = proc.stdout.readline()
        if not line:
            pytest.fail(f"{command} stopped before serving:\n{seen[-2000:]}\n"
                        f"{proc.stderr.read()[-3000:]}")
        seen += line
    base = "http://" + re.search(r"http://(127\.0\.0\.1:\d+)/", seen).group(1)
    assert "█" in seen, "no QR code printed"
    with urllib.request.urlopen(base + "/", timeout=120) as answer:
        assert answer.status == 200
    return proc, base, round(time.monotonic() - started, 2)


def _stop(proc: subprocess.Popen) -> None:
    proc.send_signal(signal.SIGINT)                      # Ctrl-C, as the README says
    assert proc.wait(60) == 0
    assert "stopped" in proc.stderr.read()


def _run(clone: Path, command: str) -> None:
    # a command that asks for a password gets it on standard input (twice: confirmation)
    done = subprocess.run(command, shell=True, cwd=clone, env=_offline_env(clone),
                          input=f"{PASSWORD}\n{PASSWORD}\n", capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, f"{command}\n{done.stdout}\n{done.stderr}"


def _users(clone: Path) -> set[str]:
    with sqlite3.connect(clone / "instance" / "judge.sqlite3") as db:
        return {name for (name,) in db.execute("SELECT name FROM users")}


def test_the_venue_section_works_in_a_fresh_clone_without_a_package_index(clone):
    blocks = section_commands()
    assert len(blocks) == 2, blocks
    serving, restoring = blocks
    assert serving[0] == "scripts/serve --lan" and restoring[-1] == "scripts/serve --lan"
    figures = {}

    proc, base, figures["first_start_s"] = _serve(clone, serving[0])
    try:
        with urllib.request.urlopen(base + "/venue?format=json", timeout=60) as answer:
            assert json.load(answer)["urls"] == [base + "/"]
        for command in serving[1:]:
            _run(clone, command)
        backups = [c.split()[-1] for c in serving if " db backup " in c]
        assert backups and (clone / backups[0]).is_file()
        # a judge added after the backup: gone once the backup is restored
        _run(clone, ".venv/bin/judge user add kato")
        assert {"yamada", "sato", "kato"} <= _users(clone)
    finally:
        _stop(proc)

    for command in restoring[:-1]:
        _run(clone, command)
    assert {"yamada", "sato"} <= _users(clone) and "kato" not in _users(clone)

    proc, base, figures["second_start_s"] = _serve(clone, restoring[-1])
    _stop(proc)
    out = ROOT / "tests" / "artifacts"
    out.mkdir(parents=True, exist_ok=True)
    (out / "venue-figures.json").write_text(json.dumps(figures))
    print("\nvenue figures:", figures)
