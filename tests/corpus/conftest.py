"""Fixtures of the corpus tests: one fresh import of sources/ per session, small corpora.

The session import goes to a temporary folder (with the committed scenario files
copied in, since entries list the scenarios that name them), so the tests never depend
on, or touch, the committed corpus except where they compare with it.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from corpus_testkit import COMMITTED, SMALL_SOURCES, SOURCES, copy_scenarios

from judge.corpus import Corpus
from judge.corpus.importer import import_paths


@pytest.fixture(scope="session")
def imported(tmp_path_factory) -> Path:
    """A corpus imported from sources/ into a temporary folder (do not modify it)."""
    root = tmp_path_factory.mktemp("imported") / "corpus"
    root.mkdir()
    copy_scenarios(COMMITTED, root)
    import_paths(SOURCES, root)
    return root


@pytest.fixture(scope="session")
def corpus(imported) -> Corpus:
    """The session import, loaded."""
    return Corpus.load(imported)


@pytest.fixture
def small(tmp_path) -> Path:
    """A small corpus of its own (Yu-Gi-Oh! and Gem Chronicle only), fast to import."""
    root = tmp_path / "small"
    import_paths(SMALL_SOURCES, root)
    return root


@pytest.fixture
def cached_load(monkeypatch, corpus):
    """Make ``Corpus.load`` return the session corpus (CLI tests without reloading)."""
    monkeypatch.setattr(Corpus, "load", classmethod(lambda cls, root=None: corpus))
    return corpus


@pytest.fixture(autouse=True)
def english_messages(monkeypatch):
    """These tests match the corpus's and importer's English source texts (the errors are
    message ids rendered per reader; tests/i18n reads them in ja)."""
    from judge.i18n import use_locale
    monkeypatch.setenv("JUDGE_LANG", "en")       # the CLI's --lang, for CliRunner runs
    with use_locale("en"):
        yield
