"""Query planning (検索の計画): from what a judge typed to what a run matches.

:func:`plan` reads the query (:mod:`judge.search.query`), checks the ``game``/``kind``
arguments, resolves a typed id to its entry (pinned first), turns the filters into a
bitset of allowed passages and the words into :class:`~judge.search.matching.Word`
groups.  :func:`corrections` is the plan of "did you mean" when nothing matched.  A
:class:`Plan` is all a :class:`~judge.search.run.QueryRun` needs; it holds no state of
the store and may be run again (a correction, fewer words) with :meth:`Plan.but`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

from judge.corpus.ids import fold
from judge.i18n import msg

from . import query as ql
from . import tables
from .analysis import id_tokens
from .matching import EXACT_LIMIT, Word, members
from .results import SearchResult
from .store import IndexStore

MAX_LIMIT = tables.MAX_LIMIT
KINDS = tuple(tables.KINDS)
_ID_LIKE = re.compile(tables.ID_LIKE, re.I)


@dataclass
class Plan:
    """What to match and how to cut the page, for one run."""

    pq: ql.ParsedQuery
    groups: list[list[Word]]            # every group must match (a group: any of its words)
    excluded: list[Word]
    filt: int | None                    # the passages the filters allow (None: no filter)
    game: str | None = None             # the page's game/kind choice (after the facets)
    kind: str | None = None
    limit: int = 10
    offset: int = 0
    pin: str | None = None              # the entry a typed id names: first
    # a question: its content words, ranked by how many a passage holds (question.py)
    question: list | None = None
    cover: float = 1000.0               # a question's IDF coverage against BM25 (run.py)
    # a question's small result counted as the ranking keeps it (a results page's total)
    exact_count: bool = False
    # rank as deep as for this many hits (0: the page's own): the passages scored in a
    # large result (its pool) depend on how many hits are asked for
    depth: int = 0

    @property
    def words(self) -> list[Word]:
        return [w for g in self.groups for w in g]

    def but(self, **changes) -> "Plan":
        """The same plan with some fields changed."""
        return replace(self, **changes)


def plan(store: IndexStore, text: str, game: str | None, kind: str | None, limit, offset,
         result: SearchResult) -> Plan | None:
    """The plan of a query; None when there is nothing to run (``result`` says why)."""
    try:
        limit = max(1, min(int(limit), MAX_LIMIT))
        offset = max(0, int(offset))
    except (TypeError, ValueError):
        limit, offset = 10, 0
    result.offset = offset
    known = store.game_ids
    if game is not None and game not in known:
        result.notices.append(msg("game {game!r} is not one of {known}; searching every game",
                                     game=game, known=", ".join(sorted(known))))
        game = None
    if kind is not None and kind not in KINDS:
        result.notices.append(msg("kind {kind!r} is not one of {known}; searching every kind",
                                     kind=kind, known=", ".join(KINDS)))
        kind = None
    pq = ql.parse(text, store.game_aliases)
    result.notices += pq.notices
    result.understood = pq.text()
    if pq.empty:
        if not text.strip():
            result.notices.append(msg("type a word, a \"phrase\", or a number such as "
                                         "QA-337, 6.5.3.b or No.075"))
        elif not pq.notices:
            result.notices.append(msg("nothing to search for in this query"))
        return None
    pin = redirect(store, pq, game, result.notices)
    if pin:
        result.redirect = pin
    filt = filters(store, pq)
    groups, excluded = words_of(pq)
    if not groups and filt is None:
        return None
    return Plan(pq, groups, excluded, filt, game, kind, limit, offset, pin)


def words_of(pq: ql.ParsedQuery) -> tuple[list[list[Word]], list[Word]]:
    """The word groups and the excluded words of a parsed query."""
    groups = []
    for group in pq.groups:
        words = [w for w in (Word.of(t.text, t.phrase) for t in group) if w]
        if words:
            groups.append(words)
    excluded = [w for w in (Word.of(t.text, t.phrase) for t in pq.excluded) if w]
    return groups, excluded


def redirect(store: IndexStore, pq: ql.ParsedQuery, game: str | None,
             notices: list | None = None) -> str | None:
    """The entry a query that is only an id or number names (ＱＡ－３３７ -> QA-337).

    A rule number goes to its clause (6.5.3.b -> rule 6.5, clause 6.5.3.b) only when
    some revision of the entry has that clause: 6.5.9 is no redirect, and ``notices``
    says the entry has no such clause (a judge is never sent to a clause that is not).
    """
    if len(pq.terms) != 1 or pq.excluded or pq.cards or pq.rules:
        return None
    typed = pq.terms[0].text.strip()
    if not _ID_LIKE.match(fold(typed)):
        return None
    found: list[str] = []
    for g in pq.games or ([game] if game else [None]):
        found += store.corpus.resolve(typed, g)
    found = list(dict.fromkeys(found))
    there = [f for f in found if "#" not in f or _has_clause(store, f)]
    if not there and found and notices is not None:
        entry, clause = found[0].split("#", 1)
        notices.append(msg("{entry} has no clause {clause} (in any revision)",
                           entry=entry, clause=clause))
    return there[0] if there else None


def _has_clause(store: IndexStore, ref: str) -> bool:
    """Whether ``<entry>#<clause>`` names a clause some revision of the entry has."""
    entry, clause = ref.split("#", 1)
    try:
        return store.corpus.get(entry).has_clause(clause)
    except KeyError:
        return False


def filters(store: IndexStore, pq: ql.ParsedQuery) -> int | None:
    """The passages the query's filters allow (a bitset), or None without filters."""
    allowed = -1
    if pq.games:
        allowed &= _union(store.game_docs.get(g, 0) for g in pq.games)
    if pq.kinds:
        allowed &= _union(store.kind_docs.get(k, 0) for k in pq.kinds)
    for name in pq.cards:
        allowed &= card_filter(store, name)
    for rule in pq.rules:
        allowed &= rule_filter(store, rule)
    if pq.before or pq.after:
        start = ql.day_number(pq.after) + 1 if pq.after else 1
        end = ql.day_number(pq.before) - 1 if pq.before else None
        allowed &= store.day_docs(start, end)
    return None if allowed == -1 else max(allowed, 0)


def card_filter(store: IndexStore, name: str) -> int:
    """card:X — the card's entry, entries linking it, passages naming it."""
    m = store.matcher
    ids = [i for i in store.corpus.resolve(name) if "/card/" in i]
    out = 0
    names = {name}
    for cid in ids:
        out |= m.postings("entry", cid).bits | m.postings("cards", cid).bits
        entry = store.corpus.entries.get(cid)
        if entry is not None:
            names.add(entry.title)
            for t in id_tokens(entry.key) or [entry.key.lower()]:
                out |= m.docs(("body_bi", "title_bi"), t)
    for n in names:
        word = Word.of(n, phrase=True)
        if word is not None:
            out |= m.phrase_docs(word)
    return out


def rule_filter(store: IndexStore, rule: str) -> int:
    """rule:6.5 — the rule and its clauses, and entries citing it; rule:名前 by title."""
    m = store.matcher
    key = fold(rule).lower()
    out = 0
    if re.fullmatch(tables.RULE_KEY, key):
        out |= m.postings("ids", key).bits
        for t in store.expand_prefix("ids", key + "."):
            out |= m.postings("ids", t).bits
        for rid in store.corpus.resolve(rule):
            out |= m.postings("cites", rid.split("#")[0]).bits
        return out
    for i in (i for i in store.corpus.resolve(rule) if "/rule/" in i):
        out |= m.postings("cites", i).bits | m.postings("entry", i).bits
    word = Word.of(rule, phrase=True)
    if word is not None:
        out |= m.grams_docs(word.grams) & store.kind_docs.get("rule", 0)
    return out


def corrections(store: IndexStore, the_plan: Plan, vocabulary) -> list[str]:
    """"Did you mean": the query with each word found nowhere replaced by a close name."""
    fixes: dict[int, list[str]] = {}
    terms = the_plan.pq.terms
    m = store.matcher
    for i, term in enumerate(terms):
        if term.phrase:
            continue
        word = Word.of(term.text)
        if word is None:
            continue
        bits = m.word_docs(word)
        found = bits.bit_count()
        if 0 < found <= EXACT_LIMIT:
            found = sum(1 for d in members(bits) if m.in_a_row(d, word))
        if not found:
            close = vocabulary.close(term.text)
            if close:
                fixes[i] = close
    if not fixes:
        return []
    suggestions = []
    for choice in range(max(len(v) for v in fixes.values())):
        words = [fixes[i][min(choice, len(fixes[i]) - 1)] if i in fixes else str(t)
                 for i, t in enumerate(terms)]
        suggestions.append(" ".join(words))
    return list(dict.fromkeys(suggestions))[:3]


def _union(bitsets) -> int:
    out = 0
    for b in bitsets:
        out |= b
    return out
