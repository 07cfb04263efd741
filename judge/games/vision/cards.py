"""カードリスト (the card list) and a card's facts as the rules read them.

A card a scenario names is looked up in the corpus's card entries (``vision/card/N<no>``,
whose ``data`` holds the community card list's raw facts and ``data.parsed`` what
parses cleanly).  ``number: N75`` / ``No.075`` picks one printing; a name that several
printings share (十六夜 咲夜, ふらわ～戦車, 西行妖…) needs a number unless the mapping
gives every stat itself.  The mapping's own fields override the list's.

The helpers below answer what the rules ask of a card: its type (キャラクター / スペル /
コマンド), whether it is a character on the field (【幻想生物】 included), its keywords,
required nodes (必要ノード) and cost (コスト), as the card list writes them (``-`` means it
cannot be played, ``X`` a cost the player chooses).
"""
from __future__ import annotations

import difflib
import functools
import re
import unicodedata
import weakref

from judge.corpus.derived import remembered
from judge.corpus.ids import card_number_key, fold, split_id
from judge.engine import Card, ScenarioError

from .i18n import msg

TYPES = {"character": "character", "spell": "spell", "command": "command",
         "キャラクター": "character", "スペル": "spell", "コマンド": "command",
         "Character": "character", "Spell": "spell", "Command": "command"}
# each type in the rules' own word (キャラクターカード, スペルカード, コマンドカード)
TYPE_WORDS = {v: k for k, v in TYPES.items() if not k.isascii()}
ZONE_NAMES = ("deck", "hand", "nodes", "field", "play_area", "graveyard", "removed")
ANONYMOUS = re.compile(r"^(?:%s)-\d+$" % "|".join(ZONE_NAMES))
SET_SUFFIX = re.compile(r"^(.*)[/／]([0-9０-９]+)弾$")
PROMO = re.compile(r"^(?:PR|P)[.．\s-]*0*([0-9]{1,4})$", re.I)
# A card written by its number alone: No.075, N75, PR.002 (bare digits are not numbers).
NUMBER_NAME = re.compile(r"^(?:No\.?|N|PR\.?|P)\s*[0-9]{1,4}$", re.I)
# The props a card carries only while it waits in the play area (a played card).
PLAY_PROPS = ("stack", "target", "mode", "declared")
CHARACTER_STATS = ("attack", "toughness", "graze")

_INDEXES: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def name_key(name: str) -> str:
    """The folded form two spellings of a card name are compared in (『』 as 「」)."""
    return _name_key(str(name))


# Both keys are functions of the text alone, asked for the same few names on every board
# (each card, each play the restrictions read): kept instead of folded again (issue 27).
@functools.lru_cache(maxsize=4096)
def _name_key(name: str) -> str:
    return fold(name.replace("『", "「").replace("』", "」")).lower()


def number_key(typed) -> str | None:
    """``No.075``, ``75``, ``N75`` -> ``N75``; ``PR.002`` -> ``P2``; else None."""
    return _number_key(str(typed))


@functools.lru_cache(maxsize=4096)
def _number_key(typed: str) -> str | None:
    text = fold(typed)
    promo = PROMO.match(text)
    if promo:
        return f"P{int(promo.group(1))}"
    return card_number_key(text)


def names_by_number(card: Card, ref: str) -> bool:
    """Whether ``ref`` is a card number (``No.070``, ``N70``) and ``card`` has it."""
    text = unicodedata.normalize("NFKC", str(ref)).strip()
    if not NUMBER_NAME.match(text):
        return False
    key = number_key(text)
    return key is not None and card.get("number") == key


class CardList:
    """The card entries of the corpus, by number and by folded name (カードリスト).

    Made from the entries' ids and a kept table of their names, not from the entries:
    a scenario names a few cards, and unpickling the two thousand of the card list to
    index them was a fifth of a one-shot `judge run`.  An entry is read when a scenario
    names it.
    """

    def __init__(self, corpus):
        self._entries = corpus.entries if corpus is not None else {}
        self._number_ids: dict[str, str] = {}
        self._name_ids: dict[str, list[str]] = {}
        if corpus is None:
            return
        for entry_id in corpus.entries:
            game, kind, key = split_id(entry_id)
            if game == "vision" and kind == "card":
                self._number_ids[key] = entry_id
        self._name_ids = remembered("vision-card-names", corpus,
                                    lambda: self._names(corpus, self._number_ids.values()))

    @classmethod
    def _names(cls, corpus, entry_ids) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for entry_id in entry_ids:
            out.setdefault(name_key(cls.card_name(corpus.entries[entry_id])), []) \
                .append(entry_id)
        return out

    def numbered(self, key: str):
        """The card entry with that number key (``N75``, ``P2``), or None."""
        entry_id = self._number_ids.get(key)
        return self._entries[entry_id] if entry_id is not None else None

    def _named_exactly(self, key: str) -> list:
        return [self._entries[i] for i in self._name_ids.get(key, ())]

    @staticmethod
    def card_name(entry) -> str:
        """The card's name (a promo's ``PR.002`` prefix removed)."""
        data = entry.data or {}
        parsed = data.get("parsed") or {}
        return str(parsed.get("name") or data.get("name") or entry.title)

    @classmethod
    def of(cls, corpus) -> "CardList":
        """The (cached) card list of a corpus."""
        if corpus is None:
            return cls(None)
        try:
            found = _INDEXES.get(corpus)
        except TypeError:
            return cls(corpus)
        if found is None:
            found = cls(corpus)
            _INDEXES[corpus] = found
        return found

    def named(self, name: str) -> list:
        """The entries with that name; a ``／１３弾`` suffix picks that set's printing."""
        found = self._named_exactly(name_key(name))
        if found:
            return found
        suffix = SET_SUFFIX.match(unicodedata.normalize("NFKC", str(name)).strip())
        if suffix:
            package = f"NO{int(unicodedata.normalize('NFKC', suffix.group(2)))}"
            base = self._named_exactly(name_key(suffix.group(1)))
            return [e for e in base if package in ((e.data or {}).get("package") or [])]
        return []

    def close_names(self, name: str, n: int = 5) -> list[str]:
        """Card names that look like ``name`` (for an error message)."""
        keys = difflib.get_close_matches(name_key(name), list(self._name_ids), n=n,
                                         cutoff=0.5)
        return [self.card_name(self._named_exactly(k)[0]) for k in keys]


# Each card entry's facts, read once per entry object (the corpus's entries are never
# changed; a new corpus makes new ones): a board's cards and every play the restrictions
# look at asked for them again, each a dozen NFKC folds.  The entry is held beside them,
# so its id is not reused while kept.
_FACTS: dict[int, tuple] = {}


def facts(entry) -> dict:
    """A card entry's facts as card props (number, type, stats, node, cost, keywords);
    a new dict each call (its lists new too), as the caller may change it."""
    found = _FACTS.get(id(entry))
    if found is None or found[0] is not entry:
        if len(_FACTS) >= 4096:
            _FACTS.clear()
        found = _FACTS[id(entry)] = (entry, _facts(entry))
    return {k: list(v) if type(v) is list else v for k, v in found[1].items()}


def _facts(entry) -> dict:
    data = entry.data or {}
    parsed = data.get("parsed") or {}
    props: dict = {"number": entry.key}
    kind = TYPES.get(str(data.get("type") or ""))
    if kind:
        props["type"] = kind
    for key in ("node", "cost"):
        value = parsed.get(key, data.get(key))
        value = stat_value(value)
        if value is not None:
            props[key] = value
    for key in CHARACTER_STATS:
        value = parsed.get(key)
        if value is None:
            value = stat_value(data.get(key))
        if isinstance(value, int):
            props[key] = value
    keywords = parsed.get("keywords")
    if keywords is None:
        keywords = unicodedata.normalize("NFKC", str(data.get("skill") or "")).split()
    keywords = [k for k in keywords if k and k != "-"]
    if keywords:
        props["keywords"] = list(keywords)
    if "目標" in str(data.get("range") or ""):
        props["range"] = "目標"
    return props


def stat_value(value):
    """``3`` / ``"３"`` -> 3; ``"-"`` and ``"X"`` kept; empty -> None."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    text = unicodedata.normalize("NFKC", str(value)).strip()
    if not text:
        return None
    if re.fullmatch(r"\d+", text):
        return int(text)
    if text in ("-", "ー", "－"):
        return "-"
    if text.upper() == "X":
        return "X"
    return None


def build_card(cards: CardList, spec: dict, owner: str, zone: str, uid: str) -> Card:
    """A card from a scenario spec: the card list's facts, overridden by the mapping."""
    name = str(spec["name"])
    given = {k: v for k, v in spec.items() if k != "name"}
    if "type" in given:
        given["type"] = TYPES[given["type"]]
    for key in ("node", "cost"):
        if key in given:
            value = stat_value(given[key])
            if value is None:
                raise ScenarioError(msg("{key} must be a whole number, '-' or 'X', not {value!r}",
                                        key=key, value=given[key]),
                                    accepted="0, 1, 2…, -, X")
            given[key] = value
    if ANONYMOUS.match(name):
        return Card(uid=uid, name=name, owner=owner, props=given)
    if NUMBER_NAME.match(unicodedata.normalize("NFKC", name).strip()) and "number" not in given:
        entry = cards.numbered(number_key(name) or "")
        if entry is None:
            raise ScenarioError(msg("no card {name!r} in the card list", name=name),
                                accepted=msg("a number such as No.075, N75, PR.002, or a "
                                             "name"))
        given["number"] = entry.key
        name = CardList.card_name(entry)
    entry = _lookup(cards, name, given)
    props = facts(entry) if entry is not None else {}
    if entry is not None:
        name = CardList.card_name(entry)
    props.update(given)
    if "number" in props and entry is not None:
        props["number"] = entry.key
    return Card(uid=uid, name=name, owner=owner, props=props)


def _lookup(cards: CardList, name: str, given: dict):
    """The card entry a spec means, None for a card the scenario defines itself."""
    if given.get("number") is not None:
        key = number_key(given["number"])
        entry = cards.numbered(key or "")
        if entry is None:
            raise ScenarioError(msg("number: no card {number!r} in the card list",
                                    number=given["number"]),
                                accepted=msg("a number such as No.075, N75, PR.002"))
        if name_key(CardList.card_name(entry)) != name_key(name) and entry not in \
                cards.named(name):
            raise ScenarioError(msg("number: {number} is 「{listed}」, not 「{name}」", number=key,
                                    listed=CardList.card_name(entry), name=name),
                                accepted=CardList.card_name(entry))
        return entry
    found = cards.named(name)
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        if _self_sufficient(given):
            return None
        numbers = [e.key for e in found]
        raise ScenarioError(msg("{count} cards of the card list are named 「{name}」; say which "
                                "with number: (or give type, node, cost and, for a "
                                "character, attack, toughness, graze)", count=len(found),
                                name=name), accepted=numbers)
    if "type" in given:
        return None
    close = cards.close_names(name)
    raise ScenarioError(msg("unknown card 「{name}」: not in the card list (a card of your "
                            "own needs type and its stats)", name=name),
                        accepted=close or msg("a card name of the list, or {{name, type, "
                                              "…}}"))


def _self_sufficient(given: dict) -> bool:
    """Whether a mapping gives every stat the rules need, so no printing is needed."""
    if "type" not in given or "node" not in given or "cost" not in given:
        return False
    return given["type"] != "character" or all(k in given for k in CHARACTER_STATS)


# --- what the rules ask of a card -----------------------------------------------------

def keywords(card: Card) -> set[str]:
    """The card's keywords, folded, without 【】: {"貫通", "世界呪符", "装備/場", …}."""
    return set(_card_keywords(card))


def _card_keywords(card: Card):
    words = card.get("keywords", []) or []
    if isinstance(words, (list, tuple)) and all(type(w) is str for w in words):
        return _keyword_set(tuple(words))
    return _keywords(words)       # anything else read as it always was


@functools.lru_cache(maxsize=2048)
def _keyword_set(words: tuple) -> frozenset[str]:
    # the rules ask a card's keywords several times an action (each restriction, each
    # keyword asked): the same few lists, folded once
    return frozenset(_keywords(words))


def _keywords(words) -> set[str]:
    out: set[str] = set()
    for word in words:
        text = unicodedata.normalize("NFKC", str(word))
        for inner in re.findall(r"【([^】]*)】", text):
            out.add(fold(inner))
        rest = re.sub(r"【[^】]*】", " ", text).strip()
        for part in rest.split():
            out.add(fold(part))
    return out


def has_keyword(card: Card, word: str) -> bool:
    """Whether the card has the keyword (``貫通``, ``世界呪符``, ``装備/場``…)."""
    return _folded_keyword(word) in _card_keywords(card)


@functools.lru_cache(maxsize=512)
def _folded_keyword(word: str) -> str:
    return fold(unicodedata.normalize("NFKC", word)).strip("【】")


def card_type(card: Card) -> str | None:
    """``character``, ``spell`` or ``command`` (None for an anonymous card)."""
    return card.get("type")


def is_character(card: Card) -> bool:
    """A character on the field: a character card, or a 【幻想生物】 spell (spell.3.III)."""
    if card.get("attached_to"):
        return False
    return card_type(card) == "character" or has_keyword(card, "幻想生物")


def is_attachment(card: Card) -> bool:
    """An 【装備】 or 【呪符】 card (set on a character when it resolves)."""
    return has_keyword(card, "装備") or has_keyword(card, "呪符")


def number_of(card: Card) -> str | None:
    """The card list number (``N75``) of a card, if it has one."""
    return card.get("number")


def face_value(card: Card, key: str):
    """Required nodes or cost as the rules read it: a face-down card's are 0."""
    if card.get("face_down"):
        return 0
    return card.get(key)


def label(card: Card) -> str:
    """How a step's text names a card: 「name」 (No.075)."""
    name = card.name if "「" in card.name else f"「{card.name}」"
    number = number_of(card)
    if number and number.startswith("N"):
        return f"{name}(No.{int(number[1:]):03d})"
    return name


def _register_label() -> None:
    # Sentences name a Vision card with its number, as the Q&A does: 「マナの生成」(No.075).
    from .i18n import msg
    msg.card_label(label)


_register_label()
