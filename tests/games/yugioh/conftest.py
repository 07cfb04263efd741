"""Fixtures for the Yu-Gi-Oh! tests: the real corpus (or $JUDGE_CORPUS)."""
import os

import pytest

from judge.corpus import Corpus


@pytest.fixture(scope="session")
def corpus():
    """The project's corpus (or $JUDGE_CORPUS), whose yugioh entries the steps cite."""
    return Corpus.load(os.environ.get("JUDGE_CORPUS") or None)
