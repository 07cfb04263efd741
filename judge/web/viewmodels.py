"""What the pages and the API both compute: a search, an entry's view, a board's run.

Each function reads the request's arguments, checks them (a clear 4xx for anything
odd), and returns plain data; :mod:`.pages` renders it as HTML, :mod:`.api` and the
``?format=json`` twins as JSON, so the two never disagree.
"""
from __future__ import annotations

import logging
import re
import unicodedata
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any
from urllib.parse import quote

from flask import current_app

from judge.corpus import KINDS
from judge.corpus.present import COPY, SOURCE_MAIN, source_value  # noqa: F401
from judge.i18n import N_, _, gettext
from judge.i18n.bilingual import is_bilingual, pick
from judge.engine.errors import ScenarioError
from judge.engine.registry import game_classes

from judge.app import boards, permalink, pinning
from judge.app.render import Renderer, entry_url, sanitize_snippet, word_diff
from judge.app.replays import EntryReplay, entry_runs, verdict
from judge.app.rulings import citation, date_view, revision_html, ruling_view  # noqa: F401
from judge.app.services import services
from judge.platform.errors import fail

from .i18n import current as web_locale

log = logging.getLogger(__name__)

CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]")


class _Labels(dict):
    """Labels that read in the reader's locale: the values are msgids (N_)."""

    def get(self, key, default=None):
        return gettext(super().__getitem__(key)) if key in self else default

    def __getitem__(self, key):
        return gettext(super().__getitem__(key))


KIND_LABELS = _Labels({"rule": N_("rule"), "qa": N_("Q&A"), "term": N_("term"),
                       "card": N_("card")})


def game_labels() -> dict[str, str]:
    """Each game of the corpus -> its title in the reader's language (the game's declared
    titles), else the title of the corpus's games manifest."""
    lang, classes = web_locale(), game_classes()
    return {g.id: (getattr(classes.get(g.id), "titles", None) or {}).get(lang) or g.title
            for g in services().corpus.games}


def game_slots() -> dict[str, int]:
    """Each game of the corpus -> its badge colour (1-6, by its place in the manifest)."""
    return {g.id: i % 6 + 1 for i, g in enumerate(services().corpus.games)}


STATUS_LABELS = _Labels({"current": N_("current"), "superseded": N_("superseded"),
                         "withdrawn": N_("withdrawn")})


# --- arguments ------------------------------------------------------------------------

def clean_query(raw: str | None) -> str:
    """The query with control and invisible characters made spaces; 400 if too long."""
    text = CONTROL.sub(" ", raw or "")
    limit = current_app.config["MAX_QUERY_CHARS"]
    if len(text) > limit:
        fail(400, _("The query is {length} characters long; at most {limit} are read.",
                    length=len(text), limit=limit),
             hints=[_("Use fewer words.")], limit=limit)
    return unicodedata.normalize("NFC", text).strip()


def choice_arg(args, name: str, allowed, named=None) -> str | None:
    """An optional argument that must be one of ``allowed`` (400 otherwise); ``named``
    (a word -> one of ``allowed``, or None) reads the other words that name one."""
    value = args.get(name) or None
    if value is not None and value not in allowed and named is not None:
        value = named(value) or value
    if value is not None and value not in allowed:
        fail(400, _("{name}={value!r} cannot be used: {name} is one of {allowed}.", name=name,
                    value=value[:40], allowed=", ".join(allowed)),
             field=name, accepted=list(allowed))
    return value


def int_arg(args, name: str, default: int, low: int, high: int) -> int:
    """A whole-number argument within bounds (400 otherwise)."""
    raw = args.get(name)
    if raw in (None, ""):
        return default
    if not re.fullmatch(r"\d{1,6}", raw.strip()):
        fail(400, _("{name} is a whole number from {low} to {high}.", name=name, low=low,
                    high=high), field=name, accepted=f"{low}-{high}")
    value = int(raw)
    if not low <= value <= high:
        fail(400, _("{name}={value} is out of range: {name} is from {low} to {high}.",
                    name=name, value=value, low=low, high=high),
             field=name, accepted=f"{low}-{high}")
    return value


# --- search -------------------------------------------------------------------------

@dataclass
class SearchPage:
    """A search's data for the page and the API."""

    q: str
    game: str | None
    kind: str | None
    page: int
    limit: int
    data: dict = field(default_factory=dict)
    as_of: object = None             # the day of ?as_of=, if any
    failed: bool = False             # the search raised: the page says so (never kept)

    @property
    def first(self) -> int:
        """The number of the page's first result (the list's ``start``)."""
        return (self.page - 1) * self.limit + 1

    @property
    def quoted_q(self):
        """The query as the page's heading quotes it (its Japanese marked on a page in
        another language: :func:`judge.web.i18n.quoted_ja`)."""
        from .i18n import quoted_ja
        return quoted_ja(self.q)

    @property
    def pages(self) -> int:
        """How many pages of results there are (capped at MAX_PAGE)."""
        # as as_json's "pages" (the pager reads it once per page it links: copying the
        # whole JSON each time was twenty copies a results page)
        from judge.search.shaping import page_count
        return page_count(self.data, self.limit, current_app.config["MAX_PAGE"])

    def as_json(self) -> dict:
        """The searcher's JSON plus the paging (the CLI's ``--json`` is the same)."""
        from judge.search.shaping import paged
        return paged(self.data, self.page, self.limit, self.game, self.kind,
                     current_app.config["MAX_PAGE"])


def search(args, api: bool = False) -> SearchPage:
    """Run the search the arguments ask for (an empty query finds nothing, quickly)."""
    cfg = current_app.config
    q = clean_query(args.get("q"))
    # the words the query language's game: and kind: take (遊戯王, ルール), as the CLI does
    from judge.app.search import game_named, kind_named
    corpus = services().corpus
    game = choice_arg(args, "game", corpus.game_ids, lambda w: game_named(corpus, w))
    kind = choice_arg(args, "kind", KINDS, kind_named)
    page = int_arg(args, "page", 1, 1, cfg["MAX_PAGE"])
    limit = int_arg(args, "limit", cfg["PAGE_SIZE"], 1, 100) if api else cfg["PAGE_SIZE"]
    result = SearchPage(q, game, kind, page, limit)
    from .changes import as_of_arg
    day = as_of_arg(args)
    result.as_of = day
    if not q:
        result.data = {"query": "", "total": 0, "results": [], "facets": {"game": {}, "kind": {}},
                       "did_you_mean": [], "notice": "", "redirect": None}
        return result
    try:
        from judge.app.search import SearchQuery
        from judge.app.search import search as run_search
        result.data = run_search(services().searcher(), services().corpus, SearchQuery(
            q, game, kind, day, page, limit, old=args.get("old") in ("1", "true")))
    except Exception:  # noqa: BLE001 - the boundary: the judge gets a page that says so
        log.exception("search failed for %r", q)
        result.failed = True
        result.data = {"query": q, "total": 0, "results": [], "facets": {"game": {}, "kind": {}},
                       "did_you_mean": [], "redirect": None,
                       "notice": _("検索に失敗しました（記録済み）。言い換えてお試しください。")}
        return result
    for hit in result.data.get("results", []):
        hit["snippet"] = str(sanitize_snippet(hit.get("snippet", "")))
        for more in [*hit.get("passages", []), *hit.get("old", [])]:
            more["snippet"] = str(sanitize_snippet(more.get("snippet", "")))
    return result


# --- entries ------------------------------------------------------------------------

def find_entry(entry_id: str):
    """The entry of an id; the canonical id if typed another way; or a 404 with suggestions."""
    corpus = services().corpus
    if entry_id in corpus.entries:
        return corpus.get(entry_id), None
    clean = CONTROL.sub("", entry_id)[:200]
    found = corpus.resolve(clean) if clean.strip() else []
    if found:
        return None, found[0]
    suggestions: list[tuple[str, str]] = []
    key = clean.rsplit("/", 1)[-1].strip()
    if key and len(key) <= current_app.config["MAX_QUERY_CHARS"]:
        hits = services().searcher().search(key, limit=5).as_json().get("results", [])
        suggestions = [(h["url"], f"{h['title']} ({h['id']})") for h in hits]
    # the example is an id of this corpus, so it names a game the corpus has
    example = next(iter(corpus.ids("qa")), "<game>/qa/QA-1")
    fail(404, _("No entry {id!r} in the corpus.", id=clean),
         hints=[_("An id is <game>/<kind>/<key> (for example {example}); a number "
                  "such as QA-337 or 6.5.3.b finds it too.", example=example)],
         links=suggestions, id=clean, suggestions=[u for u, _ in suggestions])


def source_text(source: Any) -> str:
    """A revision's source in one line: document · page · section."""
    if not isinstance(source, dict):
        return str(source or "")
    return " · ".join(str(source[k]) for k in SOURCE_MAIN if source.get(k))


SOURCE_LABELS = _Labels({"revision": N_("copy"), "quoted_in": N_("quoted in"),
                         "chapter": N_("chapter"), "url": N_("address"),
                         "commit": N_("commit"), "text_lines": N_("lines of the text"),
                         "file": N_("file"), "lines": N_("lines")})


def source_detail(source: Any) -> list[tuple[str, str, str]]:
    """The rest of a source (where it was quoted, which copy, file and lines):
    (label in the reader's language, the field's key, value)."""
    if not isinstance(source, dict):
        return []
    out = [(SOURCE_LABELS.get(k, k), k, source_value(k, v)) for k, v in source.items()
           if k not in SOURCE_MAIN and v and k not in ("file", "lines")]
    if source.get("file"):
        lines = _(" (lines {lines})", lines=source["lines"]) if source.get("lines") else ""
        out.append((SOURCE_LABELS["file"], "file", f"{source['file']}{lines}"))
    return out


NOTE_KINDS = _Labels({"transcription": N_("transcription error"),
                      "transcription-error": N_("transcription error"),
                      "ambiguity": N_("ambiguity"), "contradiction": N_("contradiction"),
                      "error": N_("error"), "omission": N_("omission")})


def note_view(note: Any) -> dict:
    """An editor's note for the page: kind, text, the quoted words, the basis."""
    if not isinstance(note, dict) or is_bilingual(note):
        return {"kind": "", "text": pick(note, web_locale()), "quote": "", "basis": "",
                "reading": "", "clause": ""}
    kind = str(note.get("kind") or "")
    rest = {k: v for k, v in note.items() if k not in (
        "kind", "text", "note", "quote", "basis", "correct_reading", "clause") and v}
    lang = web_locale()
    return {"kind": NOTE_KINDS.get(kind, kind),
            "text": pick(note.get("text") or note.get("note"), lang),
            "quote": str(note.get("quote") or ""), "basis": pick(note.get("basis"), lang),
            "reading": str(note.get("correct_reading") or ""),
            "clause": str(note.get("clause") or ""),
            "extra": "; ".join(f"{k}: {v}" for k, v in rest.items())}


def linked(ids: list[str]) -> list[dict]:
    """Entry ids as links: url, title, and whether the corpus has them."""
    # titles and kinds from the corpus's table: a rule cited by hundreds of entries
    # (thousands at 100,000) unpickled every one of them for its title
    refs = [str(ref) for ref in ids]
    heads = services().corpus.tables.heads(r.partition("#")[0] for r in refs)
    out = []
    for ref in refs:
        base, _, clause = ref.partition("#")
        head = heads.get(base)
        out.append({"id": ref, "url": entry_url(ref), "exists": head is not None,
                    "title": head[0] if head else "", "clause": clause,
                    "kind": head[1] if head else ""})
    return out


def cited_by(entry_id: str) -> list[str]:
    """The other entries that cite or name this one, a ``#clause`` reference included
    (from the corpus's citation table: no entry is read)."""
    return [i for i in services().corpus.cited_by(entry_id) if i != entry_id]


def entry_view(entry) -> dict:
    """Everything the entry page shows except the replay (cached per entry)."""
    def make():
        corpus = services().corpus
        history = Renderer(exists=lambda i: i in corpus.entries)
        revisions = []
        for i, rev in enumerate(entry.revisions):
            older = entry.revisions[i + 1] if i + 1 < len(entry.revisions) else None
            diff, counts = word_diff(older.text, rev.text) if older else (None, None)
            when = date_view(rev)
            revisions.append({
                "number": rev.number, "date": when["text"], "date_info": when,
                "status": rev.status, "status_label": STATUS_LABELS.get(rev.status, rev.status),
                "withdrawn": rev.status == "withdrawn" or (entry.status == "withdrawn" and i == 0),
                "withdrawn_reason": rev.withdrawn_reason, "source": source_text(rev.source),
                "source_detail": source_detail(rev.source),
                "notes": [note_view(n) for n in rev.notes],
                "comments": [str(c) for c in rev.editor_comments],
                "current": i == 0, "diff": diff, "diff_counts": counts,
                "against": older.number if older else None,
                "html": history.render(rev.text, prefix=f"r{rev.number}-"),
            })
        return {"revisions": revisions, "cites": linked(entry.cites),
                "cards": linked(entry.cards), "cited_by": linked(cited_by(entry.id)),
                "clauses": list(entry.current.clauses), "ruling": ruling_view(entry)}
    return services().cache.get(("entry", entry.id, web_locale()), make)


def lexicon(entry) -> dict | None:
    """A lexicon term's row in the reader's language (:func:`judge.corpus.lexicon.
    lexicon_view`), or None for any other entry."""
    from judge.corpus.lexicon import lexicon_view
    entries = services().corpus.entries

    def title(entry_id: str) -> str:
        found = entries.get(entry_id)
        return found.title if found else entry_id
    return lexicon_view(entry, web_locale(), title)


def entry_replay(entry) -> EntryReplay:
    """The runs of the entry's linked scenarios (cached: the corpus does not change)."""
    if not entry.scenarios:
        return EntryReplay()
    return services().cache.get(("replay", entry.id, web_locale()),
                                lambda: entry_runs(entry, services().corpus))


def selected_revision(entry, args) -> int:
    """The revision the page shows (``?rev=N``; the newest by default)."""
    numbers = [r.number for r in entry.revisions]
    if not numbers:
        fail(404, _("{id} has no revision", id=entry.id))
    number = int_arg(args, "rev", numbers[0], 1, 9999)
    if number not in numbers:
        fail(404, _("{id} has no revision {n}.", id=entry.id, n=number),
             accepted=numbers, links=[(entry_url(entry.id), entry.title)])
    return number


def entry_json(entry) -> dict:
    """The entry as JSON: judge.corpus.present.entry_json where it exists."""
    try:
        from judge.corpus.present import entry_json as present
    except ImportError:       # pragma: no cover - the corpus helper provides it
        present = None
    if present is not None:
        return present(entry, services().corpus)
    return {"id": entry.id, "game": entry.game, "kind": entry.kind, "key": entry.key,
            "title": entry.title, "status": entry.status, "aliases": entry.aliases,
            "cites": entry.cites, "cards": entry.cards, "scenarios": entry.scenarios,
            "cited_by": services().corpus.cited_by(entry.id), "data": entry.data,
            "revisions": [{"number": r.number, "date": str(r.date) if r.date else None,
                           "source": r.source, "status": r.status, "text": r.text,
                           "clauses": r.clauses, "withdrawn_reason": r.withdrawn_reason,
                           "notes": r.notes, "editor_comments": r.editor_comments}
                          for r in entry.revisions]}


def step_citation(step: dict) -> dict:
    """A step's citation for the page: clause number, rule title, old revision."""
    return citation(step, services().corpus)


def step_link(step: dict) -> str:
    """The URL of the clause a step cites (the revision it quotes, if not the newest)."""
    rule = str(step.get("rule") or "")
    entry = services().corpus.entries.get(rule)
    url = entry_url(rule)
    rev = step.get("revision")
    if entry is not None and rev and entry.revisions and rev != entry.revisions[0].number:
        url += f"?rev={rev}"
    clause = step.get("clause")
    return url + ("#" + quote(str(clause), safe=".-_") if clause else "")


# --- the board ------------------------------------------------------------------------

def available_games() -> list:
    """Every registered game (the engine's registry), bound to the corpus."""
    def make():
        return [cls(services().corpus) for cls in game_classes().values()]
    return services().cache.get(("games",), make)


def game_named(name: str):
    """A built game by name (404 otherwise)."""
    for game in available_games():
        if game.name == name:
            return game
    fail(404, _("Unknown game {name!r}.", name=name[:40]),
         accepted=[g.name for g in available_games()])


@dataclass
class Board:
    """A board on the workbench: its text and data, the run or the error, the permalink."""

    text: str
    data: Any = None
    error: dict | None = None
    result: Any = None
    origin: str = ""

    @cached_property
    def token(self) -> str:
        """The permalink token of the text, its ruleset pinned to today if it had none
        (computed once: the page links it twice, and compressing it is not free)."""
        return permalink.encode(pinning.pin(self.text))

    @property
    def pin(self) -> dict:
        """The board's ruleset day and the rules revised after it (see :mod:`.pinning`)."""
        def latest(corpus, game):
            return services().cache.get(("latest-day", game),
                                        lambda: pinning.latest_day(corpus, game))
        return pinning.pin_state(services().corpus, self.text, self.data, latest)

    def as_json(self) -> dict:
        """The board as JSON (the workbench's twin)."""
        out = {"yaml": self.text, "data": self.data, "error": self.error,
               "permalink_token": self.token, "origin": self.origin, "result": None,
               "ruleset_pin": self.pin}
        if self.result is not None:
            out["result"] = self.result.as_json()
            out["result"]["verdict"] = verdict(self.result)
        return out


def board_from(text: str, origin: str = "") -> Board:
    """Read and run a board's text (errors located, never raised)."""
    corpus = services().corpus
    board = Board(text, origin=origin)
    board.data, board.error, scenario = boards.read_board(text, corpus)
    if board.error is None:
        try:
            board.result = boards.run(text, corpus, scenario=scenario)
        except ScenarioError as exc:
            board.error = exc.as_dict()
    return board


def _ruleset_arg(text: str, ruleset: str | None) -> str:
    """The text under the ``?ruleset=`` of the request (a day or ``latest``), if given."""
    if not ruleset:
        return text
    try:
        return boards.with_ruleset(text, ruleset[:40])
    except ScenarioError as exc:
        fail(400, str(exc), **exc.as_dict())


# A workbench form posted urlencoded, read in C (bytes.replace and the codec's \\x
# escapes) instead of werkzeug's parse_qsl, which decodes each of a board's thousand
# %XX escapes in a Python loop: a tenth of a new board's time.  Anything but plain
# well-formed UTF-8 percent-escapes goes to werkzeug as before.
FORM_TYPE = "application/x-www-form-urlencoded"
FAST_FORM_BYTES = 512 * 1024


def _unquote_plus(raw: bytes) -> str:
    import codecs
    text = raw.replace(b"+", b" ")
    if b"%" in text or b"\\" in text:
        text = codecs.escape_decode(text.replace(b"\\", b"\\\\").replace(b"%", b"\\x"))[0]
    return text.decode("utf-8")


def posted_form(request):
    """``request.form`` of a POST (a MultiDict with the same fields and values)."""
    length = request.content_length
    # the header exactly as a browser's form sends it is that type, without werkzeug
    # parsing it into a type and options first
    plain_type = request.environ.get("CONTENT_TYPE") == FORM_TYPE
    if (not plain_type and request.mimetype != FORM_TYPE) or length is None \
            or length > FAST_FORM_BYTES or "form" in request.__dict__:
        return request.form
    from werkzeug.datastructures import MultiDict
    data = request.get_data(cache=True)
    try:
        pairs = []
        for part in data.split(b"&"):
            if not part:
                continue
            name, _eq, value = part.partition(b"=")
            pairs.append((_unquote_plus(name), _unquote_plus(value)))
    except (ValueError, UnicodeDecodeError):
        return request.form          # werkzeug's reading (replacements, quoted bytes)
    return MultiDict(pairs)


def board_text(args, form=None) -> tuple[str, str]:
    """The text a workbench request names: posted, a permalink, a scenario file, or empty."""
    if form is not None and "yaml" in form:
        return form.get("yaml", ""), "posted"
    if args.get("s"):
        try:
            text = permalink.decode(args["s"])
        except permalink.PermalinkError as exc:
            fail(400, _("This permalink cannot be read: {error}.", error=exc),
                 field="s")
        # ?ruleset=latest replays a pinned link under the rules in force now.
        return _ruleset_arg(text, args.get("ruleset")), "permalink"
    if args.get("from"):
        rel = args["from"]
        try:
            path = boards.scenario_file(services().root, rel)
        except FileNotFoundError:
            fail(404, _("No scenario file {name!r}; a scenario is "
                        "<game>/scenarios/<name>.yaml in the corpus.", name=rel[:120]),
                 field="from", links=[("/board", _("the workbench"))])
        text = path.read_text(encoding="utf-8")
        return _ruleset_arg(text, args.get("ruleset")), rel
    games = available_games()
    if not games:
        fail(404, _("No game module is installed yet."))
    name = args.get("game") or games[0].name
    return boards.dump_yaml(boards.empty_scenario(game_named(name))), f"empty:{name}"
