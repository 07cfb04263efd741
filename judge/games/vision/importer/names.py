"""Card-name resolution (カード名の解決): the names the texts use, to card-list numbers.

The wiki writes 河童『お化けキューカンバー』 where the card list has 河童「お化けキューカンバー」,
adds a set suffix (ふらわ～戦車／１３弾 = the printing of set 13), and the Q&A write a
number and a name (No.364 想起「テリブルスーヴニール」).  Names are compared folded: NFKC,
『』 as 「」, dashes unified, spaces removed.  A name several cards share, with nothing
to tell them apart, resolves to all of them; the caller says so in an editor's note.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from judge.corpus.ids import fold

from .cardlist import CardFacts

SET_SUFFIX = re.compile(r"^(.*)/(\d+)弾$")
NUMBERED = re.compile(r"(?:No|NO|Ｎｏ|ＮＯ)[.．]\s?([0-9０-９]{1,4})[ 　]?")


def name_key(name: str) -> str:
    """The folded form two spellings of a card name are compared in."""
    return fold(name.replace("『", "「").replace("』", "」")).lower()


@dataclass(frozen=True)
class Resolution:
    """What a name in a text refers to: one card, several candidates, or nothing."""

    surface: str                   # the name as written
    cards: tuple[CardFacts, ...]   # empty: not a card of the list
    reason: str = ""               # how it was resolved (for the editor's note)

    @property
    def ambiguous(self) -> bool:
        return len(self.cards) > 1


class CardIndex:
    """The card list looked up by number and by (folded) name."""

    def __init__(self, cards: list[CardFacts]):
        self.cards = cards
        self.by_id = {card.id: card for card in cards}
        self._names: dict[str, list[CardFacts]] = {}
        for card in cards:
            self._names.setdefault(name_key(card.name), []).append(card)

    def shared(self, card: CardFacts) -> bool:
        """True when another card of the list has the same name."""
        return len(self._names.get(name_key(card.name), [])) > 1

    def number(self, digits: str, prefix: str = "N") -> CardFacts | None:
        """The card with that printed number (``075`` -> N75)."""
        value = int(unicodedata.normalize("NFKC", digits))
        return self.by_id.get(f"{prefix}{value}")

    def name(self, written: str) -> Resolution:
        """Resolve a name as written; a ``／１３弾`` suffix picks the printing of that set."""
        folded = unicodedata.normalize("NFKC", written).strip()
        suffix = SET_SUFFIX.match(folded)
        if suffix:
            base = self._names.get(name_key(suffix.group(1)), [])
            package = f"NO{int(suffix.group(2))}"
            picked = tuple(c for c in base if package in c.raw["package"])
            if len(picked) == 1:
                return Resolution(written, picked, f"set {suffix.group(2)} ({package})")
            if base:
                return Resolution(written, tuple(base),
                                  f"no single printing of set {suffix.group(2)}")
        found = tuple(self._names.get(name_key(written), []))
        return Resolution(written, found, "name" if found else "")

    def numbered(self, text: str):
        """Yield ``(start, end, card, name_matches)`` for each ``No.364 想起「…」`` in text.

        The span covers the number and, when the card's own name follows it, the name.
        """
        for m in NUMBERED.finditer(text):
            card = self.number(m.group(1))
            if card is None:
                continue
            end = _name_end(text, m.end(), card.name)
            yield m.start(), (end if end is not None else m.end()), card, end is not None


def _name_end(text: str, start: int, name: str) -> int | None:
    """Where ``name`` ends if the text continues with it (compared folded)."""
    want = name_key(name)
    for end in range(start + 1, min(len(text), start + len(name) + 8) + 1):
        got = name_key(text[start:end])
        if got == want:
            return end
        if not want.startswith(got):
            return None
    return None
