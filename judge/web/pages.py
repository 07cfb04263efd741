"""The pages: search (検索), an entry with its replay (項目), the board workbench (盤面).

Every page answers as JSON too, with ``?format=json`` (the same data the page shows;
docs/web.md).  Pages work without JavaScript; the scripts in static/ add the ``/``
shortcut, quote pop-ups and the board form kept in sync with the YAML.
"""
from __future__ import annotations

import functools
import hashlib
import re
from urllib.parse import quote

from flask import (Blueprint, Response, current_app, jsonify, redirect, render_template,
                   request, url_for)

from judge.i18n import _

from judge.app import pinning
from judge.app.boardview import zone_label
from judge.app.render import entry_url
from judge.app.services import services
from judge.platform.errors import fail

from . import viewmodels
from .i18n import current as web_locale

bp = Blueprint("pages", __name__)


def as_json() -> bool:
    """Whether the page was asked for as JSON (``?format=json``)."""
    fmt = request.args.get("format")
    if fmt not in (None, "", "json", "html"):
        fail(400, _("format={value!r}: use format=json (or nothing for the page).",
                    value=fmt[:20]),
             field="format", accepted=["json", "html"])
    return fmt == "json"


def json_url() -> str:
    """The page's JSON twin: its address with ``format=json`` (the footer's link)."""
    args = request.args.to_dict()
    args["format"] = "json"
    if not request.endpoint:
        return "?format=json"
    # a page of a query (a search): the templates' url_for, which writes a link with
    # ``q`` without the URL map (Flask's built it anew on every results page)
    build = current_app.jinja_env.globals["url_for"] if "q" in args else url_for
    return build(request.endpoint, **(request.view_args or {}), **args)


@bp.app_context_processor
def _globals():
    # The query stays in the box on its results and on the entry an id redirected to.
    q = request.args.get("q", "") if request.endpoint in ("pages.search", "pages.entry") else ""
    # the games' labels and badge colours: per language, kept until the corpus is
    # reloaded (every page reads them)
    lists = services().lists
    return {"json_url": json_url, "header_q": q[:300],
            "GAME_LABELS": lists.get(("game-labels", web_locale()), viewmodels.game_labels),
            "GAME_SLOT": lists.get(("game-slots",), viewmodels.game_slots),
            "KIND_LABELS": viewmodels.KIND_LABELS, "zone_label": zone_label,
            "entry_url": entry_url, "step_link": viewmodels.step_link,
            "cite": viewmodels.step_citation, "boards_of": boards_of}


def boards_of(entry_id: str, q: str = "") -> list[dict]:
    """The boards a ruling opens in one tap: its linked scenarios (path, title), for the
    search hits and the entry page (the editor, loaded with the scenario, runs it).

    With the query a hit was found by, the scenario whose title shares most of its
    words comes first (「貫通 守備表示」 offers 「貫通属性の攻撃は守備表示の…」)."""
    def make() -> list[dict]:
        entry = services().corpus.entries.get(entry_id)
        if entry is None or not entry.scenarios:
            return []
        titles = services().lists.get(("scenario-titles",), lambda: {
            s["path"]: s["title"] for s in corpus_scenarios()})
        return [{"path": rel, "title": titles.get(rel, rel.rsplit("/", 1)[-1]),
                 "url": url_for("pages.board", **{"from": rel})} for rel in entry.scenarios]
    # made once per entry (a results page asks for each hit's, a URL built per scenario:
    # a seventh of a new results page); the list is shared, never changed
    out = services().cache.get(("boards-of", entry_id, request.script_root), make)
    pairs = _bigrams(q)
    if pairs and len(out) > 1:
        # stable: ties keep order
        out = sorted(out, key=lambda b: -len(pairs & _bigrams(b["title"])))
    return out


@functools.lru_cache(maxsize=4096)
def _bigrams(text: str) -> frozenset[str]:
    """The two-character pieces of a text's words (NFKC), how a title is compared
    (kept: a results page compares the same scenario titles for every hit)."""
    import unicodedata
    words = unicodedata.normalize("NFKC", text or "").split()
    return frozenset(w[i:i + 2] for w in words for i in range(len(w) - 1))


@bp.get("/")
@bp.get("/search")
def search():
    """The search page: one box, results with snippets, facets, paging, suggestions."""
    # A results page depends only on its address, the reader's language and the corpus
    # (the cache is dropped when the corpus is reloaded): kept whole per worker, as entry
    # pages are, for the queries judges type again and again.
    key = (request.path, tuple(sorted(request.args.items(multi=True))), web_locale())
    if not as_json():
        kept = services().searches.peek(key)
        if kept is not None:
            return kept
    found = viewmodels.search(request.args)
    if as_json():
        return jsonify(found.as_json())
    redirect_url = found.data.get("redirect_url")
    if redirect_url and found.page == 1 and not request.args.get("stay"):
        # The query rides along so the box on the entry page still holds what was typed.
        base, hash_, clause = redirect_url.partition("#")
        sep = "&" if "?" in base else "?"
        return redirect(f"{base}{sep}q={quote(found.q)}{hash_}{clause}", code=302)
    from .searchpage import page
    html = page(found, request.path == "/" and not found.q, json_url)
    if not found.failed:
        services().searches.get(key, lambda: html.encode("utf-8"))
    return html


@bp.get("/entry/<path:entry_id>")
def entry(entry_id: str):
    """An entry: current text, history with diffs, links, and the engine's replay."""
    found, canonical = viewmodels.find_entry(entry_id)
    if found is None:
        args = request.args.to_dict()
        base, _, clause = canonical.partition("#")
        target = url_for("pages.entry", entry_id=base, **args)
        return redirect(target + (f"#{clause}" if clause else ""), code=302)
    number = viewmodels.selected_revision(found, request.args)
    # The page depends on the entry and revision only (the corpus does not change while
    # the app runs) and the reader's language, unless other arguments change its links:
    # then it is not cached.  Kept as UTF-8 bytes: a rules page is up to 500 KB, and
    # encoding it again was half of what serving it from the cache cost.
    key = None
    if set(request.args) <= {"rev", "lang"} and not as_json():
        key = (found.id, number, web_locale())
        kept = services().pages.peek(key)
        if kept is not None:
            return kept
    from judge.corpus.changes import as_of, changed_since_note

    from .changes import as_of_arg
    day = as_of_arg(request.args)
    if day is not None:
        in_force = as_of(found, day)
        if in_force is None:
            from judge.corpus.changes import entry_as_of
            fail(404, entry_as_of(found, day)[1], links=[(entry_url(found.id), found.title)])
        number = in_force.number
    changed = services().cache.get(("changed", found.id), lambda: changed_since_note(found))
    replay = viewmodels.entry_replay(found)
    if as_json():
        return jsonify({"entry": viewmodels.entry_json(found), "revision": number,
                        "as_of": day.isoformat() if day else None,
                        "changed": changed.as_json() if changed else None,
                        "replay": replay.as_json(number)})
    def page() -> str:
        view = viewmodels.entry_view(found)
        rev = next(r for r in view["revisions"] if r["number"] == number)
        from judge.app.rulings import ruling_on
        return render_template("entry.html", e=found, view=view, rev=rev,
                               text=viewmodels.revision_html(found, number),
                               lexicon=viewmodels.lexicon(found),
                               runs=replay.for_revision(number), replay=replay,
                               selected=number, as_of=day, changed=changed,
                               on_day=ruling_on(found, number) if day else None)
    if key is not None:
        return services().pages.get(key, lambda: page().encode("utf-8"))
    return page()


@bp.route("/board", methods=["GET", "POST"])
def board():
    """The workbench: edit a board (form and YAML), run it, share its permalink."""
    text, origin = viewmodels.board_text(request.args, viewmodels.posted_form(request)
                                         if request.method == "POST" else None)
    # A run's page depends only on the board, the address it was asked at, the reader's
    # language and the corpus (the cache is dropped with the corpus): kept whole per
    # worker, as results pages are, for the board run again, its permalink opened by
    # the head judge, or the page switched to the other language and back.
    key = None
    if not as_json():
        key = (hashlib.blake2b(text.encode("utf-8"), digest_size=16).digest(), origin,
               request.method, _root(), request.full_path, web_locale())
        kept = services().boards.peek(key)
        if kept is not None:
            return kept
    # the engine's words and the page's are looked up in the reader's language about
    # eighty times a board: held for the request instead of found again each time
    from judge.i18n import use_locale
    with use_locale(web_locale()):
        return _board(text, origin, key)


def _board(text: str, origin: str, key):
    board = viewmodels.board_from(text, origin)
    status = 200
    if board.error:
        status = {"kib": 413}.get(board.error.get("budget"), 422) \
            if "budget" in board.error else 400
    if as_json():
        return jsonify(board.as_json()), status
    # The form's game descriptions come from /api/games/<name> (cached by the browser)
    # and the scenario list from /api/scenarios when it is opened: the page carries
    # neither, so a run's page stays small and quick to render.
    games = {g.name: g.title or g.name for g in viewmodels.available_games()}
    run = None
    if board.result is not None:
        from judge.app.replays import run_view
        # drawn, never offered as JSON (the twin asks the result itself): without the
        # steps' message ids and parameters (the run's JSON without them)
        run = run_view(board.result, origin, None, tuple(board.result.scenario.game.zones),
                       messages=False)
    # the editor offers the scenarios of the board's own game as starting points
    game = (board.data or {}).get("game") if isinstance(board.data, dict) else None
    own = _scenario_count(game) if game in games else 0
    from .boardpage import page
    html = page(board, run, games, scenario_count=own or len(corpus_scenarios()),
                scenario_game=game if own else None,
                permalink=_permalink_url(board.token))
    if status == 200:
        # answered as the bytes kept: the page encoded once, not again by the response
        return services().boards.get(key, lambda: html.encode("utf-8")), status
    return html, status


# The workbench's external address per host (the request's root): a permalink is it and
# ``?s=`` and the token, whose characters (z1. and base64url) a URL carries as they are;
# url_for built and quoted the ~1.5 KB token's query each board (issue 27).
_BOARD_URLS: dict[tuple, str] = {}
_PLAIN_TOKEN = re.compile(r"^[A-Za-z0-9_.-]*$")


def _root() -> tuple:
    """The request's scheme, host and script root, for a key: what ``request.host_url``
    says (and the root the workbench's address is under), without host_url decoding
    them into an IRI on every request that asks (issue 27)."""
    return request.scheme, request.host, request.root_path


def _permalink_url(token: str) -> str:
    if not _PLAIN_TOKEN.match(token):
        return url_for("pages.board", s=token, _external=True)
    root = _root()
    base = _BOARD_URLS.get(root)
    if base is None:
        if len(_BOARD_URLS) > 64:
            _BOARD_URLS.clear()
        base = _BOARD_URLS[root] = url_for("pages.board", _external=True)
    return f"{base}?s={token}"


def _scenario_count(game: str) -> int:
    """How many of the corpus's scenarios are of ``game`` (counted once per game)."""
    return services().lists.get(("scenario-count", game), lambda: sum(
        s["game"] == game for s in corpus_scenarios()))


def corpus_scenarios() -> list[dict]:
    """Every scenario file of the corpus (read once: the corpus does not change while
    the app runs)."""
    from judge.app.boards import list_scenarios
    return services().lists.get(("scenarios",), lambda: list_scenarios(services().corpus))


@bp.get("/board/scenarios")
def board_scenarios():
    """The rulings' scenarios to start a board from: the list the workbench page fetches
    when its "start" panel opens, as a page of its own (without JavaScript too)."""
    if request.args.get("format") == "json":
        return jsonify({"scenarios": corpus_scenarios()})
    game = request.args.get("game") or None
    if game is not None and game not in {g.name for g in viewmodels.available_games()}:
        game = None           # an unknown game lists every scenario

    def page():
        return render_template("board_scenarios.html", game=game, scenarios=[
            s for s in corpus_scenarios() if game is None or s["game"] == game])
    return services().pages.get(("board-scenarios", game, web_locale()), page)


@bp.route("/board/download", methods=["GET", "POST"])
def download():
    """The board as a scenario file (``.yaml``) to keep or send."""
    text, _origin = viewmodels.board_text(request.args,
                                     request.form if request.method == "POST" else None)
    if not text.strip():
        fail(400, _("The scenario is empty: there is nothing to download."))
    game = pinning.game_of(text)     # the one reader of a board's game line
    name = f"scenario-{game or 'board'}.yaml"
    body = text if text.endswith("\n") else text + "\n"
    response = Response(body, content_type="application/yaml; charset=utf-8")
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    return response

