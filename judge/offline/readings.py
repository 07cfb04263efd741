"""Words of the same reading as the corpus's (召還 -> 召喚), for the offline search.

The server corrects a kanji word that matches nothing by its reading
(:func:`judge.search.question.same_reading`: the texts' words read as MeCab reads the
typed word, most frequent first): a phone's conversion picked the wrong kanji.  A
phone has no MeCab, so it cannot read a word the corpus never writes.  What it needs is
small: every word of MeCab's own dictionary that reads as some word of the texts,
mapped to those words, as ``same_reading`` would answer for it.  The dictionary's
entries are read from its feature strings (each entry's written form and reading, the
fields fugashi reads), and each candidate is confirmed by the server's own
:func:`~judge.search.analysis.reading`, so the table holds what the server would say,
not an approximation of it.  A word typed as several dictionary words (a compound no
dictionary entry spells) is not in it: offline, such a word is not corrected.
"""
from __future__ import annotations

import logging
import os
import re
import struct

from judge.search import tables

log = logging.getLogger(__name__)

_KANJI = re.compile(tables.KANJI)
# MeCab's binary dictionary: a header of ten 32-bit numbers and the charset's name, then
# the double array, the tokens and the features (NUL-terminated CSV strings)
_HEADER = struct.Struct("<10I32s")
# unidic's fields: the written form (orth) and its reading in katakana (kana)
_ORTH, _KANA = 8, 17
_CHUNK = 1 << 23


def homophones(store, limit: int = 3) -> dict[str, list[str]]:
    """{a dictionary word (normal form, kana unfolded): the texts' words read alike}, as
    :func:`judge.search.question.same_reading` answers for it (its ``limit`` first)."""
    from judge.corpus import cache
    from judge.search.schema import SCHEMA_VERSION
    # remembered per corpus content, analysis and dictionary: reading MeCab's 150 MB of
    # features takes 5 s, and every bundle of the same corpus (each `judge index`, each
    # approval's rebuild) would read them again
    key = getattr(store.corpus, "content_key", None)
    name = f"homophones-{SCHEMA_VERSION}-{limit}-{_dictionary_stamp()}"
    found = cache.memo_get(key, name)
    if isinstance(found, dict):
        return {word: list(alike) for word, alike in found.items()}
    out = _homophones(store, limit)
    cache.memo_put(key, name, out)
    return out


def _homophones(store, limit: int) -> dict[str, list[str]]:
    from judge.search.analysis import devoice, fold_kana, is_kana, normalize, reading
    index: dict[str, list[str]] = {}
    for term in store.lexicon("body_mo"):
        if len(term) >= 2 and not is_kana(term) and not term.isascii():
            index.setdefault(reading(term), []).append(term)
    if not index:
        return {}
    m = store.matcher
    for terms in index.values():
        terms.sort(key=lambda t: -m.doc_frequency("body_mo", t))
    out: dict[str, list[str]] = {}
    folded: dict[str, str] = {}
    for orth, kana in _dictionary():
        r = folded.get(kana)
        if r is None:
            r = folded[kana] = devoice(fold_kana(kana))
        if r not in index or is_kana(orth) or not _KANJI.search(orth):
            continue
        key = normalize(orth, fold_kana=False)
        if key in out or reading(orth) != r:
            continue
        typed = fold_kana(normalize(orth))
        found = [t for t in index[r] if t != typed][:limit]
        if found:
            out[key] = found
    return out


def _dictionary_stamp() -> str:
    """MeCab's dictionary file as a name: its size and time (another dictionary, another
    table)."""
    from judge.search.analysis import _tagger
    try:
        st = os.stat(_tagger().dictionary_info[0]["filename"])
        return f"{st.st_size}-{st.st_mtime_ns}"
    except (OSError, IndexError, KeyError):
        return "none"


def _dictionary():
    """(written form, katakana reading) of each entry of MeCab's dictionary of two
    characters or more; nothing when the dictionary cannot be read so.  Read a few
    megabytes at a time: the features are 150 MB of text."""
    from judge.search.analysis import _tagger
    try:
        info = _tagger().dictionary_info[0]
        charset = info.get("charset") or "utf-8"
        "".encode(charset)
        f = open(info["filename"], "rb")
    except (OSError, IndexError, KeyError, LookupError) as e:
        log.warning("MeCab's dictionary could not be read (%s): the offline search "
                    "will not correct kanji by their reading", e)
        return
    with f:
        try:
            head = _HEADER.unpack(f.read(_HEADER.size))
        except struct.error:
            return
        dsize, tsize, left = head[6:9]
        f.seek(_HEADER.size + dsize + tsize)
        rest = b""
        while left > 0:
            chunk = f.read(min(_CHUNK, left))
            if not chunk:
                break
            left -= len(chunk)
            *features, rest = (rest + chunk).split(b"\0")
            for raw in features:
                fields = raw.decode(charset, "replace").split(",", _KANA + 1)
                if len(fields) > _KANA and len(fields[_ORTH]) >= 2 and fields[_KANA] != "*":
                    yield fields[_ORTH], fields[_KANA]
