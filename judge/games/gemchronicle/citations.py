"""The rules page (調律儀式ルール) as the engine cites it.

Each procedure cites the entry of the page that drives it with :func:`rule`; the quote is
the corpus's own sentence (the ``match`` is only a piece of it, used to find it).  The
choices the engine makes where the page is silent are in interpretations.py.
"""
from __future__ import annotations

from judge.engine import Cite

GAME = "gemchronicle"


def rule(key: str, clause: str | None = None, match: str | None = None) -> Cite:
    """The citation of ``gemchronicle/rule/<key>`` (optionally a clause and a sentence)."""
    return Cite(f"{GAME}/rule/{key}", clause, match)
