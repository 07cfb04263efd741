"""The JSON API's contract: an OpenAPI 3.0 description, served at ``/api/openapi.json``.

Written by hand beside the routes of :mod:`.api`; tests/web/test_openapi.py checks that
every ``/api/`` route of the app is described here (and nothing else), and schemathesis
fuzzes every operation against it: no 5xx, no answer outside its schema.
"""
from __future__ import annotations

from copy import deepcopy

from .openapi_schemas import ANY_OBJ, INT, SCHEMAS, STR, array, obj, ref


def _json(schema: dict, description: str) -> dict:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _errors(*codes: int) -> dict:
    text = {400: "bad input, located", 401: "no or a wrong API token",
            403: "not allowed for this role", 404: "not found", 413: "body too large",
            415: "unsupported body type", 422: "over a run budget (docs/budgets.md)"}
    return {str(c): _json(ref("Error"), text[c]) for c in codes}


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
            "summary": "search rules, Q&A, terms and cards: one result per entry with its "
                       "best passages, exact matches first, a kana typo corrected, a "
                       "glossary term also searched as the text's wording, the best "
                       "partial matches when part of the query matches",
            "parameters": [
                {"name": "q", "in": "query", "schema": STR,
                 "description": "words, an id (QA-337, 6.5.3.b), or the query language"},
                {"name": "game", "in": "query", "schema": STR,
                 "description": "a game's id, or a word the query language's game: takes "
                                "(a title or an alias from games.yaml); 400 for a word that "
                                "names no game of the corpus"},
                {"name": "kind", "in": "query", "schema": STR,
                 "description": "rule, qa, term or card, or a word the query language's "
                                "kind: takes (ルール, 裁定, Q&A, 用語, カード); 400 for a "
                                "word that names no kind"},
                {"name": "page", "in": "query", "schema": INT},
                {"name": "limit", "in": "query", "schema": INT},
                {"name": "old", "in": "query", "schema": STR,
                 "description": "1: list older revisions' passages instead of folding them"},
                {"name": "as_of", "in": "query", "schema": STR,
                 "description": "YYYY-MM-DD: search the corpus as it stood that day"}],
            "responses": {"200": _json(ref("Search"), "the results"), **_errors(400)}}},
        "/api/entry/{entry_id}": {"get": {
            "summary": "an entry with every revision", "parameters": [ENTRY_ID],
            "responses": {"200": _json(ref("Entry"), "the entry"), **REDIRECT, **_errors(400, 404)}}},
        "/api/replay/{entry_id}": {"get": {
            "summary": "the entry's scenarios replayed under each revision",
            "parameters": [ENTRY_ID, {"name": "rev", "in": "query", "schema": INT}],
            "responses": {"200": _json(ref("Replay"), "the runs"),
                          **REDIRECT, **_errors(400, 404)}}},
        "/api/run": {"post": {
            "summary": "run a scenario (YAML, or JSON {scenario, ruleset})",
            "parameters": [{"name": "ruleset", "in": "query", "schema": STR}],
            "requestBody": SCENARIO_BODY,
            "responses": {"200": _json(ref("Run"), "the engine's result"),
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
            "responses": {"200": _json(ref("Moves"), "the moves, the refused actions and why"),
                          **_errors(400, 413, 415, 422)}}},
        "/api/scenario": {"post": {
            "summary": "the workbench's sync of form and text",
            "requestBody": {"required": True, "content": {"application/json": {"schema": {
                "type": "object", "properties": {"yaml": STR, "data": ANY_OBJ}}}}},
            "responses": {"200": _json(ref("ScenarioSync"), "the board, with its error"),
                          **_errors(400, 413, 415)}}},
        "/api/games": {"get": {"summary": "the games", "responses": {
            "200": _json(obj(["games"], games=array(ref("Game"))), "games")}}},
        "/api/games/{name}": {"get": {
            "summary": "one game's zones, fields, actions", "parameters": [GAME_NAME],
            "responses": {"200": _json(ref("Game"), "the game"), **_errors(404)}}},
        "/api/games/{name}/cards": {"get": {
            "summary": "the names of the game's cards; with q, the cards a name (any "
                       "kana or width) or a number names, with their stats",
            "parameters": [GAME_NAME, {"name": "q", "in": "query", "schema": STR,
                                       "description": "a card name or number (75, No.075)"}],
            "responses": {"200": _json(ref("Cards"), "card names and matches"),
                          **_errors(404)}}},
        "/api/events/{slug}/calls": {
            "post": {"summary": "record a call (JSON {round, table, question, ruling, "
                                "entries, scenario, client_key}); Authorization: Bearer "
                                "<token>; a call sent again with the same client_key is "
                                "answered 200 with the call recorded",
                     "parameters": [SLUG],
                     "requestBody": {"required": True, "content": {"application/json": {
                         "schema": ANY_OBJ}}},
                     "responses": {"201": _json(obj(["id", "url"], id=INT, url=STR),
                                                "the call was recorded"),
                                   "200": _json(obj(["id", "url"], id=INT, url=STR),
                                                "recorded before with this client_key"),
                                   **_errors(400, 401, 403, 404, 413, 415, 422)}},
            "get": {"summary": "the event's calls", "parameters": [SLUG],
                    "responses": {"200": _json(obj(["calls"], event=STR, calls=array(ref("Call"))),
                                               "the calls"), **_errors(400, 401, 403, 404)}}},
        "/api/calls/{call_id}": {"get": {
            "summary": "one call with its revisions", "parameters": [
                {"name": "call_id", "in": "path", "required": True, "schema": INT}],
            "responses": {"200": _json(ref("Call"), "the call"), **_errors(401, 403, 404)}}},
        "/api/scenarios": {"get": {"summary": "every scenario file of the corpus", "responses": {
            "200": _json(obj(["scenarios"], scenarios=array(ref("ScenarioFile"))),
                                 "scenario files")}}},
    },
}


SPEC["components"] = {"schemas": SCHEMAS}


def spec() -> dict:
    """The description (a copy: callers may change it)."""
    return deepcopy(SPEC)
