"""Kept `judge verify` / `judge lint` answers: the same as a fresh run, and never stale.

A kept answer is keyed on every file and line of code it could depend on
(judge/corpus/derived.py); each test here changes one of them and checks that the
next run is computed again, on a copy of the real Yu-Gi-Oh! corpus.
"""
from __future__ import annotations

import json
import os
import shutil
from types import SimpleNamespace

import pytest
from click.testing import CliRunner
from corpus_testkit import COMMITTED

from judge.cli import main
from judge.corpus import derived
from judge.i18n import use_locale


@pytest.fixture
def kept(tmp_path, monkeypatch):
    """A copy of the Yu-Gi-Oh! corpus, kept answers on, a private cache folder."""
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("JUDGE_RESULT_CACHE", "1")
    monkeypatch.delenv("JUDGE_CORPUS_CACHE", raising=False)
    root = tmp_path / "corpus"
    if not (COMMITTED / "yugioh" / "scenarios").is_dir():
        pytest.skip("corpus/ not imported")
    shutil.copytree(COMMITTED / "yugioh", root / "yugioh")
    shutil.copy(COMMITTED / "games.yaml", root / "games.yaml")
    return root


def judge(root, *args):
    return CliRunner().invoke(main, ["--lang", "en", "--corpus", str(root), *args])


def _no_replay(monkeypatch):
    """Make replaying impossible: a run that still answers used its kept answer."""
    import judge.engine.runner as runner

    def boom(*_a, **_k):
        raise AssertionError("replayed although nothing changed")
    monkeypatch.setattr(runner, "verify_all", boom)


def test_a_kept_verify_is_what_a_fresh_run_prints(kept, monkeypatch):
    fresh = judge(kept, "verify", "--json")
    assert fresh.exit_code == 0, fresh.output
    rows = json.loads(fresh.output)
    assert len(rows) > 20 and all(r["match"] for r in rows)
    assert list((kept.parent / "cache").glob("verify-*.pickle"))
    text = judge(kept, "verify").output
    _no_replay(monkeypatch)
    again = judge(kept, "verify", "--json")
    assert again.exit_code == 0 and json.loads(again.output) == rows
    assert judge(kept, "verify").output == text


def test_a_changed_scenario_is_replayed(kept):
    assert judge(kept, "verify").exit_code == 0
    path = kept / "yugioh" / "scenarios" / "damage-attack-higher.yaml"
    text = path.read_text(encoding="utf-8")
    assert "  B.life: 7700\n" in text
    path.write_text(text.replace("  B.life: 7700\n", "  B.life: 7701\n"), encoding="utf-8")
    result = judge(kept, "verify", "--json")
    assert result.exit_code == 1
    bad = [r for r in json.loads(result.output) if not r["match"]]
    assert [r["scenario"] for r in bad] == ["yugioh/scenarios/damage-attack-higher.yaml"]
    assert bad[0]["engine"]["B.life"] == 7700


def test_an_unlinked_entry_is_seen(kept):
    """An entry's edit (its `scenarios:` link removed) reaches a kept verify."""
    assert judge(kept, "verify").exit_code == 0
    path = kept / "yugioh" / "rule" / "direct-attack.md"
    text = path.read_text(encoding="utf-8")
    assert "- yugioh/scenarios/direct-attack.yaml\n" in text
    path.write_text(text.replace("- yugioh/scenarios/direct-attack.yaml\n", ""),
                    encoding="utf-8")
    result = judge(kept, "verify", "--json")
    assert result.exit_code == 1
    assert any(r["scenario"] == "yugioh/scenarios/direct-attack.yaml" and r["error"]
               for r in json.loads(result.output))


def test_a_kept_lint_sees_a_new_bad_scenario(kept, monkeypatch):
    first = judge(kept, "lint", "--json")
    assert first.exit_code == 0, first.output
    (kept / "yugioh" / "scenarios" / "zz-bad.yaml").write_text(
        "game: yugioh\nsetup: [unclosed\n", encoding="utf-8")
    result = judge(kept, "lint", "--json")
    assert result.exit_code == 1
    assert ("yugioh/scenarios/zz-bad.yaml", "scenario-invalid") in {
        (p["entry_id"].split(":")[0], p["code"]) for p in json.loads(result.output)}


def test_an_unreadable_kept_answer_is_computed_again(kept):
    fresh = judge(kept, "verify", "--json").output
    for path in (kept.parent / "cache").glob("verify-*.pickle"):
        path.write_bytes(b"not a pickle")
    again = judge(kept, "verify", "--json")
    assert again.exit_code == 0 and again.output == fresh


# --- the key, one input at a time ---------------------------------------------------

@pytest.fixture
def fake(tmp_path, monkeypatch):
    """A stand-in corpus (content key and folder) and a stand-in code folder."""
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("JUDGE_RESULT_CACHE", "1")
    monkeypatch.delenv("JUDGE_CORPUS_CACHE", raising=False)
    root, code = tmp_path / "corpus", tmp_path / "code"
    (root / "g" / "scenarios").mkdir(parents=True)
    (root / "g" / "scenarios" / "s.yaml").write_text("a: 1\n")
    code.mkdir()
    (code / "rules.py").write_text("X = 1\n")
    monkeypatch.setattr(derived, "code_folders", lambda: [code])
    return SimpleNamespace(content_key="k1", root=root, code=code)


def test_each_input_changes_the_key(fake, monkeypatch):
    seen = {derived.derivation_key(fake)}

    def changed():
        key = derived.derivation_key(fake)
        assert key not in seen
        seen.add(key)

    fake.content_key = "k2"                                   # an entry's file
    changed()
    (fake.root / "g" / "scenarios" / "s.yaml").write_text("a: 2\n")      # a scenario
    changed()
    (fake.root / "g" / "scenarios" / "t.yaml").write_text("a: 1\n")      # a new one
    changed()
    (fake.code / "rules.py").write_text("X = 2\n")            # a line of code
    changed()
    (fake.code / "messages.mo").write_bytes(b"\x00")          # a compiled catalogue
    changed()
    monkeypatch.setenv("JUDGE_BUDGET_ACTIONS", "5")           # a run budget
    changed()
    # the language written in (whichever one the suite left in force before)
    keys = {}
    for lang in ("ja", "en"):
        with use_locale(lang):
            keys[lang] = derived.derivation_key(fake)
    assert keys["ja"] != keys["en"]
    seen.update(keys.values())
    monkeypatch.setattr(derived, "installed", lambda: ["PyYAML-9.9.dist-info"])
    changed()
    # what cannot change an answer does not change the key
    (fake.code / "__pycache__").mkdir()
    (fake.code / "__pycache__" / "rules.cpython-311.pyc").write_bytes(b"\x00")
    (fake.code / "notes.txt").write_text("x")
    assert derived.derivation_key(fake) in seen


# --- the files' digests, kept by their stat -------------------------------------------

def _no_reading(monkeypatch):
    """Fail the test if derived.py opens a file to hash it (the kept digests it may read)."""
    import builtins

    def refuse(path, *a, **k):
        if str(path).endswith("code-digests.pickle"):
            return builtins.open(path, *a, **k)
        raise AssertionError(f"{path} was read again")
    monkeypatch.setattr(derived, "open", refuse, raising=False)


def test_a_file_older_than_its_stat_is_not_read_again(fake, monkeypatch):
    monkeypatch.setattr(derived, "RACY_NS", 0)        # every file here is seconds old
    first = derived.derivation_key(fake)
    _no_reading(monkeypatch)
    assert derived.derivation_key(fake) == first


def test_an_edit_that_keeps_size_and_modification_time_is_read(fake, monkeypatch):
    monkeypatch.setattr(derived, "RACY_NS", 0)
    rules = fake.code / "rules.py"
    first = derived.derivation_key(fake)
    before = rules.stat()
    rules.write_text("X = 9\n")                      # same size, a different line
    os.utime(rules, ns=(before.st_atime_ns, before.st_mtime_ns))   # its time set back
    assert rules.stat().st_size == before.st_size
    assert derived.derivation_key(fake) != first     # the change time gave it away


def test_a_file_changed_within_a_tick_of_its_stat_is_read_every_time(fake, monkeypatch):
    # the racy case: a digest taken just after a write is not trusted, whatever the stat
    derived.derivation_key(fake)
    _no_reading(monkeypatch)
    with pytest.raises(AssertionError, match="read again"):
        derived.derivation_key(fake)


def test_kept_digests_give_the_key_hashing_every_file_gives(fake, monkeypatch):
    monkeypatch.setattr(derived, "RACY_NS", 0)
    derived.derivation_key(fake)
    kept = derived.derivation_key(fake)              # from the kept digests
    monkeypatch.setattr(derived, "enabled", lambda: False)   # nothing kept: every file read
    assert derived.derivation_key(fake) == kept


def test_a_damaged_digests_file_is_only_a_slower_run(fake, monkeypatch):
    monkeypatch.setattr(derived, "RACY_NS", 0)
    first = derived.derivation_key(fake)
    (fake.code.parent / "cache" / "code-digests.pickle").write_bytes(b"\x80not a pickle")
    assert derived.derivation_key(fake) == first
    (fake.code.parent / "cache" / "code-digests.pickle").write_bytes(b"\x80\x04N.")  # None
    assert derived.derivation_key(fake) == first


def test_remembered_computes_once_per_key(fake, monkeypatch):
    calls = []

    def compute():
        calls.append(1)
        return {"n": len(calls)}

    assert derived.remembered("t", fake, compute) == {"n": 1}
    assert derived.remembered("t", fake, compute) == {"n": 1}
    (fake.code / "rules.py").write_text("X = 3\n")
    assert derived.remembered("t", fake, compute) == {"n": 2}
    monkeypatch.setenv("JUDGE_RESULT_CACHE", "0")
    assert derived.remembered("t", fake, compute) == {"n": 3}
    assert derived.remembered("t", fake, compute) == {"n": 4}


def test_only_the_newest_answers_are_kept(fake):
    for n in range(derived.KEEP + 3):
        fake.content_key = f"k{n}"
        derived.remembered("t", fake, lambda: n)
    assert len(list((fake.root.parent / "cache").glob("t-*.pickle"))) == derived.KEEP


def test_the_code_is_the_package_and_its_games():
    folders = derived.code_folders()
    assert derived.PACKAGE_DIR in folders
    assert any(v.startswith("judge.games.") for v in derived.game_entry_points())
