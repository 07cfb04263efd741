"""Where each character of a passage's normal form comes from, for the offline snippets.

A snippet finds the words in the passage's normal form and puts its ``<mark>`` around
them in the passage as written: the server's map between the two
(:func:`judge.search.highlight._normal_without_spaces`) is computed per passage, not
per query, so the bundle carries it and the browser no longer keeps its own copy of
NFKC's character-by-character map.  The normal form itself the browser has: the end of
the passage's normal text (title and passage, no white space, the in-a-row check's),
which it makes with one NFKC of every passage at once; the map's first number says
where the passage's own part of it starts.

The map is written as breakpoints of a line of slope one: ``[k0, s0, k1, s1, …]``
means that normal unit ``k`` (``k_i <= k < k_i+1``) comes from code point
``s_i + k - k_i`` of the passage; most passages need one pair per run of white space.
A character NFKC makes longer or shorter (``㍻``, ``ｶﾞ``) has pairs of its own, and its
ends (``end - start`` other than 1) a list of their own.  Positions in the normal form
are UTF-16 units (what JavaScript's ``indexOf`` counts), positions in the passage code
points (what ``Array.from`` counts), as the snippet needs them.
"""
from __future__ import annotations

from judge.search.highlight import _normal_without_spaces


def _units(text: str) -> int:
    """Its length in UTF-16 units."""
    return len(text) + sum(1 for ch in text if ord(ch) > 0xFFFF)


def passage_map(plain: str) -> list:
    """``[starts, ends]`` of a passage's normal form: ``starts`` as breakpoints (see the
    module), ``ends`` as ``[unit, code points, …]`` of the units whose character is not
    one code point of the passage (0: none)."""
    normal, start_of, end_of = _normal_without_spaces(plain)
    starts: list[int] = []
    ends: list[int] = []
    unit = 0
    for k, ch in enumerate(normal):
        a, b = start_of(k), end_of(k)
        for _ in range(_units(ch)):
            if not starts or a != starts[-1] + unit - starts[-2]:
                starts += [unit, a]
            if b - a != 1:
                ends += [unit, b - a]
            unit += 1
    return [starts, ends or 0]


def passage_maps(store, passages, plains: list[str]) -> list:
    """Each map ``[title, starts, ends]`` of the index passages ``passages`` (their plain
    texts ``plains``): ``title`` the UTF-16 units of the passage's normal text
    (``IndexStore.text_of``) before the passage's own normal form, the title's; -1 and
    the normal form after ``ends`` where that text does not end with it."""
    maps = []
    for d, plain in zip(passages, plains):
        text = store.text_of(d)
        own = _normal_without_spaces(plain)[0]
        if text.endswith(own):
            maps.append([_units(text) - _units(own), *passage_map(plain)])
        else:
            # (never seen: the index normalises the title and the passage together, and
            # neither NFKC nor a fold reaches across the line between them) the
            # passage's own normal form, written out
            maps.append([-1, *passage_map(plain), own])
    return maps
