"""Issue 26, findings 1 and 2: an editor's approval on a real multi-worker server.

The first approval on a fresh gunicorn answered 500 while the ruling went live (the
index update read through a renamed folder), and four simultaneous approvals of one
change wrote four source files (the pending check outside a lock that held in one
process only).  Here: a fresh two-worker gunicorn (gunicorn.conf.py, preloaded) over
copies of corpus/ and sources/ and a SQLite record; one approval, then four editors
approving one change at the same moment.  On SQLite and on PostgreSQL (where a
request's first read does not take the write lock, so only the conditional update and
the corpus lock keep the approvals apart)."""
from __future__ import annotations

import threading
from pathlib import Path

import pytest

from .live import CSRF, Browser, Server, copy_site

pytest.importorskip("gunicorn")
EDITORS = ("ed1", "ed2", "ed3", "ed4", "ed5")


@pytest.fixture(scope="module", params=["sqlite", pytest.param("postgresql",
                                                              marks=pytest.mark.postgres)])
def site(request, tmp_path_factory):
    from judge.platform import db as record_db
    from judge.platform import migrate
    from judge.platform.accounts import add_user
    from judge.editors.models import EditorRole
    from judge.platform.pgtemp import TempPostgres, pg_bin
    work = copy_site(tmp_path_factory.mktemp("approve"))
    pg = None
    if request.param == "sqlite":
        url = f"sqlite:///{work / 'record.sqlite3'}"
    else:
        if pg_bin() is None:
            pytest.skip("PostgreSQL is not installed (scripts/setup --test installs it)")
        pg = TempPostgres().start()
        request.addfinalizer(pg.stop)
        url = pg.new_database()
    migrate.upgrade(url)
    with record_db.transaction(url) as session:
        for name in EDITORS:
            user = add_user(session, name, f"{name}-password")
            session.add(EditorRole(user_id=user.id, game="vision"))
    record_db.dispose(url)
    server = Server({"JUDGE_CORPUS": str(work / "corpus"), "JUDGE_DATABASE_URL": url,
                     "JUDGE_INDEX_DIR": str(work / "index"), "JUDGE_SECRET_KEY": "t" * 64,
                     "JUDGE_TEST_LOG": str(work / "gunicorn.log")})
    server.work = work
    yield server
    server.stop()


def _submit(ed: Browser, number: str) -> str:
    status, headers, _ = ed.post("/editor/new", {
        "game": "vision", "action": "qa", "number": number,
        "url": "https://example.invalid/test", "published": "2026-12-01",
        "retrieved": "2026-12-01", "question": f"テスト用の架空の質問{number}ですか？",
        "answer": f"テスト用の架空の回答{number}です。"}, csrf_from="/editor/new")
    assert status == 303, status
    return _path(headers["location"])


def _path(location: str) -> str:
    return "/" + location.split("/", 3)[3] if location.startswith("http") else location


def _editors(site) -> dict[str, Browser]:
    out = {}
    for name in EDITORS:
        b = Browser(site)
        assert b.login(name, f"{name}-password") == 303
        out[name] = b
    return out


def _source_files(site, number: str) -> list[Path]:
    return sorted((site.work / "sources" / "published" / "vision").glob(f"*QA-{number}*"))


def test_the_first_approval_on_a_fresh_server_lands_once(site):
    eds = _editors(site)
    pending = _path(_submit(eds["ed1"], "9901"))
    status, _, body = eds["ed2"].post(pending + "/approve", {}, csrf_from="/editor/")
    assert status == 303, (status, body[-500:], site.tail())
    assert '"status":"approved"' in eds["ed2"].get(pending + "?format=json")[2].replace(" ", "")
    assert len(_source_files(site, "9901")) == 1
    assert (site.work / "corpus" / "vision" / "qa" / "QA-9901.md").exists()
    # searchable at once, in whichever worker answers
    for _ in range(4):
        found = eds["ed3"].get("/api/search?q=%E6%9E%B6%E7%A9%BA%E3%81%AE%E5%9B%9E%E7%AD%949901")
        assert found[0] == 200 and "vision/qa/QA-9901" in found[2]
    # decided: a second approval and a rejection are refused, nothing more written
    assert eds["ed3"].post(pending + "/approve", {}, csrf_from="/editor/")[0] == 409
    assert eds["ed3"].post(pending + "/reject", {}, csrf_from="/editor/")[0] == 409
    assert len(_source_files(site, "9901")) == 1


def test_four_simultaneous_approvals_land_one(site):
    eds = _editors(site)
    pending = _path(_submit(eds["ed1"], "9902"))
    tokens = {}
    for name in ("ed2", "ed3", "ed4", "ed5"):
        page = eds[name].get("/editor/")[2]
        tokens[name] = CSRF.search(page).group(1)
    start = threading.Barrier(4)
    answers: dict[str, int] = {}

    def approve(name):
        start.wait()
        answers[name] = eds[name].post(pending + "/approve", {"csrf_token": tokens[name]})[0]
    threads = [threading.Thread(target=approve, args=(n,)) for n in tokens]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(answers.values()) == [303, 409, 409, 409], (answers, site.tail())
    assert [p.name for p in _source_files(site, "9902")] == ["2026-12-01-QA-9902.yaml"]
    assert '"status":"approved"' in eds["ed1"].get(pending + "?format=json")[2].replace(" ", "")


@pytest.mark.parametrize("path", ["/login", "/api/events/x/calls", "/editor/new", "/api/run"])
def test_an_oversized_body_is_answered_413_not_a_closed_connection(site, path):
    """Finding 8: bodies over 512 KiB sometimes got the connection closed instead of 413
    (the answer was sent before the body was read)."""
    body = b"x=" + b"a" * (2 * 1024 * 1024)
    for _ in range(3):
        status, headers, _ = site.request("POST", path, body, {
            "Content-Type": "application/x-www-form-urlencoded"})
        assert status == 413
        assert "content-security-policy" in headers
