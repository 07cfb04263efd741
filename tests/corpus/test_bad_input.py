"""Bad input: a clear error naming file and line, and the corpus left untouched."""
from __future__ import annotations

import shutil

import pytest
from click.testing import CliRunner
from corpus_testkit import CARD_LIST, GRAZE_PAGE, PLAY_PAGE, SEEDS, YUGIOH, snapshot

from judge.cli import main
from judge.corpus.importer import ImportError_, import_paths


@pytest.fixture
def inputs(tmp_path):
    """A private copy of sources/ (seeds and data folders) to spoil."""
    seeds, data = tmp_path / "seeds", tmp_path / "data"
    shutil.copytree(SEEDS, seeds)
    data.mkdir()
    shutil.copy(CARD_LIST, data / CARD_LIST.name)
    return seeds, data


def spoil_and_import(small, inputs, name, content: bytes) -> ImportError_:
    seeds, data = inputs
    (seeds / name).write_bytes(content)
    before = snapshot(small)
    with pytest.raises(ImportError_) as info:
        import_paths([seeds, data], small)
    assert snapshot(small) == before, "a failed import must leave the corpus untouched"
    return info.value


def test_binary_file(small, inputs):
    error = spoil_and_import(small, inputs, "image.txt", b"PNG\n\x89\x00\x01binary")
    assert "image.txt:2" in str(error) and "binary" in str(error)


def test_not_utf8(small, inputs):
    error = spoil_and_import(small, inputs, "latin.txt",
                             "ligne 1\ncafé\n".encode("latin-1"))
    assert "latin.txt:2" in str(error) and "UTF-8" in str(error)


def test_unknown_wiki_page(small, inputs):
    text = GRAZE_PAGE.read_text(encoding="utf-8").replace("「グレイズ」", "「ノード」")
    error = spoil_and_import(small, inputs, "005_node.txt", text.encode())
    assert "005_node.txt:1" in str(error) and "unknown @wiki page 「ノード」" in str(error)


def test_truncated_wiki_page(small, inputs):
    lines = PLAY_PAGE.read_text(encoding="utf-8").split("\n")
    error = spoil_and_import(small, inputs, PLAY_PAGE.name,
                             "\n".join(lines[:200]).encode())
    assert f"{PLAY_PAGE.name}:" in str(error) and "truncated" in str(error)


def test_wiki_page_with_one_copy(small, inputs):
    lines = GRAZE_PAGE.read_text(encoding="utf-8").split("\n")
    error = spoil_and_import(small, inputs, GRAZE_PAGE.name, "\n".join(lines[:47]).encode())
    assert f"{GRAZE_PAGE.name}:9" in str(error) and "truncated" in str(error)


def test_truncated_rules_document(small, inputs):
    lines = YUGIOH.read_text(encoding="utf-8").split("\n")
    error = spoil_and_import(small, inputs, YUGIOH.name, "\n".join(lines[:30]).encode())
    assert f"{YUGIOH.name}:" in str(error) and "cut short" in str(error)


def test_unrecognised_text(small, inputs):
    error = spoil_and_import(small, inputs, "notes.txt", "\n\n買い物リスト\n".encode())
    assert "notes.txt:3" in str(error) and "not a source the importer knows" in str(error)


def test_bad_card_list_line(small, inputs):
    seeds, data = inputs
    lines = CARD_LIST.read_text(encoding="utf-8").split("\n")
    lines[4] = lines[4][:30]
    (data / CARD_LIST.name).write_text("\n".join(lines), encoding="utf-8")
    before = snapshot(small)
    with pytest.raises(ImportError_) as info:
        import_paths([seeds, data], small)
    assert f"{CARD_LIST.name}:5" in str(info.value) and "JSON" in str(info.value)
    assert snapshot(small) == before


def test_vision_sources_come_together(small):
    with pytest.raises(ImportError_) as info:
        import_paths([GRAZE_PAGE], small)
    assert "card list" in str(info.value) and "「プレイ」" in str(info.value)


def test_the_command_prints_the_error_without_a_traceback(small, inputs):
    seeds, data = inputs
    (seeds / "bad.txt").write_bytes(b"\x00\x01")
    result = CliRunner().invoke(main, ["--corpus", str(small), "import", str(seeds),
                                       str(data)])
    assert result.exit_code == 2
    assert "bad.txt:1" in result.output and "Traceback" not in result.output


def test_yugioh_and_gem_chronicle_import_alone(tmp_path):
    root = tmp_path / "corpus"
    report = import_paths([YUGIOH, SEEDS / "002_8c046eeeeac8bfde.txt"], root)
    assert report.entries[("yugioh", "rule")] == 9
    assert report.entries[("gemchronicle", "rule")] == 32
    assert not (root / "vision").exists()
