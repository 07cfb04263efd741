"""Japanese text analysis for the index (形態素解析 + 文字バイグラム).

One normal form serves the index, the queries and the highlighter:

* Unicode NFKC (全角英数 ``ＱＡ－３３７`` -> ``QA-337``, 半角カナ ``ｸﾞﾚｲｽﾞ`` -> ``グレイズ``),
  lower case, the wave dashes ``～〜`` -> ``~``;
* katakana folded onto hiragana (``グレイズ`` and ``ぐれいず`` are one word);
* the text cut into *pieces*: an id or rule number kept whole (``qa-337``, ``6.5.3.b``,
  ``n75``), an alphanumeric word, or a run of Japanese characters.

Two term streams are built from the pieces, each for its own index field:

* :func:`bigram_terms` (文字バイグラム): every Japanese run as overlapping character
  bigrams, plus unigrams of its non-hiragana characters, so a 2-character katakana word,
  a word the dictionary splits wrongly (ふらわ～戦車), a hiragana spelling and a single
  kanji all match.  Gives recall; matches マナ inside マナー.
* :func:`morph_terms` (形態素): the words MeCab (fugashi + unidic-lite) finds in a run,
  particles and symbols dropped, the dictionary form added beside an inflected verb
  (``した`` also indexes ``する``).  Gives precision: the searcher boosts it.

:func:`normalize_map` keeps, for every character of the normal form, where it came from
in the original text: NFKC changes the length (``ｸﾞ`` -> ``グ``, ``ﬁ`` -> ``fi``), and the
highlighter must put its marks around the original characters.
"""
from __future__ import annotations

import re
import threading
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator

from judge.corpus.ids import card_number_key, id_key, qa_key

from . import tables

_EXTRA_FOLD = str.maketrans(tables.EXTRA_FOLD)
_KATAKANA_START, _KATAKANA_END = tables.KATAKANA_FOLDED     # ァ..ヶ
_HALFWIDTH_VOICING = "\uff9e\uff9f\u3099\u309a"   # ﾞ ﾟ and the combining (han)dakuten


# katakana ァ..ヶ -> hiragana ぁ..ゖ, as one str.translate table (C speed)
_KANA_FOLD = {code: code - tables.KANA_SHIFT for code in range(_KATAKANA_START, _KATAKANA_END + 1)}


_CHAR_FORMS: dict[str, str] = {}


def _char_form(ch: str, fold: bool) -> str:
    key = ch if fold else "\x00" + ch
    form = _CHAR_FORMS.get(key)
    if form is None:
        form = unicodedata.normalize("NFKC", ch).translate(_EXTRA_FOLD).lower()
        if fold:
            form = form.translate(_KANA_FOLD)
        if len(_CHAR_FORMS) < 100_000:
            _CHAR_FORMS[key] = form
    return form


def normalize_map(text: str, fold_kana: bool = True) -> tuple[str, list[int], list[int]]:
    """The normal form of ``text`` and, per normal character, its original span.

    Returns ``(normal, starts, ends)``: ``normal[k]`` comes from
    ``text[starts[k]:ends[k]]``.  Characters are normalised one by one (memoised), and
    a base character together with the marks NFKC composes into it (ｶﾞ -> ガ).
    """
    if text.isascii():
        return text.lower(), list(range(len(text))), list(range(1, len(text) + 1))
    if fold_kana and not _MARKS.search(text):
        # the common case: a translation table (C speed); only the few characters that
        # NFKC expands (… -> ...) or drops are mapped one by one
        normal = fast_normal(text)
        n = len(text)
        if len(normal) == n:
            return normal, list(range(n)), list(range(1, n + 1))
        table = _FOLD_TABLE
        odd = [ch for ch in set(text) if len(table[ord(ch)]) != 1]
        starts, ends = [], []
        last = 0
        for m in re.finditer("|".join(map(re.escape, odd)), text):
            a = m.start()
            starts.extend(range(last, a))
            ends.extend(range(last + 1, a + 1))
            k = len(table[ord(text[a])])
            starts.extend([a] * k)
            ends.extend([a + 1] * k)
            last = a + 1
        starts.extend(range(last, n))
        ends.extend(range(last + 1, n + 1))
        return normal, starts, ends
    out: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    n = len(text)
    i = 0
    while i < n:
        ch = text[i]
        j = i + 1
        if j < n and (text[j] in _HALFWIDTH_VOICING or unicodedata.combining(text[j])):
            while j < n and (unicodedata.combining(text[j]) or text[j] in _HALFWIDTH_VOICING):
                j += 1
            piece = unicodedata.normalize("NFKC", text[i:j]).translate(_EXTRA_FOLD).lower()
            if fold_kana:
                piece = piece.translate(_KANA_FOLD)
        else:
            piece = _char_form(ch, fold_kana)
        if len(piece) == 1:
            out.append(piece)
            starts.append(i)
            ends.append(j)
        else:
            for c in piece:
                out.append(c)
                starts.append(i)
                ends.append(j)
        i = j
    return "".join(out), starts, ends


_MARKS = re.compile("[\uff9e\uff9f\u3099\u309a\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff"
                    "\u20d0-\u20ff\ufe20-\ufe2f]")


class _FoldTable(dict):
    """code point -> normal form, filled on first sight (``str.translate`` asks it)."""

    def __missing__(self, code: int) -> str:
        form = _char_form(chr(code), True)
        if len(self) < 100_000:
            self[code] = form
        return form


_FOLD_TABLE: dict[int, str] = _FoldTable()


def fast_normal(text: str) -> str:
    """:func:`normalize` character by character through a memoised table (no offsets).

    Equal to ``normalize_map(text)[0]``; marks that compose with the character before
    them (ｶﾞ) take the slow path.
    """
    if _MARKS.search(text):
        return normalize_map(text)[0] if not text.isascii() else text.lower()
    return text.translate(_FOLD_TABLE)


def normalize(text: str, fold_kana: bool = True) -> str:
    """NFKC, lower case, wave dashes unified and (by default) katakana -> hiragana."""
    text = unicodedata.normalize("NFKC", text).translate(_EXTRA_FOLD).lower()
    if fold_kana:
        text = text.translate(_KANA_FOLD)
    return text


def fold_kana(text: str) -> str:
    """Katakana -> hiragana, nothing else."""
    return text.translate(_KANA_FOLD)


# --- pieces -----------------------------------------------------------------------------

_JA = "".join(re.escape(chr(a)) + ("-" + re.escape(chr(b)) if b > a else "")
              for a, b in tables.JA_RANGES)
_WORDCH = r"[^\W_" + _JA + r"]"
_JOIN = "[" + re.escape(tables.WORD_JOINERS) + "]"
# Ids first (QA-337, Q346, No.075, 6.5.3.b), then alphanumeric words, then Japanese runs.
_PIECE = re.compile(
    "|".join(f"(?P<{kind}>{pattern})" for kind, pattern in tables.PIECE_IDS)
    + r"|(?P<word>" + _WORDCH + "+(?:" + _JOIN + _WORDCH + r"+)*)"
    + r"|(?P<ja>[" + _JA + r"]+(?:\s+[" + _JA + r"]+)*)")
_SPACES = re.compile(r"\s+")
_HIRAGANA = re.compile(r"[\u3041-\u309f\u30fc]")
_NOT_HIRAGANA = re.compile(r"[^\u3041-\u309f\u30fc]")


@dataclass(frozen=True)
class Piece:
    """A piece of normal text: ``kind`` is ``id``, ``word`` or ``ja``; span in the normal text."""

    kind: str
    text: str
    start: int
    end: int


def id_form(kind: str, raw: str) -> str:
    """The one spelling an id is indexed and queried under (``qa-337``, ``n75``, ``6.5.3.b``)."""
    if kind == "qa":
        return (qa_key(raw) or raw).lower()
    if kind == "no":
        return (card_number_key(raw) or raw).lower()
    if kind == "pr":        # a promotional card: PR.001 / P1 -> p1 (card list id P1)
        return id_key("pr", re.sub(r"\D", "", raw))
    return raw


def pieces(normal: str) -> list[Piece]:
    """Cut normal text (see :func:`normalize`) into ids, words and Japanese runs."""
    out = []
    for m in _PIECE.finditer(normal):
        kind = m.lastgroup
        if kind in ("qa", "no", "pr", "rule"):
            out.append(Piece("id", id_form(kind, m.group()), m.start(), m.end()))
        elif kind == "ja":
            # Names are written with or without a space (十六夜 咲夜 / 十六夜咲夜): a space
            # between two Japanese characters is not a word boundary.
            out.append(Piece(kind, _SPACES.sub("", m.group()), m.start(), m.end()))
        else:
            out.append(Piece(kind, m.group(), m.start(), m.end()))
    return out


# --- bigrams ----------------------------------------------------------------------------

def query_grams(run: str) -> list[str]:
    """The grams a Japanese run is looked up by: its bigrams in order, or its one unigram."""
    if len(run) == 1:
        return [run]
    return [run[i:i + 2] for i in range(len(run) - 1)]


def phrase_terms(text: str) -> list[str]:
    """Bigram-field terms of ``text`` in order (a word matches where they occur in a row)."""
    return pieces_terms(pieces(normalize(text)))


def pieces_terms(cut: list[Piece]) -> list[str]:
    """:func:`phrase_terms` of a text already cut into :func:`pieces` (of its normal form)."""
    terms: list[str] = []
    for p in cut:
        if p.kind == "ja":
            terms.extend(query_grams(p.text))
        else:
            terms.append(p.text)
    return terms


def bigram_terms(value: str) -> list[str]:
    """The bigram-field terms of a text, in order: normal form, ids and words whole,
    Japanese runs as uni/bigrams.

    A run's terms are its bigrams and the unigram of each of its characters that is not
    hiragana (hiragana alone are particles and endings, never searched alone); a run of
    one character is its own term."""
    out: list[str] = []
    for p in pieces(normalize(value)):
        run = p.text
        if p.kind != "ja" or len(run) == 1:
            out.append(run)
        else:
            out += [run[i:i + 2] for i in range(len(run) - 1)]
            out += _NOT_HIRAGANA.findall(run)
    return out


# --- morphemes --------------------------------------------------------------------------

_SKIP_POS = frozenset(tables.SKIP_POS)
_INFLECTING = frozenset(tables.INFLECTING)
_tagger_local = threading.local()


def _tagger():
    # MeCab taggers are not safe to share between threads; one per thread, made lazily
    # so that the tokenizer itself stays picklable.
    tagger = getattr(_tagger_local, "tagger", None)
    if tagger is None:
        import fugashi
        tagger = _tagger_local.tagger = fugashi.Tagger()
    return tagger


_KATAKANA_RUN = re.compile(tables.KATAKANA_RUN)


def _words(run: str, content_only: bool = True) -> Iterator[tuple[str, str | None]]:
    """MeCab words of a Japanese run as written (not kana-folded): (surface, base form).

    A katakana stretch is one word whatever MeCab says: the dictionary does not know the
    game's loanwords and cuts them badly (グレイズ -> グレイ + ズ as a symbol).  Where
    MeCab cuts it into known nouns (スペルカード -> スペル + カード), the parts are given
    as well.  The base form is given for inflecting words only (``し`` -> ``する``).
    """
    at = 0
    for m in _KATAKANA_RUN.finditer(run):
        if m.start() > at:
            yield from _mecab_words(run[at:m.start()], content_only)
        yield from _katakana_word(m.group())
        at = m.end()
    if at < len(run):
        yield from _mecab_words(run[at:], content_only)


@lru_cache(maxsize=16384)
def _katakana_word(word: str) -> tuple[tuple[str, str | None], ...]:
    """A katakana stretch as one word, with its lemma, and its parts when MeCab cuts it
    into known nouns (memoised: カード and プレイ come back on every page)."""
    parsed = [(w.surface, w.feature) for w in _tagger()(word)]
    # one dictionary word: its lemma unifies spellings (プレイ and プレー: プレー-play)
    lemma = parsed[0][1].lemma if len(parsed) == 1 else None
    lemma = lemma.split("-")[0] if lemma else None
    out = [(word, lemma if lemma and lemma != word and _KATAKANA_RUN.fullmatch(lemma)
            else None)]
    if len(parsed) > 1 and all(f.pos1 == "名詞" and len(w) > 1 for w, f in parsed):
        out += [(surface, None) for surface, _ in parsed]
    return tuple(out)


def _mecab_words(text: str, content_only: bool) -> Iterator[tuple[str, str | None]]:
    for word in _tagger()(text):
        feature = word.feature
        pos1 = feature.pos1
        if content_only and pos1 in _SKIP_POS:
            continue
        yield word.surface, (feature.orthBase if pos1 in _INFLECTING else None)


def morph_words(text: str) -> list[list[str]]:
    """Morph-field terms of a query text, one list per word: the word [and its base form]."""
    return [list(forms) for forms in _morph_words(text)]


@lru_cache(maxsize=8192)
def _morph_words(text: str) -> tuple[tuple[str, ...], ...]:
    # memoised: a clause's title is analysed once for all the clauses of its entry
    out: list[tuple[str, ...]] = []
    for p in pieces(normalize(text, fold_kana=False)):
        if p.kind != "ja":
            out.append((p.text,))
            continue
        for surface, base in _words(p.text):
            forms = [fold_kana(surface)]
            if base and fold_kana(base) != forms[0]:
                forms.append(fold_kana(base))
            out.append(tuple(forms))
    return tuple(out)


def morph_terms(value: str) -> list[str]:
    """The morph-field terms of a text: each word, then its base form when it differs."""
    return [form for forms in _morph_words(value) for form in forms]


def id_tokens(text: str) -> list[str]:
    """The ids and rule numbers written in a text, in their indexed spelling."""
    return [p.text for p in pieces(normalize(text)) if p.kind == "id"]


# --- readings (読み) ----------------------------------------------------------------------

_VOICED = re.compile("[\u3099\u309a]")
_ALL_KANA = re.compile(tables.ALL_KANA)


def devoice(kana: str) -> str:
    """Hiragana without (han)dakuten and small kana enlarged: readings are compared so,
    because MeCab misses the voicing of compounds (禁呪 read キンシュ, not キンジュ)."""
    out = _VOICED.sub("", unicodedata.normalize("NFD", kana))
    return out.translate(_SMALL_KANA)


_SMALL_KANA = str.maketrans(*tables.SMALL_KANA)


@lru_cache(maxsize=8192)
def reading(text: str) -> str:
    """The text's reading in hiragana, devoiced (see :func:`devoice`); non-Japanese kept."""
    out = []
    for p in pieces(normalize(text, fold_kana=False)):
        if p.kind != "ja":
            out.append(" " + p.text + " ")
            continue
        for word in _tagger()(p.text):
            kana = word.feature.kana if word.feature.kana not in (None, "*") else None
            out.append(fold_kana(kana or word.surface))
    return devoice("".join(out))


def is_kana(text: str) -> bool:
    """True for a word written in kana only (a reading typed instead of kanji)."""
    return bool(_ALL_KANA.match(normalize(text, fold_kana=False).replace(" ", "")))


def to_katakana(text: str) -> str:
    """Hiragana -> katakana (ぷれい -> プレイ), for looking a hiragana word up as a loanword."""
    lo, hi = (chr(c - tables.KANA_SHIFT) for c in tables.KATAKANA_FOLDED)
    return "".join(chr(ord(c) + tables.KANA_SHIFT) if lo <= c <= hi else c for c in text)


def kana_reading(text: str) -> str:
    """A word typed in kana, in the form readings are compared in."""
    return devoice(fold_kana(normalize(text)).replace(" ", ""))


def reading_terms(value: str) -> list[str]:
    """The title-reading terms: the bigrams of the text's reading (きんじゅぞーん finds
    禁呪ゾーン)."""
    return bigram_terms(reading(value))
