"""The fourth game, registered the way an installed plugin's entry points would be."""
from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))


@pytest.fixture(scope="module")
def koma():
    """Register 駒遊び's game and importer (register_game / register_importer)."""
    from koma import KomaGame
    from koma.importer import IMPORTER

    from judge.corpus.importer import register_importer
    from judge.corpus.importer.plugins import unregister_importer
    from judge.engine.registry import register_game, unregister_game
    register_game(KomaGame)
    register_importer(IMPORTER)
    yield KomaGame
    unregister_game(KomaGame.name)
    unregister_importer(KomaGame.name)


@pytest.fixture(scope="module")
def corpus_dir(koma, tmp_path_factory) -> Path:
    """A corpus of 駒遊び alone: its scenarios, then `judge import` of its source."""
    from click.testing import CliRunner

    from judge.cli import main
    root = tmp_path_factory.mktemp("koma-corpus")
    shutil.copytree(HERE / "scenarios", root / "koma" / "scenarios")
    result = CliRunner().invoke(main, ["--corpus", str(root), "import",
                                       str(HERE / "sources")])
    assert result.exit_code == 0, result.output
    return root
