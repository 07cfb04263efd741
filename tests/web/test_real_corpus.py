"""The pages on the real corpus: every entry with a replay and every scenario file render.

The search is stubbed here (its own tests cover it), so this module does not depend on
the index; what it checks is that no real entry or scenario makes a page fail.
"""
from __future__ import annotations

import pytest

from judge.corpus import DEFAULT_CORPUS, Corpus

pytestmark = pytest.mark.skipif(not (DEFAULT_CORPUS / "vision" / "qa").is_dir(),
                                reason="corpus/ has not been generated")


class NoSearch:
    def search(self, q, **kw):
        from judge.search import SearchResult
        return SearchResult(query=q)


@pytest.fixture(scope="module")
def real():
    from judge.web import create_app
    app = create_app({"TESTING": True, "SEARCHER": NoSearch()})
    return app.test_client()


CORPUS = Corpus.load() if (DEFAULT_CORPUS / "vision" / "qa").is_dir() else None
WITH_SCENARIOS = sorted(e.id for e in CORPUS if e.scenarios) if CORPUS else []
SCENARIOS = sorted(p.relative_to(DEFAULT_CORPUS).as_posix()
                   for p in DEFAULT_CORPUS.glob("*/scenarios/*.yaml")) if CORPUS else []


def test_qa337_shows_both_answers_and_both_replays(real):
    new = real.get("/entry/vision/qa/QA-337").get_data(as_text=True)
    old = real.get("/entry/vision/qa/QA-337?rev=1").get_data(as_text=True)
    assert "いいえ、出来ません。" in new and "はい、できます。" in old
    assert "改訂2のルール" in new and "改訂1のルール" in old
    assert 'class="verdict match"' in new and 'class="verdict match"' in old
    steps = [p[p.index('<ol class="steps">'):] for p in (new, old)]
    assert steps[0] != steps[1]


@pytest.mark.parametrize("entry_id", WITH_SCENARIOS)
def test_every_entry_with_a_replay_renders_without_a_scenario_error(real, entry_id):
    entry = CORPUS.get(entry_id)
    for rev in entry.revisions:
        resp = real.get(f"/entry/{entry_id}?rev={rev.number}")
        assert resp.status_code == 200
        page = resp.get_data(as_text=True)
        assert 'class="error-box"' not in page, entry_id
        assert "<figure class=\"board" in page


@pytest.mark.parametrize("path", SCENARIOS)
def test_every_scenario_opens_on_the_workbench(real, path):
    resp = real.get("/board", query_string={"from": path})
    assert resp.status_code == 200, resp.get_data(as_text=True)[:2000]


def test_the_boards_run_page_stays_under_40_kb(real):
    """Issue 15's bound, on the scenario bench/web.py posts (QA-337's, with its replay)."""
    from pathlib import Path
    text = (Path(__file__).resolve().parents[2] / "corpus" / "vision" / "scenarios"
            / "qa-337-restrictions.yaml").read_text(encoding="utf-8")
    page = real.post("/board", data={"yaml": text})
    assert page.status_code == 200 and b'class="steps"' in page.get_data()
    assert len(page.get_data()) < 40_000, len(page.get_data())
