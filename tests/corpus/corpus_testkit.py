"""Paths and helpers shared by the corpus tests (imported by name: tests/corpus is on
sys.path under pytest's default import mode)."""
from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [ROOT / "sources" / "seeds", ROOT / "sources" / "data", ROOT / "sources" / "glossary",
           ROOT / "sources" / "lexicon"]
SEEDS = ROOT / "sources" / "seeds"
CARD_LIST = ROOT / "sources" / "data" / "vision-cards.jsonl"
COMMITTED = ROOT / "corpus"
GRAZE_PAGE = SEEDS / "000_0482194346c20670.txt"
YUGIOH = SEEDS / "001_98033ad4f64437c3.txt"
GEMCHRONICLE = SEEDS / "002_8c046eeeeac8bfde.txt"
PLAY_PAGE = SEEDS / "004_4cee4f2a4e4c25f7.txt"
SMALL_SOURCES = [YUGIOH, GEMCHRONICLE]     # a corpus without Vision: fast to import


def copy_scenarios(src: Path, dest: Path) -> None:
    """Copy every ``<game>/scenarios`` folder of one corpus into another."""
    for folder in sorted(src.glob("*/scenarios")):
        shutil.copytree(folder, dest / folder.relative_to(src), dirs_exist_ok=True)


def snapshot(root: Path) -> dict[str, tuple[str, int]]:
    """Every file under root: relative path -> (sha256, mtime in ns)."""
    return {p.relative_to(root).as_posix(): (hashlib.sha256(p.read_bytes()).hexdigest(),
                                             p.stat().st_mtime_ns)
            for p in sorted(root.rglob("*")) if p.is_file()}
