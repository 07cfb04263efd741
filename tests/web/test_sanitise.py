"""Nothing from the corpus or a scenario can run in the page (a planted entry proves it)."""
from __future__ import annotations

from html.parser import HTMLParser

import pytest

from judge.app import permalink

from .fixtures import EVIL_SCENARIO

class Elements(HTMLParser):
    """Every element and attribute of a page, as a browser's parser sees them."""

    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def assert_safe(page: str) -> None:
    """No script but the app's own files and JSON data, no handler, no javascript: URL."""
    parser = Elements()
    parser.feed(page)
    for tag, attrs in parser.tags:
        assert tag not in ("iframe", "object", "embed", "style", "base", "form") or \
            (tag == "form" and attrs.get("action", "").startswith("/")), (tag, attrs)
        if tag == "script":
            assert attrs.get("src", "").startswith("/static/") or \
                attrs.get("type") == "application/json", attrs
        if tag == "img":
            raise AssertionError(f"an <img> from the content: {attrs}")
        for name, value in attrs.items():
            assert not name.startswith("on"), (tag, name, value)
            if name in ("href", "src", "action", "formaction"):
                assert not (value or "").strip().lower().startswith(("javascript:", "data:",
                                                                    "vbscript:")), (tag, value)


def test_a_planted_entry_is_rendered_harmless(client):
    page = client.get("/entry/vision/qa/QA-900").get_data(as_text=True)
    assert_safe(page)
    assert "&lt;script&gt;" in page                     # the title is shown, escaped
    assert 'href="/entry/vision/qa/QA-337"' in page     # real links still work


def test_a_planted_scenario_title_and_card_are_escaped(client):
    for url in ("/board?from=vision/scenarios/evil.yaml", "/entry/vision/qa/QA-900",
                "/board?s=" + permalink.encode(EVIL_SCENARIO)):
        page = client.get(url).get_data(as_text=True)
        assert_safe(page)
    page = client.get("/board?from=vision/scenarios/evil.yaml").get_data(as_text=True)
    assert "&lt;img src=x onerror=alert(2)&gt;" in page


def test_posted_board_text_is_escaped(client):
    resp = client.post("/board", data={"yaml": "title: </textarea><script>alert(9)</script>\n"})
    assert resp.status_code == 400
    assert "<script>alert(9)" not in resp.get_data(as_text=True)


@pytest.mark.parametrize("q", ["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>'])
def test_queries_are_escaped(client, q):
    page = client.get("/search", query_string={"q": q}).get_data(as_text=True)
    assert_safe(page)


def test_json_in_the_page_cannot_close_its_script_tag(client):
    page = client.post("/board", data={"yaml": EVIL_SCENARIO}).get_data(as_text=True)
    data = page[page.index('id="bench-data"'):]
    data = data[:data.index("</script>")]
    assert "<" not in data.split(">", 1)[1]


def test_a_snippet_skips_nh3_only_when_nh3_would_give_the_same():
    """sanitize_snippet's fast path (a snippet as the highlighter writes it) writes what
    nh3 writes; hostile text, a tag or a stray ``<`` or ``&`` still goes through nh3."""
    import random

    import nh3

    from judge.app.render import _PLAIN_SNIPPET, sanitize_snippet
    from judge.search.highlight import snippet

    pieces = ["a", "あ", " ", "\n", "\t", "&amp;", "&lt;", "&gt;", "&quot;", "&#x27;",
              "<mark>", "</mark>", "&", "<", ">", '"', "'", "\r", "\x00", "\x0c", "\x7f",
              "\x85", "\xa0", "\ufeff", "\u2028", "&nbsp;", "&#39;", "<b>", "<script>",
              "<mark onclick=x>", "\ufffd", "\U0001f600", "\U0010fffe", "<!--", "-->"]
    rnd = random.Random(27)
    fast = 0
    for _ in range(20000):
        text = "".join(rnd.choice(pieces) for _ in range(rnd.randint(0, 12)))
        for html in (text, snippet(text, [rnd.choice(["a", "あ", "lt", "amp"])])):
            fast += bool(_PLAIN_SNIPPET.fullmatch(html))
            assert str(sanitize_snippet(html)) == nh3.clean(html, tags={"mark"},
                                                            attributes={}), repr(html)
    assert fast > 1000
    for hostile in ['<script>alert(1)</script>', '<mark onclick="x">a</mark>',
                    '<mark><img src=x onerror=alert(1)></mark>', 'a <b>b</b>',
                    '<mark>a</mark><mark>', '&lt;<mark>x</mark>&#60;script>']:
        out = str(sanitize_snippet(hostile))
        assert "<script" not in out and "<img" not in out and "onclick" not in out
        assert "<b>" not in out
