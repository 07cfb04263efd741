"""The issue's "done when", through the command line (click's CliRunner)."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from judge.cli import main


@pytest.fixture(scope="module")
def run(real_corpus, real_index_dir):
    runner = CliRunner()

    def invoke(*args):
        result = runner.invoke(main, list(args), env={"JUDGE_INDEX_DIR": str(real_index_dir)},
                               catch_exceptions=False)
        return result
    return invoke


@pytest.mark.parametrize("typed, first, clause", [
    ("グレイズ", {"vision/term/グレイズ", "vision/rule/6.5"}, None),
    ("ぐれいず", {"vision/term/グレイズ", "vision/rule/6.5"}, None),
    ("ＱＡ－３３７", {"vision/qa/QA-337"}, None),
    ('"6.5.3.b"', {"vision/rule/6.5"}, "6.5.3.b"),
    ("6.5.3.b", {"vision/rule/6.5"}, "6.5.3.b"),
])
def test_done_when_queries_put_the_right_entry_first(run, typed, first, clause):
    result = run("search", typed, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    top = data["results"][0]
    assert top["id"] in first
    if clause:
        assert top["clause"] == clause
        assert top["url"].endswith("#" + clause)
    assert set(data) >= {"query", "total", "results", "facets", "did_you_mean", "notice",
                         "redirect"}


def test_id_query_redirects(run):
    data = json.loads(run("search", "ＱＡ－３３７", "--json").output)
    assert data["redirect"] == "vision/qa/QA-337"
    # the older revision is there too, labelled, after the current one
    revs = [(r["revision"], r["current"]) for r in data["results"]
            if r["id"] == "vision/qa/QA-337"]
    assert revs[0] == (2, True) and (1, False) in revs
    older = [r for r in data["results"] if r["id"] == "vision/qa/QA-337" and not r["current"]]
    assert older[0]["url"].endswith("?rev=1")


def test_text_output_names_the_entry(run):
    result = run("search", "ぐれいず", "--limit", "3")
    assert result.exit_code == 0
    assert "vision/" in result.output and "グレイズ" in result.output
    assert "\x1b[" not in result.output          # no ANSI codes when not a terminal


def test_game_and_kind_options(run):
    data = json.loads(run("search", "攻撃", "--game", "yugioh", "--kind", "rule",
                          "--json").output)
    assert data["results"]
    assert {(r["game"], r["kind"]) for r in data["results"]} == {("yugioh", "rule")}


def test_index_command_reports(run):
    result = run("--lang", "en", "index")
    assert result.exit_code == 0
    assert "entries" in result.output
    # the Japanese report's words only: the offline files were built by the first run
    assert "項目" in run("--lang", "ja", "index", "--no-offline").output


# --- what the search page shows, through the command line -------------------------

def as_json(run, *args):
    result = run("search", *args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_the_json_is_the_apis(run, real_searcher):
    from judge.web import create_app
    client = create_app({"TESTING": True, "SEARCHER": real_searcher,
                         "OFFLINE_WARM": False}).test_client()
    for query in ("ぐれいづ", "裏側守備表示", "グレイズ 存在しない語"):
        cli = as_json(run, query, "--limit", "5")
        api = client.get("/api/search", query_string={"q": query, "limit": 5}).get_json()
        assert set(cli) == set(api), query
        strip = ("snippet",)        # the page sanitises its snippets' HTML once more
        for a, b in zip(cli["results"], api["results"], strict=True):
            assert {k: v for k, v in a.items() if k not in strip + ("passages", "old")} == \
                {k: v for k, v in b.items() if k not in strip + ("passages", "old")}
            assert [p["url"] for p in a["passages"]] == [p["url"] for p in b["passages"]]
        assert {k: cli[k] for k in cli if k != "results"} == \
            {k: api[k] for k in api if k != "results"}


def test_a_kana_typo_is_corrected_and_said(run):
    data = as_json(run, "ぐれいづ")
    assert data["corrected"] == "グレイズ" and data["did_you_mean"][0] == "グレイズ"
    ids = [r["id"] for r in data["results"]]
    assert len(ids) == len(set(ids))                       # one result per entry
    assert set(ids[:2]) == {"vision/term/グレイズ", "vision/rule/6.5"}
    rule = next(r for r in data["results"] if r["id"] == "vision/rule/6.5")
    assert rule["exact"] == 3 and rule["passages"]         # its clauses under it
    assert all(p["current"] for p in rule["passages"]) and rule["old_matches"] >= 1
    text = run("--lang", "ja", "search", "ぐれいづ").output
    assert "もしかして: 「ぐれいづ」は一字違い" in text and "「グレイズ」の結果" in text
    assert text.count("vision/rule/6.5") == 1               # the entry once...
    assert "§ 6.5.3.a:" in text                             # ...its passages under it
    assert "旧版にも" in text and "--old" in text


def test_old_lists_the_older_revisions(run):
    data = as_json(run, "ぐれいづ", "--old")
    assert data["old_included"] is True
    term = next(r for r in data["results"] if r["id"] == "vision/term/グレイズ")
    assert [p["revision"] for p in term["passages"] if not p["current"]] == [1]
    text = run("--lang", "ja", "search", "ぐれいづ", "--old").output
    assert "旧版、改訂1" in text and "--old で並べて表示" not in text


def test_a_glossary_term_is_also_searched_as_the_texts_wording(run):
    data = as_json(run, "裏側守備表示")
    assert {"term": "裏側守備表示", "wording": "裏表示", "game": "yugioh"} in data["expanded"]
    ids = [r["id"] for r in data["results"]]
    assert ids[0] == "yugioh/term/裏側守備表示" and "yugioh/rule/flip-effects" in ids
    text = run("--lang", "ja", "search", "裏側守備表示").output
    assert "用語集: 「裏側守備表示」は本文では「裏表示」" in text
    assert "yugioh/rule/flip-effects" in text


def test_an_id_in_full_width_names_its_entry(run):
    data = as_json(run, "ＱＡ３３７")
    assert data["redirect"] == "vision/qa/QA-337"
    assert data["results"][0]["id"] == "vision/qa/QA-337"
    text = run("--lang", "ja", "search", "ＱＡ３３７").output
    assert "judge show vision/qa/QA-337" in text


def test_words_no_text_holds_are_dropped_and_named(run):
    # a word no text holds (存在しない語 is a sentence's fragment, searched by its words
    # 存在 and 語, which texts hold: question.is_phrase)
    data = as_json(run, "グレイズ", "ゾヌヌ")
    assert data["dropped"] == ["ゾヌヌ"] and data["searched"] == "グレイズ"
    assert data["results"][0]["id"] in {"vision/term/グレイズ", "vision/rule/6.5"}
    text = run("--lang", "ja", "search", "グレイズ", "ゾヌヌ").output
    assert "「ゾヌヌ」を除いた「グレイズ」" in text


def test_a_rule_that_holds_the_query_comes_before_a_card_that_sounds_like_it(run):
    ids = [r["id"] for r in as_json(run, "ブラスター")["results"]]
    assert ids.index("gemchronicle/rule/attack-types") < ids.index("vision/card/N105")


def test_pages_and_an_empty_query(run):
    first = as_json(run, "攻撃", "--limit", "3")
    second = as_json(run, "攻撃", "--limit", "3", "--page", "2")
    assert first["pages"] > 1 and second["page"] == 2
    assert not {r["id"] for r in first["results"]} & {r["id"] for r in second["results"]}
    empty = run("search", "  ")
    assert empty.exit_code == 2 and "Traceback" not in empty.output


def test_a_search_as_of_a_day_is_shaped_like_any_other(run, real_searcher):
    """Issue 23: the as-of search groups, corrects and expands as the search of today
    does, in the CLI and the API alike (one function, judge/app/search.py)."""
    from judge.web import create_app
    data = as_json(run, "ぐれいづ", "--as-of", "2025-06-01")
    assert data["corrected"] == "グレイズ" and data["as_of"] == "2025-06-01"
    ids = [r["id"] for r in data["results"]]
    assert ids and len(ids) == len(set(ids))                # one result per entry
    assert all("as_of=2025-06-01" in r["url"] for r in data["results"])
    client = create_app({"TESTING": True, "SEARCHER": real_searcher,
                         "OFFLINE_WARM": False}).test_client()
    api = client.get("/api/search", query_string={"q": "ぐれいづ", "as_of": "2025-06-01",
                                                  "limit": 10}).get_json()
    assert [r["id"] for r in api["results"]] == ids


def test_the_notices_prefix_is_in_the_readers_language(run):
    # a Japanese reader saw 「note: 'ぐれいづ' …」: the prefix was written by hand
    text = run("--lang", "ja", "search", "ぐれいづ").output
    notes = [line for line in text.splitlines() if "一字違い" in line]
    assert notes and all(line.startswith("注：") for line in notes), notes
    assert "note:" not in text
    assert "note: " in run("--lang", "en", "search", "ぐれいづ").output


def test_a_clause_the_entry_does_not_have_is_not_a_redirect(run):
    # 6.5.9 answered "nothing matches" yet redirected to vision/rule/6.5#6.5.9, no such clause
    data = json.loads(run("search", "6.5.9", "--json").output)
    assert data["redirect"] is None and data.get("redirect_url") is None
    assert "vision/rule/6.5" in data["notice"] and "6.5.9" in data["notice"]
    ja = json.loads(run("--lang", "ja", "search", "6.5.9", "--json").output)
    assert "vision/rule/6.5 に条項 6.5.9 はありません" in ja["notice"]
    en = json.loads(run("--lang", "en", "search", "6.5.9", "--json").output)
    assert "vision/rule/6.5 has no clause 6.5.9" in en["notice"]
    assert "judge show" not in run("--lang", "en", "search", "6.5.9").output
    # the searcher showed 6.5's passages instead (its did-you-mean): no word was "dropped"
    # to search "" (「6.5.9」を除いた「」で一致), and the clause's notice is said
    assert ja["dropped"] == [] and ja["did_you_mean"] == ["6.5"]
    text = run("--lang", "ja", "search", "6.5.9").output
    assert "条項 6.5.9 はありません" in text and "を除いた「」" not in text
    # a clause that is there still goes to it
    there = json.loads(run("search", "6.5.3.b", "--json").output)
    assert there["redirect"] == "vision/rule/6.5#6.5.3.b"


def test_the_page_does_not_send_the_browser_to_a_clause_that_is_not(real_searcher):
    # /search?q=6.5.9 sent the judge (302) to vision/rule/6.5#6.5.9, a clause that is not
    from judge.web import create_app
    client = create_app({"TESTING": True, "SEARCHER": real_searcher,
                         "OFFLINE_WARM": False}).test_client()
    resp = client.get("/search", query_string={"q": "6.5.9"})
    assert resp.status_code == 200
    assert "6.5.9" in resp.get_data(as_text=True)
    api = client.get("/api/search", query_string={"q": "6.5.9"}).get_json()
    assert api["redirect"] is None and "6.5.9" in api["notice"]
    there = client.get("/search", query_string={"q": "6.5.3.b"})
    assert there.status_code == 302 and there.location.endswith("#6.5.3.b")
