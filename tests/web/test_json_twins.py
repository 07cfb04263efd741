"""Every page has a JSON twin (docs/web.md, Datasette's rule): walking Flask's url_map,
each page a browser can GET answers ``?format=json`` with JSON, or is exempt here with
the reason why.  A new page without a twin, or without a reason, fails."""
from __future__ import annotations

# Rules that are not pages a judge reads, each with why it has no JSON twin.
EXEMPT = {
    "static": "files (CSS, scripts, images), not pages",
    "pages.download": "the board as a .yaml file to keep: the file is the data",
    "changes.feed": "an Atom feed: a machine format already (the twin is /changes?format=json)",
    "changes.game_feed": "an Atom feed of one game (the twin is /changes?game=…&format=json)",
    "offline.manifest": "the web app manifest: JSON already",
    "offline.service_worker": "the service worker's script",
    "offline.version": "JSON already",
    "offline.bundle": "the offline search bundle (a script)",
    "offline.pages": "the pre-rendered pages for the offline app (JSON already)",
    "offline.icon": "an image",
    "offline.search": "the offline search page: searches in the browser, whose data is "
                      "the bundle; its online twin is /search?format=json",
    "offline.boards": "the boards saved on this device: only the browser has them",
    "accounts.login": "the login form (the API authenticates with a bearer token)",
    "pages_record.export": "an event's calls as a file (CSV or JSON): the file is the data",
}
# A value for each URL parameter, so that the page exists in the test corpus.
SAMPLES = {"entry_id": "toy/qa/QA-1", "game": "toy", "slug": "none", "call_id": "1",
           "change_id": "1", "version": "0", "name": "icon-192.png"}


def _pages(app):
    for rule in app.url_map.iter_rules():
        if "GET" not in rule.methods or rule.rule.startswith("/api/"):
            continue
        yield rule


def test_every_page_answers_format_json_or_is_exempt(app, client):
    missing = []
    for rule in _pages(app):
        if rule.endpoint in EXEMPT:
            continue
        try:
            url = rule.rule
            for arg in rule.arguments:
                url = url.replace(f"<{arg}>", SAMPLES[arg])
                for conv in ("int", "path", "string"):
                    url = url.replace(f"<{conv}:{arg}>", SAMPLES[arg])
        except KeyError as exc:
            missing.append(f"{rule.endpoint}: no sample value for {exc}")
            continue
        response = client.get(url, query_string={"format": "json"})
        if not response.is_json:
            missing.append(f"{rule.endpoint} ({url}): {response.status_code} "
                           f"{response.content_type}")
    assert missing == [], "pages without a JSON twin (add one, or an exemption with why)"


def test_every_exemption_names_a_rule_and_a_reason(app):
    endpoints = {rule.endpoint for rule in app.url_map.iter_rules()}
    assert set(EXEMPT) - endpoints == set()
    assert all(reason.strip() for reason in EXEMPT.values())


def test_board_scenarios_has_a_twin(client):
    """/board/scenarios, the list the board page starts from, as JSON too (issue 23)."""
    body = client.get("/board/scenarios?format=json").get_json()
    assert isinstance(body["scenarios"], list) and body["scenarios"]
    html = client.get("/board/scenarios").get_data(as_text=True)
    assert all(s["path"] in html for s in body["scenarios"] if "path" in s)

