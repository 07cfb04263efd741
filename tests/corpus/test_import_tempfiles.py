"""Issue 14, finding 8: an import killed mid-write leaves temp files; lint reports them
while they exist, the next import removes them, and the corpus is never half-written."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner
from corpus_testkit import SMALL_SOURCES, snapshot

from judge.cli import main
from judge.corpus.importer import import_paths
from judge.corpus.store import stale_temp_files

KILL_MID_WRITE = """
import os, signal, sys
from pathlib import Path
import judge.corpus.store as store
real = os.replace
count = [0]
def replace(src, dst):
    count[0] += 1
    if count[0] == 3:       # the third file: its temp file is written, not yet renamed
        os.kill(os.getpid(), signal.SIGKILL)
    real(src, dst)
store.os.replace = replace
from judge.corpus.importer import import_paths
import_paths([Path(p) for p in sys.argv[2:]], Path(sys.argv[1]), force=True)
"""


def _lint(root: Path) -> tuple[int, str]:
    res = CliRunner().invoke(main, ["--corpus", str(root), "lint"])
    return res.exit_code, res.output


def test_an_import_killed_mid_write_is_cleaned_by_the_next(small):
    before = snapshot(small)
    # Make the import rewrite files: change every entry's text a little.
    for path in sorted(small.rglob("*.md"))[:5]:
        path.write_text(path.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    edited = snapshot(small)
    proc = subprocess.run([sys.executable, "-c", KILL_MID_WRITE, str(small),
                           *map(str, SMALL_SOURCES)], capture_output=True, text=True)
    assert proc.returncode == -9, proc.stderr
    left = stale_temp_files(small)
    assert left and all(p.name.startswith(".") and p.name.endswith(".tmp") for p in left)
    # Atomic: every corpus file is either as it was or as the import writes it.
    now = {k: v for k, v in snapshot(small).items() if not k.endswith(".tmp")}
    assert set(now) == set(edited)
    assert all(now[k][0] in (edited[k][0], before[k][0]) for k in now)
    code, out = _lint(small)
    for path in left:
        assert path.relative_to(small).as_posix() in out and "import-temp-file" in out
    report = import_paths(SMALL_SOURCES, small, force=True)
    assert not stale_temp_files(small) and not any(p.exists() for p in left)
    assert any("interrupted import" in str(n) for n in report.notes)   # messages, in en here
    assert {k: v[0] for k, v in snapshot(small).items()} == {k: v[0] for k, v in before.items()}
    assert "import-temp-file" not in _lint(small)[1]


def test_legacy_temp_names_are_found_and_other_dotfiles_are_not(small):
    legacy = small / "yugioh" / ".damage.md.ab12cd34"
    legacy.parent.mkdir(parents=True, exist_ok=True)
    legacy.write_text("half", encoding="utf-8")
    keep = [small / ".editorconfig", small / "yugioh" / ".notes.md", small / ".x.md.short"]
    for path in keep:
        path.write_text("mine", encoding="utf-8")
    assert stale_temp_files(small) == [legacy]
    import_paths(SMALL_SOURCES, small)
    assert not legacy.exists() and all(p.exists() for p in keep)
    os.unlink(keep[0])
