"""Links made while converting Vision text (リンク): card names and wiki pages.

A :class:`VisionLinker` turns a ``[[…]]`` link into a Markdown ``judge:`` link when its
target is an entry of the corpus (a card of the card list, or a term page), links the
``No.364 想起「…」`` forms and 「…」/『…』 names of cards, and records what it found:
the cards named (one or several candidates) and the wiki links that lead nowhere in the
corpus (kept as readable text, their target kept in the revision's metadata).
"""
from __future__ import annotations

import re

from judge.corpus.importer.drafts import md_link
from judge.i18n.bilingual import both

from .names import CardIndex, Resolution, name_key

BRACKETED = re.compile(r"([「『])([^「『」』]{1,40})([」』])")



def card_id(card) -> str:
    return f"vision/card/{card.id}"


class VisionLinker:
    """Links one revision's text; ``found`` and ``unresolved`` say what it met."""

    def __init__(self, index: CardIndex, terms: dict[str, str]):
        self.index = index
        self.terms = terms                      # wiki page name -> entry id
        self.found: list[Resolution] = []
        self.unresolved: list[dict] = []

    def link(self, text: str, target: str) -> str:
        term = self.terms.get(name_key(target))
        if term:
            return md_link(text, term)
        found = self.index.name(target)
        if found.cards:
            self.found.append(Resolution(text, found.cards, found.reason))
            if not found.ambiguous:
                return md_link(text, card_id(found.cards[0]))
            return text
        self.unresolved.append({"text": text, "target": target})
        return text

    def text(self, run: str) -> str:
        out: list[str] = []
        pos = 0
        for start, end, card, _ in self.index.numbered(run):
            out.append(self._brackets(run[pos:start]))
            surface = run[start:end].rstrip()
            self.found.append(Resolution(surface, (card,), "number"))
            out.append(md_link(surface, card_id(card)) + run[start + len(surface):end])
            pos = end
        out.append(self._brackets(run[pos:]))
        return "".join(out)

    def _brackets(self, run: str) -> str:
        def replace(m: re.Match) -> str:
            found = self.index.name(m.group(2))
            if not found.cards:
                return m.group(0)
            self.found.append(Resolution(m.group(2), found.cards, found.reason))
            if found.ambiguous:
                return m.group(0)
            return m.group(1) + md_link(m.group(2), card_id(found.cards[0])) + m.group(3)
        return BRACKETED.sub(replace, run)

    def meta(self) -> dict:
        """Revision metadata for what could not be linked (empty when nothing)."""
        unique = list({(d["text"], d["target"]): d for d in self.unresolved}.values())
        return {"unresolved_links": unique} if unique else {}


def ambiguity_note(resolution: Resolution) -> dict:
    """The note for a name several cards share, when the text does not say which."""
    numbers = ", ".join(c.printed_number for c in resolution.cards)
    count, surface = len(resolution.cards), resolution.surface
    if resolution.reason.startswith("no "):
        why = both("名前の後の収録記号ではどれか一枚に絞れない",
                   "the set suffix matches no single printing")
    else:
        why = both("本文はどれのことか示していない", "the text does not say which printing")
    return {"kind": "ambiguity", "quote": surface,
            "text": both(f"「{surface}」はカードリストの{count}枚（{numbers}）に当てはまり、"
                         f"{why['ja']}。この項目はそのすべてにリンクしている。",
                         f"「{surface}」 names {count} cards of the card list ({numbers}) "
                         f"and {why['en']}; the entry links all of them."),
            "correct_reading": None,
            "basis": both("カードリスト（sources/data/vision-cards.jsonl）の同名のカード",
                          "the card list (sources/data/vision-cards.jsonl): cards sharing "
                          "a name")}
