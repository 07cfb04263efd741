"""The workbench: start, run, errors at their line, permalinks, downloads."""
from __future__ import annotations

import re
from datetime import date
from urllib.parse import parse_qs, urlparse

import pytest

from judge.app import permalink

from judge.app import pinning

from .fixtures import TOY_SCENARIO


def result_section(page: str) -> str:
    start = page.index('id="result"')
    ends = [i for i in (page.find('<div class="bench-layout', start),
                        page.find('id="bench-data"', start)) if i > 0]
    return page[start:min(ends)]


def test_the_workbench_starts_on_an_empty_board_of_a_game(client):
    page = client.get("/board?game=toy").get_data(as_text=True)
    assert "game: toy" in page
    assert 'name="yaml"' in page and '<label for="yaml"' in page


def test_a_linked_scenario_opens_and_runs(client):
    page = client.get("/board?from=vision/scenarios/toy-discard.yaml").get_data(as_text=True)
    assert "手札1枚で捨てられるか" in page
    result = result_section(page)
    assert '<ol class="steps">' in result and '<figure class="board' in result
    assert 'class="verdict match"' in result


def test_opening_a_scenario_under_an_older_ruleset_checks_that_revision(client):
    page = client.get("/board", query_string={"from": "vision/scenarios/toy-discard.yaml",
                                              "ruleset": "2015-01-01"}).get_data(as_text=True)
    assert "ruleset: 2015-01-01" in page
    result = result_section(page)
    assert "不可" not in result
    assert "照合元: vision/rule/toy の改訂1の回答" in result


def test_posting_a_board_runs_it_and_gives_a_permalink(client):
    resp = client.post("/board", data={"yaml": TOY_SCENARIO})
    page = resp.get_data(as_text=True)
    assert resp.status_code == 200
    link = re.search(r'id="permalink" type="url" readonly value="([^"]+)"', page).group(1)
    token = parse_qs(urlparse(link.replace("&amp;", "&")).query)["s"][0]
    # the link pins the rules to the day it was made, so it keeps its meaning
    assert permalink.decode(token) == pinning.pin(TOY_SCENARIO, pinning.today())
    assert f"ruleset: {pinning.today().isoformat()}" in permalink.decode(token)


def test_a_permalink_reproduces_the_board_exactly(client):
    posted = client.post("/board", data={"yaml": TOY_SCENARIO}).get_data(as_text=True)
    again = client.get("/board", query_string={"s": permalink.encode(TOY_SCENARIO)})
    page = again.get_data(as_text=True)
    assert again.status_code == 200
    assert result_section(page) == result_section(posted)
    textarea = re.search(r'<textarea id="yaml"[^>]*>(.*?)</textarea>', page, re.S).group(1)
    assert textarea.replace("&#39;", "'") == TOY_SCENARIO


def test_a_yaml_error_is_shown_at_its_line(client):
    broken = TOY_SCENARIO.replace("  active: A", "  active: A\n   oops: [")
    resp = client.post("/board", data={"yaml": broken})
    page = resp.get_data(as_text=True)
    assert resp.status_code == 400
    line = re.search(r"(\d+)行目", page)
    assert line and 5 <= int(line.group(1)) <= 8
    assert '<span class="err">' in page                      # the gutter marks the line
    assert "error-lines" in page


def test_a_scenario_error_names_the_field_and_what_is_accepted(client):
    wrong = TOY_SCENARIO.replace("do: discard", "do: dance")
    page = client.post("/board", data={"yaml": wrong}).get_data(as_text=True)
    assert "actions[0].do" in page and "unknown action" in page
    assert "discard" in page[page.index("使える値"):]


def test_download_gives_the_scenario_file(client):
    resp = client.post("/board/download", data={"yaml": TOY_SCENARIO})
    assert resp.status_code == 200
    assert resp.headers["Content-Disposition"] == 'attachment; filename="scenario-toy.yaml"'
    assert resp.get_data(as_text=True) == TOY_SCENARIO
    by_link = client.get("/board/download", query_string={"s": permalink.encode(TOY_SCENARIO)})
    assert by_link.get_data(as_text=True) == TOY_SCENARIO


def test_board_json_twin(client):
    data = client.get("/board", query_string={"from": "vision/scenarios/toy-discard.yaml",
                                              "format": "json"}).get_json()
    assert data["error"] is None and data["data"]["game"] == "toy"
    assert data["result"]["verdict"]["status"] == "match"
    assert permalink.decode(data["permalink_token"]) == pinning.pin(data["yaml"])


@pytest.mark.parametrize("path", ["../../etc/passwd", "vision/scenarios/../../../etc/passwd.yaml",
                                  "/etc/passwd", "vision/scenarios/nope.yaml",
                                  "vision/rule/toy.md", "vision/scenarios/.hidden.yaml",
                                  "vision\\scenarios\\toy-discard.yaml"])
def test_only_corpus_scenario_files_can_be_opened(client, path):
    resp = client.get("/board", query_string={"from": path})
    assert resp.status_code == 404
    assert "root:" not in resp.get_data(as_text=True)


@pytest.mark.parametrize("token", ["nonsense", "z1.!!!", "z1.AAAA", "z1." + "A" * 70_000,
                                   permalink.encode("x")[:-2]])
def test_a_broken_permalink_is_a_clear_400(client, token):
    resp = client.get("/board", query_string={"s": token})
    assert resp.status_code == 400
    assert "パーマリンク" in resp.get_data(as_text=True)


def test_an_unknown_game_or_bad_ruleset_is_4xx(client):
    assert client.get("/board?game=chess").status_code == 404
    resp = client.get("/board", query_string={"from": "vision/scenarios/toy-discard.yaml",
                                              "ruleset": "yesterday"})
    assert resp.status_code == 400


def test_huge_scenarios_are_refused_clearly(client):
    big = TOY_SCENARIO + "# " + "x" * 300_000 + "\n"
    resp = client.post("/board", data={"yaml": big})
    assert resp.status_code in (400, 413)
    huger = client.post("/board", data={"yaml": "x" * 600_000})
    assert huger.status_code == 413
    assert "KiB" in huger.get_data(as_text=True)


def test_the_page_data_keeps_the_scenario_order(client):
    page = client.get("/board?game=toy").get_data(as_text=True)
    data = page[page.index('id="bench-data"'):]
    data = data[data.index('"data": {'):]
    assert data.index('"game"') < data.index('"setup"') < data.index('"actions"')


def test_a_permalink_opens_on_its_result_with_the_board_editable_below(client):
    page = client.get("/board", query_string={"s": permalink.encode(TOY_SCENARIO)}) \
        .get_data(as_text=True)
    assert page.index('id="result"') < page.index('id="bench"')
    assert page.index('<ol class="steps">') < page.index('<textarea id="yaml"')


def test_a_pinned_permalink_says_when_the_rules_changed_since_and_offers_today(client):
    pinned = pinning.pin(TOY_SCENARIO, date(2014, 1, 1))
    page = client.get("/board", query_string={"s": permalink.encode(pinned)}).get_data(as_text=True)
    result = result_section(page)
    assert "2014-01-01 のルールで再生しています" in result
    assert "vision/rule/toy" in result                  # the revision made after that day
    offer = re.search(r'href="([^"]+)">現在のルールで再生する', result).group(1)
    now = client.get(offer.replace("&amp;", "&")).get_data(as_text=True)
    assert "ruleset: latest" in now and "ルールが改訂されました" not in now


def test_an_old_latest_permalink_still_opens_and_runs(client):
    old = TOY_SCENARIO if "ruleset:" in TOY_SCENARIO else "ruleset: latest\n" + TOY_SCENARIO
    page = client.get("/board", query_string={"s": permalink.encode(old)}).get_data(as_text=True)
    assert 'class="verdict match"' in result_section(page)
    assert "最新（" in result_section(page)


def test_pin_keeps_a_day_already_given_and_replaces_latest():
    assert pinning.pin("game: toy\nruleset: 2015-01-01\n") == "game: toy\nruleset: 2015-01-01\n"
    assert pinning.pin("game: toy\nruleset: latest\n", date(2026, 1, 2)) == \
        "game: toy\nruleset: 2026-01-02\n"
    assert pinning.pin("game: toy\n", date(2026, 1, 2)) == "game: toy\nruleset: 2026-01-02\n"


def test_a_runs_page_carries_neither_the_game_forms_nor_the_scenario_list(client):
    """Issue 15: the board's run page under 40 KB (bench/web.py posts QA-337's scenario of
    the real corpus; tests/web/test_real_corpus.py checks that one).  The forms' game
    descriptions come from /api/games/<name>, the scenario list from /board/scenarios."""
    page = client.post("/board", data={"yaml": TOY_SCENARIO})
    body = page.get_data(as_text=True)
    assert page.status_code == 200 and 'class="steps"' in body
    assert '"card_fields"' not in body and 'class="scenario-list"' not in body
    assert 'href="/board/scenarios"' in body     # the toy game has no scenarios: all of them


def test_the_scenario_list_is_a_page_of_its_own(client):
    page = client.get("/board/scenarios").get_data(as_text=True)
    assert 'id="scenario-list"' in page
    assert "/board?from=vision/scenarios/toy-discard.yaml" in page
    assert "手札1枚で捨てられるか" in page


def test_a_games_form_description_is_cached_and_revalidated(client):
    first = client.get("/api/games/toy?lang=ja")
    assert first.status_code == 200 and first.get_json()["name"] == "toy"
    assert "max-age" in first.headers["Cache-Control"] and first.headers.get("ETag")
    again = client.get("/api/games/toy?lang=ja", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304
    english = client.get("/api/games/toy?lang=en")
    assert english.headers["ETag"] != first.headers["ETag"] or \
        english.get_json() == first.get_json()


def test_japanese_quotations_are_marked_on_an_english_page_and_nothing_else(client):
    """Issue 29: on an English page the corpus's Japanese (the clause a step quotes, the
    rule's title, the scenario's title, card names) is a marked quotation; the English
    page's own words are not, and the Japanese page marks nothing."""
    scenario = "vision/scenarios/toy-discard.yaml"
    english = result_section(client.get("/board", query_string={
        "from": scenario, "lang": "en"}).get_data(as_text=True))
    japanese_text = re.compile("[\u3040-\u30ff\u3400-\u9fff]")
    quotes = re.findall(r'<blockquote class="quote"([^>]*)>「([^<]*)」', english)
    assert quotes
    for attributes, quote in quotes:         # marked exactly when it is Japanese
        assert ('lang="ja"' in attributes) == bool(japanese_text.search(quote)), quote
    marked = re.findall(r'lang="ja">([^<]*)<', english)
    assert marked and all(japanese_text.search(text) for text in marked)
    assert re.search(r'<h3 class="steps-title">Steps', english)
    japanese = result_section(client.get("/board", query_string={
        "from": scenario, "lang": "ja"}).get_data(as_text=True))
    assert 'lang="ja"' not in japanese


def test_an_unnamed_card_reads_as_its_place_on_the_tile_and_stays_its_key_in_the_yaml(client):
    """QA-337's boards hold nodes the scenario gives as a number (nodes: 3): the tiles
    showed the file's key (nodes-1) to a Japanese judge; the YAML keeps the number."""
    text = ("game: vision\nsetup:\n  active: A\n  phase: main\n  players:\n"
            "    A: {nodes: 2}\n    B: {}\nactions: []\n")
    names = re.compile(r'class="cname"[^>]*>([^<]*)<')
    ja = client.post("/board", data={"yaml": text}).get_data(as_text=True)
    assert "ノードエリアの1枚目" in names.findall(ja), ja[ja.find('id="result"'):][:800]
    assert "nodes-1" not in names.findall(ja)
    en = client.post("/board?lang=en", data={"yaml": text}).get_data(as_text=True)
    assert "node area card 1" in names.findall(en)
    assert "nodes: 2" in ja.split('name="yaml"', 1)[1]     # the board as the judge wrote it
