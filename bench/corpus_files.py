"""A generated corpus written as files (the corpus folder a deployment serves), for the
benchmarks that start workers: the real corpus's files plus ``bench/search.py``'s
generated entries up to ``--size``, rendered by the corpus's own writer.

    .venv/bin/python bench/corpus_files.py --size 100000 /tmp/judge-bench/c100000

The folder is written once per size (a ``.bench-size`` file says it is complete), so a
second run reuses it; ``judge index`` then builds its store and search index.
"""
from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))


def write(size: int, folder: Path) -> Path:
    """The real corpus plus generated entries up to ``size``, as files under ``folder``."""
    stamp = folder / ".bench-size"
    if stamp.exists() and stamp.read_text().strip() == str(size):
        return folder
    from search import generate                     # bench/search.py's generator

    from judge.corpus import Corpus
    from judge.corpus.store import DEFAULT_CORPUS, entry_path, render_entry, write_atomic
    if folder.exists():
        shutil.rmtree(folder)
    # every file of the real corpus that is not an entry (games.yaml, scenarios) as is
    shutil.copytree(DEFAULT_CORPUS, folder,
                    ignore=lambda d, names: [n for n in names if n.endswith(".md")])
    real = Corpus.load(DEFAULT_CORPUS)
    for entry in generate(real, size):
        path = entry_path(folder, entry.id)
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, render_entry(entry))
    stamp.write_text(str(size))
    return folder


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", type=int, required=True, help="entries in the corpus")
    ap.add_argument("folder", type=Path, help="where to write it")
    args = ap.parse_args(argv)
    print(write(args.size, args.folder))
    return 0


if __name__ == "__main__":
    sys.exit(main())
