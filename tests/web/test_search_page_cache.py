"""Search result pages kept whole per worker: the same page as a fresh search, keyed on
everything it depends on, dropped with the corpus, and never a failure kept."""
from __future__ import annotations

import pytest


@pytest.fixture
def searches(app, monkeypatch):
    """Count the searches really run."""
    from judge.web import viewmodels as views
    real, calls = views.search, []

    def counting(*a, **k):
        calls.append(a[0].get("q") if a else None)
        return real(*a, **k)
    monkeypatch.setattr(views, "search", counting)
    return calls


def test_a_repeated_search_is_the_same_page_without_searching(client, searches):
    first = client.get("/search?q=グレイズ&stay=1&kind=rule")
    assert first.status_code == 200 and "グレイズ" in first.get_data(as_text=True)
    n = len(searches)
    again = client.get("/search?kind=rule&stay=1&q=グレイズ")       # same arguments, any order
    assert again.get_data() == first.get_data()
    assert len(searches) == n


def test_other_arguments_or_language_are_other_pages(client, searches):
    ja = client.get("/search?q=プレイ&stay=1").get_data(as_text=True)
    n = len(searches)
    en = client.get("/search?q=プレイ&stay=1&lang=en").get_data(as_text=True)
    other = client.get("/search?q=プレイ&stay=1&kind=term").get_data(as_text=True)
    assert len(searches) == n + 2
    assert en != ja and other != ja
    assert client.get("/search?q=プレイ&stay=1&format=json").is_json   # JSON: never kept
    assert len(searches) == n + 3


def test_a_failed_search_is_not_kept(app, client, monkeypatch):
    from judge.app.services import services
    with app.app_context():
        searcher = services().searcher()
    real = type(searcher).search

    def broken(self, *a, **k):
        raise RuntimeError("index unreadable")
    monkeypatch.setattr(type(searcher), "search", broken)
    failed = client.get("/search?q=結界&stay=1")
    assert failed.status_code == 200
    monkeypatch.setattr(type(searcher), "search", real)
    after = client.get("/search?q=結界&stay=1")
    assert after.get_data() != failed.get_data()


def test_a_reloaded_corpus_drops_the_kept_pages(app, client, searches):
    from judge.app.services import services
    client.get("/search?q=ダメージ&stay=1")
    with app.app_context():
        assert len(services().searches._data) > 0
        services().reload([])
        assert len(services().searches._data) == 0
    n = len(searches)
    client.get("/search?q=ダメージ&stay=1")
    assert len(searches) == n + 1
