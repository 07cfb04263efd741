"""The games manifest is read once per content: a kept reading equals a fresh one, and
an edited manifest is read again."""
from __future__ import annotations

import shutil
import sys

import pytest
from corpus_testkit import COMMITTED

from judge.corpus.games import GameManifestError, read_manifest


@pytest.fixture
def root(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("JUDGE_CORPUS_CACHE", raising=False)
    root = tmp_path / "corpus"
    root.mkdir()
    shutil.copy(COMMITTED / "games.yaml", root / "games.yaml")
    return root


def test_kept_equals_parsed_and_an_edit_is_seen(root, monkeypatch):
    first = read_manifest(root)
    assert {g.id for g in first} >= {"vision", "yugioh", "gemchronicle"}
    assert list((root.parent / "cache").glob("memo-*.json"))
    monkeypatch.setitem(sys.modules, "yaml", None)      # a kept reading needs no parser
    assert read_manifest(root) == first
    monkeypatch.undo()
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(root.parent / "cache"))
    path = root / "games.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("ja: 遊戯王OCG\n", "ja: 遊戯王OCG(改)\n", 1), encoding="utf-8")
    edited = read_manifest(root)
    assert edited != first
    assert any("遊戯王OCG(改)" in g.titles.values() for g in edited)


def test_a_broken_manifest_is_an_error_every_time(root):
    (root / "games.yaml").write_text("games: [unclosed\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(GameManifestError, match="games.yaml: cannot be read"):
            read_manifest(root)
