"""The compiled corpus cache: the same corpus as parsing every file, and never stale."""
from __future__ import annotations

import os
import shutil

import pytest

from judge.corpus import DEFAULT_CORPUS, Corpus, CorpusError
from judge.corpus import cache


@pytest.fixture
def small(tmp_path, monkeypatch):
    """A copy of part of the real corpus, and a private cache folder."""
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("JUDGE_CORPUS_CACHE", raising=False)
    root = tmp_path / "corpus"
    for sub in ("vision/qa", "vision/term", "yugioh/rule"):
        src = DEFAULT_CORPUS / sub
        if not src.exists():
            pytest.skip("corpus/ not imported")
        shutil.copytree(src, root / sub)
    return root


def _same(a: Corpus, b: Corpus) -> None:
    assert sorted(a.entries) == sorted(b.entries)
    for entry_id in a.entries:
        assert a.entries[entry_id] == b.entries[entry_id], entry_id
    for entry_id in list(a.entries)[:50]:
        assert a.cited_by(entry_id) == b.cited_by(entry_id)
    assert a.resolve("ＱＡ－３３７") == b.resolve("ＱＡ－３３７")


def test_a_cached_load_equals_parsing_every_file(small):
    parsed = Corpus.load(small, cache=False)
    first = Corpus.load(small)                       # writes the cache
    assert cache.cache_file(small).exists()
    second = Corpus.load(small)                      # reads it
    _same(parsed, first)
    _same(parsed, second)


def test_an_edited_file_is_read_again(small):
    Corpus.load(small)
    path = small / "vision" / "qa" / "QA-337.md"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("いいえ、出来ません。", "いいえ、できません！"), encoding="utf-8")
    again = Corpus.load(small)
    assert "いいえ、できません！" in again.get("vision/qa/QA-337").current.text
    _same(Corpus.load(small, cache=False), again)


def test_same_size_same_time_edit_is_still_seen(small):
    """A rewrite that keeps the size and puts the modification time back still counts."""
    path = small / "vision" / "qa" / "QA-337.md"
    Corpus.load(small)
    st = os.stat(path)
    text = path.read_text(encoding="utf-8")
    changed = text.replace("いいえ、出来ません。", "いいえ、出来ませぬ。")
    assert len(changed.encode()) == len(text.encode())
    path.write_text(changed, encoding="utf-8")
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert "出来ませぬ" in Corpus.load(small).get("vision/qa/QA-337").current.text


def test_added_and_removed_files(small):
    Corpus.load(small)
    (small / "vision" / "term" / "プレイ.md").unlink()
    src = DEFAULT_CORPUS / "vision" / "card"
    one = sorted(src.glob("*.md"))[0]
    (small / "vision" / "card").mkdir()
    shutil.copy(one, small / "vision" / "card" / one.name)
    again = Corpus.load(small)
    assert "vision/term/プレイ" not in again.entries
    _same(Corpus.load(small, cache=False), again)


def test_a_bad_file_raises_with_or_without_a_cache(small):
    Corpus.load(small)
    path = small / "vision" / "qa" / "QA-337.md"
    path.write_text("no front matter\n", encoding="utf-8")
    with pytest.raises(CorpusError) as info:
        Corpus.load(small)
    assert "QA-337.md" in str(info.value)


def test_a_broken_cache_is_ignored_and_rewritten(small):
    Corpus.load(small)
    cache.cache_file(small).write_bytes(b"not a pickle")
    _same(Corpus.load(small, cache=False), Corpus.load(small))
    assert cache.cache_file(small).read_bytes() != b"not a pickle"


def test_an_unwritable_cache_folder_only_costs_time(small, tmp_path, monkeypatch):
    blocker = tmp_path / "file-not-folder"
    blocker.write_text("x")
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(blocker / "cache"))
    _same(Corpus.load(small, cache=False), Corpus.load(small))


def test_entries_of_one_kind_are_read_alone_from_the_cache(small):
    Corpus.load(small)                                 # writes the cache
    compiled = Corpus.load(small)                      # entries read on demand
    terms = [e.id for e in compiled.of_kind("term")]
    assert terms and all(e.kind == "term" for e in compiled.of_kind("term"))
    assert terms == [e.id for e in Corpus.load(small, cache=False) if e.kind == "term"]
    assert len(compiled.entries._made) == len(terms)   # no other entry was unpickled


def test_an_unchanged_corpus_opens_from_the_manifests_head(small, monkeypatch):
    """A corpus whose files are as they were is opened from the manifest's head (the
    files' stamp and the content key) without reading the digest of every file; an
    edit is still seen."""
    monkeypatch.setattr(cache, "RACY_SECONDS", 0.0)     # the files are seconds old
    first = Corpus.load(small)
    real_read = cache._read
    monkeypatch.setattr(cache, "_read", lambda path: pytest.fail("read the manifest's body"))
    again = Corpus.load(small, build=False)
    assert again.content_key == first.content_key
    _same(first, again)
    monkeypatch.setattr(cache, "_read", real_read)
    path = small / "vision" / "qa" / "QA-337.md"
    path.write_text(path.read_text(encoding="utf-8").replace("いいえ、出来ません。", "いいえ！"),
                    encoding="utf-8")
    edited = Corpus.load(small)
    assert edited.content_key != first.content_key
    assert "いいえ！" in edited.get("vision/qa/QA-337").current.text
