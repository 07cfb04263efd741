"""Lookups that keep a results page's fallbacks from growing with the corpus.

The glossary terms a query holds and the titles one edit from a kana query were found
by testing every term and every title: 3,379 terms and 70,000 title forms at 100,000
entries, a fixed share of every new page (the glossary) or 2 ms of a typo's page (the
titles).  Each is indexed once per corpus (kept on the corpus object, as
:mod:`judge.search.shaping` keeps its tables) and answers what the scan answered, in
the same order.
"""
from __future__ import annotations

from array import array


def terms_in(corpus, terms: list[tuple], flat: str) -> list[tuple]:
    """The tuples of ``terms`` (the glossary: form first) whose form without spaces is
    in ``flat``, in their order: the query's substrings looked up by form (a long query
    with more substrings than there are terms is scanned as before)."""
    kept = getattr(corpus, "_lookups_terms", None)
    if kept is None or kept[0] is not terms:
        forms: dict[str, list[int]] = {}
        for i, g in enumerate(terms):
            if g[0]:
                forms.setdefault(g[0].replace(" ", ""), []).append(i)
        kept = (terms, forms, max(map(len, forms), default=0))
        try:
            corpus._lookups_terms = kept
        except AttributeError:   # pragma: no cover - a corpus that takes no attributes
            pass
    _terms, forms, longest = kept
    if len(flat) * min(longest, len(flat)) > len(terms):
        return [g for g in terms if g[0] and g[0].replace(" ", "") in flat]
    at: set[int] = set()
    for start in range(len(flat)):
        for end in range(start + 1, min(start + longest, len(flat)) + 1):
            found = forms.get(flat[start:end])
            if found:
                at.update(found)
    return [terms[i] for i in sorted(at)]


def near_forms(corpus, forms: list[str], normal: str) -> list[int] | None:
    """The places in ``forms`` of every form that may be one edit from ``normal``, in
    order (None: read them all, for a ``normal`` under three characters).

    One edit changes the length by at most one and leaves the first character where it
    was or, in a string of two or more, the last: the forms of a length within one
    that begin with ``normal``'s first character or end with its last."""
    if len(normal) < 3:
        return None
    kept = getattr(corpus, "_lookups_near", None)
    if kept is None or kept[0] is not forms:
        firsts: dict[tuple[str, int], list[int]] = {}
        lasts: dict[tuple[str, int], list[int]] = {}
        for i, form in enumerate(forms):
            if form:
                firsts.setdefault((form[0], len(form)), []).append(i)
                lasts.setdefault((form[-1], len(form)), []).append(i)
        # arrays: 70,000 forms twice at 100,000 entries, kept in every worker
        kept = (forms, {k: array("i", v) for k, v in firsts.items()},
                {k: array("i", v) for k, v in lasts.items()})
        try:
            corpus._lookups_near = kept
        except AttributeError:   # pragma: no cover - a corpus that takes no attributes
            return None
    _forms, firsts, lasts = kept
    size = len(normal)
    near: set[int] = set()
    for length in (size - 1, size, size + 1):
        near.update(firsts.get((normal[0], length), ()))
        near.update(lasts.get((normal[-1], length), ()))
    return sorted(near)
