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
    for entry in corpus:
        if entry.game != game.name or entry.kind != "card":
            continue
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
                    # what a judge may type instead: the name's reading (MeCab's, as
                    # search reads titles) and the entry's aliases
                    "reading": reading(name).replace(" ", ""),
                    "aliases": [normalize(str(a)).replace(" ", "") for a in entry.aliases],
                    "digits": "".join(DIGITS.findall(number)).lstrip("0")})
    return out


def find_cards(table: list[dict], query: str) -> list[dict]:
    """The cards a query names: the name's start first, then anywhere; or by number."""
    normal = normalize(query).replace(" ", "")
    digits = "".join(DIGITS.findall(query)).lstrip("0")
    numeric = bool(digits) and not re.sub(r"(?i)no|pr|[np.\-\s\d]", "", query)
    said = kana_reading(query) if is_kana(query) else ""
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
    scored.sort(key=lambda s: s[:3])
    return [{"name": c["name"], "number": c["number"], "title": c["title"],
             "fields": c["fields"],
             "label": " · ".join(x for x in (c["number"], _stats(c["fields"])) if x)}
            for *_rank, c in scored[:LIMIT]]


def _stats(fields: dict) -> str:
    return " ".join(f"{k} {v}" for k, v in fields.items() if k not in ("number",)
                    and isinstance(v, (int, str)))[:60]
