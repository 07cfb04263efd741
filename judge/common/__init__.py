"""Pieces every floor of the house shares (共通部品), below the corpus and the engine.

- :mod:`~judge.common.plugins`: the plugins of an entry-point group, loaded once;
- :mod:`~judge.common.lru`: a least-recently-used cache threads may share;
- :mod:`~judge.common.filelock`: a lock on a folder, across processes.

It imports nothing of ``judge`` (``judge/layers.toml``), so any package may use it.
"""
