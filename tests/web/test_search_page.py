"""The search page and /api/search: results, facets, paging, id redirects, odd queries."""
from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest


def test_home_page_is_japanese_and_has_one_labelled_search_box(client):
    page = client.get("/").get_data(as_text=True)
    assert '<html lang="ja">' in page
    assert page.count('type="search"') == 1
    assert re.search(r'<label for="q"[^>]*>[^<]+</label>', page)
    assert 'aria-keyshortcuts="/"' in page


def test_results_show_title_id_snippet_with_marks_and_facets(client):
    resp = client.get("/search", query_string={"q": "プレイしたものとして解決"})
    page = resp.get_data(as_text=True)
    assert resp.status_code == 200
    assert "vision/qa/QA-337" in page
    assert "<mark>" in page
    assert 'class="facets"' in page and "Q&amp;A" in page


def test_the_page_and_its_json_twin_agree(client):
    q = {"q": "プレイ"}
    page_json = client.get("/search", query_string={**q, "format": "json"}).get_json()
    api = client.get("/api/search", query_string=q).get_json()
    assert page_json["total"] == api["total"] > 0
    assert [r["id"] for r in page_json["results"]] == [r["id"] for r in api["results"]]
    for key in ("query", "results", "facets", "did_you_mean", "notice", "page", "pages"):
        assert key in api


@pytest.mark.parametrize("typed", ["QA-337", "qa337", "ＱＡ－３３７", "Q337"])
def test_a_qa_number_in_any_spelling_goes_to_its_entry(client, typed):
    resp = client.get("/search", query_string={"q": typed})
    assert resp.status_code == 302
    target = urlsplit(resp.headers["Location"])
    assert target.path.endswith("/entry/vision/qa/QA-337")
    # the query rides along, and the entry page keeps it in the search box
    assert parse_qs(target.query)["q"] == [typed]
    page = client.get(resp.headers["Location"]).get_data(as_text=True)
    assert f'value="{typed}"' in page


def test_a_facet_filters_and_keeps_the_query(client):
    page = client.get("/search", query_string={"q": "プレイ", "kind": "rule"}).get_data(as_text=True)
    assert "vision/qa/QA-337" not in page
    assert 'name="kind" value="rule"' in page          # the box keeps the filter


def test_paging_moves_through_results(client):
    # (paging counts entries: one result per entry, its passages under it)
    one = client.get("/api/search", query_string={"q": "マナの生成", "limit": 1}).get_json()
    two = client.get("/api/search", query_string={"q": "マナの生成", "limit": 1, "page": 2}).get_json()
    assert one["total"] >= 2 and one["pages"] >= 2
    assert one["results"][0] != two["results"][0]


def test_no_results_suggests_something(client):
    page = client.get("/search", query_string={"q": "存在しない語句ぜったいない",
                                               "game": "vision"}).get_data(as_text=True)
    assert "一致する項目はありませんでした" in page
    assert "絞り込みを外して" in page


@pytest.mark.parametrize("q", ['"プレイ', "AND", "a AND", "OR OR", "(((", "-", '""', "*",
                               "グレ\x00イズ\x07", "\u202eabc", "../../etc/passwd",
                               "<script>alert(1)</script>", "%00", "\\", "a" * 256])
def test_odd_queries_get_an_answer_never_a_500(client, q):
    for url in ("/search", "/api/search"):
        resp = client.get(url, query_string={"q": q, "stay": 1})
        assert resp.status_code in (200, 302), (url, q, resp.status_code)
    page = client.get("/search", query_string={"q": q, "stay": 1}).get_data(as_text=True)
    assert "<script>alert(1)</script>" not in page


def test_a_10000_character_query_is_a_clear_400(client):
    resp = client.get("/search", query_string={"q": "あ" * 10_000})
    assert resp.status_code == 400
    assert "長すぎます" in resp.get_data(as_text=True)
    api = client.get("/api/search", query_string={"q": "a" * 10_000})
    assert api.status_code == 400 and api.get_json()["limit"] == 256


@pytest.mark.parametrize("args", [{"page": "0"}, {"page": "abc"}, {"page": "99999"},
                                  {"game": "mtg"}, {"kind": "spell"}, {"format": "xml"}])
def test_bad_arguments_are_400_with_what_is_accepted(client, args):
    resp = client.get("/search", query_string={"q": "グレイズ", **args})
    assert resp.status_code == 400
    if "format" not in args:
        api = client.get("/api/search", query_string={"q": "グレイズ", **args})
        assert api.status_code == 400
        assert api.get_json()["error"]


def test_the_api_limit_is_bounded(client):
    assert client.get("/api/search?q=a&limit=1000").status_code == 400
    assert client.get("/api/search?q=a&limit=100").status_code == 200


# --- the page agrees with itself (issue 24) --------------------------------------------

@pytest.mark.parametrize("args", [
    {"q": "プレイ"}, {"q": "解決"}, {"q": "効果"}, {"q": "プレイ", "kind": "qa"},
    {"q": "プレイ", "game": "vision"}, {"q": "プレイ", "game": "vision", "kind": "qa"},
])
def test_the_header_count_is_the_sum_of_the_chips(client, args):
    data = client.get("/api/search", query_string=args).get_json()
    facets = data["facets"]
    assert data["total"] > 0
    for dim in ("game", "kind"):
        if args.get(dim):
            assert facets[dim][args[dim]] == data["total"]
        else:
            assert sum(facets[dim].values()) == data["total"], (dim, facets)
    page = client.get("/search", query_string={**args, "stay": 1}).get_data(as_text=True)
    assert f'<span class="total">{data["total"]} 項目</span>' in page


@pytest.mark.parametrize("q", ["purei", "プレイ 存在しない語"])
def test_a_page_with_results_never_says_nothing_matches(client, q):
    data = client.get("/api/search", query_string={"q": q}).get_json()
    page = client.get("/search", query_string={"q": q}).get_data(as_text=True)
    assert data["results"]
    assert "語を減らすか、別の書き方にするか" not in page
    assert "try fewer words" not in data["notice"]


def test_a_match_in_older_wording_shows_the_current_revision_with_a_note(client):
    data = client.get("/api/search", query_string={"q": '"はい、できます"'}).get_json()
    hit = next(r for r in data["results"] if r["id"] == "vision/qa/QA-337")
    assert hit["current"] and "?rev=" not in hit["url"]
    assert hit["old_wording"]["revision"] < hit["revision"]
    assert hit["old_wording"]["url"].endswith(f"?rev={hit['old_wording']['revision']}")
    page = client.get("/search", query_string={"q": '"はい、できます"'}).get_data(as_text=True)
    assert "旧版の文言に一致" in page and hit["old_wording"]["url"] in page.replace("&amp;", "&")


def test_a_question_page_names_the_words_each_result_holds_and_lacks(client):
    data = client.get("/api/search", query_string={
        "q": "プレイしたものとして解決するとどうなりますか"}).get_json()
    assert data["question"]["asks"] and data["results"]
    page = client.get("/search", query_string={
        "q": "プレイしたものとして解決するとどうなりますか"}).get_data(as_text=True)
    assert "質問の語" in page
    if any(r["missing"] for r in data["results"]):
        assert "含まない語" in page


def test_the_frame_links_kept_follow_the_script_root(client):
    """The templates' url_for keeps the frame's links (judge/web/__init__.py): an app
    mounted under a path gets its own, and the plain one keeps its own after it."""
    def links(page: str) -> list[str]:
        return re.findall(r'<link rel="stylesheet" href="([^"]+)"', page)
    plain = client.get("/search", query_string={"q": "プレイ", "_": "a"}).get_data(as_text=True)
    under = client.get("/search", query_string={"q": "プレイ", "_": "b"},
                       base_url="http://localhost/judge/").get_data(as_text=True)
    again = client.get("/search", query_string={"q": "プレイ", "_": "c"}).get_data(as_text=True)
    assert links(plain) and all(u.startswith("/static/") for u in links(plain))
    assert links(under) == ["/judge" + u for u in links(plain)]
    assert links(again) == links(plain)
    # a facet's link carries the query and is built for this page, under its root
    facet = re.search(r'<aside class="facets".*?<a href="([^"]+)"', under, re.S).group(1)
    assert facet.startswith("/judge/") and "q=" in facet


# --- one search per results page (issue 27) --------------------------------------------

@pytest.fixture
def searcher_calls(app, monkeypatch):
    """The queries the searcher was asked, in order."""
    from judge.app.services import services
    with app.app_context():
        searcher = services().searcher()
    real, calls = type(searcher).search, []

    def counting(self, query, *a, **k):
        calls.append((query, k.get("game"), k.get("kind")))
        return real(self, query, *a, **k)
    monkeypatch.setattr(type(searcher), "search", counting)
    return calls


@pytest.mark.parametrize("args", [
    {"q": "プレイ", "kind": "qa"}, {"q": "プレイ", "game": "vision"},
    {"q": "プレイ", "game": "vision", "kind": "qa"}, {"q": "プレイ", "kind": "qa", "page": 2},
])
def test_a_filtered_results_page_searches_once(client, searcher_calls, args):
    page = client.get("/search", query_string={**args, "stay": 1, "_": "once"})
    assert page.status_code == 200
    assert len(searcher_calls) == 1, searcher_calls
    api = client.get("/api/search", query_string=args).get_json()
    assert api["total"] > 0 and len(searcher_calls) == 2, searcher_calls


@pytest.mark.parametrize("args, key", [
    ({"kind": "ルール"}, ("kind", "rule")), ({"kind": "Q&A"}, ("kind", "qa")),
    ({"kind": "裁定"}, ("kind", "qa")), ({"game": "ＶＩＳＩＯＮ"}, ("game", "vision")),
    ({"game": "Vision"}, ("game", "vision"))])
def test_the_api_takes_the_words_the_query_language_and_the_cli_take(client, args, key):
    # kind:ルール in the query and --kind ルール on the command line worked; ?kind=ルール was 400
    api = client.get("/api/search", query_string={"q": "効果", **args})
    assert api.status_code == 200, api.get_json()
    data = api.get_json()
    typed = client.get("/api/search", query_string={"q": "効果", key[0]: key[1]}).get_json()
    assert data[key[0]] == key[1]
    assert [r["id"] for r in data["results"]] == [r["id"] for r in typed["results"]]
    assert client.get("/search", query_string={"q": "効果", **args}).status_code == 200


def test_a_word_that_is_no_kind_or_game_is_still_a_clear_400(client):
    for args in ({"kind": "呪文"}, {"game": "マジック"}, {"game": "遊戯王"}):  # not here
        api = client.get("/api/search", query_string={"q": "効果", **args})
        assert api.status_code == 400
        body = api.get_json()
        assert body["error"] and body["accepted"]


def test_a_games_titles_and_aliases_name_it_as_in_the_query_language():
    # (this test corpus has no games.yaml: its one game has no titles to type)
    from types import SimpleNamespace
    from judge.app.search import game_named, kind_named
    from judge.corpus.games import GameInfo
    corpus = SimpleNamespace(games=[GameInfo("yugioh", {"ja": "遊戯王OCG"}, ("遊戯王", "ygo")),
                                    GameInfo("vision", {"ja": "東方Vision"}, ())])
    assert [game_named(corpus, w) for w in ("遊戯王", "遊戯王OCG", "ＹＧＯ", "東方vision",
                                            "mtg", "", None)] == \
        ["yugioh", "yugioh", "yugioh", "vision", None, None, None]
    assert [kind_named(w) for w in ("ルール", "Ｑ＆Ａ", "用語", "カード", "spell", None)] == \
        ["rule", "qa", "term", "card", None, None]
