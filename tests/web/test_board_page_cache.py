"""A board's run kept whole per worker: the same page as a fresh run, keyed on the
board, the address and the language, dropped with the corpus, never an error kept."""
from __future__ import annotations

import pytest

from .fixtures import TOY_SCENARIO


@pytest.fixture
def runs(monkeypatch):
    """Count the boards really read and run."""
    from judge.web import viewmodels as views
    real, calls = views.board_from, []

    def counting(text, origin=""):
        calls.append(text)
        return real(text, origin)
    monkeypatch.setattr(views, "board_from", counting)
    return calls


def test_the_same_board_run_again_is_the_same_page_without_running(client, runs):
    first = client.post("/board", data={"yaml": TOY_SCENARIO})
    assert first.status_code == 200 and 'id="result"' in first.get_data(as_text=True)
    n = len(runs)
    again = client.post("/board", data={"yaml": TOY_SCENARIO})
    assert again.get_data() == first.get_data() and len(runs) == n


def test_another_board_or_language_is_run_again(client, runs):
    ja = client.post("/board", data={"yaml": TOY_SCENARIO}).get_data(as_text=True)
    n = len(runs)
    changed = TOY_SCENARIO + "# 別の盤面\n"
    other = client.post("/board", data={"yaml": changed}).get_data(as_text=True)
    en = client.post("/board?lang=en", data={"yaml": TOY_SCENARIO}).get_data(as_text=True)
    assert len(runs) == n + 2
    assert "別の盤面" in other and "別の盤面" not in ja
    assert en != ja and 'lang="en"' in en
    assert client.post("/board?format=json", data={"yaml": TOY_SCENARIO}).is_json
    assert len(runs) == n + 3                      # JSON is never kept


def test_a_board_with_an_error_is_not_kept(client, runs):
    broken = TOY_SCENARIO.replace("game: toy", "game: [")
    for _ in range(2):
        assert client.post("/board", data={"yaml": broken}).status_code == 400
    assert runs.count(broken) == 2


def test_a_reloaded_corpus_drops_the_kept_runs(app, client, runs):
    from judge.app.services import services
    client.post("/board", data={"yaml": TOY_SCENARIO})
    n = len(runs)
    with app.app_context():
        services().reload([])                     # an editor approved a change
    client.post("/board", data={"yaml": TOY_SCENARIO})
    assert len(runs) == n + 1


def test_the_scenario_list_outlives_a_full_cache_of_entries(app, client, monkeypatch):
    """At 100,000 entries a run of entry views filled the shared cache and pushed the
    scenario list out: every new permalink then read every scenario file again."""
    from judge.app import boards
    from judge.app.services import services
    real, calls = boards.list_scenarios, []

    def counting(corpus):
        calls.append(1)
        return real(corpus)
    monkeypatch.setattr(boards, "list_scenarios", counting)
    client.post("/board", data={"yaml": TOY_SCENARIO})
    n = len(calls)
    with app.app_context():
        for i in range(600):                      # as many first entry views
            services().cache.get(("filler", i), lambda: i)
    client.post("/board", data={"yaml": TOY_SCENARIO + "# 別の盤面\n"})
    assert len(calls) == n
