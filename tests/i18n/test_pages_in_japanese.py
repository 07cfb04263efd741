"""The pages, the API and the CLI: Japanese by default, English by one switch.

A page rendered in ja may show English only where it quotes data (card names, ids,
code, the scenario's YAML, the corpus's own notes); every word the templates write is
Japanese.  The language comes from ``?lang=``, then the cookie the switch sets, then
Accept-Language.
"""
from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from click.testing import CliRunner

from judge.cli import main
from judge.corpus import DEFAULT_CORPUS

from .english import english_sentence

JA = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
# Elements whose text is data, not the page's own words.
DATA_TAGS = {"code", "pre", "textarea", "script", "style", "kbd", "blockquote", "q", "option"}
DATA_CLASSES = {"cname", "snippet", "note", "rev-text", "diff", "text", "quote", "extra",
                "run-title", "entry-id", "source-detail", "error-lines", "source-part"}
PAGES = ["/entry/vision/qa/QA-337", "/entry/vision/qa/QA-337?rev=1",
         "/entry/yugioh/rule/damage-calculation", "/entry/gemchronicle/rule/battle-phase",
         "/board", "/board?from=yugioh/scenarios/damage-attack-higher.yaml",
         "/search", "/search?q=zzzzqqq", "/entry/nope/nope/nope"]


class Words(HTMLParser):
    """The text of a page outside data elements, and the attributes a reader meets."""

    def __init__(self):
        super().__init__()
        self.stack: list[bool] = []
        self.texts: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        classes = set((a.get("class") or "").split())
        data = tag in DATA_TAGS or bool(classes & DATA_CLASSES) or \
            (self.stack and self.stack[-1])
        if tag not in ("br", "img", "input", "meta", "link", "hr", "source"):
            self.stack.append(bool(data))
        if not data:
            for name in ("title", "aria-label", "placeholder", "alt"):
                if a.get(name):
                    self.texts.append(a[name])

    def handle_endtag(self, tag):
        if self.stack and tag not in ("br", "img", "input", "meta", "link", "hr", "source"):
            self.stack.pop()

    def handle_data(self, data):
        if not (self.stack and self.stack[-1]) and data.strip():
            self.texts.append(data.strip())


@pytest.fixture(scope="module")
def real():
    if not (DEFAULT_CORPUS / "vision" / "qa").is_dir():
        pytest.skip("corpus/ has not been generated")
    from judge.web import create_app

    class NoSearch:
        def search(self, q, **kw):
            from judge.search import SearchResult
            return SearchResult(query=q)

    return create_app({"TESTING": True, "SEARCHER": NoSearch()}).test_client()


@pytest.mark.parametrize("url", PAGES)
def test_no_template_shows_english_in_japanese(real, url):
    page = real.get(url)
    words = Words()
    words.feed(page.get_data(as_text=True))
    english = [(t, english_sentence(t)) for t in words.texts if english_sentence(t)]
    assert not english, f"{url}: English in the ja page: {english[:8]}"


def test_the_same_page_reads_in_english(real):
    html = real.get("/entry/vision/qa/QA-337?lang=en").get_data(as_text=True)
    assert '<html lang="en">' in html
    assert "Replayed by the engine" in html and "as if" in html
    assert "エンジンによる再現" not in html


def test_the_language_switch_is_kept_in_a_cookie(real):
    first = real.get("/search?lang=en")
    assert "lang=en" in first.headers.get("Set-Cookie", "")
    later = real.get("/entry/vision/qa/QA-337")           # the cookie, no ?lang=
    assert '<html lang="en">' in later.get_data(as_text=True)
    back = real.get("/entry/vision/qa/QA-337?lang=ja")
    assert '<html lang="ja">' in back.get_data(as_text=True)
    real.delete_cookie("lang")


def test_accept_language_when_nothing_else_says(real):
    real.delete_cookie("lang")
    en = real.get("/search", headers={"Accept-Language": "en-GB,en;q=0.9"})
    assert '<html lang="en">' in en.get_data(as_text=True)
    assert "Accept-Language" in en.headers.get("Vary", "")
    fr = real.get("/search", headers={"Accept-Language": "fr-FR"})
    assert '<html lang="ja">' in fr.get_data(as_text=True)       # ja is the default


def test_the_header_offers_both_languages(real):
    html = real.get("/entry/vision/qa/QA-337?rev=1").get_data(as_text=True)
    assert 'hreflang="en"' in html and "rev=1" in html.split('hreflang="en"')[0][-200:]


def test_api_run_takes_lang(real):
    yaml_text = (DEFAULT_CORPUS / "yugioh/scenarios/damage-attack-higher.yaml").read_text()
    ja = real.post("/api/run", data=yaml_text.encode(), content_type="application/yaml")
    en = real.post("/api/run?lang=en", data=yaml_text.encode(),
                   content_type="application/yaml")
    assert ja.status_code == en.status_code == 200, ja.get_data(as_text=True)[:300]
    ja_steps, en_steps = ja.get_json()["steps"], en.get_json()["steps"]
    assert [s["message"] for s in ja_steps] == [s["message"] for s in en_steps]
    damage_ja = next(s for s in ja_steps if s["event"] == "damage")
    damage_en = next(s for s in en_steps if s["event"] == "damage")
    assert "戦闘ダメージ" in damage_ja["detail"] and "battle damage" in damage_en["detail"]


def test_the_entry_json_carries_message_ids(real):
    data = real.get("/entry/vision/qa/QA-337?format=json").get_json()
    steps = [s for run in data["replay"]["runs"] for s in run["steps"]]
    assert steps and all(s["message"] and "params" in s for s in steps)
    assert any("プレイしたものとして解決" in s["detail"] for s in steps)


@pytest.mark.parametrize("args, want, unwanted", [
    (["replay", "vision/qa/QA-337"], "プレイしたものとして解決", "as if"),
    (["--lang", "en", "replay", "vision/qa/QA-337"], "as if", "解決する："),
])
def test_cli_replay_in_each_language(args, want, unwanted):
    result = CliRunner().invoke(main, args, env={"LANG": "C.UTF-8", "LC_ALL": ""})
    assert result.exit_code == 0, result.output
    assert want in result.output and unwanted not in result.output


def test_cli_follows_the_environment_locale():
    path = str(DEFAULT_CORPUS / "yugioh/scenarios/damage-attack-higher.yaml")
    en = CliRunner().invoke(main, ["run", path], env={"LC_ALL": "en_US.UTF-8"})
    ja = CliRunner().invoke(main, ["run", path], env={"LC_ALL": "ja_JP.UTF-8"})
    assert "battle damage" in en.output and "戦闘ダメージ" in ja.output
