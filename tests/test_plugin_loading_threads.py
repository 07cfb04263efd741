"""The installed games and importers are loaded once, when first asked for; a web
worker's threads ask at once, and none may be answered before every plugin is in
(a board of the last game by name, yugioh, was refused as an unknown game)."""
from __future__ import annotations

import threading
import time
from importlib.metadata import entry_points

import pytest

from judge.common import plugins as common_plugins
from judge.corpus.importer import plugins
from judge.engine import registry


class _SlowEntryPoint:
    """An installed entry point that takes a while to import, as a game package does."""

    def __init__(self, ep):
        self.name, self._ep = ep.name, ep

    def load(self):
        time.sleep(0.02)
        return self._ep.load()


def _slow_entry_points(group):
    return [_SlowEntryPoint(ep) for ep in entry_points(group=group)]


def _at_once(ask, n=8):
    answers, errors = [], []
    start = threading.Barrier(n)

    def one():
        start.wait()
        try:
            answers.append(ask())
        except Exception as exc:            # noqa: BLE001 - what the test looks for
            errors.append(exc)
    threads = [threading.Thread(target=one) for _ in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return answers, errors


@pytest.fixture
def fresh_registries(monkeypatch):
    # both are judge.common.plugins.Plugins: one loader for every entry-point group
    for group in (registry._games, plugins._importers):
        monkeypatch.setattr(group, "registered", {})
        monkeypatch.setattr(group, "_state", "new")
    monkeypatch.setattr(common_plugins, "entry_points", _slow_entry_points)


def test_every_thread_asking_for_a_game_first_finds_every_installed_game(fresh_registries):
    installed = sorted(ep.name for ep in entry_points(group=registry.GROUP))
    assert "yugioh" in installed
    answers, errors = _at_once(lambda: registry.game_class(installed[-1]).name)
    assert not errors and answers == [installed[-1]] * 8
    assert sorted(registry.game_classes()) == installed


def test_every_thread_asking_for_the_importers_first_finds_them_all(fresh_registries):
    installed = sorted(ep.name for ep in entry_points(group=plugins.GROUP))
    answers, errors = _at_once(lambda: sorted(i.game.id for i in plugins.importers()))
    assert not errors and answers == [installed] * 8
