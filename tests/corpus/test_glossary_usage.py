"""A glossary term says what it is beside the text's wording (usage): today's word, the
common word, an older revision's word, or another way the texts write it."""
from __future__ import annotations

import pytest

from judge.corpus.importer.errors import ImportError_
from judge.corpus.importer.glossary import import_glossary
from judge.corpus.importer.sources import read_source

TERM = """glossary: gemchronicle
date: 2026-12-01
document: test
terms:
- term: ML
  usage: {usage}
  wording: [マナレベル]
  basis: "ML(マナレベル) (seed 002 line 105)"
"""


def entries(tmp_path, usage):
    path = tmp_path / "gemchronicle.yaml"
    path.write_text(TERM.format(usage=usage), "utf-8")
    return import_glossary(read_source(path), {})


@pytest.mark.parametrize("usage, said", [
    ("modern", "今日の用語です"), ("common", "一般的な言い方です"),
    ("older", "古い版の本文の言い方です。現行の本文では「マナレベル」"),
    ("variant", "本文にある別の書き方です。本文は同じものを「マナレベル」とも書いています")])
def test_the_page_says_what_the_term_is(tmp_path, usage, said):
    entry = entries(tmp_path, usage)["gemchronicle/term/ML"].entry
    assert said in entry.current.text
    assert entry.data["glossary"].get("usage", "modern") == usage


def test_an_unknown_usage_is_refused_with_its_line(tmp_path):
    with pytest.raises(ImportError_) as err:
        entries(tmp_path, "slang")
    assert err.value.line == 5 and "usage 'slang'" in str(err.value)
