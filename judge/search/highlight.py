"""Snippets with the matched words marked (抜粋とハイライト), cut from the original text.

Matching happens in the normal form (NFKC, kana folded, spaces between Japanese
characters dropped) and the marks are put back on the original characters through
:func:`judge.search.analysis.normalize_map`; Whoosh's own highlighter works on token
offsets of the normalised text and misplaces marks when NFKC changes the length.
"""
from __future__ import annotations

import html
import re
from array import array
from bisect import bisect_left, bisect_right
from functools import lru_cache

from judge.common import cache_budget
from judge.common.lru import LRU

from . import tables
from .analysis import _MARKS, fast_normal, normalize_map

SNIPPET_CHARS = tables.SNIPPET_CHARS
MAX_WINDOWS = tables.MAX_WINDOWS
# the normal forms of recently shown passages, at most about 3 million characters
_MAPS = LRU(20000, weight=lambda m: len(m[0]) + 64, budget=cache_budget.share("snippet_maps"))
_SENTENCES = LRU(20000)
_SPACES = re.compile(r"\s+")
_LINE_BREAK = re.compile(tables.LINE_BREAK)
_SENTENCE_START = re.compile("(?<=[" + re.escape(tables.SENTENCE_ENDS) + "])")


def _normal_without_spaces(text: str):
    """The normal form without spaces, and two maps: its index -> original start / end.

    Kept for the passages shown most recently (the same passages come back on the
    pages judges open most).

    The common case (NFKC keeps every character's length) is done with C-speed string
    methods and a list of the space runs, so a long passage costs about its number of
    lines, not of characters; the rest goes through :func:`normalize_map`.
    """
    return _MAPS.get_or(text, lambda: _make_map(text))


def _make_map(text: str):
    normal = fast_normal(text)
    if len(normal) == len(text) and not _MARKS.search(text):
        at: list[int] = []          # where, in the stripped text, each space run was
        shift: list[int] = []       # characters removed up to and including that run
        removed = 0
        for m in _SPACES.finditer(normal):
            at.append(m.start() - removed)
            removed += m.end() - m.start()
            shift.append(removed)
        if not at:
            return normal, (lambda k: k), (lambda k: k + 1)

        def start(k: int) -> int:
            j = bisect_right(at, k)
            return k + (shift[j - 1] if j else 0)
        return _SPACES.sub("", normal), start, (lambda k: start(k) + 1)
    normal, starts, ends = normalize_map(text)
    gaps = list(_SPACES.finditer(normal))
    if gaps:
        keep_s: list[int] = []
        keep_e: list[int] = []
        last = 0
        for m in gaps:
            keep_s += starts[last:m.start()]
            keep_e += ends[last:m.start()]
            last = m.end()
        keep_s += starts[last:]
        keep_e += ends[last:]
        normal, starts, ends = _SPACES.sub("", normal), keep_s, keep_e
    # kept as arrays: a list holds an int object a character, ~80 bytes where the
    # budget above counts one (a worker at 100,000 entries held 17 MB of them)
    return normal, array("i", starts).__getitem__, array("i", ends).__getitem__


def find_spans(text: str, needles: list[str]) -> list[tuple[int, int]]:
    """Where the needles (normal form, see :func:`needle`) occur in ``text``: original spans."""
    if not text or not needles:
        return []
    normal, start_of, end_of = _normal_without_spaces(text)
    spans: list[tuple[int, int]] = []
    for n in sorted(set(needles), key=len, reverse=True):
        if not n:
            continue
        # a number or a Latin word is marked only where it stands whole: 0 is not the
        # 0s of 4000, ban is not the ban of urban (looked at in the original text,
        # where a space still separates two words)
        whole = _alnum(n[0]) or _alnum(n[-1])
        at = normal.find(n)
        while at >= 0:
            a, b = start_of(at), end_of(at + len(n) - 1)
            if not whole or not ((_alnum(n[0]) and a > 0 and _alnum(text[a - 1]))
                                 or (_alnum(n[-1]) and b < len(text) and _alnum(text[b]))):
                spans.append((a, b))
            at = normal.find(n, at + len(n))
    spans.sort()
    merged: list[tuple[int, int]] = []
    for a, b in spans:
        if merged and a <= merged[-1][1]:
            if b > merged[-1][1]:
                merged[-1] = (merged[-1][0], b)
        else:
            merged.append((a, b))
    return merged


@lru_cache(maxsize=4096)
def _alnum(ch: str) -> bool:
    """A Latin letter or digit once normalised (４ and A count as 4 and a); kept per
    character (a results page asks it of each word's ends and each hit's neighbours,
    about fifty times a snippet)."""
    form = fast_normal(ch)
    return form.isascii() and form.isalnum()


def needle(text: str) -> str:
    """The form a word is looked for in a text (normal form, no spaces)."""
    return "".join(fast_normal(text).split())


def _window(text: str, spans: list[tuple[int, int]], width: int) -> tuple[int, int]:
    """The ``width`` characters holding the most marked characters (the first best)."""
    n = len(text)
    if n <= width:
        return 0, n
    if not spans:
        return 0, width
    best, best_score = (0, width), -1
    sentence_starts = _SENTENCES.get_or(
        text, lambda: [m.start() for m in _SENTENCE_START.finditer(text)])
    span_starts = [a for a, _ in spans]
    span_ends = [b for _, b in spans]
    # the marked characters of spans[:i] (a window's score is those of the spans it
    # overlaps, the first and last cut at its edges: no sum over them per window)
    marked = [0]
    for a, b in spans:
        marked.append(marked[-1] + b - a)
    for a, _ in spans[:MAX_WINDOWS]:
        start = max(0, a - width // tables.WINDOW_LEAD)
        # begin at the start of the sentence holding the hit when it is close enough
        k = bisect_right(sentence_starts, a)
        if k and a - sentence_starts[k - 1] <= width // tables.SENTENCE_REACH:
            start = sentence_starts[k - 1]
        start = min(start, max(0, n - width))
        end = start + width
        # the spans are sorted and disjoint: those overlapping the window are a slice
        lo, hi = bisect_right(span_ends, start), bisect_left(span_starts, end)
        score = (marked[hi] - marked[lo] - max(0, start - spans[lo][0])
                 - max(0, spans[hi - 1][1] - end)) if hi > lo else 0
        if score > best_score:
            best, best_score = (start, end), score
    return best


def snippet(text: str, needles: list[str], width: int | None = None,
            mark: tuple[str, str] | None = None, escape: bool = True) -> str:
    """A window of ``text`` around the best hits, matched words wrapped in ``mark``
    (``width`` and ``mark`` by default tables.SNIPPET_CHARS and MARK, read when called).

    With ``escape`` (the default) everything but the marks is HTML-escaped, so the
    result can be put into a page as it is.  Line breaks become spaces.
    """
    text = text or ""
    width = tables.SNIPPET_CHARS if width is None else width
    mark = tuple(tables.MARK) if mark is None else mark
    spans = find_spans(text, needles)
    start, end = _window(text, spans, width)
    esc = html.escape if escape else (lambda s: s)
    out = [tables.ELLIPSIS if start > 0 else ""]
    at = start
    for a, b in spans:
        if b <= start or a >= end:
            continue
        a, b = max(a, start), min(b, end)
        out.append(esc(text[at:a]))
        out.append(mark[0] + esc(text[a:b]) + mark[1])
        at = b
    out.append(esc(text[at:end]))
    if end < len(text):
        out.append(tables.ELLIPSIS)
    joined = "".join(out)
    # (most snippets hold no line break: the substitution is skipped, not run for nothing)
    return (_LINE_BREAK.sub(" ", joined) if "\n" in joined else joined).strip()
