"""The Whoosh schema of the search index (索引の項目).

Text is indexed twice, in a bigram field (``*_bi``: recall, phrases) and a morpheme
field (``*_mo``: precision, boosted at query time), for the entry title and for the
unit's body.  Ids and rule numbers have a keyword field of their own.  Per-document
facts the searcher needs for every match (game, kind, whether the revision is current)
are columns, read without touching stored fields.
"""
from __future__ import annotations

from whoosh import fields

from .analysis import BigramTokenizer, MorphTokenizer, ReadingTokenizer

# Bump when the schema or the analysis changes: the fingerprint includes it, so every
# index built by an older version is rebuilt by itself.
SCHEMA_VERSION = "judge-search-5"


def make_schema() -> fields.Schema:
    """A fresh schema (analyzers are module-level classes, so it pickles)."""
    keyword = dict(lowercase=False, commas=False, scorable=True)
    return fields.Schema(
        docid=fields.ID(stored=True, unique=True),
        entry=fields.ID(stored=True),
        game=fields.ID(stored=True, sortable=True),
        kind=fields.ID(stored=True, sortable=True),
        clause=fields.STORED(),
        revision=fields.STORED(),
        date=fields.STORED(),
        # 2 = current revision, 1 = older revision, 0 = withdrawn (see store.PRIOR)
        rank=fields.NUMERIC(int, bits=8, stored=True, sortable=True),
        day=fields.NUMERIC(int, bits=32, stored=False, sortable=False, signed=False),
        ids=fields.KEYWORD(**keyword),
        cards=fields.KEYWORD(**keyword),
        cites=fields.KEYWORD(**keyword),
        title_bi=fields.TEXT(analyzer=BigramTokenizer(), phrase=True, field_boost=2.0),
        title_mo=fields.TEXT(analyzer=MorphTokenizer(), phrase=False, field_boost=2.0),
        # the title's reading, for a name typed in kana (きんじゅぞーん -> 禁呪ゾーン)
        title_yomi=fields.TEXT(analyzer=ReadingTokenizer(), phrase=False),
        body_bi=fields.TEXT(analyzer=BigramTokenizer(), phrase=True),
        body_mo=fields.TEXT(analyzer=MorphTokenizer(), phrase=False),
    )
