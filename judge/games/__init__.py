"""The built-in games, one package each, each a :class:`judge.engine.Game` subclass.

Nothing imports this package by name: each game is an entry point of the groups
``judge.games`` (its Game class) and ``judge.importers`` (its source importer) in
pyproject.toml, and the engine's registry and the corpus importer load it from there.
See docs/engine.md, "Adding a game".
"""
