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

log = logging.getLogger(__name__)

# 3: the search's tables (judge/search/tables.py) in "tables"; 4: the tables the JS reads
# instead of its own copies (ENGLISH_NAME, DAY), "lemmas" and "homophones"
# (static/offline-page.js reads no older bundle)
FORMAT = 4
FIELDS = ("title_bi", "body_bi", "title_mo", "body_mo", "title_yomi", "ids", "cards",
          "cites")
LENGTH_FIELDS = ("title_bi", "body_bi", "title_mo", "body_mo")
_PAREN_TAIL = re.compile(r"\s*[(（][^()（）]*[)）]\s*$")
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


def build(corpus: Corpus, searcher) -> dict:
    """The bundle of a corpus, read from its open :class:`~judge.search.Searcher`."""
    from judge.search.analysis import reading
    from judge.search.highlight import needle
    from judge.search.indexer import _day
    from judge.search import tables
    from judge.search.question import form_roles, name_readings
    from judge.search.shaping import exact_names, held_text
    from judge.search.suggest import Vocabulary
    from judge.search.units import units_of

    from . import romaji
    from .morph import vocabulary
    from .readings import homophones

    store = searcher.store
    reader = store.searcher().reader()
    n = reader.doc_count_all()
    texts: dict[tuple, tuple[str, str]] = {}
    entries = sorted(corpus.entries)
    entry_index = {eid: i for i, eid in enumerate(entries)}
    for eid in entries:
        for unit in units_of(corpus.entries[eid]):
            texts[(eid, unit.revision.number, unit.clause)] = (unit.text, unit.heading,
                                                               _day(unit))
    docs = {"entry": [], "rev": [], "clause": [], "rank": [], "day": [], "date": [],
            "date_known": [], "heading": [], "held": []}
    plains = []
    for d in range(n):
        f = reader.stored_fields(d)
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
        entry = corpus.entries.get(f["entry"])
        docs["held"].append(held_text(entry, f["revision"], f.get("clause")) if entry else "")
        plains.append(text)
    fields = {}
    for name in FIELDS:
        terms = {}
        for term in store.lexicon(name):
            ids, tfs, last = [], [], 0
            for d, w in zip(*store.term_postings(name, term)):
                ids.append(d - last)
                last = d
                tfs.append(int(w) if float(w).is_integer() else round(w, 3))
            terms[term] = [ids] if all(t == 1 for t in tfs) else [ids, tfs]
        out = {"terms": terms}
        if name in LENGTH_FIELDS:
            out["len"] = store.field_lengths(name)
            out["total"] = store.field_total(name)
        fields[name] = out
    ents = {"id": [], "title": [], "aliases": [], "yomi": [], "kind": [], "game": [],
            "exact": []}
    for eid in entries:
        e = corpus.entries[eid]
        ents["id"].append(eid)
        ents["title"].append(e.title)
        ents["aliases"].append(list(e.aliases))
        ents["game"].append(e.game)
        ents["kind"].append(e.kind)
        ents["exact"].append(exact_names(e))
        names = dict.fromkeys([e.title, _PAREN_TAIL.sub("", e.title)])
        ents["yomi"].append([reading(x) for x in names])
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
        "\n".join([e.title, *e.aliases]) for e in corpus] + docs["heading"] + [
        # a question's asking words, as MeCab reads them (for the offline question mode)
        "\n".join(tables.STOP_JA + tables.ASKING_JA + tables.QUESTION_FORMS)]
    fp = searcher.fingerprint
    morph = vocabulary(morph_texts, _typed_whole(corpus))
    return {
        "format": FORMAT, "version": fp[:16], "fingerprint": fp,
        "built": datetime.now(timezone.utc).replace(microsecond=0).isoformat(),
        "corpus_date": corpus_date(corpus), "entries_count": len(entries), "n": n,
        "docs": docs, "plain": plains, "entries": ents, "fields": fields,
        "names": names, "aliases": aliases,
        # the corpus's games (games.yaml): ids in order, and what a judge may type for one
        "games": {"ids": list(corpus.game_ids), "aliases": alias_table(corpus.games)},
        "vocab": Vocabulary.from_corpus(corpus).names,
        "morph": morph,
        "shaping": _shaping(corpus),
        # every constant and table the search's behaviour depends on (tables.py)
        "tables": tables.as_json(),
        "question_forms": form_roles(),
        # romaji read as kana: jaconv's table, read out of jaconv (offline/romaji.py)
        "romaji": romaji.table(),
        # a question's verb that is a glossary name by its lemma (打てる: 打つ)
        "lemmas": lemmas(corpus, morph),
        # a kanji word matching nothing, read as the texts' words of its reading (召還: 召喚)
        "homophones": homophones(store),
        # romaji words read as a glossary name by its reading (ribaasu kouka: リバース効果)
        "name_readings": name_readings(corpus),
    }


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
    """The results page's tables (shaping.offline_tables), and each English glossary
    name's pattern as a question finds it (whole words, inflected: pierce, piercing)."""
    from judge.search.question import _inflected
    from judge.search.shaping import offline_tables
    out = offline_tables(corpus)
    out["inflected"] = {g[0]: _inflected(g[0]) for g in out["glossary"]
                        if g[0] and g[0].isascii()}
    return out


def _typed_whole(corpus) -> list[str]:
    """The names a query is, or a glossary search is sent as, whole: every title and
    alias, the glossary's terms and the text's wordings (wordings.expansions)."""
    from judge.search.wordings import glossary
    names = [n for e in corpus for n in (e.title, *e.aliases)]
    for _form, term, wordings, _game, _near in glossary(corpus):
        names += [term, *wordings]
    return list(dict.fromkeys(str(n) for n in names))


def script(bundle: dict) -> str:
    """The bundle as a classic script (works from ``file://`` as well as over HTTP)."""
    body = json.dumps(bundle, ensure_ascii=False, separators=(",", ":"))
    return f"self.JUDGE_OFFLINE={body};\n"
