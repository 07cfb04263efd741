"""The JSON API: everything the pages show, for scripts and other tools (docs/web.md).

Errors are JSON too: ``{"error": message, "status": code, ...}``, and a scenario error
carries the engine's ``file``, ``line``, ``field`` and ``accepted``.
"""
from __future__ import annotations

from flask import Blueprint, jsonify, request, url_for

from judge.i18n import msg

from judge.app import boards, permalink, pinning, strictjson
from judge.app.replays import verdict
from judge.app.services import services
from judge.platform.errors import fail

from . import openapi, viewmodels
from .i18n import current as web_locale

bp = Blueprint("api", __name__, url_prefix="/api")

YAML_TYPES = ("text/yaml", "application/yaml", "application/x-yaml", "text/x-yaml",
              "text/plain", "application/octet-stream", "")


@bp.get("/")
def index():
    """What the API offers (a map of its routes), with an entry of the corpus as example."""
    corpus = services().corpus
    example = next(iter(corpus.ids("qa")), None) or \
        next(iter(corpus.ids()), "<game>/qa/QA-337")
    return jsonify({
        "search": url_for("api.search", q="QA-337"),
        "entry": url_for("api.entry", entry_id=example),
        "replay": url_for("api.replay", entry_id=example),
        "run": {"method": "POST", "url": url_for("api.run"),
                "body": "scenario YAML, or JSON {\"scenario\": yaml-or-mapping, \"ruleset\": date}"},
        "moves": {"method": "POST", "url": url_for("api.moves"),
                  "body": "as run; JSON may add \"action\": {player, do, …} to ask why"},
        "scenario": {"method": "POST", "url": url_for("api.scenario"),
                     "body": "JSON {\"yaml\": text} or {\"data\": mapping}"},
        "games": url_for("api.games"),
        "scenarios": url_for("api.scenarios"),
        "openapi": url_for("api.openapi_json"),
        "pages": "every page answers as JSON with ?format=json",
    })


@bp.get("/openapi.json")
def openapi_json():
    """The API's contract (OpenAPI 3.0), written beside these routes (:mod:`.openapi`)."""
    return jsonify(openapi.spec())


@bp.get("/search")
def search():
    """``/api/search?q=&game=&kind=&page=&limit=``: the searcher's JSON plus paging."""
    return jsonify(viewmodels.search(request.args, api=True).as_json())


@bp.get("/entry/<path:entry_id>")
def entry(entry_id: str):
    """``/api/entry/<id>``: the entry with every revision (any spelling redirects)."""
    found, canonical = viewmodels.find_entry(entry_id)
    if found is None:
        return _redirect("api.entry", canonical)
    return jsonify(viewmodels.entry_json(found))


@bp.get("/replay/<path:entry_id>")
def replay(entry_id: str):
    """``/api/replay/<id>[?rev=N]``: each linked scenario under each revision, with verdicts."""
    found, canonical = viewmodels.find_entry(entry_id)
    if found is None:
        return _redirect("api.replay", canonical)
    number = viewmodels.selected_revision(found, request.args) if request.args.get("rev") else None
    return jsonify({"entry": found.id, **viewmodels.entry_replay(found).as_json(number)})


@bp.post("/run")
def run():
    """``POST /api/run``: run a scenario (YAML body, or JSON ``{scenario, ruleset}``)."""
    text, ruleset = _scenario_body()
    as_of = str(ruleset) if ruleset else None
    result = boards.run(text, services().corpus, as_of=as_of)
    out = result.as_json()
    out["verdict"] = verdict(result)
    shared = boards.with_ruleset(text, as_of)      # the link opens the board at that day
    out["permalink"] = url_for("pages.board", s=permalink.encode(pinning.pin(shared)),
                               _external=True)
    return jsonify(out)


@bp.post("/moves")
def moves():
    """``POST /api/moves``: the legal actions after the scenario's actions (``judge moves``).

    The body is /api/run's.  A JSON body may add ``"action": {player, do, …}``: the
    answer then says whether that action is legal and which rule allows or forbids it.
    """
    from judge.engine.moves import explain, legal_moves
    text, ruleset = _scenario_body()
    corpus = services().corpus
    result = boards.run(text, corpus, as_of=str(ruleset) if ruleset else None)
    game = result.scenario.game
    out = legal_moves(game, result.state, result.ruleset, corpus).as_json()
    out["active"] = result.state.active
    wanted = _json_body().get("action") if request.mimetype == "application/json" else None
    if wanted is not None:
        if not isinstance(wanted, dict):
            fail(400, msg("action is a mapping {{player, do, …}}"), field="action")
        out["explain"] = [m.as_json() for m in explain(game, result.state, result.ruleset,
                                                        corpus, wanted)]
    return jsonify(out)


@bp.post("/scenario")
def scenario():
    """``POST /api/scenario``: the workbench's sync of form and text.

    ``{"yaml": text}`` -> ``{"data", "error", "yaml", "permalink"}`` (data even when the
    scenario is invalid, if the text is YAML); ``{"data": mapping}`` -> the same with
    ``yaml`` written from the data.  Always 200: the error is part of the answer.
    """
    body = _json_body()
    if isinstance(body.get("data"), dict):
        text = boards.dump_yaml(body["data"])
    elif isinstance(body.get("yaml"), str):
        text = body["yaml"]
    else:
        fail(400, msg("send {{\"yaml\": text}} or {{\"data\": mapping}}"), field="yaml")
    data, error = boards.parse_text(text, services().corpus)
    return jsonify({"yaml": text, "data": data, "error": error,
                    "permalink": url_for("pages.board", s=permalink.encode(pinning.pin(text)))})


@bp.get("/games")
def games():
    """The games the workbench can draw and run, with their zones, fields and actions."""
    return jsonify({"games": [boards.game_spec(g) for g in viewmodels.available_games()]})


@bp.get("/games/<name>")
def game(name: str):
    """One game's description (zones, card fields, actions and their fields, phases)."""
    game_ = viewmodels.game_named(name)
    spec = services().cache.get(("game-spec", name, web_locale()),
                                lambda: boards.game_spec(game_))
    # The board form fetches this at every page: the declarations do not change while
    # the app runs, so the browser keeps it (an hour, then revalidated by its ETag).
    response = jsonify(spec)
    response.headers["Cache-Control"] = "public, max-age=3600"
    response.add_etag()
    return response.make_conditional(request)


@bp.get("/games/<name>/cards")
def cards(name: str):
    """The names of the game's card entries (for the board form's suggestions).

    With ``?q=`` (a name in any kana or width, or a number: 75, No.075, N75) also
    ``matches``: up to 15 cards with the fields the board form fills in (stats, number).
    """
    game = viewmodels.game_named(name)
    corpus = services().corpus

    def make():
        return sorted({title for _id, title in corpus.tables.titles(name, "card")})
    out = {"game": name, "cards": services().cache.get(("cards", name), make)}
    q = viewmodels.clean_query(request.args.get("q"))[:60]
    if q:
        from .cardlookup import card_table, find_cards
        table = services().cache.get(("card-table", name), lambda: card_table(game, corpus))
        out["matches"] = find_cards(table, q)
    return jsonify(out)


@bp.get("/scenarios")
def scenarios():
    """Every scenario file of the corpus (start a board from one with /board?from=path)."""
    items = services().lists.get(("scenarios",),
                                 lambda: boards.list_scenarios(services().corpus))
    return jsonify({"scenarios": [dict(s, board=url_for("pages.board", **{"from": s["path"]}))
                                  for s in items]})


# --- helpers --------------------------------------------------------------------------

def _redirect(endpoint: str, canonical: str):
    from flask import redirect
    base = canonical.split("#", 1)[0]
    return redirect(url_for(endpoint, entry_id=base, **request.args.to_dict()), code=302)


def _json_body() -> dict:
    raw = request.get_data(cache=True)
    try:
        body = strictjson.loads(raw) if raw else {}
    except strictjson.BodyError as exc:
        fail(400, exc.message, field=exc.field, accepted=exc.accepted_text)
    if not isinstance(body, dict):
        fail(400, msg("the JSON body must be an object"), accepted="{\"yaml\": text}")
    return body


def _scenario_body() -> tuple[str, str | None]:
    """The scenario text and ruleset of a /api/run request, however it was sent."""
    mimetype = request.mimetype or ""
    ruleset = request.args.get("ruleset")
    if mimetype == "application/json":
        body = _json_body()
        scenario = body.get("scenario")
        ruleset = body.get("ruleset") or ruleset
        if isinstance(scenario, dict):
            return boards.dump_yaml(scenario), ruleset
        if isinstance(scenario, str):
            return scenario, ruleset
        fail(400, msg("JSON body: {{\"scenario\": <YAML text or mapping>, \"ruleset\": "
                      "<date>}}"), field="scenario")
    if mimetype in ("application/x-www-form-urlencoded", "multipart/form-data"):
        text = request.form.get("scenario") or request.form.get("yaml")
        if text is None:
            fail(400, msg("form body: send the scenario in a field named scenario"),
                 field="scenario")
        return text, request.form.get("ruleset") or ruleset
    if mimetype not in YAML_TYPES:
        fail(415, msg("Content-Type {mimetype!r}: send YAML (text/yaml) or JSON",
                      mimetype=mimetype),
             accepted=["text/yaml", "application/json"])
    try:
        return request.get_data(cache=True).decode("utf-8"), ruleset
    except UnicodeDecodeError:
        fail(400, msg("the scenario is not UTF-8 text"))
    return "", ruleset  # pragma: no cover - fail() raised
