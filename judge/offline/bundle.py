"""The offline search bundle (オフライン検索索引): the server's index, for the browser.

One JSON document holds what ``static/offline-search.js`` needs to answer a query the
way :class:`judge.search.Searcher` does, with no server:

* every passage (検索単位) the server indexes, in the server's document order: its entry,
  revision, clause, rank (current / older / withdrawn), day and plain text;
* the postings of every term of the index fields (bigrams, morphemes, title readings,
  ids, card and citation links) exactly as the index stores them, and each passage's
  field lengths, so BM25 gives the same numbers;
* what the searcher keeps beside the index: entry names (the ×2 for a query that is the
  name), title readings, the aliases ids resolve through, the did-you-mean vocabulary,
  and the corpus's MeCab vocabulary (:mod:`.morph`);
* what the results page's shaping (:mod:`judge.search.shaping`) reads from the corpus:
  each passage's text as the exact-match tier reads it, each entry's exact names, the
  one-kana-edit vocabulary and the glossary, all from the shaping's own functions.

The bundle carries the corpus fingerprint (``version``): a service worker that holds
another version fetches the new one in the background.  It is written once per corpus
next to the search index (``offline-<version>.js`` and its gzip), as a script that sets
``self.JUDGE_OFFLINE`` — a script, not JSON, so that a static export opened from a
memory stick (``file://``, where ``fetch`` is refused) can load it too.
"""
from __future__ import annotations

import gzip
import json
import logging
import os
import re
import tempfile
import threading
from datetime import datetime, timezone
from pathlib import Path

from judge.corpus import Corpus, alias_table
from judge.corpus.ids import fold
from judge.search.tables import PAREN_TAIL

log = logging.getLogger(__name__)

# 3: the search's tables (judge/search/tables.py) in "tables"; 4: the tables the JS reads
# instead of its own copies (ENGLISH_NAME, DAY), "lemmas" and "homophones"
# 5: the patterns, written for JavaScript by judge/offline/patterns.py, in "patterns";
# each older passage's current one, in "shown"
# 6: where each character of a passage's normal form comes from, in "maps" (offline/texts.py)
# 7: the constants of the search's other modules, in "constants" (offline/constants.py)
# 8: the MeCab stand-in's totals in "morph" (offline/morph.py), each game's glossary names
# longest first in "shaping.forms" (question._forms): the scripts no longer compute them
# (static/offline-page.js reads no older bundle)
FORMAT = 8
FIELDS = ("title_bi", "body_bi", "title_mo", "body_mo", "title_yomi", "ids", "cards",
          "cites")
LENGTH_FIELDS = ("title_bi", "body_bi", "title_mo", "body_mo")
# the fields a query's words are scored in (matching.Matcher.terms)
SCORED = ("title_bi", "body_bi", "title_mo", "body_mo", "title_yomi", "ids")
_PAREN_TAIL = re.compile(PAREN_TAIL)
_lock = threading.Lock()
# A phone downloads the bundle once per corpus, over a venue's weak signal: its gzip size
# is kept under this budget (MB), or JUDGE_OFFLINE_SEARCH_MB's.
DEFAULT_BUDGET_MB = 4.0
BUDGET_ENV = "JUDGE_OFFLINE_SEARCH_MB"


class BundleTooLarge(RuntimeError):
    """The compressed bundle is over its size budget (a phone would not get it in time)."""


def budget_bytes() -> int:
    """The bundle's size budget in bytes (gzip): JUDGE_OFFLINE_SEARCH_MB, or 4 MB."""
    raw = os.environ.get(BUDGET_ENV, "").strip()
    try:
        mb = float(raw) if raw else DEFAULT_BUDGET_MB
    except ValueError:
        raise BundleTooLarge(f"{BUDGET_ENV}={raw!r} is not a number of megabytes") from None
    return int(mb * 1_000_000)


def check_size(gz_size: int) -> None:
    """Raise :class:`BundleTooLarge`, saying by how much and what to set, when the
    gzip-compressed bundle is over its budget."""
    budget = budget_bytes()
    if gz_size > budget:
        raise BundleTooLarge(
            f"the offline search bundle is {gz_size / 1e6:.2f} MB compressed, over its "
            f"budget of {budget / 1e6:.2f} MB: a phone at a venue would take too long to "
            f"fetch it.  Make the bundle smaller, or raise the budget with "
            f"{BUDGET_ENV}=<megabytes>.")


def corpus_date(corpus: Corpus) -> str:
    """The newest revision date in the corpus (what "the corpus as of" means to a judge)."""
    return corpus.tables.newest_day() or ""


def build(corpus: Corpus, searcher, budget: int | None = None) -> dict:
    """The bundle of a corpus, read from its open :class:`~judge.search.Searcher`, within
    ``budget`` gzip bytes (default :func:`budget_bytes`).

    The whole index when it fits (judged first by :func:`passage_costs`, cheaply, then
    by the bundle itself); else the passages a judge likeliest needs
    (:func:`passage_order`) up to the budget, with the whole index's statistics for
    BM25 (``n_all``, each field's ``total``, a term's document frequency beside its
    postings where the kept ones are fewer) and ``partial`` saying what it holds.  A
    large corpus never builds its whole bundle first: the estimate chooses the
    passages, and at most a few subsets are built to come close under the budget."""
    budget = budget_bytes() if budget is None else budget
    store = searcher.store
    n = store.searcher().reader().doc_count_all()
    costs = passage_costs(store, n)
    # size = fixed + ratio * (the passages' estimated cost): the constants first, then
    # fitted to the bundles built (by two of them: a passage costs less as more are held,
    # the words they share compressing once)
    fixed, ratio = FIXED_COST, 1.0
    built: list[tuple[float, int]] = []
    if FIXED_COST + sum(costs) <= budget:
        whole = _build(corpus, searcher)
        size = packed_size(whole)
        if size <= budget:
            return whole
        log.info("the whole offline bundle is %.2f MB, over its budget of %.2f MB: "
                 "keeping the passages a judge likeliest needs", size / 1e6, budget / 1e6)
        built.append((sum(costs), size))
        ratio = max(size - fixed, 1) / max(sum(costs), 1)
    order, older = passage_order(store, n)
    everything = sum(map(len, order))
    best, best_size, tried = None, 0, set()
    target = budget * SAFETY
    for _attempt in range(ATTEMPTS):
        keep, groups = _within(order, costs, (target - fixed) / ratio)
        if len(keep) in tried:
            break
        tried.add(len(keep))
        # the older revisions held, of the index's
        bundle = _build(corpus, searcher, keep,
                        older=(max(0, groups - (len(order) - older)), older))
        size = packed_size(bundle)
        log.info("offline bundle of %d of %d passages: %.2f MB (budget %.2f MB)",
                 len(keep), n, size / 1e6, budget / 1e6)
        if best_size < size <= budget:
            best, best_size = bundle, size
        if size <= budget and (size >= target * 0.9 or len(keep) == everything):
            break
        built.append((sum(costs[d] for d in keep), size))
        fixed, ratio = _fitted(built, fixed)
    if best is None:
        raise BundleTooLarge(
            f"the offline search bundle is {size / 1e6:.2f} MB compressed with the fewest "
            f"passages tried ({len(keep)}), over its budget of {budget / 1e6:.2f} MB.  "
            f"Raise the budget with {BUDGET_ENV}=<megabytes>.")
    return best


# What a bundle holds whatever its passages (the search's tables, the romaji and the
# homophones, the games; gzip bytes: 105 kB for the real corpus with no passage), and a
# passage's cost per unit of its fields' lengths: measured on the real corpus (2,557
# passages: 1.05 MB), so that the estimate is the whole bundle's size give or take a
# tenth; a subset's bundle is then measured and the estimate fitted to it.
FIXED_COST = 110_000
COST_PASSAGE = 60
COST_BODY = 3.0          # a body bigram: the text (twice: plain and held), its postings
COST_TITLE = 10.0        # a title bigram: the title's postings, names, readings, vocabularies
SAFETY = 0.95            # aim a little under the budget
ATTEMPTS = 3


def _fitted(built: list[tuple[float, int]], fixed: float) -> tuple[float, float]:
    """(fixed, ratio) of size = fixed + ratio * estimate, through the last two bundles
    built (estimate, size), or the last one with ``fixed`` as it is."""
    (e2, s2) = built[-1]
    if len(built) > 1:
        e1, s1 = built[-2]
        if e2 != e1 and (s2 - s1) / (e2 - e1) > 0:
            ratio = (s2 - s1) / (e2 - e1)
            return max(s2 - ratio * e2, 0.0), ratio
    return fixed, max(s2 - fixed, 1) / max(e2, 1)


def packed_size(bundle: dict) -> int:
    """The bundle's script, gzip-compressed (level 6: a little over what it is stored at)."""
    return len(gzip.compress(script(bundle).encode("utf-8"), 6, mtime=0))


def passage_costs(store, n: int) -> list[float]:
    """Each passage's estimated share of the compressed bundle (bytes), from its fields'
    lengths alone (nothing is read but the lengths the index keeps for BM25)."""
    body = store.field_lengths("body_bi")
    title = store.field_lengths("title_bi")
    return [COST_PASSAGE + COST_BODY * (body[d] if d < len(body) else 0)
            + COST_TITLE * (title[d] if d < len(title) else 0) for d in range(n)]


def passage_order(store, n: int) -> tuple[list[list[int]], int]:
    """The index's passages in groups (an entry's current passages; then, after every
    entry's, its older revisions' passages), the likeliest needed first
    (:func:`.priority.entry_order`: the order the entry pages are kept in too), and how
    many of the groups (the last) are older revisions'."""
    from judge.search.indexer import RANK_OLDER

    from .priority import entry_order
    reader = store.searcher().reader()
    current: dict[str, list[int]] = {}
    older: dict[str, list[int]] = {}
    for d in range(n):
        f = reader.stored_fields(d)
        entry = f.get("entry")
        if entry is None:
            continue
        if f.get("rank") == RANK_OLDER:
            older.setdefault((entry, f.get("revision")), []).append(d)
        else:
            current.setdefault(entry, []).append(d)
    ids = entry_order(set(current) | {e for e, _rev in older})
    at = {entry_id: i for i, entry_id in enumerate(ids)}
    # an entry's older revisions newest first, the entries in the same order
    revisions = sorted(older, key=lambda k: (at[k[0]], -(k[1] or 0)))
    return ([current[i] for i in ids if i in current]
            + [older[k] for k in revisions], len(revisions))


def _within(order: list[list[int]], costs: list[float], room: float
            ) -> tuple[list[int], int]:
    """The passages of the first groups whose estimated costs fit in ``room`` bytes, in
    the index's order, and how many groups they are."""
    keep: list[int] = []
    used = 0.0
    groups = 0
    for group in order:
        cost = sum(costs[d] for d in group)
        if used + cost > room:
            break
        used += cost
        keep += group
        groups += 1
    return sorted(keep), groups


class _Held:
    """The corpus as a partial bundle's vocabularies read it: its table of names holds
    only the kept entries' names (did-you-mean and the one-edit vocabulary suggest what
    the phone can find); everything else is the corpus's."""

    def __init__(self, corpus: Corpus, ids: set[str]):
        self._corpus = corpus
        self.tables = _HeldTables(corpus.tables, ids)

    def __getattr__(self, name):
        # no content key (nothing remembered for the whole corpus is reused) and no
        # vocabulary of the whole corpus kept on it
        if name in ("content_key", "_shaping_vocabulary"):
            raise AttributeError(name)
        return getattr(self._corpus, name)


class _HeldTables:
    def __init__(self, tables, ids: set[str]):
        self._tables, self._ids = tables, ids

    def names(self, *args, **kwargs):
        return [row for row in self._tables.names(*args, **kwargs) if row[1] in self._ids]

    def __getattr__(self, name):
        return getattr(self._tables, name)


def _build(corpus: Corpus, searcher, keep: list[int] | None = None,
           older: tuple[int, int] = (0, 0)) -> dict:
    """The bundle of the passages ``keep`` (numbers in the index, in order; None: every
    passage, the whole index); ``older``: the older revisions they hold, of the index's."""
    from judge.search.analysis import reading
    from judge.search.highlight import needle
    from judge.search.indexer import _day
    from judge.search import tables
    from judge.search.question import form_roles, name_readings
    from judge.search.shaping import exact_names, held_text
    from judge.search.suggest import Vocabulary
    from judge.search.results import _entry_path
    from judge.search.units import units_of

    from . import romaji
    from .constants import constants
    from .morph import vocabulary
    from .patterns import js_patterns
    from .readings import homophones
    from .texts import passage_maps

    store = searcher.store
    reader = store.searcher().reader()
    n_all = reader.doc_count_all()
    passages = range(n_all) if keep is None else keep
    n = len(passages)
    texts: dict[tuple, tuple[str, str]] = {}
    stored = [reader.stored_fields(d) for d in passages]
    if keep is None:
        entries = sorted(corpus.entries)
    else:
        entries = sorted({f["entry"] for f in stored} & set(corpus.ids()))
    held = corpus if keep is None else _Held(corpus, set(entries))
    if keep is not None:
        from judge.search.wordings import glossary
        glossary(corpus)         # made once, for the corpus (the held view reads it)
    entry_index = {eid: i for i, eid in enumerate(entries)}
    for eid in entries:
        for unit in units_of(corpus.entries[eid]):
            texts[(eid, unit.revision.number, unit.clause)] = (unit.text, unit.heading,
                                                               _day(unit))
    docs = {"entry": [], "rev": [], "clause": [], "rank": [], "day": [], "date": [],
            "date_known": [], "heading": [], "held": [], "tail": []}
    plains = []
    for f in stored:
        text, heading, day = texts.get((f["entry"], f["revision"], f.get("clause")),
                                       ("", "", 0))
        docs["entry"].append(entry_index.get(f["entry"], -1))
        docs["rev"].append(f["revision"])
        docs["clause"].append(f.get("clause"))
        docs["rank"].append(f["rank"])
        docs["date"].append(f.get("date"))
        docs["date_known"].append(f.get("date_known", True))
        docs["heading"].append(heading)
        docs["day"].append(day)
        docs["tail"].append(_url_tail(f))
        entry = corpus.entries.get(f["entry"])
        docs["held"].append(held_text(entry, f["revision"], f.get("clause")) if entry else "")
        plains.append(text)
    # a partial bundle: each kept passage's number in it (-1: not kept)
    number = None
    if keep is not None:
        number = [-1] * n_all
        for i, d in enumerate(keep):
            number[d] = i
    fields = {}
    for name in FIELDS:
        terms = {}
        champions = {}
        for term in store.lexicon(name):
            ids, tfs, last = [], [], 0
            postings = store.term_postings(name, term)
            for d, w in zip(*postings):
                if number is not None:
                    d = number[d]
                    if d < 0:
                        continue
                ids.append(d - last)
                last = d
                tfs.append(int(w) if float(w).is_integer() else round(w, 3))
            if number is not None and not ids:
                continue
            terms[term] = [ids] if all(t == 1 for t in tfs) else [ids, tfs]
            if len(ids) < len(postings[0]):
                # the whole index's document frequency, for BM25's idf (0: weights all 1)
                terms[term] = [ids, terms[term][1] if len(terms[term]) > 1 else 0,
                               len(postings[0])]
            # (a term of few held passages: all of them, as the script takes it without a
            # list; a partial bundle of 100,000 entries holds few of most terms)
            if name in SCORED and len(ids) > tables.CHAMPIONS:
                champions[term] = _champions(store, name, term, number)
        out = {"terms": terms}
        if champions:
            out["champions"] = champions
        if name in LENGTH_FIELDS:
            lengths = store.field_lengths(name)
            out["len"] = lengths if keep is None else [lengths[d] for d in keep]
            # the whole index's total: BM25's average length is the server's
            out["total"] = store.field_total(name)
        fields[name] = out
    ents = {"id": [], "title": [], "aliases": [], "yomi": [], "kind": [], "game": [],
            "exact": [], "path": [], "clauses": []}
    for eid in entries:
        e = corpus.entries[eid]
        ents["id"].append(eid)
        ents["title"].append(e.title)
        ents["aliases"].append(list(e.aliases))
        ents["game"].append(e.game)
        ents["kind"].append(e.kind)
        # the clauses some revision has: a rule number redirects only to one of them
        ents["clauses"].append(list(dict.fromkeys(c for r in e.revisions for c in r.clauses)))
        ents["exact"].append(exact_names(e))
        # its address as the server's results write it (relative: the site's root varies)
        ents["path"].append(_entry_path(eid).lstrip("/"))
        # each name's reading and length, as run._named compares a kana query with them
        names = dict.fromkeys([e.title, _PAREN_TAIL.sub("", e.title)])
        ents["yomi"].append([[reading(x), len(x)] for x in names])
    names: dict[str, list[int]] = {}
    aliases: dict[str, list[str]] = {}
    for eid in entries:
        e = corpus.entries[eid]
        for name in (e.title, _PAREN_TAIL.sub("", e.title), *e.aliases):
            bucket = names.setdefault(needle(name), [])
            if entry_index[eid] not in bucket:
                bucket.append(entry_index[eid])
        for alias in (e.title, *e.aliases):
            aliases.setdefault(fold(alias).lower(), []).append(eid)
    morph_texts = [t for t in plains] + [
        "\n".join([e.title, *e.aliases])
        for e in (corpus if keep is None else map(corpus.entries.__getitem__, entries))
    ] + docs["heading"] + [
        # a question's asking words, as MeCab reads them (for the offline question mode)
        "\n".join(tables.STOP_JA + tables.ASKING_JA + tables.QUESTION_FORMS)]
    fp = searcher.fingerprint
    morph = vocabulary(morph_texts, _typed_whole(corpus, None if keep is None else entries))
    bundle = {
        "format": FORMAT, "version": fp[:16], "fingerprint": fp,
        "built": datetime.now(timezone.utc).replace(microsecond=0).isoformat(),
        "corpus_date": corpus_date(corpus), "entries_count": len(corpus.entries), "n": n,
        "docs": docs, "plain": plains,
        # what an older revision's hit is shown as (grouping._current_first's own)
        "shown": current_first(corpus, stored), "entries": ents, "fields": fields,
        "names": names, "aliases": aliases,
        # the corpus's games (games.yaml): ids in order, and what a judge may type for one
        "games": {"ids": list(corpus.game_ids), "aliases": alias_table(corpus.games)},
        "vocab": Vocabulary.from_corpus(held).names,
        "morph": morph,
        "shaping": _shaping(held),
        # every constant and table the search's behaviour depends on (tables.py)
        "tables": tables.as_json(),
        # ... the constants the search keeps in its other modules (offline/constants.py)
        "constants": constants(),
        # ... and every pattern, in JavaScript's dialect (offline/patterns.py)
        "patterns": js_patterns(),
        "question_forms": form_roles(),
        # romaji read as kana: jaconv's table, read out of jaconv (offline/romaji.py)
        "romaji": romaji.table(),
        # a question's verb that is a glossary name by its lemma (打てる: 打つ)
        "lemmas": lemmas(corpus, morph),
        # a kanji word matching nothing, read as the texts' words of its reading (召還: 召喚)
        "homophones": homophones(store),
        # where each character of a passage's normal form comes from (offline/texts.py)
        "maps": passage_maps(store, passages, plains),
        # romaji words read as a glossary name by its reading (ribaasu kouka: リバース効果)
        "name_readings": name_readings(corpus),
    }
    if keep is not None:
        bundle["n_all"] = n_all
        bundle["partial"] = _held_counts(corpus, entries, older)
    return bundle


def _entry_address(f: dict) -> str:
    """A passage's result url, as the server's (``results.Hit.url``), relative."""
    from judge.search.indexer import RANK_OLDER
    from judge.search.results import Hit
    return Hit(f["entry"], "", "", "", None, 0.0, f.get("clause"), f["revision"],
               f["rank"] != RANK_OLDER, None).url.lstrip("/")


def _url_tail(f: dict) -> str:
    """What a passage's result url has after its entry's path: ``?rev=N`` for an older
    revision, ``#<clause>``."""
    from judge.search.results import _entry_path
    return _entry_address(f)[len(_entry_path(f["entry"])) - 1:]


def _champions(store, field: str, term: str, number: list[int] | None) -> list[int]:
    """The term's champion list (the passages scored first for a common word), the
    server's own (``Matcher.champions``), as the bundle's passage numbers ascending and
    delta-coded; a partial bundle's, the held passages of the server's list."""
    ids = sorted(store.matcher.champions(field, term))
    if number is not None:
        ids = [number[d] for d in ids if number[d] >= 0]
    return [d - (ids[i - 1] if i else 0) for i, d in enumerate(ids)]


def current_first(corpus: Corpus, stored: list[dict]) -> dict[str, list]:
    """{an older revision's passage: what the results page shows instead}, made by the
    server's own ``grouping._current_first``: ``[revision, clause, url, date, date_known,
    snippet, held]`` of the entry's current revision (its clause while it has it, else
    its whole text; the snippet with no word marked, as the server cuts it; ``held`` the
    text its exact tier reads); none for a withdrawn entry.  A map, not a list of one
    value per passage: few passages are older revisions' (a list of 22,000 "-1" cost a
    partial bundle 6 passages at 100,000 entries)."""
    from judge.search.indexer import RANK_OLDER
    from judge.search.grouping import Group, _current_first
    from judge.search.shaping import held_text
    out = {}
    for d, f in enumerate(stored):
        entry = corpus.entries.get(f["entry"])
        if f["rank"] != RANK_OLDER or entry is None:
            continue
        hit = {"id": f["entry"], "clause": f.get("clause"), "revision": f["revision"],
               "current": False, "url": "/" + _entry_address(f)}
        # a group of this one hit (its row: entry, current, score, game, kind)
        group = Group([hit], [0], (f["entry"], False, 0.0, None, None), None)
        _current_first(group, corpus)
        now = group.best
        if now is hit:
            continue
        out[str(d)] = [now["revision"], now["clause"], now["url"].lstrip("/"), now["date"],
                       now["date_known"], now["_hit"].snippet,
                       held_text(entry, now["revision"], now["clause"])]
    return out


def _held_counts(corpus: Corpus, held: list[str], older: tuple[int, int]) -> dict:
    """What a partial bundle holds: ``{"entries": kept, "of": the corpus's,
    "kinds": {kind: [kept, of]}, "older": [older revisions kept, of]}`` (the page names
    what is left to the online search)."""
    from .priority import KINDS, kind_of
    kinds: dict[str, list[int]] = {}
    for entry_id in corpus.ids():
        kinds.setdefault(kind_of(entry_id), [0, 0])[1] += 1
    for entry_id in held:
        kinds.setdefault(kind_of(entry_id), [0, 0])[0] += 1
    order = {k: i for i, k in enumerate(KINDS)}
    return {"entries": len(held), "of": len(corpus.entries),
            "kinds": dict(sorted(kinds.items(), key=lambda kv: order.get(kv[0], len(order)))),
            "older": list(older)}


def lemmas(corpus, morph: dict) -> dict[str, str]:
    """{content word: its lemma} for each content word of the morph vocabulary whose
    lemma (question._lemma: a verb beneath its potential form, 打てる -> 打つ) is a
    glossary or lexicon name, as question.concepts finds such a name: MeCab's reading,
    which a phone does not have."""
    from judge.search.analysis import normalize
    from judge.search.question import _lemma
    from judge.search.wordings import glossary
    names = {g[0] for g in glossary(corpus) if g[0]}
    out = {}
    for surface, info in morph["words"].items():
        if not info[0]:
            continue
        role = info[3] if len(info) > 3 else None
        word = role[0] if isinstance(role, list) else info[1] or surface
        if word in out or normalize(word) in names:
            continue
        lemma = _lemma(word)
        if lemma and lemma != word and normalize(lemma) in names:
            out[word] = lemma
    return out


def _shaping(corpus) -> dict:
    """The results page's tables (shaping.offline_tables), each English glossary name's
    pattern as a question finds it (whole words, inflected: pierce, piercing), and the
    glossary's names of each game (all games: "") longest first, as question._forms
    orders them, each as its rows (the glossary's indices; the first row names it)."""
    from judge.search.question import _forms, _inflected
    from judge.search.shaping import offline_tables
    from judge.search.wordings import glossary
    out = offline_tables(corpus)
    out["inflected"] = {g[0]: _inflected(g[0]) for g in out["glossary"]
                        if g[0] and g[0].isascii()}
    rows = glossary(corpus)
    out["forms"] = {}
    for game in (None, *corpus.game_ids):
        order = _forms(rows, game)[1]
        of: dict[str, list[int]] = {form: [] for form in order}
        for i, row in enumerate(rows):
            if row[0] in of and (game is None or row[3] == game):
                of[row[0]].append(i)
        out["forms"][game or ""] = [of[form] for form in order]
    return out


def _typed_whole(corpus, ids: list[str] | None = None) -> list[str]:
    """The names a query is, or a glossary search is sent as, whole: every title and
    alias (of the entries ``ids``, None: every entry), the glossary's terms and the
    text's wordings (wordings.expansions)."""
    from judge.search.wordings import glossary
    entries = corpus if ids is None else (corpus.entries[i] for i in ids)
    names = [n for e in entries for n in (e.title, *e.aliases)]
    for _form, term, wordings, _game, _near in glossary(corpus):
        names += [term, *wordings]
    return list(dict.fromkeys(str(n) for n in names))


def script(bundle: dict) -> str:
    """The bundle as a classic script (works from ``file://`` as well as over HTTP)."""
    body = json.dumps(bundle, ensure_ascii=False, separators=(",", ":"))
    return f"self.JUDGE_OFFLINE={body};\n"
