"""Searching the index (検索): one open Whoosh searcher, results with snippets and facets.

A :class:`Searcher` is opened once per process (the web app opens it at startup) and
keeps one Whoosh searcher open; searches take a lock, so threads may share it (the
work is pure Python, so the lock costs no parallelism under the GIL).  Opening never
fails because of the index: a missing, damaged or out-of-date index is rebuilt from
the corpus, under the build lock, before the searcher opens.

Matching and BM25 ranking are in :mod:`judge.search.matching`; here a prior puts the
current revision first (an older revision 0.6, a withdrawn entry 0.75), the entry named
by the whole query gets ×2, an id query's entry is pinned first, and at most
:data:`PER_ENTRY` passages of one entry come before the others' (the rest follow).
"""
from __future__ import annotations

import logging
import re
import threading
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

from whoosh import index as whoosh_index
from whoosh import query as Q

from judge.corpus import Corpus
from judge.corpus import alias_table
from judge.corpus.ids import fold
from judge.i18n import render

from . import query as ql
from .analysis import kana_reading, normalize, pieces, reading
from .highlight import needle, snippet
from .matching import EXACT_LIMIT, LRU, SCATTERED, Matcher, Word, bitset, has, members
from .indexer import (RANK_CURRENT, RANK_OLDER, RANK_WITHDRAWN, build_lock, build_locked,
                      fingerprint, index_base, index_path, read_meta)
from .suggest import Vocabulary
from .units import unit_text

log = logging.getLogger(__name__)

PRIOR = {RANK_CURRENT: 1.0, RANK_WITHDRAWN: 0.75, RANK_OLDER: 0.6}
PER_ENTRY = 2                 # passages of one entry before other entries' passages
MAX_LIMIT = 500
PIN = 1000.0                  # score added to the entry a typed id names
EXACT_NAME = 2.0              # the query is the entry's name (title or alias), as typed
PHRASE_BY_TEXT = 2000         # at most this many candidates: check a phrase on their text
MAX_NAMED = 50                # more entries than this share the name: it is no name
_PAREN_TAIL = re.compile(r"\s*[(（][^()（）]*[)）]\s*$")
_ID_LIKE = re.compile(
    r"^(?:[a-z][a-z0-9_]*/(?:rule|qa|term|card)/\S+"
    r"|(?:QA|Q)[-_ .]*\d{1,4}"
    r"|(?:No\.?|N|№|PR?\.?)[-. ]*\d{1,4}"
    r"|\d{1,3}(?:\.[0-9A-Za-z]+)+)$", re.I)


@dataclass
class Hit:
    """One passage found: entry id, clause, revision, and a marked-up snippet."""

    id: str
    game: str
    kind: str
    title: str
    snippet: str
    score: float
    clause: str | None
    revision: int
    current: bool
    date: str | None
    withdrawn: bool = False
    text: str = field(default="", repr=False)          # the passage, for text_snippet
    marks: list = field(default_factory=list, repr=False)

    @property
    def text_snippet(self) -> str:
        """The snippet for a terminal: matched words bold (ANSI), nothing escaped."""
        return snippet(self.text, self.marks, mark=("\x1b[1;33m", "\x1b[0m"), escape=False)

    @property
    def url(self) -> str:
        """``/entry/<id>``, ``?rev=N`` for an older revision, ``#<clause>`` for a clause."""
        url = "/entry/" + quote(self.id, safe="/")
        if not self.current:
            url += f"?rev={self.revision}"
        if self.clause:
            url += "#" + quote(self.clause, safe="")
        return url

    def as_json(self) -> dict:
        """The JSON of one result (see DESIGN.md and judge/search/__init__.py)."""
        return {"id": self.id, "game": self.game, "kind": self.kind, "title": self.title,
                "snippet": self.snippet, "url": self.url, "score": round(self.score, 4),
                "clause": self.clause, "revision": self.revision, "current": self.current,
                "date": self.date, "withdrawn": self.withdrawn}


@dataclass
class SearchResult:
    """What a search found, for the CLI (:meth:`as_text`) and the JSON API (:meth:`as_json`)."""

    query: str
    total: int = 0
    hits: list[Hit] = field(default_factory=list)
    facets: dict = field(default_factory=lambda: {"game": {}, "kind": {}})
    did_you_mean: list[str] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    redirect: str | None = None
    understood: str = ""
    offset: int = 0

    @property
    def notice(self) -> str:
        """All notices in one line ("" when the query was read as typed)."""
        return " / ".join(dict.fromkeys(render(n) for n in self.notices))

    def as_json(self) -> dict:
        """``{"query", "total", "results", "facets", "did_you_mean", "notice", "redirect"}``."""
        return {"query": self.query, "total": self.total,
                "results": [h.as_json() for h in self.hits], "facets": self.facets,
                "did_you_mean": self.did_you_mean, "notice": self.notice,
                "redirect": self.redirect,
                "redirect_url": ("/entry/" + quote(self.redirect.split("#")[0], safe="/")
                                 + ("#" + self.redirect.split("#", 1)[1]
                                    if "#" in self.redirect else "")
                                 if self.redirect else None),
                "understood": self.understood, "offset": self.offset}

    def as_text(self) -> str:
        """The result for a terminal: one block per hit, matched words in bold."""
        lines = []
        for n in dict.fromkeys(render(n) for n in self.notices):
            lines.append(f"note: {n}")
        if self.redirect:
            lines.append(f"→ {self.redirect}  (judge show {self.redirect.split('#')[0]})")
        facets = " | ".join(", ".join(f"{k} {v}" for k, v in self.facets[f].items())
                            for f in ("game", "kind") if self.facets.get(f))
        head = f"{self.total} result{'s' if self.total != 1 else ''} for {self.query.strip()}"
        lines.append(head + (f"  ({facets})" if facets else ""))
        for i, h in enumerate(self.hits, self.offset + 1):
            ref = h.id + (f"#{h.clause}" if h.clause else "")
            label = [h.kind]
            if not h.current:
                label.append(f"older revision {h.revision}")
            if h.withdrawn:
                label.append("withdrawn")
            if h.date:
                label.append(h.date)
            lines.append(f"{i:>3}. {ref}  {h.title}  [{' · '.join(label)}]")
            lines.append(f"     {h.text_snippet}")
        if self.did_you_mean:
            lines.append("did you mean: " + ", ".join(self.did_you_mean) + " ?")
        return "\n".join(lines)


class Searcher:
    """The search of one corpus: keeps its index's Whoosh searcher open."""

    def __init__(self, corpus: Corpus, ix, path: Path | None, fp: str):
        self.corpus = corpus
        self.path = path
        self.fingerprint = fp
        self._ix = ix
        self._searcher = ix.searcher()
        self._lock = threading.RLock()
        self._vocabulary: Vocabulary | None = None
        reader = self._searcher.reader()
        games = list(reader.column_reader("game"))
        kinds = list(reader.column_reader("kind"))
        self._prior = [PRIOR.get(r, 1.0) for r in reader.column_reader("rank")]
        n = len(games)
        self._game_docs = {g: bitset((d for d, v in enumerate(games) if v == g), n)
                           for g in set(games)}
        self._kind_docs = {k: bitset((d for d, v in enumerate(kinds) if v == k), n)
                           for k in set(kinds)}
        self._current = bitset((d for d, p in enumerate(self._prior)
                                if p != PRIOR[RANK_OLDER]), n)
        self._texts = LRU(20000)
        self._plains = LRU(5000)
        self._readings = LRU(5000)
        self._entry_of = LRU(50000)
        self.matcher = Matcher(self._searcher, self._text_of)
        self._names: dict[str, set[str]] = {}
        for entry in corpus:
            for name in (entry.title, _PAREN_TAIL.sub("", entry.title), *entry.aliases):
                self._names.setdefault(needle(name), set()).add(entry.id)

    # --- opening ----------------------------------------------------------------------

    @classmethod
    def open(cls, corpus: Corpus, index_dir: str | Path | None = None) -> "Searcher":
        """Open the index of ``corpus``, building it first if it is missing or stale.

        Never fails because of the index: a damaged index is rebuilt; if the index
        folder cannot be written at all, the index is built in memory.
        """
        base = index_base(index_dir)
        fp = fingerprint(corpus)
        path = index_path(base, fp)
        try:
            searcher = cls._try_open(corpus, path, fp)
            if searcher is None:
                with build_lock(base):
                    searcher = cls._try_open(corpus, path, fp)
                    if searcher is None:
                        log.info("search index %s missing or stale: building", path)
                        build_locked(corpus, base, fp)
                        searcher = cls._try_open(corpus, path, fp)
            if searcher is not None:
                return searcher
        except OSError as exc:
            log.warning("cannot write the search index in %s (%s): indexing in memory",
                        base, exc)
        return cls._in_memory(corpus, fp)

    @classmethod
    def _try_open(cls, corpus: Corpus, path: Path, fp: str) -> "Searcher | None":
        meta = read_meta(path)
        if not meta or meta.get("fingerprint") != fp:
            return None
        try:
            ix = whoosh_index.open_dir(str(path))
            searcher = cls(corpus, ix, path, fp)
            if searcher._searcher.doc_count() != meta.get("units"):
                raise ValueError("document count differs from the index metadata")
            return searcher
        except Exception as exc:      # noqa: BLE001 - a damaged index is rebuilt
            log.warning("search index %s is damaged (%s): rebuilding", path, exc)
            import shutil
            shutil.rmtree(path, ignore_errors=True)
            return None

    @classmethod
    def _in_memory(cls, corpus: Corpus, fp: str) -> "Searcher":
        from whoosh.filedb.filestore import RamStorage

        from .indexer import document
        from .schema import make_schema
        from .units import units_of
        ix = RamStorage().create_index(make_schema())
        with ix.writer() as w:
            for entry in corpus:
                for unit in units_of(entry):
                    w.add_document(**document(unit))
        return cls(corpus, ix, None, fp)

    def close(self) -> None:
        """Close the Whoosh searcher."""
        with self._lock:
            self._searcher.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # --- searching --------------------------------------------------------------------

    def search(self, query: str, game: str | None = None, kind: str | None = None,
               limit: int = 10, offset: int = 0) -> SearchResult:
        """Search; never raises (a failure is reported as a notice and logged)."""
        text = query if isinstance(query, str) else ("" if query is None else str(query))
        try:
            with self._lock:
                return self._search(text, game, kind, limit, offset)
        except Exception:  # noqa: BLE001 - the web and the CLI must get an answer
            log.exception("search failed for %r", text)
            return SearchResult(query=text, notices=[
                "the search failed on this query; please rephrase it (the error was "
                "logged)"])

    def _search(self, text: str, game, kind, limit, offset) -> SearchResult:
        result = SearchResult(query=text)
        try:
            limit = max(1, min(int(limit), MAX_LIMIT))
            offset = max(0, int(offset))
        except (TypeError, ValueError):
            limit, offset = 10, 0
        result.offset = offset
        if game is not None and game not in self._known_games():
            result.notices.append(f"game {game!r} is not one of "
                                  f"{', '.join(sorted(self._known_games()))}; "
                                  "searching every game")
            game = None
        if kind is not None and kind not in ("rule", "qa", "term", "card"):
            result.notices.append(f"kind {kind!r} is not one of rule, qa, term, card; "
                                  "searching every kind")
            kind = None
        pq = ql.parse(text, alias_table(self.corpus.games))
        result.notices += pq.notices
        result.understood = pq.text()
        if pq.empty:
            if not text.strip():
                result.notices.append("type a word, a \"phrase\", or a number such as "
                                      "QA-337, 6.5.3.b or No.075")
            elif not pq.notices:
                result.notices.append("nothing to search for in this query")
            return result
        pin = self._redirect(pq, game)
        if pin:
            result.redirect = pin
        filt = self._filters(pq, result)
        groups, excluded = self._plan(pq)
        if not groups and filt is None:
            return result
        found = self._run(groups, excluded, filt, pq, game, kind, limit, offset, pin, result)
        if found == 0 and groups and not pin:
            self._recover(pq, groups, excluded, filt, game, kind, limit, offset, result)
        if result.total == 0 and not result.did_you_mean and not result.notices:
            result.notices.append(f"nothing matches {pq.text()!r}: try fewer words, another "
                                  "spelling, or remove a filter")
        return result

    def _known_games(self) -> set[str]:
        """The games of the corpus (its games.yaml manifest, then its folders)."""
        return set(self.corpus.game_ids)

    def _redirect(self, pq: ql.ParsedQuery, game: str | None) -> str | None:
        """The entry a query that is only an id or number names (ＱＡ－３３７ -> QA-337)."""
        if len(pq.terms) != 1 or pq.excluded or pq.cards or pq.rules:
            return None
        typed = pq.terms[0].text.strip()
        if not _ID_LIKE.match(fold(typed)):
            return None
        games = pq.games or ([game] if game else [None])
        found: list[str] = []
        for g in games:
            found += self.corpus.resolve(typed, g)
        found = list(dict.fromkeys(found))
        return found[0] if found else None

    def _filters(self, pq: ql.ParsedQuery, result: SearchResult) -> int | None:
        """The passages the query's filters allow (a bitset), or None without filters."""
        m = self.matcher
        allowed = -1
        if pq.games:
            allowed &= _union(self._game_docs.get(g, 0) for g in pq.games)
        if pq.kinds:
            allowed &= _union(self._kind_docs.get(k, 0) for k in pq.kinds)
        for name in pq.cards:
            allowed &= self._card_filter(name)
        for rule in pq.rules:
            allowed &= self._rule_filter(rule)
        if pq.before or pq.after:
            start = ql.day_number(pq.after) + 1 if pq.after else 1
            end = ql.day_number(pq.before) - 1 if pq.before else None
            allowed &= bitset(self._searcher.docs_for_query(Q.NumericRange("day", start, end)),
                              m.n)
        return None if allowed == -1 else max(allowed, 0)

    def _card_filter(self, name: str) -> int:
        """card:X — the card's entry, entries linking it, passages naming it."""
        m = self.matcher
        ids = [i for i in self.corpus.resolve(name) if "/card/" in i]
        out = 0
        names = {name}
        for cid in ids:
            out |= m.postings("entry", cid).bits | m.postings("cards", cid).bits
            entry = self.corpus.entries.get(cid)
            if entry is not None:
                names.add(entry.title)
                for t in pieces_ids(entry.key):
                    out |= m.docs(("body_bi", "title_bi"), t)
        for n in names:
            word = Word.of(n, phrase=True)
            if word is not None:
                out |= m.phrase_docs(word)
        return out

    def _rule_filter(self, rule: str) -> int:
        """rule:6.5 — the rule and its clauses, and entries citing it; rule:名前 by title."""
        m = self.matcher
        key = fold(rule).lower()
        out = 0
        if re.fullmatch(r"\d+(?:\.[0-9a-z]+)*", key):
            out |= m.postings("ids", key).bits
            for t in self._searcher.reader().expand_prefix("ids", key + "."):
                out |= m.postings("ids", t.decode() if isinstance(t, bytes) else t).bits
            for rid in self.corpus.resolve(rule):
                out |= m.postings("cites", rid.split("#")[0]).bits
            return out
        for i in (i for i in self.corpus.resolve(rule) if "/rule/" in i):
            out |= m.postings("cites", i).bits | m.postings("entry", i).bits
        word = Word.of(rule, phrase=True)
        if word is not None:
            out |= m.grams_docs(word.grams) & self._kind_docs.get("rule", 0)
        return out

    def _entry(self, d: int) -> str:
        return self._entry_of.get_or(d, lambda: self._searcher.stored_fields(d)["entry"])

    def _plain_of(self, d: int, f: dict | None = None) -> str:
        """The plain text of a document's passage (cached)."""
        def make():
            fields = f or self._searcher.stored_fields(d)
            entry = self.corpus.entries.get(fields["entry"])
            return unit_text(entry, fields["revision"], fields.get("clause")) if entry else ""
        return self._plains.get_or(d, make)

    def _text_of(self, d: int) -> str:
        """The normal text (title and passage) of a document, for the in-a-row check."""
        def make():
            entry = self.corpus.entries.get(self._entry(d))
            if entry is None:
                return ""
            return needle(entry.title + "\n" + self._plain_of(d))
        return self._texts.get_or(d, make)

    def _plan(self, pq: ql.ParsedQuery) -> tuple[list[list[Word]], list[Word]]:
        groups = []
        for group in pq.groups:
            words = [w for w in (Word.of(t.text, t.phrase) for t in group) if w]
            if words:
                groups.append(words)
        excluded = [w for w in (Word.of(t.text, t.phrase) for t in pq.excluded) if w]
        return groups, excluded

    def _run(self, groups: list[list[Word]], excluded: list[Word], filt: int | None,
             pq: ql.ParsedQuery, game, kind, limit: int, offset: int, pin: str | None,
             result: SearchResult) -> int:
        """Match, count, rank and cut the page; fills ``result``.  Returns the total."""
        m = self.matcher
        n = m.n
        cands = -1                      # every passage
        phrases = []
        for group in groups:
            docs = 0
            if len(group) == 1 and group[0].phrase:
                # a phrase alone: its bigrams narrow first, the phrase is checked after
                phrases.append(group[0])
                docs = m.grams_docs(group[0].grams)
            else:
                for w in group:
                    docs |= m.word_docs(w)
            cands &= docs
            if not cands:
                break
        if filt is not None:
            cands &= filt
        for w in phrases:
            if cands <= 0:
                break
            if len(w.grams) > 1 and 0 < cands.bit_count() <= PHRASE_BY_TEXT:
                cands = bitset((d for d in members(cands) if w.needle in self._text_of(d)), n)
            elif len(w.grams) > 1:
                cands &= m.phrase_docs(w)
        cands = max(cands, 0) if (groups or filt is not None) else 0
        words = [w for g in groups for w in g]
        if cands and excluded:
            for w in excluded:
                hit = m.word_docs(w) & cands
                if hit and hit.bit_count() <= EXACT_LIMIT and not w.phrase:
                    hit = bitset((d for d in members(hit)
                                  if w.needle in self._text_of(d)), n)
                cands &= ~hit
        count = cands.bit_count()
        if cands and words and count <= EXACT_LIMIT:
            # small result: exact, every word really in the passage (not scattered bigrams)
            cands = bitset((d for d in members(cands)
                            if all(m.in_a_row(d, w) for w in words)), n)
        result.facets = {
            "game": _counts(cands, self._game_docs), "kind": _counts(cands, self._kind_docs)}
        if game is not None:
            cands &= self._game_docs.get(game, 0)
        if kind is not None:
            cands &= self._kind_docs.get(kind, 0)
        count = cands.bit_count()
        result.total = count
        if not cands:
            return 0
        want = offset + limit
        pinned: list[int] = []
        if pin:
            entry_id, _, clause = pin.partition("#")
            found = [d for d in m.postings("entry", entry_id).ids if has(cands, d)]
            if clause:
                found = [d for d in found if has(m.postings("ids", clause.lower()).bits, d)]
            pinned = [d for d in found if has(self._current, d)] or found
        terms = [t for w in words for t in m.terms(w)]
        prior = self._prior
        named = self._named(words, cands)
        if terms:
            pool = list(dict.fromkeys(m.pool(cands, count, terms, want) + pinned + named))
            scores = m.score(pool, terms)
            named_set, pinned_set = set(named), set(pinned)
            for d in scores:
                sc = scores[d] * prior[d]
                if d in named_set:
                    sc *= EXACT_NAME
                scores[d] = sc + (PIN if d in pinned_set else 0.0)
            ranked = sorted(scores.items(), key=lambda x: (-x[1], x[0]))
            if count > EXACT_LIMIT:
                # a large result was not checked passage by passage: check the head of
                # the ranking and move passages whose words are only scattered down
                cut = want * 3 + 20
                head = [(d, sc if all(m.in_a_row(d, w) for w in words) else sc * SCATTERED)
                        for d, sc in ranked[:cut]]
                head.sort(key=lambda x: (-x[1], x[0]))
                ranked = head + ranked[cut:]
        else:
            top = members(cands & self._current, want * 3 + 20)
            if len(top) < want * 3 + 20:
                top += members(cands & ~self._current, want * 3 + 20 - len(top))
            pinned_set = set(pinned)
            ranked = [(d, prior[d] + (PIN if d in pinned_set else 0.0)) for d in top]
            ranked.sort(key=lambda x: (-x[1], x[0]))
        page = self._page(ranked, offset, limit)
        marks = self._needles(pq)
        result.hits = [self._hit(d, score, marks) for d, score in page]
        return result.total

    def _named(self, words: list[Word], cands: int) -> list[int]:
        """Passages of the entries whose name is the whole query (グレイズ, ぷれい, 禁呪ゾーン)."""
        if not words or len(words) > 3 or any(w.phrase for w in words):
            return []
        typed = "".join(w.needle for w in words)
        ids = set(self._names.get(typed, ()))
        if len(words) == 1 and words[0].yomi:
            # a kana word: the entries whose title *reads* so, checked on titles that
            # hold all the reading's bigrams and are not longer than it (kana or kanji)
            wanted = kana_reading(words[0].text)
            # (the current revisions only, at most 200 titles looked at)
            for d in members(self.matcher.yomi_docs(words[0]) & cands & self._current, 200):
                entry = self.corpus.entries.get(self._entry(d))
                if entry is None or entry.id in ids:
                    continue
                names = {n for n in (entry.title, _PAREN_TAIL.sub("", entry.title))
                         if len(n) <= len(wanted)}
                if any(self._reading(n) == wanted for n in names):
                    ids.add(entry.id)
        if not ids or len(ids) > MAX_NAMED:
            return []               # no name, or one that many entries share: no bonus
        return [d for i in ids for d in self.matcher.postings("entry", i).ids
                if has(cands, d) and has(self._current, d)]

    def _reading(self, name: str) -> str:
        return self._readings.get_or(name, lambda: reading(name))

    def _page(self, ranked: list[tuple[int, float]], offset: int,
              limit: int) -> list[tuple[int, float]]:
        """The hits of one page, at most PER_ENTRY of an entry before the other entries'."""
        first, later = [], []
        seen: Counter = Counter()
        for d, score in ranked[: (offset + limit) * 3 + 20]:
            entry = self._entry(d)
            seen[entry] += 1
            (first if seen[entry] <= PER_ENTRY else later).append((d, score))
        ordered = first + later + ranked[(offset + limit) * 3 + 20:]
        return ordered[offset: offset + limit]

    def _needles(self, pq: ql.ParsedQuery) -> list[str]:
        out: list[str] = []
        for term in pq.terms:
            out.append(needle(term.text))
            normal = normalize(term.text)
            for p in pieces(normal):
                out.append(needle(normal[p.start:p.end]) if p.kind == "id" else p.text)
            if not term.phrase:
                for forms in (Word.of(term.text).morphs if Word.of(term.text) else []):
                    w = needle(forms[0])
                    if len(w) >= 2 or (w and not w.isascii()
                                       and not "\u3041" <= w <= "\u309f"):
                        out.append(w)
        return [n for n in dict.fromkeys(out) if n]

    def _hit(self, docnum: int, score: float, marks: list[str]) -> Hit:
        f = self._searcher.stored_fields(docnum)
        entry = self.corpus.entries.get(f["entry"])
        text = self._plain_of(docnum, f)
        title = entry.title if entry else f["entry"]
        return Hit(id=f["entry"], game=f["game"], kind=f["kind"], title=title,
                   snippet=snippet(text, marks), score=score, clause=f.get("clause"),
                   revision=f["revision"], current=f["rank"] != RANK_OLDER,
                   date=f.get("date"), withdrawn=f["rank"] == RANK_WITHDRAWN,
                   text=text, marks=marks)

    # --- when nothing matches ---------------------------------------------------------

    def vocabulary(self) -> Vocabulary:
        """Card, term and rule names for "did you mean" (built on first use)."""
        if self._vocabulary is None:
            self._vocabulary = Vocabulary.from_corpus(self.corpus)
        return self._vocabulary

    def _recover(self, pq: ql.ParsedQuery, groups, excluded, filt, game, kind, limit,
                 offset, result: SearchResult) -> None:
        """No match: suggest names; search the best correction, else any of the words."""
        vocab = self.vocabulary()
        fixes: dict[int, list[str]] = {}
        terms = pq.terms
        for i, term in enumerate(terms):
            if term.phrase:
                continue
            word = Word.of(term.text)
            if word is None:
                continue
            bits = self.matcher.word_docs(word)
            found = bits.bit_count()
            if 0 < found <= EXACT_LIMIT:
                found = sum(1 for d in members(bits) if self.matcher.in_a_row(d, word))
            if not found:
                close = vocab.close(term.text)
                if close:
                    fixes[i] = close
        if fixes:
            suggestions = []
            for choice in range(max(len(v) for v in fixes.values())):
                words = [fixes[i][min(choice, len(fixes[i]) - 1)] if i in fixes else str(t)
                         for i, t in enumerate(terms)]
                suggestions.append(" ".join(words))
            result.did_you_mean = list(dict.fromkeys(suggestions))[:3]
            corrected = ql.parse(result.did_you_mean[0], alias_table(self.corpus.games))
            corrected.excluded = pq.excluded
            new_groups, _ = self._plan(corrected)
            if new_groups and self._run(new_groups, excluded, filt, corrected, game, kind,
                                        limit, offset, None, result):
                result.notices.append(f"nothing matches {pq.text()!r}; showing results for "
                                      f"{result.did_you_mean[0]!r}")
                return
        words = [w for g in groups for w in g]
        if len(words) > 1:
            if self._run([words], excluded, filt, pq, game, kind, limit, offset, None,
                         result):
                result.notices.append("no passage has all of the words; showing passages "
                                      "with some of them")


def _union(bitsets) -> int:
    out = 0
    for b in bitsets:
        out |= b
    return out


def _counts(cands: int, masks: dict[str, int]) -> dict[str, int]:
    """Facet counts: how many of the candidates each value holds, most first."""
    counts = ((value, (cands & mask).bit_count()) for value, mask in masks.items())
    return {v: c for v, c in sorted(counts, key=lambda x: (-x[1], x[0])) if c}


def pieces_ids(key: str) -> list[str]:
    """The id tokens of an entry key (``N75`` -> ``n75``)."""
    from .analysis import id_tokens
    return id_tokens(key) or [key.lower()]
