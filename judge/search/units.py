"""What one search hit is (検索単位): an entry's revision, or one clause of it.

A rule is indexed clause by clause, so that a hit lands on ``6.5.2.b`` and not on the
whole of 6.5; the text of a revision that stands outside every clause is a unit of its
own.  Q&A, terms and cards without clauses are one unit per revision.  Every revision is
a unit: the newest is ``current``, the older ones are searchable and labelled.

The same functions give the indexer the text to index and the searcher the text to
show, so a snippet is always cut from exactly what was indexed.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from judge.corpus.model import CLAUSE_MARKER, Entry, Revision, plain_text

# Card-list fields that are words a judge may search for (the rest are numbers).
# (range, time and upkeep are left out: 無し, 瞬間 on hundreds of cards only add noise)
CARD_WORD_FIELDS = ("type", "class", "skill", "user")


@dataclass
class Unit:
    """One searchable passage: entry, revision, optional clause, and its plain text."""

    entry: Entry
    revision: Revision
    clause: str | None
    text: str
    ids: list[str] = field(default_factory=list)
    heading: str = ""          # the line heading the clause's group (●コマンドカード)

    @property
    def docid(self) -> str:
        """``<game>/rule/6.5@2#6.5.3.b``: unique in the index."""
        return f"{self.entry.id}@{self.revision.number}" + (
            f"#{self.clause}" if self.clause else "")

    @property
    def current(self) -> bool:
        """True for the entry's newest revision.

        Compared by number, not identity: a card's revision is a copy of the entry's
        (its text without the field list, :func:`units_of`), and an identity test
        labelled every card 旧版."""
        return self.revision.number == self.entry.revisions[0].number

    @property
    def withdrawn(self) -> bool:
        """True when the entry or this revision is withdrawn (撤回)."""
        return self.entry.status == "withdrawn" or self.revision.status == "withdrawn"


def clause_texts(rev: Revision) -> tuple[dict[str, str], str, dict[str, str]]:
    """The revision's clauses (id -> plain text), the plain text outside them, and for
    each clause the last line outside the clauses above it (its heading: ●コマンドカード)."""
    clauses = {cid: plain_text(text) for cid, text in rev.clauses.items()}
    if not clauses:
        return {}, plain_text(rev.text), {}
    outside: list[str] = []
    headings: dict[str, str] = {}
    heading = ""
    in_clause = False
    # The same walk as Revision.clauses: a clause runs on over indented, quoted or plain
    # continuation lines and stops at a blank line, a heading or another list item.
    for line in rev.text.splitlines():
        m = CLAUSE_MARKER.match(line)
        if m:
            in_clause = True
            headings[m.group(1)] = heading
            continue
        stripped = line.strip()
        if in_clause and stripped and not stripped.startswith(("#", "<!--")):
            if line.startswith((" ", "\t", ">")) or not stripped.startswith(("-", "*")):
                continue
        in_clause = False
        outside.append(line)
        if stripped and not stripped.startswith("<!--"):
            heading = plain_text(stripped)
    return clauses, plain_text("\n".join(outside)), headings


def card_text(entry: Entry) -> str:
    """The searchable words of a card's data: number, name, type, race, keywords, caster."""
    data = entry.data or {}
    words: list[str] = []
    number = data.get("number") or data.get("no")
    prefix = data.get("prefix") or ""
    name = str(data.get("name") or entry.title)
    if number not in (None, ""):
        try:
            label = (f"No.{int(number):03d}" if prefix in ("", "N") else
                     f"PR.{int(number):03d}")
        except (TypeError, ValueError):
            label = str(number)
        if not name.startswith(label):
            words.append(label)
    words.append(name)
    for key in CARD_WORD_FIELDS:
        value = data.get(key)
        if value in (None, "", "-"):
            continue
        value = " ".join(map(str, value)) if isinstance(value, list) else str(value)
        words.append(value)
        if key == "type":
            # the game's own words for what its card list writes otherwise (a type in
            # English: Character, which the rules call キャラクター), its importer's
            words.extend(map(str, (data.get("parsed") or {}).get("words") or ()))
    for key in ("keywords", "attribute", "attack_type"):
        value = data.get(key)
        if isinstance(value, list):
            words.extend(map(str, value))
        elif value:
            words.append(str(value))
    return " ".join(words)


# A card file lists the card list's fields (「- 名前 (name): …」), says that the card text
# is not in the corpus, and quotes what other entries say of the card (出典での言及).
# The fields are indexed from entry.data instead (without labels: グレイズ and コスト
# would otherwise match every card), the quotes are found on the entries they come from.
_CARD_FIELD_LINE = re.compile(r"^\s*[-*]\s+[^()\n]+\([a-z_ ]+\):.*$", re.M)
_CARD_BOILERPLATE = re.compile(r"^.*カードテキストはコーパスにありません.*$", re.M)
_CARD_MENTIONS = re.compile(r"^#+\s*出典での言及.*", re.M | re.S)


def card_body(text: str) -> str:
    """A card revision's own text, without the field list, boilerplate and quotes."""
    text = _CARD_MENTIONS.sub("", text)
    text = _CARD_FIELD_LINE.sub("", text)
    return _CARD_BOILERPLATE.sub("", text).strip()


def units_of(entry: Entry) -> list[Unit]:
    """Every searchable unit of an entry, newest revision first."""
    out: list[Unit] = []
    base_ids = entry_ids(entry)
    extra = card_text(entry) if entry.kind == "card" else ""
    for rev in entry.revisions:
        if entry.kind == "card":
            rev = replace(rev, text=card_body(rev.text))
        clauses, outside, headings = clause_texts(rev)
        if extra:
            outside = f"{extra}\n{outside}".strip()
        if outside or not clauses:
            out.append(Unit(entry, rev, None, outside, list(base_ids)))
        for cid, text in clauses.items():
            ids = [cid.lower()]
            if cid.lower() == entry.key.lower():
                ids += base_ids
            heading = headings.get(cid, "")
            if heading == entry.title or len(heading) > 80:
                heading = ""
            out.append(Unit(entry, rev, cid, text, ids, heading))
    return out


def unit_text(entry: Entry, revision: int, clause: str | None) -> str:
    """The plain text of one unit (what a snippet is cut from)."""
    for unit in units_of(entry):
        if unit.revision.number == revision and unit.clause == clause:
            return unit.text
    return ""


def entry_ids(entry: Entry) -> list[str]:
    """The id tokens an entry is found by: its key (``qa-337``, ``n75``, ``6.5``) and number."""
    from .analysis import id_tokens, normalize
    key = entry.key
    out = [normalize(key)]
    out += id_tokens(key)
    if entry.kind == "qa" and key.upper().startswith("QA-"):
        out.append(str(int(key[3:])) if key[3:].isdigit() else key[3:])
    if entry.kind == "card":
        number = (entry.data or {}).get("number") or (entry.data or {}).get("no")
        prefix = (entry.data or {}).get("prefix") or "N"
        if key.startswith("N") and key[1:].isdigit():
            number = number or int(key[1:])
        if number not in (None, ""):
            try:
                n = int(number)
                out += [f"n{n}", str(n)] if prefix == "N" else [f"{prefix.lower()}{n}"]
            except (TypeError, ValueError):
                pass
    return list(dict.fromkeys(t for t in out if t))
