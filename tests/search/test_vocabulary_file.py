"""The did-you-mean vocabulary written beside the index by ``judge index`` and read
where it lies by every worker (suggest.StoredVocabulary): it must offer exactly what the
vocabulary built from the corpus in memory offers, and never the names of a corpus the
index no longer holds."""
from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.corpus import Corpus
from judge.search import Searcher, build_index
from judge.search import suggest


@pytest.fixture(scope="module")
def both(real_corpus, tmp_path_factory):
    """The real corpus's vocabulary in memory and from its file, and its names."""
    path = tmp_path_factory.mktemp("vocabulary") / suggest.FILE
    suggest.write_vocabulary(real_corpus, path)
    memory = suggest.Vocabulary.from_corpus(real_corpus)
    return memory, suggest.StoredVocabulary.open(path), sorted(set(memory.names.values()))


KANA = st.characters(min_codepoint=0x30A1, max_codepoint=0x30F6)


@st.composite
def typed(draw, names):
    """A name of the vocabulary as a judge may mistype it: a few characters changed,
    dropped or added, sometimes in hiragana or half-width; or any kana at all."""
    if draw(st.booleans()):
        return draw(st.text(KANA, min_size=1, max_size=12))
    chars = list(draw(st.sampled_from(names)))
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, len(chars)))
        how = draw(st.sampled_from(["change", "drop", "add"]))
        if how == "add" or at == len(chars):
            chars.insert(at, draw(KANA))
        elif how == "drop":
            del chars[at]
        else:
            chars[at] = draw(KANA)
    word = "".join(chars)
    return draw(st.sampled_from([word, word.translate({c: c - 0x60 for c in range(0x30A1, 0x30F7)})]))


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_the_stored_vocabulary_offers_what_the_one_in_memory_offers(both, data):
    memory, stored, names = both
    word = data.draw(typed(names))
    assert stored.close(word) == memory.close(word)


def test_the_judges_own_typos_get_the_same_offers_from_the_file(both):
    memory, stored, _names = both
    for word in ("テリブルスーブニール", "ぐれいづ", "ブラスタ", "フラスターエスケプ", "咲夜さん",
                 "まなのせいせい"):
        assert stored.close(word) == memory.close(word)


def test_judge_index_writes_it_and_a_searcher_reads_it(sample_corpus, tmp_path):
    build_index(sample_corpus, index_dir=tmp_path / "ix")
    s = Searcher.open(sample_corpus, index_dir=tmp_path / "ix", build=False)
    try:
        assert (s.path / suggest.FILE).is_file()
        assert isinstance(s.vocabulary(), suggest.StoredVocabulary)
        assert s.search("ぐれいづ").did_you_mean == \
            Searcher.open(sample_corpus, index_dir=tmp_path / "ix2").search("ぐれいづ").did_you_mean
    finally:
        s.close()


def test_an_index_made_before_the_file_gets_it_from_judge_index(sample_corpus, tmp_path):
    stats = build_index(sample_corpus, index_dir=tmp_path / "ix")
    (stats.path / suggest.FILE).unlink()
    assert build_index(sample_corpus, index_dir=tmp_path / "ix").built is False
    assert (stats.path / suggest.FILE).is_file()


def test_a_reindexed_corpus_offers_its_new_names_never_the_old_files(sample_corpus, tmp_path):
    s = Searcher.open(sample_corpus, index_dir=tmp_path / "ix")
    try:
        assert isinstance(s.vocabulary(), suggest.StoredVocabulary)
        assert "ミスティックレイヴン" not in s.vocabulary().close("ミスティクレイヴン")
        template = sample_corpus.get("vision/term/グレイズ")
        new = replace(template, id="vision/term/ミスティックレイヴン", key="ミスティックレイヴン",
                      title="ミスティックレイヴン", aliases=[])
        changed = Corpus([*sample_corpus, new], sample_corpus.root)
        s.reindex([new.id], changed)
        assert "ミスティックレイヴン" in s.vocabulary().close("ミスティクレイヴン")
        # a worker starting now reads no file of the old names; `judge index` writes the new
        assert not (s.path / suggest.FILE).exists()
        assert build_index(changed, index_dir=tmp_path / "ix").built is False
        fresh = Searcher.open(changed, index_dir=tmp_path / "ix", build=False)
        try:
            assert isinstance(fresh.vocabulary(), suggest.StoredVocabulary)
            assert "ミスティックレイヴン" in fresh.vocabulary().close("ミスティクレイヴン")
        finally:
            fresh.close()
    finally:
        s.close()


def test_a_damaged_file_is_not_read(sample_corpus, tmp_path):
    build_index(sample_corpus, index_dir=tmp_path / "ix")
    s = Searcher.open(sample_corpus, index_dir=tmp_path / "ix", build=False)
    try:
        (s.path / suggest.FILE).write_bytes(b"not a database")
        assert isinstance(s.vocabulary(), suggest.Vocabulary)
        assert s.search("ぐれいづ").did_you_mean or s.search("ぐれいづ").total
    finally:
        s.close()
