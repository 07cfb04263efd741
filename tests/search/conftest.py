"""Shared fixtures: the real corpus's searcher, and a small corpus written from the seeds."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from judge.corpus import DEFAULT_CORPUS, Corpus  # noqa: E402
from judge.search import Searcher  # noqa: E402


def _real_corpus() -> Corpus | None:
    if not any(DEFAULT_CORPUS.glob("vision/qa/*.md")):
        return None
    return Corpus.load(DEFAULT_CORPUS)


@pytest.fixture(scope="session")
def real_corpus() -> Corpus:
    corpus = _real_corpus()
    if corpus is None:
        pytest.skip("corpus/ has no Vision Q&A yet (run `judge import`)")
    return corpus


@pytest.fixture(scope="session")
def real_index_dir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("real-index")


@pytest.fixture(scope="session")
def real_searcher(real_corpus, real_index_dir) -> Searcher:
    searcher = Searcher.open(real_corpus, index_dir=real_index_dir)
    yield searcher
    searcher.close()


@pytest.fixture(scope="session")
def sample_root(tmp_path_factory) -> Path:
    from fixtures import write_corpus
    return write_corpus(tmp_path_factory.mktemp("sample") / "corpus")


@pytest.fixture(scope="session")
def sample_corpus(sample_root) -> Corpus:
    return Corpus.load(sample_root)


@pytest.fixture(scope="session")
def sample_searcher(sample_corpus, tmp_path_factory) -> Searcher:
    searcher = Searcher.open(sample_corpus, index_dir=tmp_path_factory.mktemp("sample-ix"))
    yield searcher
    searcher.close()
