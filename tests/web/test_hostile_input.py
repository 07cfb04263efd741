"""Issue 14's findings, one regression test each: no request takes the server down or
answers 500, and every bad input says what and where (file, line, field).

Findings 8 (import temp files), 9 (gunicorn's own error pages) and 10 (Hypothesis
profiles) are in tests/corpus/test_import_tempfiles.py, tests/web/test_gunicorn.py and
tests/test_hypothesis_profiles.py.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.corpus import DEFAULT_CORPUS
from judge.app import permalink

from .hostile import BAD_YAML, BASE, finding1_permalink, finding1_scenario, json_bodies

pytestmark = pytest.mark.skipif(not (DEFAULT_CORPUS / "yugioh").is_dir(),
                                reason="corpus/ has not been generated")


class NoSearch:
    def search(self, q, **kw):
        from judge.search import SearchResult
        return SearchResult(query=q)


@pytest.fixture(scope="module")
def app():
    from judge.web import create_app
    return create_app({"TESTING": True, "SEARCHER": NoSearch()})


@pytest.fixture
def client(app):
    """A client whose browser asks for English: these tests match the English texts
    (tests/i18n checks the same errors in Japanese)."""
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


def _json(resp) -> dict:
    assert resp.is_json, resp.get_data(as_text=True)[:300]
    return resp.get_json()


def test_the_base_scenario_runs(client):
    # The hostile variants below are each one edit away from this valid board.
    resp = client.post("/api/run", data=BASE, content_type="text/yaml")
    assert resp.status_code == 200, resp.get_data(as_text=True)
    assert _json(resp)["state"]["players"]["B"]["life"] == 7700


# --- finding 1: budgets -------------------------------------------------------------

def test_finding1_permalink_is_refused_quickly_naming_the_budget(client):
    url = finding1_permalink()
    assert len(url) < 900
    resp = client.get(url)
    assert resp.status_code == 413
    page = resp.get_data(as_text=True)
    assert "184 KiB, larger than its budget of 64 KiB" in page
    body = _json(client.get(url + "&format=json"))
    assert body["error"]["budget"] == "kib"


def test_finding1_on_the_api_and_with_few_cards_the_actions_budget(client):
    resp = client.post("/api/run", data=finding1_scenario(actions=50),
                       content_type="text/yaml")
    body = _json(resp)
    assert resp.status_code == 422 and body["budget"] == "cards"
    assert "3000 cards" in body["error"] and body["field"] == "setup.players"
    resp = client.post("/api/run", data=finding1_scenario(cards=5, actions=150),
                       content_type="text/yaml")
    body = _json(resp)
    assert resp.status_code == 422 and body["budget"] == "actions"
    assert body["limit"] == 100 and "150 actions" in body["error"]
    assert body["line"] and body["field"] == "actions"


def test_the_budget_is_configurable_per_app(tmp_path):
    from judge.web import create_app
    app = create_app({"TESTING": True, "SEARCHER": NoSearch(),
                      "RUN_BUDGET": {"actions": 3}})
    text = finding1_scenario(cards=2, actions=4)
    resp = app.test_client().post("/api/run", data=text, content_type="text/yaml")
    assert resp.status_code == 422 and _json(resp)["limit"] == 3
    ok = finding1_scenario(cards=2, actions=3)
    assert app.test_client().post("/api/run", data=ok,
                                  content_type="text/yaml").status_code == 200


def test_a_bad_budget_in_the_config_stops_the_app_at_start():
    from judge.web import create_app
    with pytest.raises(ValueError, match="unknown budget 'moves'"):
        create_app({"TESTING": True, "SEARCHER": NoSearch(), "RUN_BUDGET": {"moves": 3}})


def test_the_cli_exits_2_over_budget_and_a_flag_allows_more(tmp_path):
    from judge.cli import main
    path = tmp_path / "long.yaml"
    path.write_text(finding1_scenario(cards=2, actions=150), encoding="utf-8")
    res = CliRunner().invoke(main, ["run", str(path)])
    assert res.exit_code == 2 and "actions" in res.output and "--budget" in res.output
    res = CliRunner().invoke(main, ["run", str(path), "--budget", "actions=200", "--json"])
    assert res.exit_code == 0, res.output
    assert len(json.loads(res.output)["steps"]) >= 150
    res = CliRunner().invoke(main, ["run", str(path), "--budget", "moves=2"])
    assert res.exit_code == 2 and "unknown budget" in res.output


# --- findings 2, 3, 4, 6, 7: the strict scenario reader, on every entry point --------

@pytest.mark.parametrize("name, text", BAD_YAML, ids=[n for n, _ in BAD_YAML])
def test_bad_yaml_is_a_located_400_on_every_entry_point(client, name, text):
    resp = client.post("/api/run", data=text, content_type="text/yaml")
    assert resp.status_code == 400, (name, resp.status_code)
    body = _json(resp)
    assert body["line"], body
    resp = client.post("/api/scenario", json={"yaml": text})
    assert resp.status_code == 200 and _json(resp)["error"]["line"], name
    resp = client.get("/board?s=" + permalink.encode(text))
    assert resp.status_code == 400, name
    assert "Traceback" not in resp.get_data(as_text=True)
    resp = client.post("/board", data={"yaml": text})
    assert resp.status_code == 400, name
    resp = client.get("/board?format=json&s=" + permalink.encode(text))
    assert resp.status_code == 400 and _json(resp)["error"]["line"]


@pytest.mark.parametrize("name, text", BAD_YAML, ids=[n for n, _ in BAD_YAML])
def test_bad_yaml_in_the_cli_is_one_line_and_exit_2(tmp_path, name, text):
    from judge.cli import main
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    res = CliRunner().invoke(main, ["run", str(path)])
    assert res.exit_code == 2, (name, res.output, res.exception)
    assert res.output.startswith(f"judge: {path}:") and "Traceback" not in res.output
    assert len(res.output) < 600


def test_finding2_says_the_date_is_invalid_and_how_to_write_text(client):
    text = BAD_YAML[1][1]
    body = _json(client.post("/api/run", data=text, content_type="text/yaml"))
    assert "2014-02-30" in body["error"] and "not a valid date" in body["error"]
    assert body["field"] == "title" and body["line"] == 2
    assert "quote it" in body["accepted"]


def test_finding3_numbers_are_checked_per_field(client):
    for field, value, accepted in [("life", 10**7, "-999999 to 999999"),
                                   ("atk", -1, "0 to 999999"), ("level", 100, "0 to 99"),
                                   ("turn", 0, "1 to 9999")]:
        if field == "turn":
            text = BASE.replace("turn: 3", f"turn: {value}")
        elif field == "life":
            text = BASE.replace("life: 8000", f"life: {value}", 1)
        else:
            text = BASE.replace(f"{field}: 4" if field == "level" else "atk: 1800",
                                f"{field}: {value}", 1)
        body = _json(client.post("/api/run", data=text, content_type="text/yaml"))
        assert body["status"] == 400 and body["accepted"] == accepted, (field, body)
        assert body["field"].endswith(field) and body["line"]


def test_finding3_mana_a_counter_is_checked_too(client):
    text = """game: gemchronicle
setup:
  players:
    A: {mana: 1000000000}
    B: {mana: [1, 2]}
actions: []
"""
    body = _json(client.post("/api/run", data=text, content_type="text/yaml"))
    assert body["field"] == "setup.players.A.mana" and body["accepted"] == "0 to 9999"


def test_finding4_do_as_a_list_names_the_accepted_actions(client):
    body = _json(client.post("/api/run", data=BAD_YAML[6][1], content_type="text/yaml"))
    assert body["field"] == "actions[0].do" and "attack" in body["accepted"]
    assert body["line"] == 19


@pytest.mark.parametrize("name", ["binary title", "tag on a list", "tag on a mapping"])
def test_findings6_7_any_tag_outside_the_allow_list_is_refused(client, name):
    text = dict(BAD_YAML)[name]
    body = _json(client.post("/api/run", data=text, content_type="text/yaml"))
    assert "tag" in body["error"] and "is not allowed" in body["error"]
    assert body["field"] == "title" and body["line"] == 2
    resp = client.post("/api/scenario", json={"yaml": text})
    assert resp.status_code == 200 and "not allowed" in _json(resp)["error"]["error"]


def test_choices_and_this_turn_take_single_values(client):
    text = BASE.replace("target: 戦士B}", "target: 戦士B, choices: {graze: [1, 2]}}")
    assert client.post("/api/run", data=text, content_type="text/yaml").status_code == 400
    text = BASE.replace("  phase: battle", "  phase: battle\n  this_turn: [{player: [A]}]")
    assert client.post("/api/run", data=text, content_type="text/yaml").status_code == 400


# --- finding 5: the JSON body reader ------------------------------------------------

@pytest.mark.parametrize("name, body", json_bodies(), ids=[n for n, _ in json_bodies()])
@pytest.mark.parametrize("url", ["/api/run", "/api/scenario"])
def test_finding5_json_bodies_are_400_naming_the_problem(client, url, name, body):
    resp = client.post(url, data=body, content_type="application/json")
    assert resp.status_code == 400, (name, resp.status_code, resp.get_data(as_text=True)[:200])
    answer = _json(resp)
    assert answer["error"] and answer["status"] == 400


def test_finding5_messages(client):
    bodies = dict(json_bodies())
    answer = _json(client.post("/api/scenario", data=bodies["lone surrogate"],
                               content_type="application/json"))
    assert "surrogate" in answer["error"] and answer["field"] == "yaml"
    answer = _json(client.post("/api/scenario", data=bodies["5000-digit number"],
                               content_type="application/json"))
    assert "5001 digits" in answer["error"]
    answer = _json(client.post("/api/scenario", data=bodies["deep nesting"],
                               content_type="application/json"))
    assert "deeper than" in answer["error"]


def test_finding6_binary_never_reaches_the_json_answer(client):
    text = dict(BAD_YAML)["binary title"]
    for url in ("/board?format=json&s=" + permalink.encode(text),):
        resp = client.get(url)
        assert resp.status_code == 400 and "!!binary" in _json(resp)["error"]["error"]


def test_a_time_budget_stops_a_run_that_never_ends(tmp_path):
    # A procedure that yields forever: the driver loop's clock check stops it.
    from judge.engine import budget as budgets
    from judge.engine.runner import run_scenario
    from judge.engine.scenario import parse_scenario
    from judge.corpus import Corpus
    corpus = Corpus.load()
    scenario = parse_scenario(BASE, "<t>", corpus)
    game = scenario.game
    spec = game.actions["attack"]

    def forever(match, act):
        from judge.engine.events import Note
        from judge.engine.cite import Cite
        while True:
            yield Note(cite=Cite("yugioh/rule/damage-calculation"), detail="again")
    from dataclasses import replace
    game.actions["attack"] = replace(spec, procedure=forever)
    try:
        with pytest.raises(budgets.BudgetExceeded) as err:
            run_scenario(scenario, corpus, budget=budgets.Budget(steps=10**9, seconds=0.3))
        assert err.value.budget == "seconds" and err.value.line
        with pytest.raises(budgets.BudgetExceeded) as err:
            run_scenario(scenario, corpus, budget=budgets.Budget(steps=50, seconds=60))
        assert err.value.budget == "steps" and err.value.limit == 50
    finally:
        game.actions["attack"] = spec


def test_budget_from_the_environment(monkeypatch):
    import contextvars

    from judge.engine.budget import Budget, current
    # in a context of its own: with no budget activated (by a request or `judge run`),
    # the environment's is in force, whatever earlier tests in this worker left active
    fresh = contextvars.Context()
    monkeypatch.setenv("JUDGE_BUDGET_ACTIONS", "7")
    monkeypatch.setenv("JUDGE_BUDGET_SECONDS", "0.5")
    assert fresh.run(current) == Budget(actions=7, seconds=0.5)
    monkeypatch.setenv("JUDGE_BUDGET_STEPS", "lots")
    with pytest.raises(ValueError, match="steps must be a number"):
        fresh.run(current)


def test_docs_list_every_budget_and_its_default():
    from judge.engine.budget import Budget
    doc = (Path(__file__).resolve().parents[2] / "docs" / "budgets.md").read_text("utf-8")
    for name in Budget.NAMES:
        assert f"JUDGE_BUDGET_{name.upper()}" in doc
        assert f"`{getattr(Budget(), name):g}`" in doc
