"""judge/common: the LRU cache, shared by the searcher and the web app (whatever the order
of asks, it holds at most ``size`` items and ``budget`` weight (one item may exceed the
budget alone), answers the value made for a key, and makes a value once while held); the
entry points read without importlib.metadata."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from judge.common.lru import LRU


@given(st.lists(st.integers(0, 30), max_size=200), st.integers(1, 8),
       st.one_of(st.none(), st.integers(1, 60)))
def test_the_cache_keeps_its_bounds_and_its_answers(keys, size, budget):
    made: list[int] = []

    def make(k):
        made.append(k)
        return "x" * k

    cache = LRU(size, weight=len, budget=budget)
    for k in keys:
        held, before = k in cache, len(made)
        assert cache.get_or(k, lambda: make(k)) == "x" * k
        assert len(made) == before + (0 if held else 1)      # made once while held
        assert len(cache) <= size
        assert budget is None or cache.total <= budget or len(cache) == 1

def test_the_least_recently_used_goes_first():
    cache = LRU(2)
    cache.get("a", lambda: 1)
    cache.get("b", lambda: 2)
    assert cache.peek("a") == 1             # a is now the most recent
    cache.get("c", lambda: 3)
    assert "b" not in cache and cache.peek("a") == 1 and cache.peek("c") == 3


def test_threads_hitting_and_evicting_at_once_get_their_values():
    """A hit takes no lock: threads reading while others evict still get, for each
    key, the value made for it, and the cache keeps its bound."""
    import threading
    cache = LRU(8)
    errors: list = []

    def work(seed: int) -> None:
        try:
            for i in range(20_000):
                k = (i * 7 + seed) % 24
                assert cache.get_or(k, lambda k=k: ("v", k)) == ("v", k)
                got = cache.peek((k + 3) % 24)
                assert got is None or got == ("v", (k + 3) % 24)
        except Exception as exc:        # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and len(cache) <= 8


def test_entry_points_are_read_as_importlib_metadata_reads_them(tmp_path, monkeypatch):
    """judge/common/entrypoints.py reads the installed entry points without importing
    importlib.metadata: the same names and values for every group judge uses, names
    keep their case, and of two copies of a distribution the first on sys.path counts."""
    from importlib.metadata import entry_points as stdlib
    from judge.common.entrypoints import entry_points
    for group in ("judge.games", "judge.importers", "console_scripts"):
        assert (sorted((e.name, e.value) for e in entry_points(group))
                == sorted((e.name, e.value) for e in stdlib(group=group)))
    for where, value in (("first", "one.mod:Game"), ("second", "two.mod:Game")):
        info = tmp_path / where / "my_game-1.0.dist-info"
        info.mkdir(parents=True)
        (info / "entry_points.txt").write_text(f"[judge.games]\nMyGame = {value}\n")
    monkeypatch.setattr("sys.path", [str(tmp_path / "first"), str(tmp_path / "second")])
    assert [(e.name, e.value) for e in entry_points("judge.games")] == [("MyGame", "one.mod:Game")]
    assert [e.value for e in stdlib(group="judge.games")] == ["one.mod:Game"]
