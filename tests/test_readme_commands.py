"""Every command of the README's "The command line", "First run of the call record" and the
JSON API's curl lines, run as a newcomer types them, in the README's order, over a copy
of corpus/ and sources/ (the sections "Running an event safely" and "At the venue" have
their own tests: tests/record/test_readme_event.py, tests/test_venue_readme.py).

A README line that names a file the project no longer has, or an option a command no
longer takes, fails here: the README had shown `judge run …/attack-lower.yaml` for
weeks after the scenario was renamed.  Placeholders the README writes in capitals
(FILE, NAME, SLUG, T, floor|head) and the ``…`` of `judge new qa` are filled with the
values below; nothing else of a line is changed, except that `judge serve` is given a
free loopback port (the README names `--port`).
"""
from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
VENV_BIN = Path(sys.executable).parent
PASSWORD = "a long password 1\n"
# what a newcomer types for the README's placeholders
# (one NAME for every line: the event's head is its only head, and an event keeps a head,
# so the staff line makes the head a head again; tests/record covers a floor judge)
FILLED = {"DIR": "site", "FILE": "record-copy.sqlite3", "NAME": "sato", "SLUG": "cs-2027", "T": "CS 2027",
          "floor|head": "head"}
# `judge new qa vision 337 … --question … --answer … --source-url …`, in that order
NEW_QA = ["QA-337の質問（テスト）", "QA-337の新しい回答（テスト）",
          "https://example.invalid/qa/337"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _readme() -> str:
    return (ROOT / "README.md").read_text(encoding="utf-8")


def _block(heading: str, after: str | None = None) -> list[str]:
    """The first indented block under ``heading`` (after the line holding ``after``),
    its commands with their comments cut off; a continued line joined."""
    body = _readme().split(heading, 1)[1].split("\n## ", 1)[0]
    if after:
        body = body.split(after, 1)[1]
    lines, started = [], False
    for line in body.splitlines():
        if line.startswith("    ") and line.strip():
            started = True
            lines.append(line.strip())
        elif started:
            break
    commands: list[str] = []
    for line in lines:
        if commands and commands[-1].endswith("\\"):
            commands[-1] = commands[-1][:-1].rstrip() + " " + line
        elif line.startswith("#"):
            continue
        else:
            commands.append(re.split(r"\s+#\s", line, maxsplit=1)[0].strip())
    return commands


def _fill(command: str) -> str:
    for holder, value in FILLED.items():
        command = re.sub(rf"(?<![\w-]){re.escape(holder)}(?![\w-])",
                         value if " " not in value else f'"{value}"', command)
    if command.startswith("judge new qa"):
        for value in NEW_QA:
            command = command.replace("…", f'"{value}"', 1)
    return command


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    """A newcomer's checkout: corpus/ and sources/ copied, `.venv` the project's own,
    every file the commands write (index, compiled corpus, record) inside it."""
    work = tmp_path_factory.mktemp("readme")
    shutil.copytree(ROOT / "corpus", work / "corpus")
    shutil.copytree(ROOT / "sources", work / "sources")
    (work / ".venv").symlink_to(VENV_BIN.parent)
    env = {k: v for k, v in os.environ.items() if not k.startswith("JUDGE_")}
    env.update(PATH=f"{VENV_BIN}:{env['PATH']}", JUDGE_CORPUS=str(work / "corpus"),
               JUDGE_INDEX_DIR=str(work / ".index"), JUDGE_CACHE_DIR=str(work / ".cache"),
               JUDGE_DATABASE_URL=f"sqlite:///{work / 'record.sqlite3'}",
               JUDGE_OFFLINE_PAGES_MB="0.2", PYTHONUNBUFFERED="1")
    return work, env


def _run(command: str, work: Path, env: dict) -> subprocess.CompletedProcess:
    done = subprocess.run(["bash", "-c", command], cwd=work, env=env, input=PASSWORD,
                          text=True, capture_output=True, timeout=600)
    assert done.returncode == 0, (command, done.stdout[-2000:], done.stderr[-2000:])
    return done


def test_the_readme_shows_the_commands_this_test_runs():
    """The blocks are found, and hold what the tests below check (a README reshuffled so
    that a block is no longer found would otherwise run nothing)."""
    commands = _block("## The command line")
    assert len(commands) >= 15 and all(c.startswith("judge ") for c in commands), commands
    assert _block("## Offline")[0].startswith("judge export-site DIR")
    assert _block("## Two commands", "First run of the call record")[0].startswith(
        ".venv/bin/judge user add")
    assert sum(c.startswith("curl ") for c in _block("## The web app")) >= 4


def test_every_command_line_runs_as_shown(project):
    work, env = project
    said: dict[str, subprocess.CompletedProcess] = {}
    served = None
    for raw in _block("## The command line"):
        command = _fill(raw)
        verb = " ".join(raw.split()[:2])
        if verb == "judge serve":
            served = _serve(command, work, env)
            continue
        said[verb] = _run(command, work, env)
    out = {verb: done.stdout for verb, done in said.items()}
    assert "QA-337" in out["judge show"]
    assert "グレイズ" in out["judge search"]
    assert "QA-337" in out["judge replay"]
    # the verdict first, then the cited steps
    assert out["judge run"].splitlines()[3].startswith("結論"), out["judge run"][:400]
    assert "←" in out["judge run"]
    # importing the sources again gives the corpus as committed, file for file
    diff = subprocess.run(["diff", "-r", "-q", str(ROOT / "corpus"), str(work / "corpus")],
                          capture_output=True, text=True)
    new_qa = Path(out["judge new"].strip().splitlines()[-1])
    new_qa = new_qa if new_qa.is_absolute() else work / new_qa
    assert NEW_QA[1] in new_qa.read_text(encoding="utf-8")
    # `judge new qa` wrote the new answer; nothing else differs from the committed corpus
    changed = [line for line in diff.stdout.splitlines() if "QA-337" not in line]
    assert changed == [], changed
    assert "QA-337" in out["judge changes"]
    with sqlite3.connect(work / FILLED["FILE"]) as copy:
        assert copy.execute("SELECT count(*) FROM users").fetchone() == (0,)
    with sqlite3.connect(work / "record.sqlite3") as db:
        assert db.execute("SELECT name FROM users").fetchall() == [("sato",)]
    token = out["judge token"].strip().splitlines()[-1]
    assert re.fullmatch(r"\S{20,}", token), token
    assert served is not None, "the block no longer shows judge serve"


def _serve(command: str, work: Path, env: dict) -> dict:
    """`judge serve` started as shown (on a free port), the README's curl lines run
    against it, then stopped as a head judge stops it (Ctrl-C): it must end by itself."""
    port = free_port()
    proc = subprocess.Popen(["bash", "-c", f"exec {command} --port {port}"], cwd=work,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 300
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/", timeout=5):
                    break
            except OSError:
                assert proc.poll() is None, proc.stdout.read()[-3000:]
                assert time.monotonic() < deadline, "judge serve did not answer"
                time.sleep(0.3)
        answers = {}
        for raw in _block("## The web app"):
            if not raw.startswith("curl "):
                continue
            line = raw.replace("127.0.0.1:5000", f"127.0.0.1:{port}")
            answers[raw] = json.loads(_run(line, work, env).stdout)
        search, entry, replay, run = answers.values()
        assert search["results"] and len(search["results"]) <= 3
        assert entry["id"] == "vision/qa/QA-337"
        # the older answer's board, replayed, still agrees with what that revision said
        assert replay["runs"] and all(r["verdict"]["status"] == "match"
                                      for r in replay["runs"]), replay
        assert run["verdict"]["kind"] == "changed" and run["verdict"]["text"]
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            raise AssertionError("judge serve did not stop on Ctrl-C within 30 s")
    return answers


def test_the_first_run_of_the_call_record_runs_as_shown(project):
    """The "First run" lines under the two commands, after `judge user add sato` (the
    block's own comment says so), on the record the command-line test made."""
    work, env = project
    _run("judge user add sato || true", work, env)
    for command in _block("## Two commands", "First run of the call record"):
        _run(command, work, env)
    said = _run("judge staff list cs-2026", work, env).stdout
    assert "sato\tfloor" in said and "yamada\thead" in said, said


def test_the_static_copy_is_exported_as_shown(project):
    """`judge export-site DIR` and its `--base` form ("Offline", a static copy)."""
    work, env = project
    for command in _block("## Offline"):
        shutil.rmtree(work / FILLED["DIR"], ignore_errors=True)
        _run(_fill(command), work, env)
        home = (work / FILLED["DIR"] / "index.html").read_text(encoding="utf-8")
        base = re.search(r"--base (\S+)", command)
        if base:
            assert f'href="{base.group(1)}' in home, home[:1500]
    assert (work / FILLED["DIR"] / "entry").is_dir()
