"""At the table (issue 25), on the real corpus: the verdict first on every run a judge
opens (a board from a ruling's scenario, a permalink, an entry's replays, the JSON
twins); a board from its ruling in one tap; a blank board that can act and a form that
offers one Japanese choice a value; as-of pages that lead with the answer of that day;
/changes with the rulings first.

"First" is checked in the page's order: the verdict line comes before the step list and
before the editor, and it is the engine's line (the JSON's ``verdict.text``).
"""
from __future__ import annotations

import html
import re

import pytest

from judge.corpus import DEFAULT_CORPUS
from judge.app import permalink

from .test_real_corpus import real  # noqa: F401 - the app on the real corpus, no search

pytestmark = pytest.mark.skipif(not (DEFAULT_CORPUS / "vision" / "qa").is_dir(),
                                reason="corpus/ has not been generated")

FACE_DOWN = "yugioh/scenarios/face-down-defense-attacked.yaml"


def first(page: str, *needles: str) -> list[int]:
    return [page.index(n) for n in needles]


def test_a_board_from_a_scenario_opens_on_its_verdict(real):
    twin = real.get(f"/board?from={FACE_DOWN}&format=json").get_json()
    verdict = twin["result"]["verdict"]
    assert verdict["kind"] == "changed" and "200" in verdict["text"]
    assert verdict["status"] == "match"            # the ruling check shares the object
    page = real.get(f"/board?from={FACE_DOWN}").get_data(as_text=True)
    at, steps, editor = first(page, 'id="verdict-top"', '<ol class="steps"', 'id="bench"')
    assert at < steps and at < editor
    assert verdict["text"] in html.unescape(page[at:steps])


def test_a_permalink_opens_on_its_verdict_in_english_too(real):
    text = (DEFAULT_CORPUS / "yugioh/scenarios/attack-from-defense-illegal.yaml").read_text()
    token = permalink.encode(text)
    page = real.get(f"/board?s={token}&lang=en").get_data(as_text=True)
    at = page.index('id="verdict-top"')
    assert at < page.index('<ol class="steps"')
    head = html.unescape(page[at:page.index('<ol class="steps"')])
    assert "Refused: A's attack" in head and "conclusion refused" in head
    # no clause says it: the interpretation's reason, not the nearest sentence
    assert "interpretation" in head and "attack position" in head


def test_an_entrys_replays_lead_with_the_verdict(real):
    page = real.get("/entry/yugioh/rule/damage-calculation").get_data(as_text=True)
    replay = page[page.index('id="replay-title"'):]
    assert replay.index('class="conclusion') < replay.index('<ol class="steps"')
    data = real.get("/api/replay/yugioh/rule/damage-calculation").get_json()
    assert all(run["verdict"]["text"] for run in data["runs"])


def test_the_run_api_returns_the_engines_verdict(real):
    text = (DEFAULT_CORPUS / FACE_DOWN).read_text()
    out = real.post("/api/run?lang=ja", json={"scenario": text}).get_json()
    assert out["verdict"]["kind"] == "changed"
    assert re.search(r"A.*200", out["verdict"]["text"])


@pytest.mark.parametrize("game, phase", [("yugioh", "battle"), ("vision", "main"),
                                         ("gemchronicle", "battle")])
def test_a_blank_board_starts_where_it_can_act(real, game, phase):
    twin = real.get(f"/board?game={game}&format=json").get_json()
    setup = twin["data"]["setup"]
    assert setup["turn"] > 1 and setup["active"] == "A" and setup["phase"] == phase
    assert all(p.get("life") and p.get("deck") for p in setup["players"].values())
    assert twin["error"] is None


def test_a_search_hit_with_scenarios_opens_its_board_in_one_tap():
    """The hit's first link after its title opens the editor with the scenario loaded."""
    from judge.search import SearchResult
    from judge.search.results import Hit
    from judge.web import create_app

    class OneHit:
        def search(self, q, **kw):
            hit = Hit(id="vision/rule/play-supplement", game="vision", kind="rule",
                      title="プレイの補足", cut="干渉", score=1.0, clause=None, revision=1,
                      current=True, date=None)
            return SearchResult(query=q, total=1, hits=[hit])

    client = create_app({"TESTING": True, "SEARCHER": OneHit()}).test_client()
    page = client.get("/search?q=干渉").get_data(as_text=True)
    hit = page[page.index('class="result-title"'):]
    link = re.search(r'class="button board-link" href="([^"]+)"', hit)
    assert link and hit.index("board-link") < hit.index('class="snippet"')
    board = client.get(html.unescape(link.group(1)) + "&format=json").get_json()
    assert board["origin"].startswith("vision/scenarios/") and board["result"]["verdict"]["text"]


def test_an_entry_offers_its_board_in_its_head(real):
    page = real.get("/entry/vision/qa/QA-337").get_data(as_text=True)
    head = page[:page.index("</header>", page.index('class="entry-head"'))]
    assert 'class="button board-link"' in head and "from=vision/scenarios/" in head


def test_as_of_leads_with_the_answer_in_force_that_day(real):
    """QA-337 answered はい before 2014-04-10 and いいえ after: as of 2014-01-01 the page
    leads with はい, and says below it that the answer was reversed on 2014-04-10."""
    page = html.unescape(real.get("/entry/vision/qa/QA-337?as_of=2014-01-01")
                         .get_data(as_text=True))
    start = page.index('class="entry-head"')
    head = page[start:page.index("</header>", start)]
    answer = head.index("2014-01-01 時点の回答")
    assert head.index("はい、できます。") > answer
    later = head.index("その後 2014-04-10 に覆りました")
    assert later > head.index("はい、できます。") and "いいえ" in head[later:]
    assert "現在の回答 <small>" not in head
    today = html.unescape(real.get("/entry/vision/qa/QA-337").get_data(as_text=True))
    assert today.index("現在の回答") < today.index("いいえ")          # unchanged without as_of


def test_changes_show_rulings_first_with_a_filter_by_kind(real):
    every = real.get("/changes?format=json").get_json()["changes"]
    kinds = [c["change_kind"] for c in every]
    assert kinds[0] == "rulings" and "editorial" in kinds
    # grouped: no ruling after a text or an editorial change
    assert kinds == sorted(kinds, key=["rulings", "texts", "editorial"].index)
    assert any(c["id"] == "vision/qa/QA-337" for c in every[:3])
    rulings = real.get("/changes?format=json&kind=rulings").get_json()["changes"]
    assert rulings and all(c["kind"] == "qa" for c in rulings)
    assert real.get("/changes?kind=nonsense").status_code == 400
    page = real.get("/changes").get_data(as_text=True)
    assert page.index("vision/qa/QA-337") < page.index("/term/")


def test_a_games_feed_is_titled_with_the_games_name(real):
    from xml.etree import ElementTree as ET
    root = ET.fromstring(real.get("/vision/changes.atom").data)
    title = root.find("{http://www.w3.org/2005/Atom}title").text
    assert "東方Vision" in title and "(vision)" not in title


def test_the_editor_offers_its_games_scenarios_as_starting_points(real):
    page = html.unescape(real.get("/board?game=gemchronicle").get_data(as_text=True))
    link = re.search(r'href="([^"]+)" id="scenario-link"', page).group(1)
    assert "game=gemchronicle" in link
    listed = real.get(link).get_data(as_text=True)
    assert "from=gemchronicle/scenarios/" in listed and "from=vision/" not in listed


@pytest.mark.parametrize("game, field, values", [
    ("gemchronicle", "position", {"attack": "攻撃表示", "defense": "守備表示"}),
    ("gemchronicle", "attributes", {"destroy": "破壊", "pierce": "貫通"}),
    ("vision", "type", {"character": "キャラクター", "spell": "スペル", "command": "コマンド"}),
])
def test_a_field_offers_one_japanese_choice_a_value(real, game, field, values):
    spec = real.get(f"/api/games/{game}?lang=ja").get_json()
    choices = spec["card_fields"][field]["choices"]
    assert [c[0] for c in choices] == list(values)          # once each, not every spelling
    assert all(c[1].startswith(values[c[0]]) for c in choices)


def test_the_fields_a_card_needs_are_declared_for_the_form(real):
    spec = real.get("/api/games/yugioh").get_json()
    assert spec["needed_fields"]["monsters"] == ["atk", "def"]
    assert spec["blank_setup"]["phase"] == "battle"
