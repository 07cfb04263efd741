"""Card entries (カード): the card list's facts, and what the sources say of each card.

A card entry never holds card text (the corpus has none): its body is the facts as
typed, the explicit notice that the text is not in the corpus, and a section quoting
each sentence of the other entries that names the card, with a ``judge:`` link back.
"""
from __future__ import annotations

import re

from judge.corpus.ids import fold
from judge.corpus.model import SENTENCE_END, Entry, RevisionDate, plain_text

from .drafts import Draft, Mention, md_link

# Every card entry says so: the corpus never holds card text.
NO_TEXT = "カードテキストはコーパスにありません。"


def finish_cards(cards: dict[str, Draft], drafts: dict[str, Draft]) -> None:
    """Write each card's body: facts (if any), the no-text notice, the mentions.

    ``drafts`` are every other entry of the import; their recorded mentions say which
    revision named which card, and the sentence quoted is the one holding the name.
    """
    quotes: dict[str, dict[tuple[str, str], list]] = {}
    for draft in sorted(drafts.values(), key=lambda d: d.id):
        for mention in draft.mentions:
            rev = draft.entry.revision(mention.revision)
            for sentence in _sentences_naming(rev.text, mention):
                for card in mention.cards:
                    slot = quotes.setdefault(card, {}).setdefault((draft.id, sentence), [])
                    label = (rev.number, str(rev.date), mention.ambiguous, mention.cards)
                    if label not in slot:
                        slot.append(label)
    for card_id, draft in cards.items():
        rev = draft.entry.current
        parts = [rev.text] if rev.text else []
        parts.append(NO_TEXT)
        found = quotes.get(card_id)
        if found:
            parts.append("## 出典での言及")
            for (entry_id, sentence), labels in found.items():
                parts.append(_quote(drafts[entry_id].entry, sentence, labels))
                draft.sources |= drafts[entry_id].sources
        rev.text = "\n\n".join(parts)


def _sentences_naming(markdown: str, mention: Mention) -> list[str]:
    """The sentences (plain text) of a revision that name the card where it was named.

    A linked name is found as its link, an unlinked one outside every link's text, so
    西行妖 is not found inside the link [西行妖、開花…](…).
    """
    pattern = re.compile(mention.pattern) if mention.pattern else None
    wanted = fold(mention.surface)
    found = []
    for sentence in SENTENCE_END.split(markdown):
        if not sentence or not sentence.strip():
            continue
        plain = plain_text(sentence)
        if pattern:
            hit = pattern.search(plain)
        elif mention.ambiguous:
            hit = wanted in fold(MD_LINK.sub("", sentence))
        else:
            hit = any(f"[{mention.surface}](judge:{card})" in sentence
                      for card in mention.cards)
        if hit and plain.strip():
            found.append(plain.strip())
    return list(dict.fromkeys(found))


MD_LINK = re.compile(r"\[[^\]]*\]\([^)]*\)")


def _when(date_text: str) -> str:
    """A revision's date as the card's body says it: ``before D`` is 「Dより前」."""
    return f"{date_text[len('before '):]}より前" if date_text.startswith("before ") else date_text


def _quote(entry: Entry, sentence: str, labels: list) -> str:
    name = entry.key if entry.kind == "qa" else entry.title
    labels = sorted(labels, key=lambda label: -label[0])
    revisions = "、".join(f"改訂{number}（{_when(when)}）" for number, when, _, _ in labels)
    lines = [f"> {sentence}", "", f"— {md_link(name, entry.id)} {revisions}"]
    ambiguous = [cards for _, _, amb, cards in labels if amb]
    if ambiguous:
        numbers = ", ".join(c.rsplit("/", 1)[1] for c in ambiguous[0])
        lines[-1] += f"（同名のカードが複数あり、出典はどれのことか示していない：{numbers}）"
    return "\n".join(lines)
