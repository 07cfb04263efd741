"""The JSON API's contract: an OpenAPI 3.0 description, served at ``/api/openapi.json``.

Written by hand beside the routes of :mod:`.api`; tests/web/test_openapi.py checks that
every ``/api/`` route of the app is described here (and nothing else), and schemathesis
fuzzes every operation against it: no 5xx, no answer outside its schema.
"""
from __future__ import annotations

from copy import deepcopy


def _obj(required: list[str], **props) -> dict:
    return {"type": "object", "required": required, "properties": props}


STR = {"type": "string"}
INT = {"type": "integer"}
NSTR = {"type": "string", "nullable": True}
NINT = {"type": "integer", "nullable": True}
ANY_OBJ = {"type": "object"}
LIST = {"type": "array"}
STRS = {"type": "array", "items": STR}

ERROR = _obj(["error", "status"], error=STR, status=INT, field=NSTR, line=NINT, file=NSTR,
             accepted={"nullable": True}, budget=STR, limit={"type": "number"})
SCENARIO_ERROR = _obj(["error"], error=STR, file=NSTR, line=NINT, field=NSTR,
                      accepted={"type": "string", "nullable": True}, budget=STR,
                      limit={"type": "number"})
STEP = _obj(["n", "action", "legal", "event", "detail", "rule", "quote", "interpretation"],
            n=INT, player=NSTR, action=STR, legal={"type": "boolean"}, event=STR, detail=STR,
            rule=STR, clause=NSTR, quote=STR, revision=NINT,
            interpretation={"type": "boolean"})
STATE = _obj(["players"], active=NSTR, phase=NSTR, turn=INT, players=ANY_OBJ)
RUN = _obj(["game", "ruleset", "steps", "state", "expect", "verdict", "permalink"],
           game=STR, ruleset=STR, ruleset_label=STR, title=STR, scenario=STR, ruling=STRS,
           steps={"type": "array", "items": STEP}, initial=STATE, state=STATE,
           outcomes=STRS, expect=_obj(["checked", "failed"], checked=INT, failed=LIST),
           expect_source=NSTR, interpretations=STRS, verdict=ANY_OBJ, permalink=STR)
MOVE = _obj(["player", "action", "rule"], player=STR, action=ANY_OBJ, rule=STR,
            clause=NSTR, interpretation={"type": "boolean"}, step=ANY_OBJ)
MOVES = _obj(["moves", "refused", "not_enumerated"], moves={"type": "array", "items": MOVE},
             refused={"type": "array", "items": MOVE}, not_enumerated=STRS, winner=NSTR,
             active=STR, explain={"type": "array", "items": MOVE})
SEARCH = _obj(["query", "total", "results"], query=STR, total=INT,
              results={"type": "array", "items": _obj(
                  ["id", "game", "kind", "title", "url"], id=STR, game=STR, kind=STR,
                  title=STR, snippet=STR, url=STR, score={"type": "number"})},
              page=INT, pages=INT, limit=INT, offset=INT, notice=STR)
ENTRY = _obj(["id", "game", "kind", "key", "title", "revisions"], id=STR, game=STR, kind=STR,
             key=STR, title=STR, status=STR, revisions=LIST)
GAME = _obj(["name", "zones", "actions"], name=STR, title=STR, zones=LIST, phases=LIST,
            actions=ANY_OBJ, card_fields=ANY_OBJ)


def _json(schema: dict, description: str) -> dict:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _errors(*codes: int) -> dict:
    text = {400: "bad input, located", 401: "no or a wrong API token",
            403: "not allowed for this role", 404: "not found", 413: "body too large",
            415: "unsupported body type", 422: "over a run budget (docs/budgets.md)"}
    return {str(c): _json(ERROR, text[c]) for c in codes}


ENTRY_ID = {"name": "entry_id", "in": "path", "required": True,
            "description": "an entry id in any spelling (<game>/qa/QA-337, qa337)",
            "schema": {"type": "string", "minLength": 1}}
SLUG = {"name": "slug", "in": "path", "required": True, "schema": STR}
GAME_NAME = {"name": "name", "in": "path", "required": True, "schema": STR}
REDIRECT = {"302": {"description": "another spelling of an id: the canonical URL"}}
SCENARIO_BODY = {
    "required": True,
    "content": {
        "text/yaml": {"schema": STR},
        "application/json": {"schema": {
            "type": "object", "required": ["scenario"],
            "properties": {"scenario": {"oneOf": [STR, ANY_OBJ]},
                           "ruleset": {"type": "string", "description": "latest or a date"}}}},
    },
}

SPEC = {
    "openapi": "3.0.3",
    "info": {"title": "judge JSON API", "version": "1",
             "description": "Rules Q&A and the rules engine (docs/web.md). Errors are "
                            "JSON: {error, status, ...}; scenario errors add file, line, "
                            "field, accepted; a run over budget is 422 with budget, limit."},
    "paths": {
        "/api/": {"get": {"summary": "a map of the API", "responses": {
            "200": _json(ANY_OBJ, "the routes")}}},
        "/api/openapi.json": {"get": {"summary": "this description", "responses": {
            "200": _json(ANY_OBJ, "OpenAPI 3")}}},
        "/api/search": {"get": {
            "summary": "search rules, Q&A, terms and cards",
            "parameters": [
                {"name": "q", "in": "query", "schema": STR},
                {"name": "game", "in": "query", "schema": STR},
                {"name": "kind", "in": "query", "schema": STR},
                {"name": "page", "in": "query", "schema": INT},
                {"name": "limit", "in": "query", "schema": INT}],
            "responses": {"200": _json(SEARCH, "the hits"), **_errors(400)}}},
        "/api/entry/{entry_id}": {"get": {
            "summary": "an entry with every revision", "parameters": [ENTRY_ID],
            "responses": {"200": _json(ENTRY, "the entry"), **REDIRECT, **_errors(400, 404)}}},
        "/api/replay/{entry_id}": {"get": {
            "summary": "the entry's scenarios replayed under each revision",
            "parameters": [ENTRY_ID, {"name": "rev", "in": "query", "schema": INT}],
            "responses": {"200": _json(_obj(["entry", "runs", "errors"], entry=STR, runs=LIST,
                                            errors=LIST), "the runs"),
                          **REDIRECT, **_errors(400, 404)}}},
        "/api/run": {"post": {
            "summary": "run a scenario (YAML, or JSON {scenario, ruleset})",
            "parameters": [{"name": "ruleset", "in": "query", "schema": STR}],
            "requestBody": SCENARIO_BODY,
            "responses": {"200": _json(RUN, "the engine's result"),
                          **_errors(400, 413, 415, 422)}}},
        "/api/moves": {"post": {
            "summary": "the legal actions after the scenario's actions (judge moves); a "
                       "JSON body may add action: {player, do, …} to ask why",
            "parameters": [{"name": "ruleset", "in": "query", "schema": STR}],
            "requestBody": {"required": True, "content": {
                "text/yaml": {"schema": STR},
                "application/json": {"schema": {
                    "type": "object", "required": ["scenario"],
                    "properties": {"scenario": {"oneOf": [STR, ANY_OBJ]},
                                   "ruleset": STR, "action": ANY_OBJ}}}}},
            "responses": {"200": _json(MOVES, "the moves, the refused actions and why"),
                          **_errors(400, 413, 415, 422)}}},
        "/api/scenario": {"post": {
            "summary": "the workbench's sync of form and text",
            "requestBody": {"required": True, "content": {"application/json": {"schema": {
                "type": "object", "properties": {"yaml": STR, "data": ANY_OBJ}}}}},
            "responses": {"200": _json(_obj(["yaml", "data", "error", "permalink"],
                                            yaml=STR, data={"nullable": True},
                                            error={**SCENARIO_ERROR, "nullable": True},
                                            permalink=STR), "the board, with its error"),
                          **_errors(400, 413, 415)}}},
        "/api/games": {"get": {"summary": "the games", "responses": {
            "200": _json(_obj(["games"], games={"type": "array", "items": GAME}), "games")}}},
        "/api/games/{name}": {"get": {
            "summary": "one game's zones, fields, actions", "parameters": [GAME_NAME],
            "responses": {"200": _json(GAME, "the game"), **_errors(404)}}},
        "/api/games/{name}/cards": {"get": {
            "summary": "the names of the game's cards", "parameters": [GAME_NAME],
            "responses": {"200": _json(_obj(["game", "cards"], game=STR, cards=STRS),
                                       "card names"), **_errors(404)}}},
        "/api/events/{slug}/calls": {
            "post": {"summary": "record a call (JSON {round, table, question, ruling, "
                                "entries, scenario}); Authorization: Bearer <token>",
                     "parameters": [SLUG],
                     "requestBody": {"required": True, "content": {"application/json": {
                         "schema": ANY_OBJ}}},
                     "responses": {"201": _json(_obj(["id", "url"], id=INT, url=STR),
                                                "the call was recorded"),
                                   **_errors(400, 401, 403, 404, 413, 415, 422)}},
            "get": {"summary": "the event's calls", "parameters": [SLUG],
                    "responses": {"200": _json(_obj(["calls"], event=STR, calls=LIST),
                                               "the calls"), **_errors(400, 401, 403, 404)}}},
        "/api/calls/{call_id}": {"get": {
            "summary": "one call with its revisions", "parameters": [
                {"name": "call_id", "in": "path", "required": True, "schema": INT}],
            "responses": {"200": _json(ANY_OBJ, "the call"), **_errors(401, 403, 404)}}},
        "/api/scenarios": {"get": {"summary": "every scenario file of the corpus", "responses": {
            "200": _json(_obj(["scenarios"], scenarios=LIST), "scenario files")}}},
    },
}


def spec() -> dict:
    """The description (a copy: callers may change it)."""
    return deepcopy(SPEC)
