"""The compiled corpus as a read-only database (issue 27): a process that opens it reads
the entries it is asked for and nothing else, and its tables answer what the serving
path used to find by reading every entry, with the same answers."""
from __future__ import annotations

import shutil

import pytest

from judge.corpus import Corpus
from judge.corpus.database import StoreMissing, StoredEntries
from judge.corpus.store import DEFAULT_CORPUS


@pytest.fixture(scope="module")
def parsed():
    """The real corpus parsed from its files, without the cache."""
    return Corpus.load(DEFAULT_CORPUS, cache=False)


@pytest.fixture
def compiled(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(tmp_path / "cache"))
    Corpus.load(DEFAULT_CORPUS)                      # compiles it (as `judge index` does)
    return Corpus.load(DEFAULT_CORPUS, build=False)  # what a serving worker opens


def _links_to(corpus, target):
    """Every entry linking ``target`` (a ``#clause`` link counts), the slow way."""
    return sorted(e.id for e in corpus
                  if any(str(r).split("#", 1)[0] == target for r in [*e.cites, *e.cards]))


def test_tables_answer_without_reading_entries(compiled, parsed):
    assert isinstance(compiled.entries, StoredEntries)
    targets = {str(r).split("#", 1)[0] for e in parsed for r in [*e.cites, *e.cards]}
    for target in sorted(targets)[:300]:
        assert compiled.cited_by(target) == _links_to(parsed, target), target
    assert compiled.ids("card") == [e.id for e in parsed if e.kind == "card"]
    assert compiled.resolve("QA-337") == parsed.resolve("QA-337")
    assert compiled.resolve("グレイズ") == parsed.resolve("グレイズ") != []
    newest = max(r.date.day for e in parsed for r in e.revisions if r.date).isoformat()
    assert compiled.tables.newest_day() == newest
    assert compiled.entries._made == {}            # none of that unpickled an entry


def test_a_clause_link_cites_its_entry():
    from judge.corpus import Entry, Revision
    rev = [Revision(number=1, date=None, source={}, text="本文")]
    corpus = Corpus([Entry("g/rule/6.5", "g", "rule", "6.5", "6.5", rev),
                     Entry("g/qa/QA-1", "g", "qa", "QA-1", "QA-1", rev, cites=["g/rule/6.5#6.5.3.b"]),
                     Entry("g/qa/QA-2", "g", "qa", "QA-2", "QA-2", rev, cites=["g/rule/6.5"],
                           cards=["g/rule/6.5"])])
    assert corpus.cited_by("g/rule/6.5") == ["g/qa/QA-1", "g/qa/QA-2"]
    assert corpus.cited_by("g/rule/6.5#6.5.3.b") == ["g/qa/QA-1", "g/qa/QA-2"]
    assert corpus.cited_by("g/qa/QA-1") == []


def test_entries_are_read_when_asked_and_few_are_kept(compiled, parsed, monkeypatch):
    some = compiled.ids("qa")[:5]
    for entry_id in some:
        assert compiled.get(entry_id) == parsed.get(entry_id)
    assert list(compiled.entries._made) == some
    monkeypatch.setattr(compiled.entries, "_keep", 3)
    for entry_id in compiled.ids("rule")[:10]:
        compiled.get(entry_id)
    assert len(compiled.entries._made) == 3
    assert "no/such/entry" not in compiled.entries
    with pytest.raises(KeyError):
        compiled.get("vision/qa/QA-99999999")


def test_a_serving_load_never_builds(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(tmp_path / "cache"))
    copy = tmp_path / "corpus"
    shutil.copytree(DEFAULT_CORPUS, copy)
    with pytest.raises(StoreMissing):
        Corpus.load(copy, build=False)             # nothing compiled yet
    assert not list((tmp_path / "cache").glob("*.sqlite"))
    Corpus.load(copy)
    assert len(Corpus.load(copy, build=False)) == len(list(copy.glob("*/*/*.md")))
    changed = sorted(copy.glob("*/qa/*.md"))[0]
    changed.write_text(changed.read_text(encoding="utf-8") + "\n追記。\n", encoding="utf-8")
    with pytest.raises(StoreMissing, match=changed.name):
        Corpus.load(copy, build=False)             # older than its files: refused


def test_a_folder_compiled_again_leaves_another_folders_database(tmp_path, monkeypatch):
    """Two folders with the same files have the same content key: compiling one again
    after an edit must not remove what the other's workers open."""
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(tmp_path / "cache"))
    first, second = tmp_path / "a", tmp_path / "b"
    for folder in (first, second):
        shutil.copytree(DEFAULT_CORPUS / "gemchronicle", folder / "gemchronicle")
        Corpus.load(folder)
    for n in range(4):                              # edited and compiled four times
        changed = sorted(first.glob("*/*/*.md"))[0]
        changed.write_text(changed.read_text(encoding="utf-8") + f"\n追記{n}。\n",
                           encoding="utf-8")
        Corpus.load(first)
    assert len(Corpus.load(second, build=False)) == len(list(second.glob("*/*/*.md")))
    assert len(list((tmp_path / "cache").glob("*.sqlite"))) == 3 + 1   # kept: 3 of a, b


def test_a_corpus_made_in_memory_has_the_same_tables(parsed, compiled):
    from judge.search.suggest import Vocabulary
    assert Vocabulary.from_corpus(parsed).names == Vocabulary.from_corpus(compiled).names
    assert parsed.tables.dated("vision", ("qa",)) == compiled.tables.dated("vision", ("qa",))


def test_changes_read_only_the_entries_the_dates_table_names(compiled, parsed):
    """What changed since a day, from the table of revision dates: the same list as
    walking every entry, having read only the entries it lists."""
    from datetime import date

    from judge.corpus.changes import RULING_KINDS, changes_since

    def listed(items):
        return [(c.entry.id, c.revision.number, c.previous and c.previous.number)
                for c in items]
    for since in (None, date(2024, 1, 1)):
        for game, kinds in ((None, RULING_KINDS), ("vision", ("qa",)), (None, ("card",))):
            assert listed(changes_since(compiled, since, game, kinds)) == \
                listed(changes_since(parsed, since, game, kinds)), (since, game, kinds)
    compiled.entries._made.clear()
    items = changes_since(compiled, date(2024, 1, 1), "vision")
    assert items and set(compiled.entries._made) == {c.entry.id for c in items}


def test_heads_give_titles_and_kinds_without_reading_entries(compiled, parsed):
    """The entry page's link lists (cites, cards, cited by) take their titles here."""
    ids = [e.id for e in parsed][::7] + ["vision/qa/QA-0000-none"]
    compiled.entries._made.clear()
    heads = compiled.tables.heads(ids)
    assert heads == {e.id: (e.title, e.kind) for e in parsed if e.id in set(ids)}
    assert len(heads) > 300 and compiled.entries._made == {}
