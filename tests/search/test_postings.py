"""The text fields' postings files: what is written is read back, split over files or
not, built by several processes or by one, and a damaged file means a rebuild."""
from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from whoosh.util.numeric import byte_to_length, length_to_byte

from judge.search import Searcher, build_index, indexer
from judge.search.postings import PostingsError, Segment, SegmentBuilder, TextPostings
from judge.search.schema import TEXT_FIELDS

JA = st.text(alphabet=st.sampled_from(list("グレイズをプレイしたカード場のノード 　ＱＡ－３７。\n")),
             max_size=30)


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(docs=st.lists(st.tuples(JA, JA, st.sampled_from(["vision", "ygo", "gem"]),
                               st.sampled_from(["rule", "qa", "term", "card"]),
                               st.integers(0, 2)), min_size=1, max_size=12),
       data=st.data())
def test_every_term_reads_back_as_written_over_one_file_or_several(docs, data):
    cuts = sorted(set(data.draw(st.lists(st.integers(1, len(docs)), max_size=3)))
                  | {0, len(docs)})
    segments = []
    for a, b in zip(cuts, cuts[1:]):
        builder = SegmentBuilder(a, TEXT_FIELDS)
        for title, body, game, kind, rank in docs[a:b]:
            builder.add(title, body, title + "|" + body,
                        {"game": game, "kind": kind, "rank": rank})
        segments.append(Segment(builder.to_bytes()))
    texts = TextPostings(reversed(segments))          # any order: sorted by first passage
    assert texts.n == len(docs)
    for name, analyse, boost, source in TEXT_FIELDS:
        expected: dict[str, tuple[list[int], list[float]]] = {}
        lengths = []
        for d, (title, body, *_columns) in enumerate(docs):
            counts = Counter(analyse(title if source == "title" else body))
            lengths.append(byte_to_length(length_to_byte(sum(counts.values()))))
            for term, tf in counts.items():
                ids, weights = expected.setdefault(term, ([], []))
                ids.append(d)
                weights.append(tf * boost)
        assert texts.terms(name) == sorted(expected)
        for term, (ids, weights) in expected.items():
            got_ids, got_weights = texts.read(name, term)
            assert (list(got_ids), list(got_weights)) == (ids, weights), (name, term)
        assert texts.lengths(name) == lengths
        assert list(texts.read(name, "never-indexed")[0]) == []
    assert [texts.text(d) for d in range(len(docs))] == [d[0] + "|" + d[1] for d in docs]
    # each passage's columns, from any passage on (an update reads its new files only)
    start = data.draw(st.sampled_from(cuts[:-1]))
    for i, name in enumerate(("game", "kind", "rank"), start=2):
        values, codes = texts.column(name, start)
        assert [values[c] for c in codes] == [d[i] for d in docs[start:]]


def _file(start: int, n: int) -> bytes:
    builder = SegmentBuilder(start, TEXT_FIELDS)
    for i in range(n):
        builder.add("グレイズ", f"本文{i}", f"ぐれいず本文{i}",
                    {"game": "vision", "kind": "term", "rank": 2})
    return builder.to_bytes()


def test_files_that_leave_a_gap_or_are_cut_short_are_refused():
    with pytest.raises(PostingsError, match="starts at passage 5"):
        TextPostings([Segment(_file(0, 3)), Segment(_file(5, 2))])
    data = _file(0, 3)
    with pytest.raises(PostingsError):
        Segment(data[:len(data) // 2])
    with pytest.raises(PostingsError, match="not a postings file"):
        Segment(b"GARBAGE!" + data[8:])


@pytest.mark.parametrize("damage", ["remove", "truncate", "extra"])
def test_an_index_whose_postings_files_are_damaged_is_rebuilt(sample_corpus, tmp_path, damage):
    stats = build_index(sample_corpus, index_dir=tmp_path)
    [postings] = stats.path.glob("postings-*.jpx")
    wanted = Searcher.open(sample_corpus, index_dir=tmp_path).search("グレイズ").total
    if damage == "remove":
        postings.unlink()
    elif damage == "truncate":
        postings.write_bytes(postings.read_bytes()[:200])
    else:                             # a file for passages Whoosh does not have
        (stats.path / "postings-0000099999.jpx").write_bytes(_file(99999, 1))
    s = Searcher.open(sample_corpus, index_dir=tmp_path)
    try:
        assert s.search("グレイズ").total == wanted
        assert len(list(s.path.glob("postings-*.jpx"))) == 1
    finally:
        s.close()


def test_a_build_by_several_processes_equals_a_build_by_one(sample_corpus, tmp_path,
                                                             monkeypatch):
    monkeypatch.setattr(indexer, "PARALLEL_MIN_UNITS", 1)
    one = build_index(sample_corpus, index_dir=tmp_path / "one", procs=1)
    two = build_index(sample_corpus, index_dir=tmp_path / "two", procs=3)
    assert len(list(one.path.glob("postings-*.jpx"))) == 1
    assert len(list(two.path.glob("postings-*.jpx"))) == 3
    a, b = TextPostings.open(one.path), TextPostings.open(two.path)
    try:
        assert a.n == b.n == one.units
        for name, *_ in TEXT_FIELDS:
            assert a.terms(name) == b.terms(name)
            assert a.lengths(name) == b.lengths(name) and a.total(name) == b.total(name)
            for term in a.terms(name):
                assert list(map(list, a.read(name, term))) == list(map(list, b.read(name, term)))
        assert [a.text(d) for d in range(a.n)] == [b.text(d) for d in range(b.n)]
        for name in ("game", "kind", "rank"):
            (va, ca), (vb, cb) = a.column(name), b.column(name)
            assert [va[c] for c in ca] == [vb[c] for c in cb]
    finally:
        a.close()
        b.close()


def test_threads_reading_a_file_for_the_first_time_at_once_all_find_their_terms(monkeypatch):
    """A worker's requests and its offline files' builder read one file at once; the
    first reads of a field make its term table, which none may see half made."""
    import threading
    import time as clock
    data = _file(0, 40)
    segment = Segment(data)
    real = Segment._array

    def slow(self, code, where):            # widen the window a half-made table had
        clock.sleep(0.01)
        return real(self, code, where)
    monkeypatch.setattr(Segment, "_array", slow)
    term = TEXT_FIELDS[0][1]("グレイズ")[0]          # a title bigram
    found, errors = [], []

    def reader():
        try:
            found.append(list(segment.read("title_bi", term)[0]))
        except Exception as exc:             # noqa: BLE001 - what the test looks for
            errors.append(exc)
    threads = [threading.Thread(target=reader) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert found == [list(range(40))] * 8


def _varied(start: int, n: int) -> SegmentBuilder:
    builder = SegmentBuilder(start, TEXT_FIELDS)
    for i in range(n):
        builder.add(f"グレイズ{i % 7}", "プレイしたカード" * (i % 5) + f"ノード{i % 3}",
                    f"本文{i}", {"game": "vision", "kind": "qa", "rank": i % 3})
    return builder


def test_a_file_is_read_in_place_aligned_and_as_written(tmp_path):
    """The postings are views of the mapped file (no copy in the process, so workers
    share its pages), aligned for numpy, equal to what was written, and still readable
    after the file is closed (a searcher's cache may hold them)."""
    import mmap

    import numpy as np
    from judge.search.matching import Postings
    builder = _varied(0, 60)
    segment = Segment.open(builder.write(tmp_path))
    kept = []
    try:
        for name, *_ in TEXT_FIELDS:
            for term in segment.terms(name):
                ids, weights = segment.read(name, term)
                want_ids, want_weights = builder._terms[name][term]
                assert isinstance(ids, memoryview) and isinstance(ids.obj, mmap.mmap)
                assert list(ids) == list(want_ids) and list(weights) == list(want_weights)
                assert np.frombuffer(ids, dtype=np.int32).flags.aligned
                assert np.frombuffer(weights, dtype=np.float32).flags.aligned
                assert Postings(ids, weights, None, 60).nbytes() == 0   # nothing of its own
                kept.append((ids, list(want_ids)))
    finally:
        segment.close()
    assert all(list(ids) == want for ids, want in kept)


def test_a_file_cut_short_anywhere_is_refused_never_read_past_its_end(tmp_path):
    data = _varied(0, 30).to_bytes()
    for cut in sorted({0, 1, 15, 16, 17, len(data) - 1, *range(0, len(data), 97)}):
        path = tmp_path / f"postings-{cut}.jpx"
        path.write_bytes(data[:cut])
        with pytest.raises(PostingsError):
            Segment.open(path)


def test_damaged_offsets_terms_or_an_older_format_give_a_postings_error():
    import json
    import struct
    data = _varied(0, 30).to_bytes()
    size = struct.unpack_from("<Q", data, 8)[0]
    head = json.loads(data[16:16 + size])
    base = 16 + size
    field = "body_bi"
    spec = head["fields"][field]
    term = Segment(data).terms(field)[0]
    broken = bytearray(data)                 # the first term's end far past the field's data
    struct.pack_into("<q", broken, base + spec["offsets"][0] + 8, 10 ** 12)
    with pytest.raises(PostingsError, match="damaged"):
        Segment(bytes(broken)).read(field, term)
    broken = bytearray(data)                 # its term list no longer UTF-8
    broken[base + spec["names"][0]] = 0xFF
    with pytest.raises(PostingsError, match="damaged"):
        Segment(bytes(broken)).terms(field)
    with pytest.raises(PostingsError, match="another version"):
        Segment(b"JUDGEPX1" + data[8:])


def _mapped_kb(path) -> int:
    """The KiB of ``path`` this process has mapped (its mappings' Rss, Linux)."""
    from pathlib import Path
    kb, inside = 0, False
    for line in Path("/proc/self/smaps").read_text().splitlines():
        head = line.split()
        if head and "-" in head[0] and not head[0].endswith(":"):
            inside = line.rstrip().endswith(str(path))
        elif inside and head[0] == "Rss:":
            kb += int(head[1])
    return kb


@pytest.mark.skipif(not __import__("sys").platform.startswith("linux"), reason="Linux smaps")
def test_released_pages_are_unmapped_and_read_again_the_same(tmp_path):
    """A worker unmaps the postings pages it touched after requests (they stay in the
    page cache): its views read the same numbers afterwards."""
    from judge.search.postings import release_mapped_pages
    builder = _varied(0, 3000)
    path = builder.write(tmp_path)
    segment = Segment.open(path)
    try:
        views = {(name, term): segment.read(name, term)
                 for name, *_ in TEXT_FIELDS for term in segment.terms(name)}
        want = {k: (list(i), list(w)) for k, (i, w) in views.items()}
        assert _mapped_kb(path) > 0
        assert release_mapped_pages() >= 1
        assert _mapped_kb(path) == 0
        assert {k: (list(i), list(w)) for k, (i, w) in views.items()} == want
    finally:
        segment.close()
