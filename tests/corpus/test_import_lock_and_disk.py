"""Issue 26, finding 9: two imports at once, and a full disk.

Two `judge import`s 0.4 s apart: the second's sweep of stale temp files deleted the
first's file in flight, and the first died.  Imports now queue on the corpus lock.  A
full disk during an import or `judge index --rebuild` ended in a raw traceback; it now
ends with a message naming what was not written."""
from __future__ import annotations

import errno
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from corpus_testkit import SMALL_SOURCES, snapshot

from judge.cli import main
from judge.corpus.importer import ImportError_, import_paths
from judge.corpus.store import stale_temp_files

PAUSE_MID_WRITE = """
import os, sys, time
from pathlib import Path
import judge.corpus.store as store
real = os.replace
count = [0]
def replace(src, dst):
    count[0] += 1
    if count[0] == 3:       # a temp file written, not yet renamed: wait for the test
        Path(sys.argv[1], "paused").write_text("")
        while not Path(sys.argv[1], "go").exists():
            time.sleep(0.05)
    real(src, dst)
store.os.replace = replace
from judge.corpus.importer import import_paths
import_paths([Path(p) for p in sys.argv[3:]], Path(sys.argv[2]), force=True)
"""


def test_a_second_import_waits_for_the_first(small, tmp_path):
    for path in sorted(small.rglob("*.md"))[:5]:         # make the import rewrite files
        path.write_text(path.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    first = subprocess.Popen([sys.executable, "-c", PAUSE_MID_WRITE, str(tmp_path),
                              str(small), *map(str, SMALL_SOURCES)],
                             stderr=subprocess.PIPE, text=True)
    while not (tmp_path / "paused").exists():
        assert first.poll() is None, first.stderr.read()
        time.sleep(0.05)
    in_flight = stale_temp_files(small)
    assert in_flight
    second = subprocess.Popen([sys.executable, "-m", "judge.cli", "--corpus", str(small),
                               "import", "--force", *map(str, SMALL_SOURCES)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        second.wait(timeout=15)      # without the lock it sweeps and finishes here
    except subprocess.TimeoutExpired:
        pass
    assert all(p.exists() for p in in_flight)         # the first's file was left alone
    (tmp_path / "go").write_text("")
    assert first.wait(timeout=120) == 0, first.stderr.read()
    assert second.wait(timeout=120) == 0, second.stderr.read()
    assert not stale_temp_files(small)


def _full_disk_after(monkeypatch, writes: int):
    import judge.corpus.importer.writer as writer
    real, count = writer.write_atomic, [0]

    def write(path, text):
        count[0] += 1
        if count[0] > writes:
            raise OSError(errno.ENOSPC, "No space left on device")
        real(path, text)
    monkeypatch.setattr(writer, "write_atomic", write)


def test_a_full_disk_during_an_import_names_what_was_not_written(small, monkeypatch):
    for path in sorted(small.rglob("*.md"))[:6]:
        path.write_text(path.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    edited = snapshot(small)
    _full_disk_after(monkeypatch, 2)
    with pytest.raises(ImportError_) as found:
        import_paths(SMALL_SOURCES, small, force=True)
    said = str(found.value)
    assert "No space left on device" in said and "4 file(s) not written" in said
    now = snapshot(small)
    assert set(now) == set(edited) and not stale_temp_files(small)
    changed = [k for k in now if now[k][0] != edited[k][0]]
    assert len(changed) == 2                      # two written whole, the rest as they were
    monkeypatch.undo()
    # The manifest knows the two written files as the import's; the four not written
    # are still the hand edits they were before.
    report = import_paths(SMALL_SOURCES, small, force=False)
    hand_edited = {k for k in edited if k.endswith(".md") and k not in changed}
    assert {c.path for c in report.conflicts} <= hand_edited and len(report.conflicts) == 4
    assert not set(changed) & {c.path for c in report.conflicts}


def test_judge_import_on_a_full_disk_ends_with_a_message(small, monkeypatch):
    for path in sorted(small.rglob("*.md"))[:3]:
        path.write_text(path.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    _full_disk_after(monkeypatch, 0)
    r = CliRunner().invoke(main, ["--corpus", str(small), "import", "--force",
                                  *map(str, SMALL_SOURCES)], env={"JUDGE_LANG": "en"})
    assert r.exit_code == 2 and "Traceback" not in r.output
    assert "not written" in r.output and "No space left on device" in r.output


def test_judge_index_on_a_full_disk_ends_with_a_message(small, monkeypatch, tmp_path):
    import judge.search

    def full(*_a, **_k):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(judge.search, "build_index", full)
    r = CliRunner().invoke(main, ["--corpus", str(small), "index", "--rebuild"],
                           env={"JUDGE_LANG": "en", "JUDGE_INDEX_DIR": str(tmp_path / "ix")})
    assert r.exit_code == 2 and "Traceback" not in r.output
    assert "search index was not written" in r.output and str(tmp_path / "ix") in r.output
