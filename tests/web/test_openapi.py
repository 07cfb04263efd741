"""The JSON API's contract (issue 14): /api/openapi.json describes every /api/ route, and
schemathesis fuzzes each operation in-process (WSGI): no 5xx, no answer outside the
schema.  The example count per operation comes from the Hypothesis profile
(tests/conftest.py)."""
from __future__ import annotations

import re

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
