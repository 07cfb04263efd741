"""A number an organiser sets in the environment, read with a sentence naming it when it
is not one (the worker's memory settings: judge/common/cache_budget.py and
judge/common/malloc_arenas.py)."""
from __future__ import annotations

from typing import Mapping


def env_number(environ: Mapping[str, str], name: str, default, kind, what: str,
               positive: bool = False):
    """``environ[name]`` as ``kind`` (int or float), ``default`` where unset or blank.
    Raises :class:`ValueError` with ``NAME='value': write <what>`` for a value that is
    not a finite number from 0 up (above 0 when ``positive``)."""
    raw = (environ.get(name) or "").strip()
    if not raw:
        return default
    try:
        value = kind(raw)
    except ValueError:
        value = -1
    low_ok = value > 0 if positive else value >= 0
    if not (low_ok and value < float("inf")):
        raise ValueError(f"{name}={raw!r}: write {what}")
    return value
