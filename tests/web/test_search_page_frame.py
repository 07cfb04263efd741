"""A results page drawn from its kept frame (judge/web/searchpage.py) is, byte for byte,
the page search.html writes whole, for every shape of page and both languages, and the
frame holds nothing of the query that drew it first."""
from __future__ import annotations

import pytest
from flask import render_template, request

QUERIES = ["グレイズ", "攻撃", "プレイ", "ダメージ計算", '"プレイしたものとして解決"',
           "攻撃 できますか", "<b>攻撃</b> & \"x\"", "結界", "ぐれいず"]


def _both(app, url: str) -> tuple[str, str, bool]:
    from judge.web import searchpage, viewmodels
    from judge.web.pages import json_url
    with app.test_request_context(url):
        app.preprocess_request()
        found = viewmodels.search(request.args)
        home = request.path == "/" and not found.q
        return (searchpage.page(found, home, json_url),
                render_template("search.html", s=found, home=home),
                searchpage.whole(found, home))


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("q", QUERIES)
def test_a_framed_page_is_the_whole_page(app, q, lang):
    for page in (1, 2):
        for path in ("/search", "/"):
            framed, whole, _rendered_whole = _both(
                app, f"{path}?q={q}&stay=1&lang={lang}&page={page}")
            assert framed == whole


def test_the_common_pages_are_framed_and_the_rest_whole(app):
    for q in ("プレイ", "攻撃 できますか", "QA-337", '"プレイしたものとして解決"'):
        framed, whole, rendered_whole = _both(app, f"/search?q={q}&stay=1")
        assert not rendered_whole and framed == whole
    for url in ("/", "/search?q=攻撃&stay=1&kind=qa", "/search?q=zzzzqqqq&stay=1",
                "/search?q=攻撃&stay=1&as_of=2015-01-01"):
        framed, whole, rendered_whole = _both(app, url)
        assert rendered_whole and framed == whole


def test_the_frame_holds_nothing_of_a_query(app, client):
    from judge.web import searchpage
    first = client.get("/search?q=プレイ&stay=1&_=frame-test").get_data(as_text=True)
    assert searchpage._FRAMES and "プレイ" in first
    frames = list(searchpage._FRAMES._data.values())
    assert frames and all("プレイ" not in "".join(pieces) for pieces, _empty in frames)
    second = client.get("/search?q=%3Cscript%3Eプレイ&stay=1&_=frame-test").get_data(as_text=True)
    assert "<script>" not in second and "&lt;script&gt;プレイ" in second
