"""Permalinks that keep their meaning: the ruleset pinned to the day the link was made.

A board that says ``ruleset: latest`` (or nothing) would replay under whatever rules are
newest when the link is opened, so a link sent today could mean something else after a
rules revision.  The permalink therefore carries the day it was made; opened after the
rules changed, the page lists what changed since and offers the replay under the rules
in force now.  Links made before this (``ruleset: latest``) keep working as they did.
"""
from __future__ import annotations

import re
from datetime import date, datetime, timezone

from judge.engine.rulesets import newest_text_day

from . import boards

RULESET_LINE = re.compile(r"^ruleset:[ \t]*(?P<value>[^#\n]*?)[ \t]*(?:#.*)?$", re.M)
RULES_KINDS = ("rule", "qa", "term")
GAME_LINE = re.compile(r"^game:[ \t]*(?P<value>[A-Za-z0-9_-]+)[ \t\r]*$", re.M)


def today() -> date:
    """The day a link is made (UTC, so every server agrees)."""
    return datetime.now(timezone.utc).date()


def ruleset_of(text: str) -> str | None:
    """The scenario's top-level ``ruleset:`` as written (None when it has none)."""
    m = RULESET_LINE.search(text)
    if not m:
        return None
    return m.group("value").strip().strip("'\"") or None


def pin(text: str, day: date | None = None) -> str:
    """The text with ``ruleset: latest`` (or no ruleset) made ``ruleset: <day>``.

    A board already pinned to a day keeps it: the link replays what its maker saw.
    """
    current = ruleset_of(text)
    if current not in (None, "latest") or not text.strip():
        return text
    return boards.with_ruleset(text, (day or today()).isoformat())


def game_of(text: str) -> str | None:
    """The scenario's game id as written."""
    m = GAME_LINE.search(text)
    return m.group("value") if m else None


def changes_since(corpus, game: str | None, day: date, rulings=()) -> list[dict]:
    """The game's corpus revisions dated after ``day``: what a pinned board does not see.

    The entries the scenario names as its ``ruling`` count whatever game they file under.

    Only exact dates count ("before D" says nothing about when a text changed), and only
    rules, Q&A and terms: a card list's date is when it was compiled, not a rules change.
    """
    # rules, Q&A and terms of the game's texts (not cards, not the editors' glossary),
    # and the named rulings of any game or kind: from the corpus's table of dates
    rows = set(corpus.tables.dated(game or None, RULES_KINDS, glossary=False))
    for ruling in dict.fromkeys(rulings):
        rows.update(corpus.tables.dated(entry_id=ruling))
    return sorted(({"id": i, "title": title, "revision": number, "date": when,
                    "status": status}
                   for i, _game, _kind, title, number, when, status in rows
                   if when > day.isoformat()), key=lambda c: (c["date"], c["id"]))


def latest_day(corpus, game: str | None) -> str | None:
    """The newest exact revision date of a game's texts: what "latest" stands for."""
    day = newest_text_day(corpus, game)
    return day.isoformat() if day else None


def pin_state(corpus, text: str, data=None, latest=latest_day) -> dict:
    """What the page says about a board's ruleset.

    ``pinned`` the day (or None for latest); ``changes`` the revisions after it;
    ``latest`` the date "latest" stands for in this game (``latest(corpus, game)``:
    a caller serving many boards passes a cached one, as it scans every entry).
    """
    value = ruleset_of(text)
    game = game_of(text)
    out = {"pinned": None, "changes": [], "latest": latest(corpus, game), "game": game}
    if value in (None, "latest"):
        return out
    try:
        day = date.fromisoformat(value)
    except ValueError:
        return out
    out["pinned"] = day.isoformat()
    rulings = []
    if isinstance(data, dict):
        for key in ("ruling", "rulings"):
            value = data.get(key)
            values = value if isinstance(value, list) else [value]
            rulings += [str(v).split("#", 1)[0] for v in values if v]
    out["changes"] = changes_since(corpus, game, day, tuple(rulings))
    return out
