"""Editors through the web form: a new Q&A and a reversal of QA-337, each submitted by
one editor and approved by a second, over a copy of corpus/ and sources/ (the rulings
are test fixtures marked テスト, never real ones).  Checks the corpus, the source files,
the index (searchable at once), the feed, the as-of view and the preview's replays."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
QUESTION_337 = ("「プレイしたものとして解決する」効果で、例えばNo.075 マナの生成のように使用出来る"
                "ターンや枚数、条件などの制限があるカードは、その制限を無視できますか？")
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    from judge.corpus import Corpus
    from judge.platform import db as record_db
    from judge.platform import migrate
    from judge.platform.accounts import add_user
    from judge.editors.models import EditorRole
    from judge.search import Searcher
    from judge.web import create_app
    work = tmp_path_factory.mktemp("editors")
    shutil.copytree(ROOT / "corpus", work / "corpus")
    shutil.copytree(ROOT / "sources", work / "sources")
    url = f"sqlite:///{work / 'record.sqlite3'}"
    migrate.upgrade(url)
    with record_db.transaction(url) as session:
        for name in ("ed1", "ed2", "ed3"):
            user = add_user(session, name, f"{name}-password")
            if name != "ed3":
                session.add(EditorRole(user_id=user.id, game="vision"))
    # An on-disk index of the rulings only (no card entries): quick to build here.
    small = work / "small"
    shutil.copytree(work / "corpus", small, ignore=lambda d, names: [
        n for n in names if Path(d).name == "vision" and n == "card"])
    searcher = Searcher.open(Corpus.load(small), work / "index")
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": url,
                      "CORPUS_DIR": str(work / "corpus"), "SOURCES_DIR": str(work / "sources"),
                      "SEARCHER": searcher})
    app.work = work
    # A second worker of the same site: it must see what the first one approves.
    app.other = create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": url,
                            "CORPUS_DIR": str(work / "corpus"), "INDEX_DIR": str(work / "index"),
                            "SEARCH_EAGER": False})
    yield app
    record_db.dispose(url)


def client_of(app, name):
    client = app.test_client()
    page = client.get("/login").get_data(as_text=True)
    response = client.post("/login", data={"name": name, "password": f"{name}-password",
                                           "csrf_token": CSRF.search(page).group(1)})
    assert response.status_code == 303
    return client


def submit(client, **fields):
    page = client.get("/editor/new").get_data(as_text=True)
    data = {"game": "vision", "action": "qa", "url": "https://example.invalid/test",
            "published": "2026-12-01", "retrieved": "2026-12-01",
            "csrf_token": CSRF.search(page).group(1), **fields}
    return client.post("/editor/new", data=data)


def post(client, url):
    page = client.get("/editor/").get_data(as_text=True)
    return client.post(url, data={"csrf_token": CSRF.search(page).group(1)})


def test_two_editors_add_a_qa_and_a_reversal(app):
    ed1, ed2, ed3 = (client_of(app, n) for n in ("ed1", "ed2", "ed3"))
    work = app.work
    # A bad form is answered with what is wrong, and nothing is stored.
    bad = submit(ed1, number="900", question="テスト用の架空の質問ですか？", answer="", url="")
    assert bad.status_code == 400 and "question / answer" in bad.get_data(as_text=True)
    # 1. A new Q&A: ed1 submits, it waits with its preview.
    sent = submit(ed1, number="900", question="テスト用の架空の質問ですか？",
                  answer="テスト用の架空の回答です。")
    assert sent.status_code == 303
    pending = sent.headers["Location"]
    assert ed3.get(pending).status_code == 404             # not an editor of vision
    mine = ed1.get(pending).get_data(as_text=True)
    assert "承認待ち" in mine and "承認してコーパスに入れる" not in mine
    assert post(ed1, pending + "/approve").status_code == 403     # not by the submitter
    assert not (work / "corpus" / "vision" / "qa" / "QA-900.md").exists()
    other = app.other.test_client()
    assert other.get("/entry/vision/qa/QA-900").status_code == 404
    seen = ed2.get(pending).get_data(as_text=True)
    assert "A．テスト用の架空の回答です。" in seen and "承認してコーパスに入れる" in seen
    assert post(ed2, pending + "/approve").status_code == 303
    assert "承認済み" in ed2.get(pending).get_data(as_text=True)
    assert (work / "corpus" / "vision" / "qa" / "QA-900.md").exists()
    assert (work / "sources" / "published" / "vision" / "2026-12-01-QA-900.yaml").exists()
    assert not (ROOT / "corpus" / "vision" / "qa" / "QA-900.md").exists()
    found = ed3.get("/search?q=架空の回答&format=json").get_json()
    assert found["results"] and found["results"][0]["id"] == "vision/qa/QA-900"
    # The other worker reloads the corpus and opens the index the first one updated.
    assert other.get("/entry/vision/qa/QA-900").status_code == 200
    found = other.get("/search?q=架空の回答&format=json").get_json()
    assert found["results"] and found["results"][0]["id"] == "vision/qa/QA-900"
    # 2. A reversal of QA-337: ed2 submits, the preview replays the linked scenarios.
    sent = submit(ed2, number="QA-337", question=QUESTION_337,
                  answer="はい、できます。（テスト用の架空の再回答）")
    assert sent.status_code == 303
    pending = sent.headers["Location"]
    data = ed1.get(pending + "?format=json").get_json()
    assert data["status"] == "pending" and data["revision"] == 3
    scenarios = {r["scenario"] for r in data["effect"]["replays"]}
    from judge.corpus import Corpus
    linked = Corpus.load(work / "corpus").get("vision/qa/QA-337").scenarios
    assert "vision/scenarios/qa-337-restrictions.yaml" in linked
    assert scenarios == set(linked)         # every scenario the entry links is replayed
    assert {p["code"] for p in data["effect"]["review"]} == {"review-expectation",
                                                             "switch-behind-ruling"}
    html = ed1.get(pending).get_data(as_text=True)
    assert "<del" in html and "いいえ" in html and "<ins" in html
    assert post(ed1, pending + "/approve").status_code == 303
    from judge.corpus import Corpus
    entry = Corpus.load(work / "corpus").get("vision/qa/QA-337")
    assert [(r.number, r.status) for r in entry.revisions][:2] == [(3, "current"),
                                                                   (2, "superseded")]
    # The index, the feed, the entry page and the as-of view follow at once.
    found = ed3.get("/search?q=架空の再回答&format=json").get_json()
    assert found["results"][0]["id"] == "vision/qa/QA-337"
    assert found["results"][0]["revision"] == 3
    feed = ed3.get("/vision/changes.atom").get_data(as_text=True)
    assert feed.index("QA-900") < feed.index("[改訂2→改訂3]")
    page = ed3.get("/entry/vision/qa/QA-337").get_data(as_text=True)
    # one banner: the reversal, its date and the old answer
    assert page.count('class="banner ') == 1 and "覆りました" in page
    assert "改訂3、2026-12-01" in page
    old = ed3.get("/entry/vision/qa/QA-337?as_of=2014-01-01").get_data(as_text=True)
    assert "はい、できます。<br>" in old or "はい、できます。" in old.split('class="source"')[0]
    # A decided change cannot be decided again.
    assert post(ed2, pending + "/reject").status_code == 409


MARKUP = '<script>alert(1)</script><img src=x onerror="alert(2)">'


def test_markup_an_editor_types_is_escaped_in_the_feed(app):
    """Issue 26, finding 3: the feed's content (type="html") carried an editor's document
    name and withdrawal notice as markup, while the pending page showed them escaped.
    Markup in every field an editor types: document, question, answer, reason, url."""
    from xml.etree import ElementTree as ET
    ed1, ed2 = client_of(app, "ed1"), client_of(app, "ed2")
    sent = submit(ed1, number="907", document=f"文書{MARKUP}", question=f"質問{MARKUP}？",
                  answer=f"回答{MARKUP}。", url='https://example.invalid/"><script>alert(3)</script>')
    assert sent.status_code == 303
    assert post(ed2, sent.headers["Location"] + "/approve").status_code == 303
    sent = submit(ed2, number="907", action="withdrawal", document=f"撤回文書{MARKUP}",
                  reason=f"理由{MARKUP}", published="2026-12-02", retrieved="2026-12-02")
    assert sent.status_code == 303
    assert post(ed1, sent.headers["Location"] + "/approve").status_code == 303
    feed = ed1.get("/vision/changes.atom").get_data(as_text=True)
    atom = "{http://www.w3.org/2005/Atom}"
    shown = [e for e in ET.fromstring(feed).iter(f"{atom}entry")
             if "QA-907" in e.find(f"{atom}id").text]
    assert len(shown) == 2
    for entry in shown:
        html = entry.find(f"{atom}content").text     # what a feed reader renders as HTML
        assert "<script" not in html and "<img" not in html, html
        assert "&lt;script&gt;" in html              # the text is there, as text
        assert entry.find(f"{atom}title").get("type") in (None, "text")


def test_an_approval_that_fails_midway_lands_nothing(app, monkeypatch):
    """Issue 26, finding 1: the index update failed after the source file and the corpus
    were written, and the change stayed pending while the ruling was live.  Now any
    failure takes back what landed: source, corpus, index and record agree."""
    from judge.app.services import Services
    ed1, ed2 = client_of(app, "ed1"), client_of(app, "ed2")
    sent = submit(ed1, number="908", question="テスト用の架空の質問908ですか？",
                  answer="テスト用の架空の回答908です。")
    pending = sent.headers["Location"]
    real = Services.reload
    calls = []

    def failing(self, changed):
        calls.append(changed)
        if len(calls) == 1:
            real(self, changed)               # the index is updated, then something fails
            raise OSError("disk went away")
        return real(self, changed)
    monkeypatch.setattr(Services, "reload", failing)
    app.config["PROPAGATE_EXCEPTIONS"] = False
    try:
        answer = post(ed2, pending + "/approve")
    finally:
        app.config["PROPAGATE_EXCEPTIONS"] = None
    assert answer.status_code == 500
    work = app.work
    assert not list((work / "sources" / "published" / "vision").glob("*QA-908*"))
    assert not (work / "corpus" / "vision" / "qa" / "QA-908.md").exists()
    assert ed2.get(pending + "?format=json").get_json()["status"] == "pending"
    found = ed2.get("/search?q=架空の回答908&format=json").get_json()
    assert all(r["id"] != "vision/qa/QA-908" for r in found["results"])
    # nothing half-landed: it can simply be approved again
    assert post(ed2, pending + "/approve").status_code == 303
    assert (work / "corpus" / "vision" / "qa" / "QA-908.md").exists()
    assert ed2.get(pending + "?format=json").get_json()["status"] == "approved"


CRASHING_WORKER = r'''
import os, re, signal, sys
from judge.app.services import Services
from judge.web import create_app
url, corpus, sources, index, pending = sys.argv[1:]
app = create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": url,
                  "CORPUS_DIR": corpus, "SOURCES_DIR": sources, "INDEX_DIR": index,
                  "SEARCH_EAGER": False})
real = Services.reload
def reload_then_die(self, changed):
    real(self, changed)                     # source, corpus and index written...
    os.kill(os.getpid(), signal.SIGKILL)    # ...and the worker dies before the commit
Services.reload = reload_then_die
client = app.test_client()
token = re.compile(r'name="csrf_token" value="([^"]+)"')
page = client.get("/login").get_data(as_text=True)
client.post("/login", data={"name": "ed2", "password": "ed2-password",
                            "csrf_token": token.search(page).group(1)})
page = client.get("/editor/").get_data(as_text=True)
client.post(pending + "/approve", data={"csrf_token": token.search(page).group(1)})
'''


def test_a_worker_killed_mid_landing_leaves_nothing_live(app):
    """A worker killed (SIGKILL) after the ruling's source, corpus and index were written
    but before its approval was committed: the change is still pending, so the next
    request of any worker takes the landing back from its journal, and it can be
    approved again."""
    import subprocess
    import sys
    ed1, ed2 = client_of(app, "ed1"), client_of(app, "ed2")
    sent = submit(ed1, number="909", question="テスト用の架空の質問909ですか？",
                  answer="テスト用の架空の回答909です。")
    pending = sent.headers["Location"]
    work = app.work
    died = subprocess.run(
        [sys.executable, "-c", CRASHING_WORKER, app.config["DATABASE_URL"],
         str(work / "corpus"), str(work / "sources"), str(work / "index"), pending],
        capture_output=True, text=True, timeout=300)
    assert died.returncode == -9, died.stderr[-2000:]
    published = work / "sources" / "published" / "vision"
    # what the dead worker left: the ruling written, its journal, the change pending
    assert list(published.glob("*QA-909*"))
    assert (work / "corpus" / "vision" / "qa" / "QA-909.md").exists()
    assert list((work / "sources" / ".landing").glob("*.json"))
    # the next request, in another worker, finishes it
    other = app.other.test_client()
    assert other.get("/entry/vision/qa/QA-909").status_code == 404
    assert not list(published.glob("*QA-909*"))
    assert not (work / "corpus" / "vision" / "qa" / "QA-909.md").exists()
    assert not list((work / "sources" / ".landing").glob("*.json"))
    assert ed2.get(pending + "?format=json").get_json()["status"] == "pending"
    found = ed2.get("/search?q=架空の回答909&format=json").get_json()
    assert all(r["id"] != "vision/qa/QA-909" for r in found["results"])
    # nothing half-landed is left in the way: approved again, it lands
    assert post(ed2, pending + "/approve").status_code == 303
    assert (work / "corpus" / "vision" / "qa" / "QA-909.md").exists()
    assert not list((work / "sources" / ".landing").glob("*.json"))
    assert other.get("/entry/vision/qa/QA-909").status_code == 200


def test_a_journal_of_a_committed_approval_keeps_the_ruling(app):
    """A worker that died between the commit and removing its journal: the approval is
    recorded, so recovery keeps what landed and only drops the journal."""
    from judge.app.editorial import landing
    ed1, ed2 = client_of(app, "ed1"), client_of(app, "ed2")
    sent = submit(ed1, number="910", question="テスト用の架空の質問910ですか？",
                  answer="テスト用の架空の回答910です。")
    pending = sent.headers["Location"]
    assert post(ed2, pending + "/approve").status_code == 303
    work = app.work
    change_id = int(pending.rstrip("/").rsplit("/", 1)[1])
    source = next((work / "sources" / "published" / "vision").glob("*QA-910*"))
    landing._write_json(landing.journal_path(work / "sources", change_id),
                        {"change": change_id, "entry": "vision/qa/QA-910",
                         "path": str(source), "new_entry": True})
    assert app.other.test_client().get("/entry/vision/qa/QA-910").status_code == 200
    assert source.exists() and not list((work / "sources" / ".landing").glob("*.json"))
