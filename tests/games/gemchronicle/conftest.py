"""Fixtures for the Gem Chronicle tests: the real corpus (or $JUDGE_CORPUS)."""
import os

import pytest

from judge.corpus import Corpus


@pytest.fixture(scope="session")
def corpus():
    """The project's corpus, whose gemchronicle entries the steps cite."""
    return Corpus.load(os.environ.get("JUDGE_CORPUS") or None)


@pytest.fixture(autouse=True)
def _english_source_text():
    """These tests read the engine's English source text (docs quote it); ja is tested in
    tests/i18n."""
    from judge.i18n import use_locale
    with use_locale("en"):
        yield
