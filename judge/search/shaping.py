"""Shaping a search for a judge: one result per entry, the exact match first, a typo
forgiven, and never an empty page when part of the query matches.

This works above :class:`~judge.search.searcher.Searcher` (its public ``search`` only):

- **grouped** (項目ごと): the hits of one entry become one result, its best passage first
  and up to :data:`PASSAGES` more clauses under it; hits in older revisions are folded
  into a count unless asked for (``old=True``);
- **exact first** (完全一致を上に): an entry whose title or alias *is* the query, then a
  rule, Q&A or term whose text holds the query as typed (after NFKC and kana folding),
  rank above entries found only through the fuzzy readings (a card whose name merely
  sounds alike: ブラスター vs フラスター);
- **one kana edit** (一字違い): a kana query that matches nothing as typed, one edit
  away from a title in the corpus (ぐれいづ → グレイズ), is searched as that title and
  says so ("did you mean");
- **glossary** (用語集): a term judges use today (リバース効果) is also searched as the
  text's own wording (表になったとき), from the corpus's glossary term entries;
- **partial** (一部の語で): a query of several words that finds nothing searches again
  without the words no text holds, and says which were dropped.
"""
from __future__ import annotations

import re
from collections import Counter

from judge.common import cache_budget
from judge.common.lru import LRU
from judge.i18n import render

from . import tables
from .analysis import is_kana, normalize
from .grouping import Briefs, Group, gather, rows, shown
from .lookups import near_forms
from .matched import Matched
from .wordings import expansions, glossary

# the searcher's notice when nothing matched (not shown above results a fallback found)
NOTHING_MATCHES = ("nothing matches {query!r}: try fewer words, another spelling, or "
                   "remove a filter")
FETCH = tables.FETCH              # hits read to group (a page shows far fewer entries)
PASSAGES = tables.PASSAGES        # passages shown under an entry besides its best
NAMES_KEPT = 20000                # entries whose exact names are kept (_name_forms)
OPERATOR = re.compile("[" + re.escape(tables.OPERATOR_CHARS) + "]"
                      r"|(?<!\w)(?:" + "|".join(tables.OPERATOR_WORDS) + r")(?!\w)")
NUMBERED_TITLE = re.compile(tables.NUMBERED_TITLE)
BARE_NUMBER = re.compile(tables.BARE_NUMBER)
# a card's kind, then its name in brackets: 想起「テリブルスーヴニール」, 河童『お化け
# キューカンバー』 (a name alone in brackets, or brackets mid-title, are not this)
QUOTED_NAME = re.compile(r"[^「『」』\s]{1,8}[「『]([^「『」』]+)[」』]")


def _plain_words(query: str) -> list[str]:
    """The query's words, or [] when it uses the query language (phrases, fields, -x)."""
    if OPERATOR.search(query):
        return []
    return [w for w in query.split() if w]


def _vocabulary(corpus) -> tuple[list[str], list[str]]:
    """(normal forms, titles as written) of every entry title and alias, once per corpus."""
    cached = getattr(corpus, "_shaping_vocabulary", None)
    if cached is not None:
        return cached
    from judge.corpus import cache

    from .schema import SCHEMA_VERSION
    key = getattr(corpus, "content_key", None)
    # kept per corpus content and analysis version (what the index's names are kept by:
    # a change to normalize() bumps SCHEMA_VERSION), in the memo the store's names are
    # read from already: no hash of the code is taken for a one-shot typo search
    found = cache.memo_get(key, "vocabulary-" + SCHEMA_VERSION)
    if isinstance(found, list) and len(found) == 2:
        vocab = (found[0], found[1])
    else:
        seen: dict[str, str] = {}
        # Rules, terms and Q&A first, so a rule's word wins over a card's name of the
        # same form (from the corpus's table of names: no entry is read)
        for name, _id, _kind in sorted(corpus.tables.names(), key=lambda n: n[2] == "card"):
            name = NUMBERED_TITLE.sub("", str(name)).strip()
            if 2 <= len(name) <= 30:
                seen.setdefault(normalize(name), name)
        vocab = (list(seen), list(seen.values()))
        cache.memo_put(key, "vocabulary-" + SCHEMA_VERSION, list(vocab))
    try:
        corpus._shaping_vocabulary = vocab
    except AttributeError:       # pragma: no cover - a corpus that takes no attributes
        pass
    return vocab


def one_edit(corpus, query: str) -> str | None:
    """A title one kana edit away from a kana query (ぐれいづ → グレイズ), or None."""
    word = query.strip()
    if not word or " " in word or not is_kana(word) or len(word) < 3:
        return None
    # imported here: most queries match a title exactly and never need it (a tenth of
    # a one-shot `judge search`'s imports)
    from rapidfuzz import process
    from rapidfuzz.distance import Levenshtein
    normal = normalize(word)
    forms, titles = _vocabulary(corpus)
    # indexing the forms pays for itself only in a worker over a big corpus; a one-shot
    # `judge search` at the real corpus's ~5,000 forms scans them faster (C speed)
    # than it builds the index (9 ms, half a `python -c pass`)
    near = near_forms(corpus, forms, normal) if len(forms) > tables.SCAN_FORMS else None
    if near is None:
        found = process.extract(normal, forms, scorer=Levenshtein.distance, score_cutoff=1,
                                limit=5)
    else:
        # the same order as over every form (by distance, then by place in the list):
        # the candidates keep their order
        found = [(f, score, near[i]) for f, score, i in process.extract(
            normal, [forms[i] for i in near], scorer=Levenshtein.distance, score_cutoff=1,
            limit=5)]
    close = [(score, i) for _form, score, i in found if score == 1]
    return titles[close[0][1]] if close else None


# The normalised, space-free forms of the texts results are checked against: a rule
# page can be tens of thousands of characters, and the same few hundred passages come
# back query after query (normalising them was half of a search page's time).  Keyed
# on the text itself, so an edited entry is a new key; bounded by characters.
_HELD = LRU(4000, weight=len, budget=cache_budget.share("shaping_texts"))


def _squeezed(text: str) -> str:
    return _HELD.get_or(text, lambda: normalize(text).replace(" ", ""))


def _exact_tier(hit: dict, corpus, query_normal: str) -> int:
    """3: title/alias is the query; 2: a rule, Q&A or term holds it; 1: a card holds it."""
    return _passage_tier(corpus, hit["id"], hit["revision"], hit.get("clause"), query_normal)


def _passage_tier(corpus, entry_id: str, revision: int, clause: str | None,
                  query_normal: str) -> int:
    """:func:`_exact_tier` of the passage of an entry, revision and clause."""
    facts = _tier_facts(corpus, entry_id, revision, clause)
    if facts is None or not query_normal:
        return 0
    names, held, card = facts
    if query_normal.replace(" ", "") in names:
        return 3
    if all(word in held for word in query_normal.split()):
        return 1 if card else 2
    return 0


def _tier_facts(corpus, entry_id: str, revision: int, clause: str | None):
    """What the exact tier reads of a passage: the entry's :func:`exact_names`, the
    passage's :func:`held_text` and whether the entry is a card (None: no such entry),
    kept per corpus by passage.  A results page reads them for its groups until the page
    is full, and for every group when few passages hold the query as typed (a phrase in
    quotes: the 200 entries of its hits unpickled and their texts found again for each
    new page), and the same passages come back query after query."""
    kept = getattr(corpus, "_shaping_tiers", None)
    if kept is None:
        # bounded by the passages' characters (a rule page's text can be long)
        kept = LRU(8192, weight=lambda f: len(f[1]) + 64, budget=cache_budget.share("exact_tier"))
        try:
            corpus._shaping_tiers = kept
        except AttributeError:   # pragma: no cover - a corpus that takes no attributes
            pass
    key = (entry_id, revision, clause)
    found = kept.peek(key)
    if found is None:
        entry = corpus.entries.get(entry_id)
        if entry is None:
            return None
        found = kept.get_or(key, lambda: (frozenset(exact_names(entry)),
                                          held_text(entry, revision, clause),
                                          entry.kind == "card"))
    return found


def title_names(title: str) -> list[str]:
    """The names a title gives its entry: the title, without a leading clause number,
    and a card's name inside 「」 or 『』 after its kind (想起「テリブルスーヴニール」 is
    named テリブルスーヴニール, as the Q&A and judges call it)."""
    bare = NUMBERED_TITLE.sub("", title)
    quoted = QUOTED_NAME.fullmatch(bare.strip())
    return [bare, title, *([quoted.group(1)] if quoted else [])]


def exact_names(entry) -> list[str]:
    """The normal forms (no spaces) a query must be to name ``entry`` exactly: its
    :func:`title_names` and its aliases."""
    names = [*title_names(entry.title), *entry.aliases]
    return list(dict.fromkeys(_squeezed(str(n)) for n in names))


def held_text(entry, revision: int, clause: str | None) -> str:
    """The normal form (no spaces) of a passage as the exact tier reads it: the entry's
    title and the revision's own text (of the clause, if any)."""
    try:
        rev = entry.revision(revision)
    except KeyError:
        rev = entry.current
    text = rev.clauses.get(clause, "") if clause else rev.text
    # the title and the text are normalised apart: NFKC and the folds work character
    # by character, and neither end can compose across the space between them
    return _squeezed(entry.title) + _squeezed(text)


def offline_tables(corpus) -> dict:
    """What the offline search needs to shape its results as :func:`shaped` does (the
    browser has no corpus): the one-edit vocabulary and the glossary, as used here."""
    forms, titles = _vocabulary(corpus)
    return {"vocabulary": {"forms": forms, "titles": titles},
            "glossary": [list(g) for g in glossary(corpus)],
            "word_pages": sorted(word_pages(corpus)),
            "fetch": FETCH, "passages": PASSAGES}


def group_hits(hits, corpus, query: str, old: bool = False,
               also: tuple[str, ...] = (), need: int | None = None) -> list[Group]:
    """Hits as one group per entry, ordered exact tier first, then as :func:`_order` says.

    ``also``: other forms of the query (a glossary term's wordings) that count as exact.
    ``need``: only the first ``need`` groups are wanted in their order (a page's); the
    rest follow, counted but not ordered, and their tier not read where it cannot put
    them among the first (reading it reads the entry's text: at 100,000 entries most of
    a new results page went to reading the entries of the ~100 groups it does not show).
    """
    forms = [" ".join(normalize(q).split()) for q in (query, *also)]
    # each group is made whole (Group.settle: its current revision first, its passages
    # sorted) when its tier is read or it is shown: at 100,000 entries a page's 200 hits
    # are ~185 entries, a few dozen of them found in an older revision only
    groups = gather(hits, corpus, old)
    explaining = word_pages(corpus)
    for group in groups:
        group.explains = group.kind == "term" and group.entry in explaining
    if need is None:
        for group in groups:
            group.settle()
            _tier(group, corpus, forms)
        return sorted(groups, key=_order)
    # The page's groups only.  Tier 3 (the query names the entry) is read for every
    # group from the table of names; a term page is tier 0 unless named; the others
    # are 2 (1 for a card) when a passage holds the query's words, 0 if not.  In the
    # order, after the named groups come the tier-2 groups by score: reading the rest
    # by score, once ``need`` groups are known to be ahead, no later group can be.
    named = _named(corpus, [g.entry for g in groups], forms)
    known, unread = [], []
    for group in groups:
        if group.entry in named:
            group.tier = 3
            known.append(group)
        elif group.explains:
            group.tier = 0
            known.append(group)
        else:
            unread.append(group)
    ahead = len(named)
    unread.sort(key=lambda g: -g.score)
    read = 0
    for group in unread:
        if ahead >= need:
            break
        _tier(group, corpus, forms)
        read += 1
        known.append(group)
        ahead += group.tier == 2
    return sorted(known, key=_order) + unread[read:]


def _tier(group: Group, corpus, forms: list[str]) -> None:
    """Set a group's exact tier (:func:`_exact_tier` of its passages, the best of)."""
    group.settle()
    group.tier = max((_exact_tier(h, corpus, form) for form in forms
                      for h in [group.best, *group.passages]), default=0)
    if group.explains and group.tier < 3:
        # a glossary or lexicon page holds the words it explains, as every rule
        # using them does: only its name makes it the exact match
        group.tier = 0


def word_pages(corpus) -> frozenset:
    """The ids of the editors' glossary and lexicon pages (``data: glossary`` or
    ``lexicon``: 用語集), read once per corpus from its revisions table."""
    cached = getattr(corpus, "_shaping_word_pages", None)
    if cached is not None:
        return cached
    tables = getattr(corpus, "tables", None)
    if tables is not None:
        found = frozenset(r[0] for r in tables._all(
            "SELECT DISTINCT id FROM revisions WHERE glossary = 1"))
    else:                    # a corpus of entries alone (the tests' small ones)
        found = frozenset(i for i, e in getattr(corpus, "entries", {}).items()
                          if getattr(e, "explains_a_word", False))
    try:
        corpus._shaping_word_pages = found
    except AttributeError:       # pragma: no cover - a corpus that takes no attributes
        pass
    return found


def _aliases(corpus) -> dict[str, list[str]]:
    """Every entry's aliases by id, read once per corpus from its table of names (a few
    thousand at 100,000 entries; the table has no index by entry id)."""
    cached = getattr(corpus, "_shaping_aliases", None)
    if cached is not None:
        return cached
    found: dict[str, list[str]] = {}
    # the aliases' rows only (names() would return every title and key as well)
    for name, entry_id in corpus.tables._all(
            "SELECT name, id FROM names WHERE role = 'alias' ORDER BY rowid"):
        found.setdefault(entry_id, []).append(name)
    try:
        corpus._shaping_aliases = found
    except AttributeError:       # pragma: no cover - a corpus that takes no attributes
        pass
    return found


def _named(corpus, ids: list[str], forms: list[str]) -> set[str]:
    """The entries among ``ids`` that one of ``forms`` names exactly (:func:`exact_names`:
    tier 3), from the corpus's table of titles and aliases (no entry read)."""
    wanted = {f.replace(" ", "") for f in forms if f}
    tables = getattr(corpus, "tables", None)
    if not wanted or not ids:
        return set()
    if tables is None:        # pragma: no cover - every Corpus has its tables
        return {i for i in ids if (e := corpus.entries.get(i)) is not None
                and wanted & set(exact_names(e))}
    forms = _name_forms(corpus, tables, ids)
    return {i for i in ids if not wanted.isdisjoint(forms[i])}


def _name_forms(corpus, tables, ids: list[str]) -> dict[str, frozenset]:
    """Each entry's :func:`exact_names` (empty for an id the corpus has not), kept per
    corpus by id: a results page looks up the ~100 entries of its 200 hits, the same
    ones query after query (a query of the table and normalising their names was half
    of grouping the hits at 10,000 entries)."""
    kept = getattr(corpus, "_shaping_names", None)
    if kept is None:
        # a plain dict, emptied when full: an LRU's bookkeeping in Python was most of
        # each look-up (~185 a new page at 100,000 entries); a thread reading while
        # another empties it makes the names again
        kept = {}
        try:
            corpus._shaping_names = kept
        except AttributeError:   # pragma: no cover - a corpus that takes no attributes
            pass
    out = {}
    unread = []
    for i in ids:
        found = kept.get(i)
        if found is None:
            unread.append(i)
        else:
            out[i] = found
    if unread:
        if len(kept) + len(unread) > NAMES_KEPT:
            kept.clear()
        aliases = _aliases(corpus)
        heads = tables.heads(unread)
        for i in unread:
            head = heads.get(i)
            names = ([*title_names(head[0]), *aliases.get(i, ())]
                     if head is not None else [])
            out[i] = kept[i] = frozenset(_squeezed(str(x)) for x in names)
    return out


def _order(group: Group) -> tuple:
    """The results' order: the exact tier; then the rules, Q&A and cards before the
    editors' glossary and lexicon pages the query does not name, which explain a word
    rather than answer (one it names, 冥界, is in tier 3 and keeps its place by score;
    a term page from the texts, the wiki's グレイズ with its rulings, answers and is
    ordered as a rule); then the score (a
    question's score already weighs the content words a passage holds: ordering by
    holding all of them first put a page holding every common word above the clause
    that answers; bench/questions.py, results page: 41/42 and 56/59 that way, 42/42 and
    57/59 this way)."""
    # (the best hit's score, known without making the group whole: a named group the
    # page does not show is never made)
    return (-group.tier, group.explains and group.tier < 3, -group.score)


def _partial(searcher, query: str, game, kind, search) -> tuple[list[str], str, dict | None]:
    """The best partial match of a query of several words that finds nothing whole.

    Words no text holds go first; then, one at a time, the word found in the fewest
    texts alone (the likeliest to be the odd one out) until the rest find something.
    Returns (dropped words, the query searched, its JSON or None).
    """
    words = _plain_words(query)
    if not tables.PARTIAL_WORDS[0] <= len(words) <= tables.PARTIAL_WORDS[1]:
        return [], query, None
    counts = {w: searcher.search(w, game=game, kind=kind, limit=1).total for w in words}
    kept = [w for w in words if counts[w] > 0]
    while kept:
        if len(kept) < len(words):
            again = search(" ".join(kept), game=game, kind=kind)
            if again["results"]:
                return [w for w in words if w not in kept], " ".join(kept), again
        if len(kept) == 1:
            break
        kept.remove(min(kept, key=lambda w: counts[w]))
    return [], query, None


def shaped(searcher, corpus, query: str, game=None, kind=None, page: int = 1,
           limit: int = 10, old: bool = False) -> dict:
    """The search as grouped results with its typo and partial-match fallbacks.

    The answer is the searcher's JSON with ``results`` one per entry (each with
    ``passages``, ``old_matches`` and ``exact``), ``total`` the number of entries, and
    ``corrected``/``dropped`` when the query was respelled or shortened.  ``facets``
    count entries as ``total`` does (the header's count is the sum of the chips): the
    games among the entries of the chosen kind, the kinds among those of the chosen
    game.
    """
    data, groups, hits = _grouped(searcher, corpus, query, game, kind, old,
                                  need=page * limit, shown=limit)
    if data.get("redirect"):
        data.pop("_sources", None)
        data.pop("_complete", None)
        data["results"] = data["results"][:limit]
        _cut_snippets(data["results"])
        data.pop("_found_nothing", None)
        data.pop("_other_notices", None)
        return data
    sources = data.pop("_sources")
    counted = _union(sources)
    # a page whose searches gave every hit they had (fewer than asked) counts its groups,
    # as it always did; one cut at the hits of its own entries counts the entries of
    # every passage matched (search/matched.py), not of the hits ranked
    complete = data.pop("_complete") or counted is None
    # The chips say what choosing each would show.  A page reshaped by a fallback (a
    # respelling, a glossary wording, a question's partial words, dropped words) or a
    # search that recovered under its filter may not be what the same searches show
    # unfiltered (ぐれいづ filtered to terms: its cards chip said 17, the card page
    # showed 2): those pages count by grouping again without the filter.
    plain = not (data.get("corrected") or data.get("dropped") or data.get("expanded")
                 or data.get("question")
                 or any(getattr(r, "did_you_mean", None) for r in sources))
    total = len(groups) if complete else counted.entry_count()
    facets = {}
    for dim, choice in (("game", game), ("kind", kind)):
        if choice is None:
            counts = (Counter(getattr(g, dim) for g in groups) if complete
                      else Counter(counted.counts(dim)))
        elif plain and counted is not None:
            # the other choices of this dimension: the entries of each among the passages
            # the searches of this page matched before the filter (no second search)
            counts = Counter(counted.chips(dim))
        else:
            # a reshaped page, or a searcher that cannot say (a search as of a day): the
            # same search without the filter
            again, regrouped, _hits = _grouped(searcher, corpus, query,
                                               None if dim == "game" else game,
                                               None if dim == "kind" else kind, old, need=0)
            whole = _union(again.pop("_sources"))
            counts = (Counter(getattr(g, dim) for g in regrouped)
                      if again.pop("_complete") or whole is None
                      else Counter(whole.counts(dim)))
        if choice is not None:
            counts[choice] = total
        facets[dim] = {v: c for v, c in sorted(counts.items(), key=lambda x: (-x[1], x[0])) if c}
    start = (page - 1) * limit
    shown = [g.as_json() for g in groups[start:start + limit]]
    for group in shown:
        _cut_snippets([group, *group["passages"], *group["old"]])
    data.update({"results": shown, "facets": facets, "total": total,
                 "passages_total": len(hits) if complete else counted.passage_count()})
    if shown and data.pop("_found_nothing", False):
        # the first search found nothing, a fallback did: no "nothing matches" above
        # the results
        data["notice"] = data.pop("_other_notices", "")
    data.pop("_found_nothing", None)
    data.pop("_other_notices", None)
    if data["corrected"] and data["corrected"] not in data["did_you_mean"]:
        data["did_you_mean"] = [data["corrected"], *data["did_you_mean"]]
    return data


def _numbered(corpus, query: str, search) -> tuple[list[str], list[dict], list]:
    """A bare number typed alone (337): (the id forms that found an entry, QA-337 and
    No.337; their hits, to go first; what each form's search matched of the entries it
    names, to be counted).  Only an entry the id names counts, not one it resembles
    (No.9999 names none, though N999 is near)."""
    bare = normalize(query).strip()
    numbered: list[str] = []
    ids_found: list[dict] = []
    named_matched: list = []
    if not BARE_NUMBER.match(bare):
        return numbered, ids_found, named_matched
    for form in tables.NUMBERED_FORMS:
        alt = form.format(n=bare)
        ids = [i for i in corpus.resolve(alt) if "#" not in i]
        if not ids:
            continue
        named = set(corpus.tables.heads(ids))
        again = search(alt)
        found = [h for h in again["results"] if h["id"] in named]
        matched = again["_result"].matched
        # (the passages that merely mention QA-337 are not counted: the page shows none)
        named_matched.append(matched.only(named) if matched is not None and named else None)
        if found:
            numbered.append(alt)
            ids_found += found
    return numbered, ids_found, named_matched


def _union(sources: list):
    """What the searches of a page matched, together (None if one cannot say):
    ``sources`` are their results, or what they matched (:class:`Matched`)."""
    matched = [getattr(s, "matched", s) if not isinstance(s, Matched) else s
               for s in sources]
    if not matched or any(m is None for m in matched):
        return None
    out = matched[0]
    for m in matched[1:]:
        out = out.union(m)
    return out


def fetch_for(need: int | None, counting: bool) -> int:
    """The hits a page of ``need`` entries asks each search for: when the searcher
    counts the page's entries itself (``counts_entries``), :data:`tables.FIRST_FETCH`
    while they hold them twice over and a margin, then :data:`FETCH`, and MAX_LIMIT
    for a page past them; else :data:`FETCH` (the page's total and chips are counted
    among them).  A few steps, not a number per page: pages asking for the same hits
    group them alike (a tier moves an entry up among the hits they share)."""
    if not counting or need is None:
        return FETCH
    if need * 2 + tables.FETCH_MARGIN <= tables.FIRST_FETCH:
        return tables.FIRST_FETCH
    return FETCH if need * 2 + tables.FETCH_MARGIN <= FETCH else tables.MAX_LIMIT


def _grouped(searcher, corpus, query: str, game, kind, old: bool, need: int | None = None,
             shown: int = 0) -> tuple[dict, list[Group], list[dict]]:
    """The searcher's JSON, the groups of its hits (fallbacks applied), and the hits.

    The JSON's ``_sources`` are what each search whose hits are grouped matched (its
    ``SearchResult.matched``), ``_complete`` whether each gave all the hits it had.
    The ``shown`` groups before the ``need``-th hold every matched passage of their
    entries (``SearchResult.rest_of``), not only those among the hits."""
    counting = getattr(searcher, "counts_entries", False)
    fetch = fetch_for(need, counting)
    # (a question's small result counted as its ranking keeps it; the hits ranked as
    # deep as FETCH hits were: the top of a large result depends on its pool's depth)
    exactly = {"exact_count": True, "depth": max(fetch, FETCH)} if counting else {}
    # the searches whose hits are taken as they are ranked: each knows the further
    # passages of the entries it found (a glossary wording's hits are rescaled)
    ranked: list = []
    complete = [True]

    def search(text: str, fetched: int = fetch, **kw) -> dict:
        # each result keeps its hit (under "_hit") until it is shown: only the
        # snippets of the page are cut, marked with the words of the search that found it
        result = searcher.search(text, limit=fetched, offset=0, **exactly, **kw)
        # brief: the title, URL and date of a result only when it is shown (_cut_snippets);
        # each result's dict made only when read (grouping reads the hits themselves)
        out = result.as_json(snippets=False, results=False)
        out["results"] = Briefs(result.hits)
        out["_result"] = result
        out["_complete"] = len(result.hits) < fetched
        if not result.hits:
            out["_found_nothing"] = True
            out["_other_notices"] = " / ".join(dict.fromkeys(
                render(n) for n in result.notices
                if getattr(n, "id", "") != NOTHING_MATCHES))
        return out

    data = search(query, game=game, kind=kind)
    # the searches whose hits are grouped (what the page's total and chips count), and
    # whether they gave all their hits
    sources = [data.pop("_result")]
    ranked.append(sources[0])
    first_complete = complete[0] = data.pop("_complete")
    data["_sources"] = sources
    if data.get("redirect"):
        data["_complete"] = complete[0]
        return data, [], data["results"]
    hits = data["results"]
    used, corrected, dropped = query, None, []
    query_normal = " ".join(normalize(query).split())
    # (read from the hits: a dict is made only for the hits of the groups a page reads)
    exact = any(_passage_tier(corpus, r[0], r[6], r[5], query_normal)
                for r in rows(hits, tables.EXACT_HEAD))
    if not exact:
        alt = one_edit(corpus, query)
        if alt:
            again = search(alt, game=game, kind=kind)
            if again["results"]:
                sources.append(again["_result"])
                ranked.insert(0, again["_result"])     # (its hits go first)
                complete[0] = complete[0] and again["_complete"]
                corrected, used = alt, alt
                seen = {(h["id"], h["clause"], h["revision"]) for h in again["results"]}
                hits = [*again["results"], *(h for h in hits
                                             if (h["id"], h["clause"], h["revision"]) not in seen)]
    numbered, ids_found, named = _numbered(corpus, query,
                                           lambda alt: search(alt, game=game, kind=kind))
    # the page counts the entries these ids name (their hits go first)
    sources += named
    if ids_found:
        keys = {(h["id"], h["clause"], h["revision"]) for h in ids_found}
        hits = ids_found + [h for h in hits
                            if (h["id"], h["clause"], h["revision"]) not in keys]
        data["did_you_mean"] = [*numbered, *data["did_you_mean"]]
    expanded = expansions(corpus, query, game) if not OPERATOR.search(query) else []
    if expanded:
        # (read from the hits: their dicts are made only for the groups a page reads)
        known = rows(hits)
        seen = {(r[0], r[5], r[6]) for r in known}
        # a question's concepts already hold each name's wordings in its game
        # (question.concepts): the wording's search would rank its own concepts (モン
        # スターカード: モンスター and カード) on a scale of its own.  For keywords,
        # each search's scores are still its own (MeCab reads デュエルフィールド as
        # two words): the wording's are brought to the query's scale
        top = max((r[2] for r in known), default=0.0)
        for _term, _wording, alt_query, term_game in ([] if data.get("question") else expanded):
            # the wording is searched in the term's own game only
            found = search(alt_query, game=term_game, kind=kind)
            sources.append(found["_result"])
            complete[0] = complete[0] and found["_complete"]
            best = max((h["score"] for h in found["results"]), default=0.0)
            scale = top / best if top and best > top else 1.0
            for h in found["results"]:
                if (h["id"], h["clause"], h["revision"]) not in seen:
                    seen.add((h["id"], h["clause"], h["revision"]))
                    h["score"] *= scale
                    hits.append(h)
        data["expanded"] = [{"term": t, "wording": w, "game": g} for t, w, _q, g in expanded]
    asked = data.get("question")
    if asked and hits and not asked.get("asks") and not numbered:
        # keywords no passage holds together: the searcher ranked the passages by how
        # many of them they hold; those no passage holds are named as dropped
        held = {w for h in hits for w in (h.get("matched") or ())}
        if not first_complete and fetch < FETCH and len(held) < len(asked["words"]):
            # the words held are read among FETCH hits, as a page always read them (a
            # word only lower passages hold is not dropped): asked again for those
            hits = search(query, fetched=FETCH, game=game, kind=kind)["results"]
            held = {w for h in hits for w in (h.get("matched") or ())}
        # (none held: the hits are another search's, the searcher's did-you-mean, whose
        # notice says so; every word "dropped" would search nothing)
        dropped = [w for w in asked["words"] if w not in held] if held else []
        if dropped:
            used = " ".join(w for w in asked["words"] if w in held)
            again = search(used, game=game, kind=kind) if not expanded else None
            if again and again["results"]:
                # the words some passage holds, searched as such (the entry they name
                # first, as for any query)
                hits = again["results"]
                sources[:] = ranked[:] = [again["_result"]]
                complete[0] = again["_complete"]
    if not hits:
        dropped, used, again = _partial(searcher, query, game, kind, search)
        if again is not None:
            hits = again["results"]
            sources[:] = ranked[:] = [again["_result"]]
            complete[0] = again["_complete"]
    also = (*numbered, *(q for _t, _w, q, _g in expanded))
    groups = group_hits(hits, corpus, used, old=old, also=also, need=need)
    if shown and need and not complete[0]:
        # each group shown lists all its entry's matched passages (after those among
        # the hits); its tier and place are the hits' (pages asking for the same hits
        # order them alike)
        at = max(0, need - shown)
        more, better = _further(ranked, [g.entry for g in groups[at:need]], hits)
        changed: dict[str, list[int]] = {}
        for i, made in better.items():
            # (a passage a search of more weight found: its hit, as it ranks it)
            hits[i] = made
            changed.setdefault(made["id"], [])
        for made in more:
            changed.setdefault(made["id"], []).append(len(hits))
            hits.append(made)
        for i in range(at, min(need, len(groups))):
            if groups[i].entry in changed:
                groups[i] = groups[i].with_more(changed[groups[i].entry], (corpus, old))
    data.update({"searched": used, "corrected": corrected, "dropped": dropped,
                 "old_included": old, "_complete": complete[0]})
    return data, groups, hits


def _further(ranked: list, entry_ids: list[str], hits) -> tuple[list[dict], dict]:
    """The other matched passages of these entries (each search's ``rest_of``, the
    searches in the order their hits go first), as brief results: (those not among
    ``hits``, {the place in ``hits`` of a passage a later search put there: the first
    search's hit of it}), as grouping the searches' every hit would have them."""
    at = {(r[0], r[5], r[6]): i for i, r in enumerate(rows(hits))}
    taken: set = set()          # passages given by a search before (its own hits or these)
    out, better = [], {}
    for result in ranked:
        taken.update((r[0], r[5], r[6]) for r in rows(Briefs(result.hits)))
        rest_of = getattr(result, "rest_of", None)
        for hit in (rest_of(entry_ids) if rest_of is not None and entry_ids else ()):
            key = (hit.id, hit.clause, hit.revision)
            if key in taken:
                continue
            taken.add(key)
            made = hit.brief()
            made["_hit"], made["_brief"] = hit, True
            if key in at:
                better[at[key]] = made
            else:
                out.append(made)
    return out, better


def _cut_snippets(results: list[dict]) -> None:
    """Fill the snippet of each shown result from its hit, and drop the hit."""
    for r in results:
        shown(r)
        hit = r.pop("_hit", None)
        if r.get("snippet") is None:
            r["snippet"] = hit.snippet if hit is not None else ""


def paged(data: dict, page: int, limit: int, game=None, kind=None,
          max_page: int | None = None) -> dict:
    """The shaped search with its paging, as ``/api/search`` and ``judge search --json``
    answer: ``page``, ``pages`` (at most ``max_page``), ``limit``, ``game``, ``kind``."""
    out = dict(data)
    out.update({"page": page, "pages": page_count(data, limit, max_page),
                "limit": limit, "game": game, "kind": kind})
    return out


def page_count(data: dict, limit: int, max_page: int | None = None) -> int:
    """How many pages of ``limit`` results the shaped search ``data`` fills (at least
    one; at most ``max_page``): :func:`paged`'s ``pages``."""
    pages = max(1, -(-int(data.get("total", 0)) // limit))
    return min(max_page, pages) if max_page else pages
