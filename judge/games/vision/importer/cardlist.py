"""The Vision card list (カードリスト): one JSON object a line, facts only, no card text.

Values are kept exactly as the community typed them (``data`` of the card entry);
``data.parsed`` adds what parses cleanly: whole numbers as ints, signed modifiers
(``+3`` on equipment) as ``<field>_modifier``, the keywords split on spaces, the name
without a promotional card's ``PR.001`` prefix, and as ``words`` the rules' word for
the type the list writes in English (Character: キャラクター), which search reads.
"""
from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass

from judge.corpus.importer.sources import SourceFile

from ..cards import TYPE_WORDS, TYPES

FIELDS = ("id", "prefix", "no", "type", "name", "graze", "node", "cost", "range", "time",
          "user", "class", "skill", "upkeep", "attack", "toughness", "package")
NUMERIC = ("graze", "node", "cost", "upkeep", "attack", "toughness")
PREFIXES = {"N": "No.", "P": "PR."}
PROMO_NAME = re.compile(r"^PR\.\d+\s+")
# The list was published as data/cardList.json in Ushiris/VisionMasterBot; the jsonl
# equals that file's facts at the commit below (checked field by field), the file's
# only version in that repository.
DOCUMENT = "東方Vision カードリスト（有志のリスト、Ushiris/VisionMasterBot の data/cardList.json）"
COMMIT = "70ddaaddcc68cbc6e848e92c1e125efa97d97ee9"
PUBLISHED = "2022-07-12"


@dataclass(frozen=True)
class CardFacts:
    """One line of the card list: the raw record and the line it came from."""

    raw: dict
    line: int

    @property
    def id(self) -> str:
        return str(self.raw["id"])

    @property
    def number(self) -> int:
        return int(self.raw["no"])

    @property
    def name(self) -> str:
        """The card's name, without a promo's ``PR.001`` prefix and stray spaces."""
        return PROMO_NAME.sub("", str(self.raw["name"])).strip()

    @property
    def printed_number(self) -> str:
        """``No.075``, ``No.1125``, ``PR.001``: the number as printed on the card."""
        return f"{PREFIXES[self.raw['prefix']]}{self.number:03d}"


def read_card_list(src: SourceFile) -> list[CardFacts]:
    """Every card of the list, in file order; a malformed line is an ImportError_."""
    cards: list[CardFacts] = []
    seen: dict[str, int] = {}
    for n, line in enumerate(src.lines, 1):
        if not line.strip():
            continue
        try:
            raw = json.loads(line)
        except json.JSONDecodeError as exc:
            raise src.error(f"not a JSON object: {exc.msg} (column {exc.colno}); each line "
                            "of the card list is one JSON object", n) from None
        if not isinstance(raw, dict):
            raise src.error("each line of the card list must be a JSON object", n)
        missing = [f for f in FIELDS if f not in raw]
        if missing:
            raise src.error(f"card record lacks field(s) {', '.join(missing)}; a record has "
                            f"{', '.join(FIELDS)}", n)
        if raw["prefix"] not in PREFIXES or not isinstance(raw["no"], int) \
                or raw["id"] != f"{raw['prefix']}{raw['no']}":
            raise src.error(f"card id {raw['id']!r} does not match prefix {raw['prefix']!r} "
                            f"(N or P) and number {raw['no']!r}", n)
        if not isinstance(raw["package"], list):
            raise src.error("field 'package' must be a list of set codes", n)
        if raw["id"] in seen:
            raise src.error(f"card {raw['id']} appears twice (first on line "
                            f"{seen[raw['id']]})", n)
        seen[raw["id"]] = n
        cards.append(CardFacts(raw, n))
    if not cards:
        raise src.error("the card list holds no card", 1)
    return cards


def parsed_facts(card: CardFacts) -> dict:
    """What parses cleanly out of the raw values (see the module docstring)."""
    out: dict = {}
    for name in NUMERIC:
        value = card.raw.get(name)
        if not isinstance(value, str):
            continue
        text = unicodedata.normalize("NFKC", value).strip()
        if re.fullmatch(r"\d+", text):
            out[name] = int(text)
        elif re.fullmatch(r"[+-]\d+", text):
            out[f"{name}_modifier"] = int(text)
    skills = unicodedata.normalize("NFKC", str(card.raw.get("skill") or "")).split()
    skills = [s for s in skills if s != "-"]
    if skills:
        out["keywords"] = skills
    if card.name != card.raw["name"]:
        out["name"] = card.name
    # The list writes the type in English (Character); the rules say キャラクターカード
    # (seed 004, ２．カードのプレイに関する補足): a judge searches the card by the rules' word.
    word = TYPE_WORDS.get(TYPES.get(str(card.raw.get("type") or "")))
    if word:
        out["words"] = [word]
    return out


LABELS = [("type", "種類 (type)"), ("graze", "グレイズ (graze)"),
          ("node", "必要ノード (node)"), ("cost", "コスト (cost)"),
          ("range", "効果範囲 (range)"), ("time", "効果時間 (time)"),
          ("user", "術者 (user)"), ("class", "種族 (class)"),
          ("skill", "スキル (skill)"), ("upkeep", "維持コスト (upkeep)"),
          ("attack", "攻撃力 (attack)"), ("toughness", "耐久力 (toughness)")]


def facts_markdown(card: CardFacts) -> str:
    """The card's facts as a Markdown list, values exactly as typed."""
    lines = [f"- 番号 (number): {card.printed_number}",
             f"- 名前 (name): {_shown(card.raw['name'])}"]
    for key, label in LABELS:
        lines.append(f"- {label}: {_shown(card.raw.get(key))}")
    packages = ", ".join(card.raw["package"]) or "（記載なし）"
    lines.append(f"- 収録 (package): {packages}")
    return "\n".join(lines)


def _shown(value) -> str:
    if value is None or (isinstance(value, str) and not value.strip()):
        return "（空欄）"
    return str(value).replace("|", "\\|")


def card_source(src: SourceFile, card: CardFacts) -> dict:
    """The source of a card entry's revision: the card list, file and line."""
    return {"document": DOCUMENT, "section": card.id, "file": src.name,
            "lines": str(card.line), "commit": COMMIT}
