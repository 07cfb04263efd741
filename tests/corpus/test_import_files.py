"""Re-importing sources/ gives the committed corpus; imports are idempotent; hand edits
are reported and kept (``--force`` overwrites them)."""
from __future__ import annotations

import json
import shutil

from click.testing import CliRunner
from corpus_testkit import COMMITTED, SEEDS, SMALL_SOURCES, snapshot

from judge.cli import main
from judge.corpus.importer import import_paths
from judge.corpus.games import MANIFEST as GAMES_MANIFEST
from judge.corpus.importer.writer import MANIFEST


def test_reimport_equals_the_committed_corpus(imported):
    # ``imported`` is sources/ imported afresh, with the committed scenarios beside it.
    fresh = {k: v[0] for k, v in snapshot(imported).items()}
    committed = {k: v[0] for k, v in snapshot(COMMITTED).items()}
    missing = sorted(set(fresh) - set(committed))
    extra = sorted(set(committed) - set(fresh))
    differ = sorted(k for k in set(fresh) & set(committed) if fresh[k] != committed[k])
    hint = "run `judge import sources` and review the diff"
    assert not missing, f"not in the committed corpus: {missing[:10]}; {hint}"
    assert not extra, f"committed but not produced by the import: {extra[:10]}; {hint}"
    assert not differ, f"files that differ from a fresh import: {differ[:10]}; {hint}"


def test_second_import_changes_no_file(imported):
    before = snapshot(imported)
    # The parent folder holds the same sources (README.md files are skipped).
    report = import_paths([SEEDS.parent], imported)
    assert len(report.sources) == 11     # 4 seeds, the card list, 3 glossaries, 3 lexicons
    assert report.written == [] and report.removed == [] and report.conflicts == []
    written = [k for k in before if k.endswith(".md") or k == GAMES_MANIFEST]
    assert report.unchanged == len(written)
    assert snapshot(imported) == before           # same bytes, same modification times


def test_manifest_is_sorted_and_names_every_file(imported):
    text = (imported / MANIFEST).read_text(encoding="utf-8")
    data = json.loads(text)
    assert text == json.dumps(data, ensure_ascii=False, sort_keys=True, indent=1) + "\n"
    md = {p.relative_to(imported).as_posix() for p in imported.rglob("*.md")}
    assert set(data["files"]) == md | {GAMES_MANIFEST}
    assert set(data["sources"]) == {"sources/data/vision-cards.jsonl",
                                    *{f"sources/seeds/{p.name}" for p in SEEDS.glob("*.txt")},
                                    *{f"sources/{folder}/{p.name}"
                                      for folder in ("glossary", "lexicon")
                                      for p in (SEEDS.parent / folder).glob("*.yaml")}}


def test_hand_edit_is_reported_kept_and_forced(small):
    target = small / "yugioh" / "rule" / "ritual.md"
    original = target.read_bytes()
    edited = original.replace("降的させる".encode(), "降臨させる".encode())
    assert edited != original
    target.write_bytes(edited)
    others = {k: v for k, v in snapshot(small).items() if not k.endswith("ritual.md")}

    result = CliRunner().invoke(main, ["--corpus", str(small), "import",
                                       *map(str, SMALL_SOURCES)])
    assert result.exit_code == 1
    assert "conflict: yugioh/rule/ritual.md: edited by hand" in result.output
    assert "--force" in result.output
    assert target.read_bytes() == edited
    assert {k: v for k, v in snapshot(small).items() if not k.endswith("ritual.md")} == others

    forced = import_paths(SMALL_SOURCES, small, force=True)
    assert forced.written == ["yugioh/rule/ritual.md"] and not forced.conflicts
    assert target.read_bytes() == original


def test_file_not_written_by_the_importer_is_not_overwritten(small):
    target = small / "yugioh" / "rule" / "ritual.md"
    manifest = json.loads((small / MANIFEST).read_text(encoding="utf-8"))
    del manifest["files"]["yugioh/rule/ritual.md"]
    (small / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    target.write_text("my own notes\n", encoding="utf-8")
    report = import_paths(SMALL_SOURCES, small)
    assert [c.path for c in report.conflicts] == ["yugioh/rule/ritual.md"]
    assert "not written by the importer" in report.conflicts[0].reason
    assert target.read_text(encoding="utf-8") == "my own notes\n"


def test_a_file_no_longer_produced_is_removed_unless_edited(small):
    manifest = json.loads((small / MANIFEST).read_text(encoding="utf-8"))
    stale = small / "yugioh" / "rule" / "old-key.md"
    shutil.copy(small / "yugioh" / "rule" / "ritual.md", stale)
    record = dict(manifest["files"]["yugioh/rule/ritual.md"])
    manifest["files"]["yugioh/rule/old-key.md"] = record
    edited = small / "yugioh" / "rule" / "edited-key.md"
    edited.write_text("edited\n", encoding="utf-8")
    manifest["files"]["yugioh/rule/edited-key.md"] = record
    (small / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")

    report = import_paths(SMALL_SOURCES, small)
    assert report.removed == ["yugioh/rule/old-key.md"] and not stale.exists()
    assert [c.path for c in report.conflicts] == ["yugioh/rule/edited-key.md"]
    assert edited.read_text(encoding="utf-8") == "edited\n"


def test_a_partial_import_leaves_other_sources_files_alone(small):
    report = import_paths([SMALL_SOURCES[0]], small)       # Yu-Gi-Oh! only
    assert report.removed == [] and report.written == []
    assert (small / "gemchronicle" / "rule" / "mana.md").exists()


def test_scenarios_are_linked_from_the_entries_they_name(small):
    folder = small / "yugioh" / "scenarios"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "zz-test-link.yaml").write_text(
        "game: yugioh\nrulings: [yugioh/rule/fusion, 'yugioh/rule/ritual#ritual.2']\n",
        encoding="utf-8")
    (folder / "zz-test-broken.yaml").write_text("game: [unclosed\n", encoding="utf-8")
    report = import_paths(SMALL_SOURCES, small)
    assert sorted(report.written) == ["yugioh/rule/fusion.md", "yugioh/rule/ritual.md"]
    for key in ("fusion", "ritual"):
        text = (small / "yugioh" / "rule" / f"{key}.md").read_text(encoding="utf-8")
        assert "scenarios:\n- yugioh/scenarios/zz-test-link.yaml\n" in text
