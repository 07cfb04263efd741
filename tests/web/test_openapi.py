"""The JSON API's contract (issue 14): /api/openapi.json describes every /api/ route, and
schemathesis fuzzes each operation in-process (WSGI): no 5xx, no answer outside the
schema.  The example count per operation comes from the Hypothesis profile
(tests/conftest.py)."""
from __future__ import annotations

import re

import pytest

import schemathesis
from hypothesis import settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (content_type_conformance,
                                               response_schema_conformance,
                                               status_code_conformance)

from judge.web import openapi


def _openapi_path(rule: str) -> str:
    return re.sub(r"<(?:[a-z]+:)?([a-z_]+)>", r"{\1}", rule)


def test_every_api_route_is_described_and_nothing_else(app, client):
    spec = client.get("/api/openapi.json").get_json()
    routes = {}
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith("/api/"):
            methods = {m.lower() for m in rule.methods - {"HEAD", "OPTIONS"}}
            routes.setdefault(_openapi_path(rule.rule), set()).update(methods)
    described = {path: set(ops) for path, ops in spec["paths"].items()}
    assert described == routes
    assert spec["openapi"].startswith("3.")


def test_the_api_index_links_the_contract(client):
    assert client.get("/api/").get_json()["openapi"] == "/api/openapi.json"


def test_the_served_contract_is_the_modules(client):
    assert client.get("/api/openapi.json").get_json() == openapi.spec()


# Loaded from the module rather than through a fixture: schemathesis's lazy fixture
# loader does not work with pytest 9.2; the app is attached in the test, in-process.
schema = schemathesis.openapi.from_dict(openapi.spec())


# A few dozen examples per operation under the ci profile (40), ten times that under
# thorough: derived from the profile, so HYPOTHESIS_PROFILE still decides.
FUZZ = settings(settings.default, max_examples=max(10, settings.default.max_examples * 2 // 5))


@schema.parametrize()
@FUZZ
def test_the_api_keeps_its_contract(app, case):
    case.operation.schema.app = app
    case.operation.schema.location = "/api/openapi.json"
    case.call_and_validate(app=app, checks=[not_a_server_error, status_code_conformance,
                                   content_type_conformance, response_schema_conformance])


# The fuzzer's random queries seldom find anything; these real ones, on the real corpus,
# reach every field of a grouped search (passages, folded old revisions, did-you-mean,
# dropped words, glossary expansion), the card lookup's matches, a replay, the moves.
@pytest.fixture(scope="module")
def real():
    from judge.corpus import DEFAULT_CORPUS
    if not any(DEFAULT_CORPUS.glob("vision/qa/*.md")):
        pytest.skip("corpus/ has not been generated")
    from judge.web import create_app
    return create_app({"TESTING": True, "OFFLINE_WARM": False}).test_client()


REAL_GETS = [
    ("/api/search", "/api/search?q=ぐれいづ"),
    ("/api/search", "/api/search?q=裏側守備表示"),
    ("/api/search", "/api/search?q=グレイズ 存在しない語"),
    ("/api/search", "/api/search?q=ＱＡ３３７"),
    ("/api/search", "/api/search?q=グレイズ&old=1"),
    ("/api/search", "/api/search?q=グレイズ&as_of=2010-01-01"),
    ("/api/games/{name}/cards", "/api/games/vision/cards?q=まなのせいせい"),
    ("/api/games/{name}/cards", "/api/games/yugioh/cards?q=サンダー"),
    ("/api/entry/{entry_id}", "/api/entry/vision/rule/6.5"),
    ("/api/replay/{entry_id}", "/api/replay/vision/qa/QA-337"),
    ("/api/games/{name}", "/api/games/yugioh"),
    ("/api/scenarios", "/api/scenarios"),
]


@pytest.mark.parametrize("path, url", REAL_GETS)
def test_real_answers_keep_the_schema(real, path, url):
    response = real.get(url)
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    schema[path]["GET"].validate_response(response)        # raises, saying where


def test_the_search_schema_names_what_the_grouped_answer_holds(real):
    described = openapi.spec()["components"]["schemas"]
    data = real.get("/api/search?q=ぐれいづ").get_json()
    assert data["corrected"] == "グレイズ" and data["results"][0]["passages"] is not None
    search_fields = set(described["Search"]["properties"])
    assert set(data) <= search_fields | {"expanded", "as_of"}
    result_fields = set().union(*(part["properties"]
                                  for part in described["SearchResult"]["allOf"]))
    assert set(data["results"][0]) <= result_fields
    expanded = real.get("/api/search?q=裏側守備表示").get_json()
    assert expanded["expanded"] and "expanded" in search_fields
    dropped = real.get("/api/search?q=グレイズ ゾヌヌ").get_json()
    assert dropped["dropped"] == ["ゾヌヌ"] and "dropped" in search_fields


def test_moves_and_run_answers_keep_the_schema(real):
    from judge.corpus import DEFAULT_CORPUS
    body = (DEFAULT_CORPUS / "vision/scenarios/qa-337-restrictions.yaml").read_bytes()
    for path in ("/api/moves", "/api/run"):
        response = real.post(path, data=body, content_type="text/yaml")
        assert response.status_code == 200
        assert schema[path]["POST"].is_valid_response(response), path
    sync = real.post("/api/scenario", json={"yaml": "game: 1\n"})
    assert sync.status_code == 200 and sync.get_json()["error"]
    assert schema["/api/scenario"]["POST"].is_valid_response(sync)
