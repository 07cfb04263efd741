"""Drawing a game state (盤面): the engine's state JSON as zones and cards a judge sees.

:func:`board_view` turns ``state`` (DESIGN.md's engine JSON) into a view model the
template ``_board.html`` draws as HTML: each player's zones laid out as at the table
(the play zones large, the hand below, the piles — deck, graveyard — at the side), cards
as tiles with the stats that matter, position, face-down, sleeping and damage marked.
Given the state before, it marks what moved and what changed, and life as ``8000 → 7500``.
"""
from __future__ import annotations

import functools
import re
import sys
from dataclasses import dataclass, field
from typing import Any

from judge.i18n import JUDGE_PACKAGE, N_, Term, _, anonymous_card_label, current_locale, \
    gettext, list_separator, pgettext, render_value
from judge.engine import worth_writing
from judge.engine.registry import game_class

# Kana and kanji: a part of a card tile that quotes the corpus in Japanese.
_JAPANESE = re.compile("[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]")
# What every game's actions end in (an expect's ``outcome``), in the reader's words.
OUTCOMES = [pgettext("outcome", "legal"), pgettext("outcome", "illegal")]
FLAGS = {
    "face_down": (N_("face-down"), "face-down"), "asleep": (N_("asleep"), "asleep"),
}
# Shown otherwise than as a "key: value" line (the stats a game declares are too).
HIDDEN_PROPS = {"uid", "name", "position", "damage", "keywords", "attached_to",
                "face_down", "asleep", "number"}


@dataclass
class CardView:
    """One card tile."""

    name: str
    uid: str
    stats: list[tuple[str, Any, str]] = field(default_factory=list)
    marks: list[str] = field(default_factory=list)     # 守備表示, 裏側, スリープ…
    classes: list[str] = field(default_factory=list)
    keywords: list[str] = field(default_factory=list)
    extra: list[tuple[str, Any]] = field(default_factory=list)
    damage: int = 0
    change: str = ""                                    # "場 → 冥界", "ダメージ 0 → 2"

    @property
    def title(self) -> str:
        """The tooltip: everything about the card in one line.

        On a page not in Japanese, without the parts that quote the corpus's Japanese
        (the card's name, a value such as 闇): a title attribute cannot mark a quotation,
        so the name is read in the tile itself, marked ``lang="ja"`` (issue 29)."""
        parts = [self.name] + [f"{long} {v}" for _, v, long in self.stats] + self.marks
        if self.damage:
            parts.append(_("damage {damage}", damage=self.damage))
        parts += [f"{k}: {v}" for k, v in self.extra]
        if self.change:
            parts.append(self.change)
        parts = [str(p) for p in parts]
        if current_locale() != "ja":
            parts = [p for p in parts if not _JAPANESE.search(p)]
        return " · ".join(parts)


@dataclass
class ZoneView:
    """One zone of one player."""

    id: str
    label: str
    cards: list[CardView]
    counted: bool = False
    anonymous: int = 0          # cards with no name of their own (deck-1, deck-2…)

    @property
    def count(self) -> int:
        """How many cards the zone holds."""
        return len(self.cards)

    @property
    def named(self) -> list[CardView]:
        """The cards worth naming in a counted pile (not the anonymous ones)."""
        return [c for c in self.cards if "anonymous" not in c.classes]


@dataclass
class PlayerView:
    """One player's side of the table."""

    name: str
    life: Any
    life_before: Any = None
    counters: list[tuple[str, Any, Any]] = field(default_factory=list)
    groups: dict[str, list[ZoneView]] = field(default_factory=dict)
    active: bool = False
    winner: bool = False


@dataclass
class BoardView:
    """The whole board at one moment."""

    game: str
    turn: Any
    phase: Any
    active: str
    players: list[PlayerView]
    winner: str | None = None
    flags: dict = field(default_factory=dict)
    caption: str = ""


def zone_label(game: str, zone: str, lang: str | None = None) -> str:
    """A zone's name as its game declares it (``zone_labels``), in ``lang`` (default: the
    reader's locale).

    A zone the game does not declare (a state written by hand) shows its id.
    """
    labels = game_class(game).zone_labels.get(zone)
    return labels[lang or current_locale()] if labels else zone


def counter_label(game: str, counter: str, lang: str | None = None) -> str:
    """A player's counter (マナ) as its game declares it (``counter_labels``)."""
    labels = game_class(game).counter_labels.get(counter)
    return labels[lang or current_locale()] if labels else counter


def term_text(game: str, kind: str, key: Any) -> str:
    """A word of the file format (a field, a phase, a kind of card) as the reader reads it:
    the game's own word (its catalogue, msgctxt ``kind``), else the judge's, else the key."""
    return _term_text(game_class(game), kind, str(key), current_locale())


@functools.lru_cache(maxsize=4096)
def _term_text(cls, kind: str, key: str, lang: str) -> str:
    # a board's page asks for the same few words hundreds of times (every card's every
    # field, on the board before and after each run): two catalogue look-ups each
    own = getattr(sys.modules.get(cls.__module__), "__package__", None) or cls.__module__
    for package in (own, JUDGE_PACKAGE):
        said = Term(kind, key, package).render(lang)
        if said != key:
            return said
    return key


_WORD = re.compile(r"[a-z][a-z_-]*")
_WORD_AND_NUMBER = re.compile(r"([a-z][a-z_]*) (-?\d+)")        # draw 1, damage 500


def value_word(game: str, key: str, word: str) -> str:
    """A word of the file format as a value of ``key``: the game's word under msgctxt
    ``key``, else as a kind of card, an effect or a field; else the word."""
    for kind in ((key,) if key else ()) + ("kind", "effect", "field"):
        said = term_text(game, kind, word)
        if said != word:
            return said
    return word


def _key_word(game: str, key: str, word: str) -> str:
    """A key of a mapping (``effect`` of a passive skill, ``stun`` of ``statuses``): a field
    of the file format, else a word of ``key``'s values."""
    said = term_text(game, "field", word)
    return said if said != word else value_word(game, key, word)


def value_text(game: str, value: Any, key: str = "") -> Any:
    """A field's value as the reader reads it: yes/no for a flag, the game's word for the
    field's value (``category: acceleration`` → アクセラレーション, under msgctxt ``key``)
    or for a kind of card (spell → スペル), an effect with its number (``draw 1``), a
    list with 、 and a mapping (``statuses: {stun: 1}``) as its words and values, never
    as Python writes them; anything else (names, numbers) as it is."""
    if isinstance(value, bool):
        return render_value(value)
    if isinstance(value, str):
        if value in ("yes", "no"):
            return render_value(value == "yes")
        if _WORD.fullmatch(value):
            return value_word(game, key, value)
        found = _WORD_AND_NUMBER.fullmatch(value)
        return f"{value_word(game, key, found[1])} {found[2]}" if found else value
    if isinstance(value, (list, tuple)):
        sep = " / " if any(isinstance(v, dict) for v in value) else list_separator()
        return sep.join(str(value_text(game, v, key)) for v in value)
    if isinstance(value, dict):
        return list_separator().join(f"{_key_word(game, key, str(k))} {value_text(game, v, str(k))}"
                                     for k, v in value.items())
    return value


def _places(state: dict) -> dict[str, tuple[str, str, dict]]:
    out = {}
    for pname, player in (state.get("players") or {}).items():
        for zone, cards in (player.get("zones") or {}).items():
            for card in cards:
                out[str(card.get("uid"))] = (pname, zone, card)
    return out


def _card_view(game: str, zone: str, card: dict, names: dict[str, str],
               declared=None, lang: str | None = None) -> CardView:
    declared = declared or game_class(game)
    lang = lang or current_locale()
    view = CardView(name=str(card.get("name", "?")), uid=str(card.get("uid", "")))
    for key, short, labels in declared.board_stats:
        if card.get(key) is not None:
            # a mark is one for every language (ATK) or the reader's (攻 / ATK)
            mark = short.get(lang, short.get("en")) if isinstance(short, dict) else short
            view.stats.append((mark, card[key], labels[lang]))
    hidden = _hidden(declared)
    if card.get("position") == "defense":
        view.marks.append(_("defense position"))
        view.classes.append("defense")
    for key, (label, css) in FLAGS.items():
        if card.get(key):
            view.marks.append(gettext(label))
            view.classes.append(css)
    damage = card.get("damage")
    view.damage = damage if isinstance(damage, int) and not isinstance(damage, bool) else 0
    keywords = card.get("keywords") or []
    view.keywords = [str(k) for k in keywords] if isinstance(keywords, list) else [str(keywords)]
    if card.get("attached_to"):
        holder = _shown_name(declared, names.get(str(card["attached_to"]),
                                                 str(card["attached_to"])), lang)
        view.extra.append((_("attached to"), holder))
    for key, value in card.items():
        if key == "kind" and value == "monster":      # the usual case says nothing
            continue
        if key not in hidden and worth_writing(value):
            view.extra.append((_term_text(declared, "field", str(key), lang),
                               value_text(game, value, key)))
    if zone in declared.counted_zones and _anonymous(zone).fullmatch(view.name):
        view.classes.append("anonymous")
    # the tile reads where an unnamed card is (ノードエリアの1枚目), not the file's key
    # (nodes-1), which the board's YAML and permalink keep
    view.name = _shown_name(declared, view.name, lang)
    return view


@functools.lru_cache(maxsize=4096)
def _shown_name(cls, name: str, lang: str) -> str:
    """A card's name on its tile: its own, or the place of one the scenario did not name
    (judge.i18n.anonymous_card_label, by the game's word for the zone)."""
    own = getattr(sys.modules.get(cls.__module__), "__package__", None) or cls.__module__
    return anonymous_card_label(name, lang, own) or name


@functools.lru_cache(maxsize=64)
def _hidden(declared) -> frozenset:
    """The card fields a game's tile shows otherwise than as a "key: value" line."""
    return frozenset(HIDDEN_PROPS | {stat[0] for stat in declared.board_stats})


@functools.lru_cache(maxsize=256)
def _anonymous(zone: str) -> re.Pattern:
    """An anonymous card's name in a counted zone (deck-3)."""
    return re.compile(rf"{re.escape(zone)}-\d+")


@functools.lru_cache(maxsize=64)
def _layout(declared) -> tuple[dict, dict]:
    """A game's table layout read once: each zone's rank within its group (場 before
    ノードエリア) and its group."""
    layout = declared.board_layout
    rank = {z: i for members in layout.values() for i, z in enumerate(members)}
    group = {}
    for g, members in layout.items():
        for z in members:
            group.setdefault(z, g)
    return rank, group


@functools.lru_cache(maxsize=256)
def _order(declared, zones: tuple | None, present: tuple) -> list[str]:
    """The zones in the order a side shows them: the game's zones, then the state's own,
    each group in the table's order (場 before ノードエリア), not the game's list (the
    same few shapes for every board of a game, so kept: the list is only read)."""
    rank = _layout(declared)[0]
    order = list(zones or ()) + [z for z in present if z not in (zones or ())]
    order.sort(key=lambda z: rank.get(z, len(rank)))
    return order


def board_view(game: str, state: dict, before: dict | None = None,
               zones: tuple[str, ...] | None = None, caption: str = "") -> BoardView:
    """The view model of ``state``; with ``before``, what changed is marked.

    ``zones`` is the game's zone order (the state's own order otherwise).
    """
    after_places = _places(state)
    before_places = _places(before) if before else {}
    names = {uid: place[2].get("name", uid) for uid, place in after_places.items()}
    declared = game_class(game)
    layout = declared.board_layout
    lang = current_locale()
    grouped = _layout(declared)[1]
    players = []
    for pname, player in (state.get("players") or {}).items():
        pzones = player.get("zones") or {}
        order = _order(declared, tuple(zones) if zones is not None else None, tuple(pzones))
        groups: dict[str, list[ZoneView]] = {"main": [], "hand": [], "piles": []}
        for zone in order:
            if zone not in pzones:
                continue
            cards = []
            for card in pzones[zone]:
                view = _card_view(game, zone, card, names, declared, lang)
                if before is not None:
                    _mark_change(game, view, pname, zone, card, before_places)
                cards.append(view)
            labels = declared.zone_labels.get(zone)       # zone_label's, its class found
            zv = ZoneView(zone, labels[lang] if labels else zone, cards,
                          counted=zone in declared.counted_zones)
            zv.anonymous = sum("anonymous" in c.classes for c in cards)
            group = grouped.get(zone, "piles" if layout else "main")
            groups[group].append(zv)
        pv = PlayerView(pname, player.get("life"), active=state.get("active") == pname,
                        winner=state.get("winner") == pname, groups=groups)
        old = (before or {}).get("players", {}).get(pname, {}) if before else {}
        if before is not None and old.get("life") != pv.life:
            pv.life_before = old.get("life")
        for key, value in player.items():
            if key in ("life", "zones"):
                continue
            prior = old.get(key) if before is not None else None
            pv.counters.append((counter_label(game, key), value,
                                prior if before is not None and prior != value else None))
        players.append(pv)
    players.reverse()          # the second player sits across the table, at the top
    phase = state.get("phase")
    flags = {term_text(game, "field", k): value_text(game, v, k)
             for k, v in (state.get("flags") or {}).items()}
    return BoardView(game, state.get("turn"), term_text(game, "phase", phase) if phase else phase,
                     str(state.get("active")), players, state.get("winner"), flags, caption)


def mark_leaving(game: str, view: BoardView, after: dict) -> BoardView:
    """On the board *before* a run, mark the cards that the run moves elsewhere."""
    after_places = _places(after)
    for player in view.players:
        for zones in player.groups.values():
            for zone in zones:
                for card in zone.cards:
                    now = after_places.get(card.uid)
                    if now and (now[0], now[1]) != (player.name, zone.id):
                        card.classes.append("leaving")
                        card.change = (_("→ {player}'s {zone}", player=now[0],
                                         zone=zone_label(game, now[1]))
                                       if now[0] != player.name else
                                       f"→ {zone_label(game, now[1])}")
    return view


def _mark_change(game, view: CardView, pname, zone, card, before_places) -> None:
    old = before_places.get(view.uid)
    if old is None:
        return
    if (old[0], old[1]) != (pname, zone):
        view.classes.append("moved")
        view.change = (_("from {zone}", zone=zone_label(game, old[1])) if old[0] == pname
                       else _("from {player}'s {zone}", player=old[0],
                              zone=zone_label(game, old[1])))
        return
    changed = sorted(k for k in set(card) | set(old[2])
                     if k != "uid" and card.get(k) != old[2].get(k))
    if changed:
        view.classes.append("changed")
        view.change = _("changed: ") + ", ".join(
            f"{term_text(game, 'field', k)} {value_text(game, old[2].get(k, '—'), k)} → "
            f"{value_text(game, card.get(k, '—'), k)}" for k in changed)
