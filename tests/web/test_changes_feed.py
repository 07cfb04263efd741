"""What changed, the Atom feeds and ?as_of=, over a copy of the corpus that the CLI
changed (a test Q&A and a test reversal of QA-337, both marked テスト: never real)."""
from __future__ import annotations

import shutil
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest
from click.testing import CliRunner

from judge.cli import main

ROOT = Path(__file__).resolve().parents[2]
ATOM = "{http://www.w3.org/2005/Atom}"
QUESTION_337 = ("「プレイしたものとして解決する」効果で、例えばNo.075 マナの生成のように使用出来る"
                "ターンや枚数、条件などの制限があるカードは、その制限を無視できますか？")


@pytest.fixture(scope="module")
def changed(tmp_path_factory) -> Path:
    work = tmp_path_factory.mktemp("changed")
    shutil.copytree(ROOT / "corpus", work / "corpus")
    shutil.copytree(ROOT / "sources", work / "sources")
    runner = CliRunner()
    base = ["--corpus", str(work / "corpus")]
    for number, question, answer in (
            ("900", "テスト用の架空の質問ですか？", "テスト用の架空の回答です。"),
            ("337", QUESTION_337, "はい、できます。（テスト用の架空の再回答）")):
        out = runner.invoke(main, [*base, "new", "qa", "vision", number, "--date",
                                   "2026-12-01", "--question", question, "--answer", answer,
                                   "--source-url", "https://example.invalid/test"])
        assert out.exit_code == 0, out.output
    out = runner.invoke(main, [*base, "import", str(work / "sources")])
    assert out.exit_code == 0, out.output
    return work


@pytest.fixture(scope="module")
def client(changed, tmp_path_factory):
    from judge.corpus import Corpus
    from judge.search import Searcher
    from judge.web import create_app
    # The index of the rulings only (no card entries): quick to build, and what the
    # as-of search is about.
    small = tmp_path_factory.mktemp("small") / "corpus"
    shutil.copytree(changed / "corpus", small, ignore=lambda d, names: [
        n for n in names if Path(d).name == "vision" and n == "card"])
    searcher = Searcher.open(Corpus.load(small), tmp_path_factory.mktemp("index"))
    app = create_app({"TESTING": True, "CORPUS_DIR": str(changed / "corpus"),
                      "SEARCHER": searcher})
    return app.test_client()


def feed(client, url):
    response = client.get(url)
    assert response.status_code == 200
    assert response.content_type.startswith("application/atom+xml")
    return ET.fromstring(response.data)


def test_feed_lists_changes_newest_first_with_word_diffs(client):
    # Vision's feed: its glossary terms (written the same day) are new too; the rulings
    # are looked at here.
    root = feed(client, "/changes.atom?game=vision")
    entries = root.findall(f"{ATOM}entry")
    dates = [e.find(f"{ATOM}updated").text for e in entries]
    assert dates == sorted(dates, reverse=True)
    glossary = [e for e in entries if "/term/" in e.find(f"{ATOM}id").text
                and e.find(f"{ATOM}updated").text.startswith("2026-12-01")]
    assert len(glossary) == 3
    # and so are its lexicon rows (sources/lexicon/vision.yaml, written 2026-12-02, rows
    # added later on their own day)
    lexicon = [e for e in entries if "/term/" in e.find(f"{ATOM}id").text
               and e.find(f"{ATOM}updated").text[:10] in ("2026-12-02", "2026-12-03")]
    assert all(e.find(f"{ATOM}title").text.split(" [")[0].endswith("の呼び名")
               for e in lexicon) and lexicon
    entries = [e for e in entries if e not in glossary + lexicon]
    titles = [e.find(f"{ATOM}title").text for e in entries]
    assert titles[0].startswith("QA-900 ") and "[新規]" in titles[0]
    assert titles[1].startswith("QA-337 ") and "[改訂2→改訂3]" in titles[1]
    diff = entries[1].find(f"{ATOM}content").text
    assert "<del" in diff and "いいえ" in diff and "<ins" in diff and "はい" in diff
    # An older change is there too: the reversal of 2014-04-10 (revision 1 -> 2).
    assert any(t.startswith("QA-337 ") and "[改訂1→改訂2]" in t for t in titles)


def test_feed_per_game(client):
    vision = [e.find(f"{ATOM}id").text for e in
              feed(client, "/vision/changes.atom").findall(f"{ATOM}entry")]
    same = [e.find(f"{ATOM}id").text for e in
            feed(client, "/changes.atom?game=vision").findall(f"{ATOM}entry")]
    yugioh = [e.find(f"{ATOM}id").text for e in
              feed(client, "/yugioh/changes.atom").findall(f"{ATOM}entry")]
    assert vision == same and any("QA-337" in i for i in vision)
    assert not any("vision/" in i for i in yugioh)
    assert client.get("/nosuchgame/changes.atom").status_code == 404


def test_changes_page_and_json(client):
    html = client.get("/changes?since=2026-01-01").get_data(as_text=True)
    assert "改訂2 → 改訂3" in html and "QA-900" in html and "<del" in html
    data = client.get("/changes?game=vision&since=2026-01-01&format=json").get_json()
    assert [(c["id"], c["revision"], c["date"], c["status"]) for c in data["changes"]
            if c["kind"] != "term"] == [
        ("vision/qa/QA-900", 1, "2026-12-01", "current"),
        ("vision/qa/QA-337", 3, "2026-12-01", "current")]
    everything = client.get("/changes?since=2026-01-01&format=json").get_json()["changes"]
    assert {"yugioh/term/裏側守備表示", "vision/qa/QA-900"} <= {c["id"] for c in everything}
    assert client.get("/changes?since=yesterday").status_code == 400


def test_entry_page_says_it_changed_in_one_banner_before_the_text(client):
    html = client.get("/entry/vision/qa/QA-337").get_data(as_text=True)
    # The published reversal and the dated change are one banner, not two.
    assert html.count('class="banner ') == 1 and 'id="changed-note"' not in html
    start = html.index('id="reversal"')
    banner = html[start:html.index("</div>", start)]
    assert start < html.index('class="text"')
    assert "覆りました" in banner and "改訂3、2026-12-01" in banner
    # the old answer and where the new one was published, folded into the same banner
    assert "いいえ、出来ません。" in banner
    assert 'href="https://example.invalid/test"' in banner and "2026-12-01 公開" in banner
    assert 'href="#history-title"' in banner


def test_as_of_shows_each_entry_as_it_stood(client):
    html = client.get("/entry/vision/qa/QA-337?as_of=2014-01-01").get_data(as_text=True)
    text = html[html.index('class="text"'):html.index('class="source"')]
    assert "はい、できます" in text and "いいえ" not in text
    assert "2014-01-01 時点" in html
    later = client.get("/entry/vision/qa/QA-337?as_of=2015-01-01").get_data(as_text=True)
    text = later[later.index('class="text"'):later.index('class="source"')]
    assert "いいえ、出来ません" in text
    assert client.get("/entry/vision/qa/QA-900?as_of=2026-11-30").status_code == 404
    assert client.get("/entry/vision/qa/QA-337?as_of=2014-13-01").status_code == 400


def test_search_as_of(client):
    now = client.get("/search?q=架空の回答&format=json").get_json()
    assert now["results"] and now["results"][0]["id"] == "vision/qa/QA-900"
    then = client.get("/search?q=架空の回答&as_of=2026-11-30&format=json").get_json()
    assert all(r["id"] != "vision/qa/QA-900" for r in then["results"])
    old = client.get("/search?q=マナの生成&as_of=2014-01-01&format=json").get_json()
    qa = [r for r in old["results"] if r["id"] == "vision/qa/QA-337"]
    assert qa and qa[0]["revision"] == 1 and "as_of=2014-01-01" in qa[0]["url"]


def test_a_day_of_editorial_pages_leaves_the_rulings_in_the_feed(client, monkeypatch):
    """The feed keeps the newest of each kind of change: the lexicon's rows (dated after
    the new Q&A) must not take every place of a judge's feed."""
    from judge.web import changes
    monkeypatch.setattr(changes, "FEED_SIZE", 2)
    titles = [e.find(f"{ATOM}title").text for e in
              feed(client, "/changes.atom?game=vision").findall(f"{ATOM}entry")]
    assert any(t.startswith("QA-900 ") for t in titles)
    assert any(t.split(" [")[0].endswith("の呼び名") for t in titles)
    assert len(titles) <= 2 * len(changes.CHANGE_KINDS)
