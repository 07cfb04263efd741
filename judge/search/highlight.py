"""Snippets with the matched words marked (抜粋とハイライト), cut from the original text.

Matching happens in the normal form (NFKC, kana folded, spaces between Japanese
characters dropped) and the marks are put back on the original characters through
:func:`judge.search.analysis.normalize_map`; Whoosh's own highlighter works on token
offsets of the normalised text and misplaces marks when NFKC changes the length.
"""
from __future__ import annotations

import html
import re

from .analysis import fast_normal, normalize_map

SNIPPET_CHARS = 120
_SPACES = re.compile(r"\s+")
_SENTENCE_START = re.compile(r"(?<=[。！？!?\n])")


def _normal_without_spaces(text: str) -> tuple[str, list[int], list[int]]:
    normal, starts, ends = normalize_map(text)
    gaps = list(_SPACES.finditer(normal))
    if not gaps:
        return normal, starts, ends
    keep_s: list[int] = []
    keep_e: list[int] = []
    last = 0
    for m in gaps:
        keep_s += starts[last:m.start()]
        keep_e += ends[last:m.start()]
        last = m.end()
    keep_s += starts[last:]
    keep_e += ends[last:]
    return _SPACES.sub("", normal), keep_s, keep_e


def find_spans(text: str, needles: list[str]) -> list[tuple[int, int]]:
    """Where the needles (normal form, see :func:`needle`) occur in ``text``: original spans."""
    if not text or not needles:
        return []
    normal, starts, ends = _normal_without_spaces(text)
    spans: list[tuple[int, int]] = []
    for n in sorted(set(needles), key=len, reverse=True):
        if not n:
            continue
        at = normal.find(n)
        while at >= 0:
            spans.append((starts[at], ends[at + len(n) - 1]))
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


def needle(text: str) -> str:
    """The form a word is looked for in a text (normal form, no spaces)."""
    return "".join(fast_normal(text).split())


def _window(text: str, spans: list[tuple[int, int]], width: int) -> tuple[int, int]:
    n = len(text)
    if n <= width:
        return 0, n
    if not spans:
        return 0, width
    best, best_score = (0, width), -1
    sentence_starts = [m.start() for m in _SENTENCE_START.finditer(text)]
    for a, _ in spans:
        start = max(0, a - width // 4)
        # begin at the start of the sentence holding the hit when it is close enough
        for s in reversed(sentence_starts):
            if s <= a:
                if a - s <= width // 2:
                    start = s
                break
        start = min(start, max(0, n - width))
        end = start + width
        score = sum(min(b, end) - max(x, start) for x, b in spans if x < end and b > start)
        if score > best_score:
            best, best_score = (start, end), score
    return best


def snippet(text: str, needles: list[str], width: int = SNIPPET_CHARS,
            mark: tuple[str, str] = ("<mark>", "</mark>"), escape: bool = True) -> str:
    """A window of ``text`` around the best hits, matched words wrapped in ``mark``.

    With ``escape`` (the default) everything but the marks is HTML-escaped, so the
    result can be put into a page as it is.  Line breaks become spaces.
    """
    text = text or ""
    spans = find_spans(text, needles)
    start, end = _window(text, spans, width)
    esc = html.escape if escape else (lambda s: s)
    out = ["…" if start > 0 else ""]
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
        out.append("…")
    return re.sub(r"\s*\n\s*", " ", "".join(out)).strip()
