"""Entry ids and the spellings a judge types for them.

An id is ``<game>/<kind>/<key>`` (``<game>/qa/QA-337``).  On a phone a judge types
``qa337``, ``ＱＡ－３３７``, ``Q346`` or ``No.075``; :func:`normalize_key` folds those to
one comparable form, and :func:`candidate_ids` lists the ids a typed string may mean.
"""
from __future__ import annotations

import re
import unicodedata

from .games import ID_PATTERN
from .model import KINDS

QA_PATTERN = re.compile(r"^(?:QA|Q)[-‐－ー_ .]*0*(\d{1,4})$", re.I)
CARD_NUMBER_PATTERN = re.compile(r"^(?:NO\.?|N|№)?[-‐ .]*0*(\d{1,4})$", re.I)
_GAME_ID = re.compile(ID_PATTERN)
# a rule's number typed alone (6.5, 6.5.3.b): its section, then its clause's parts
RULE_REF = re.compile(r"^(\d+(?:\.\d+)?)((?:\.[0-9a-z]+)*)$", re.I)
DASHES = dict.fromkeys(map(ord, "‐‑‒–—―−－ｰー～〜"), "-")


def fold(text: str) -> str:
    """NFKC, dashes unified, spaces removed: the form two spellings are compared in."""
    text = unicodedata.normalize("NFKC", text).translate(DASHES)
    return re.sub(r"\s+", "", text)


# how a typed number is written as an entry's key: a prefix and at least this many
# digits (QA-007, N75, p1); the offline search reads it too (judge/offline/constants.py)
ID_KEYS = {"qa": ("QA-", 3), "no": ("N", 1), "pr": ("p", 1)}


def id_key(kind: str, number: str) -> str:
    """The key of the number typed for an id of this kind (``qa``, ``no``, ``pr``)."""
    prefix, digits = ID_KEYS[kind]
    return f"{prefix}{int(number):0{digits}d}"


def qa_key(typed: str) -> str | None:
    """``ＱＡ－３３７``, ``qa337``, ``Q346`` -> ``QA-337`` / ``QA-346``; else None."""
    m = QA_PATTERN.match(fold(typed))
    return id_key("qa", m.group(1)) if m else None


def card_number_key(typed: str) -> str | None:
    """``No.075``, ``75``, ``Ｎｏ．０７５``, ``N75`` -> ``N75``; else None."""
    folded = fold(typed)
    m = CARD_NUMBER_PATTERN.match(folded)
    if m:
        return id_key("no", m.group(1))
    return None


def split_id(entry_id: str) -> tuple[str, str, str]:
    """``<game>/rule/6.5`` -> (game, "rule", "6.5"); raises ValueError if malformed.

    The game part is any game id (lower case, one word): which games a corpus has is
    its manifest's business (:mod:`judge.corpus.games`), not the id syntax's.
    """
    parts = entry_id.split("/", 2)
    if len(parts) != 3 or not _GAME_ID.fullmatch(parts[0]) or parts[1] not in KINDS \
            or not parts[2]:
        raise ValueError(
            f"not an entry id: {entry_id!r} (expected <game>/<kind>/<key>, game a lower-"
            f"case id, kind one of {', '.join(KINDS)})")
    return parts[0], parts[1], parts[2]


def candidate_ids(typed: str, game: str | None = None,
                  games: tuple[str, ...] | list[str] = ()) -> list[str]:
    """The entry ids a typed reference may mean, most likely first (not checked to exist).

    ``<game>/qa/QA-337`` stays as it is; ``ＱＡ－３３７`` gives the QA-337 of every game of
    ``games`` (or of ``game``); ``6.5.3.b`` gives the rule entry ``6.5`` of each game
    with its clause kept after ``#``; ``No.075`` gives each game's card ``N75``.
    """
    raw = typed.strip()
    folded = fold(raw)
    games = [game] if game else list(games)
    out: list[str] = []
    if "/" in folded:
        head, _, clause = folded.partition("#")
        parts = head.split("/", 2)
        if len(parts) == 3 and _GAME_ID.fullmatch(parts[0]) and parts[1] in KINDS:
            key = parts[2]
            if parts[1] == "qa" and qa_key(key):
                key = qa_key(key)
            if parts[1] == "card" and card_number_key(key):
                key = card_number_key(key)
            out.append(f"{parts[0]}/{parts[1]}/{key}" + (f"#{clause}" if clause else ""))
        return out
    if qa_key(folded):
        out += [f"{g}/qa/{qa_key(folded)}" for g in games]
    rule = RULE_REF.match(folded)
    if rule and "." in folded:
        section = rule.group(1)
        out += [f"{g}/rule/{section}" + (f"#{folded}" if folded != section else "")
                for g in games]
    if card_number_key(folded) and not rule or (rule and re.fullmatch(r"\d+", folded)):
        number = card_number_key(folded)
        if number:
            out += [f"{g}/card/{number}" for g in games]
    return out
