"""Card lookup for the board form (カード検索): a name in any kana, its reading
(いにしえのきおく finds 古の記憶), an alias or a number, and the
stats the game knows for that card, so a judge never types ATK or 耐久力 by hand.

The stats come from the game itself: each card entry of the corpus is made into a card
by the game's own ``make_card`` (the Vision card list, the facts a game module holds for
the cards its text names), and the fields the board form has are read back.  No game is
named here.
"""
from __future__ import annotations

import logging
import re

from judge.search.analysis import is_kana, kana_reading, normalize, reading

log = logging.getLogger(__name__)
DIGITS = re.compile(r"\d+")
LIMIT = 15


def card_table(game, corpus) -> list[dict]:
    """Every card of the game's corpus entries: name, number, the form's fields, and the
    normal forms search compares (built once per game and cached by the caller)."""
    fields = set(game.card_fields)
    out = []
    for entry_id in corpus.ids("card", game.name):
        entry = corpus.entries[entry_id]
        data = entry.data or {}
        name = str(data.get("name") or entry.title)
        number = str(data.get("id") or "")
        spec = {"name": name}
        if number and "number" in fields:
            spec["number"] = number
        try:
            card = game.make_card(spec, "A", "hand", "lookup")
            props = {k: v for k, v in getattr(card, "props", {}).items()
                     if k in fields and v not in (None, "", [])}
        except Exception as exc:      # noqa: BLE001 - a card the game cannot make: name only
            log.debug("card %s: no stats (%s)", entry.id, exc)
            props = {}
        if number and "number" in fields:
            props["number"] = number
        out.append({"name": name, "number": number, "title": entry.title,
                    "fields": props, "normal": normalize(name).replace(" ", ""),
                    # what a judge may type instead: the entry's aliases, and the
                    # name's reading (computed on the first lookup that needs it)
                    "aliases": [normalize(str(a)).replace(" ", "") for a in entry.aliases],
                    "digits": "".join(DIGITS.findall(number)).lstrip("0")})
    return out


def find_cards(table: list[dict], query: str) -> list[dict]:
    """The cards a query names: the name's start first, then anywhere; or by number."""
    normal = normalize(query).replace(" ", "")
    digits = "".join(DIGITS.findall(query)).lstrip("0")
    numeric = bool(digits) and not re.sub(r"(?i)no|pr|[np.\-\s\d]", "", query)
    scored = _scored(table, normal, digits, numeric, "")
    if not scored and is_kana(query):
        # no name holds what was typed: read it as a reading (いにしえのきおく → 古の記憶)
        for card in table:
            if "reading" not in card:        # MeCab's reading, as search reads titles
                card["reading"] = reading(card["name"]).replace(" ", "")
        scored = _scored(table, normal, digits, numeric, kana_reading(query))
    scored.sort(key=lambda s: s[:3])
    return [{"name": c["name"], "number": c["number"], "title": c["title"],
             "fields": c["fields"],
             "label": " · ".join(x for x in (c["number"], _stats(c["fields"])) if x)}
            for *_rank, c in scored[:LIMIT]]


def _scored(table: list[dict], normal: str, digits: str, numeric: bool, said: str) -> list:
    """(rank, name length, title, card) of each card the query names (by reading too
    when ``said`` is the query's reading)."""
    scored = []
    for card in table:
        if numeric and card["digits"] == digits:
            rank = 0
        elif card["normal"].startswith(normal) or normal in card.get("aliases", ()):
            rank = 1
        elif normal in card["normal"]:
            rank = 2
        elif said and card.get("reading", "").startswith(said):
            rank = 3
        elif said and len(said) > 1 and said in card.get("reading", ""):
            rank = 4
        else:
            continue
        scored.append((rank, len(card["name"]), card["title"], card))
    return scored


def _stats(fields: dict) -> str:
    return " ".join(f"{k} {v}" for k, v in fields.items() if k not in ("number",)
                    and isinstance(v, (int, str)))[:60]
