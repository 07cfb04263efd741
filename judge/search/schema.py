"""The fields of the search index (索引の項目).

Text is indexed twice, in a bigram field (``*_bi``: recall) and a morpheme field
(``*_mo``: precision, boosted at query time), for the entry title and for the unit's
body, and the title once more by its reading.  These :data:`TEXT_FIELDS` are written
by :mod:`.postings` beside the Whoosh index.  Whoosh holds the rest (:func:`make_schema`):
ids and rule numbers in a keyword field of their own, card and citation links, the
revision's day and the stored fields.  The per-passage facts the searcher needs for
every match (game, kind, whether the revision is current) are columns of the postings
files.
"""
from __future__ import annotations

from whoosh import fields

from .analysis import bigram_terms, morph_terms, reading_terms

# Bump when the schema or the analysis changes: the fingerprint includes it, so every
# index built by an older version is rebuilt by itself.
SCHEMA_VERSION = "judge-search-11"     # 11: postings files read in place (JUDGEPX2)

# (field, analyser, boost, which text): the title weighs twice the body, as Whoosh's
# field_boost did (a term's weight is its frequency times the boost)
TEXT_FIELDS = (
    ("title_bi", bigram_terms, 2.0, "title"),
    ("title_mo", morph_terms, 2.0, "title"),
    # the title's reading, for a name typed in kana (きんじゅぞーん -> 禁呪ゾーン)
    ("title_yomi", reading_terms, 1.0, "title"),
    ("body_bi", bigram_terms, 1.0, "body"),
    ("body_mo", morph_terms, 1.0, "body"),
)
TEXT_FIELD_NAMES = frozenset(f[0] for f in TEXT_FIELDS)


def make_schema() -> fields.Schema:
    """A fresh Whoosh schema (the fields other than :data:`TEXT_FIELDS`)."""
    keyword = dict(lowercase=False, commas=False, scorable=True)
    return fields.Schema(
        docid=fields.ID(stored=True, unique=True),
        entry=fields.ID(stored=True),
        game=fields.ID(stored=True),
        kind=fields.ID(stored=True),
        clause=fields.STORED(),
        revision=fields.STORED(),
        date=fields.STORED(),
        date_known=fields.STORED(),      # False: the source gives no date (日付不明)
        # 2 = current revision, 1 = older revision, 0 = withdrawn (see store.PRIOR)
        rank=fields.NUMERIC(int, bits=8, stored=True),
        day=fields.NUMERIC(int, bits=32, stored=False, sortable=False, signed=False),
        ids=fields.KEYWORD(**keyword),
        cards=fields.KEYWORD(**keyword),
        cites=fields.KEYWORD(**keyword),
    )
