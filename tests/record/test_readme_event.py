"""Every command of the README's "Running an event safely", run as shown, in order, on
a fresh SQLite record (each line in bash, as a head judge would type it)."""
from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MARK = "<!-- event-commands:"


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split(MARK, 1)[1].split("\n\n", 2)[1]
    lines = [line[4:] for line in block.splitlines() if line.startswith("    ")]
    return [line for line in lines if line.strip() and not line.lstrip().startswith("#")]


def test_the_event_commands_run_as_shown(tmp_path):
    commands = readme_commands()
    exports = [c for c in commands if c.startswith("export ")]
    judge_lines = [c for c in commands if not c.startswith("export ")]
    assert len(exports) == 2 and all(c.startswith("judge ") for c in judge_lines)
    env = {**os.environ, "JUDGE_DATABASE_URL": f"sqlite:///{tmp_path / 'record.sqlite3'}",
           "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}", "JUDGE_LANG": "en"}
    said = {}
    for line in judge_lines:
        done = subprocess.run(["bash", "-c", "; ".join(exports + [line])], cwd=tmp_path,
                              env=env, input="a long password 1\n", text=True,
                              capture_output=True, timeout=300)
        assert done.returncode == 0, (line, done.stdout, done.stderr)
        said[line.split("#")[0].strip()] = done.stdout
    assert "sato\tfloor" in said["judge staff list cs-2026"]
    assert "1 token(s) of sato revoked" in said["judge token revoke sato 1"]
    assert "sato\tdisabled" in said["judge user list"]
    backups = list(tmp_path.glob("record-*.sqlite3"))
    assert len(backups) == 1
    with sqlite3.connect(backups[0]) as copy:
        names = {n for (n,) in copy.execute("SELECT name FROM users")}
    assert names == {"yamada", "sato"}
