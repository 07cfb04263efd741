"""The query language a judge types (検索式): words, phrases, exclusions, filters.

Plain words must all match (ranked by relevance)::

    グレイズ 貫通              both words, anywhere in the passage
    "プレイしたものとして解決"    a phrase, exactly in this order ("…", “…”, 「…」, 『…』)
    -貫通  -"戦闘ダメージ"      leave out passages with this word or phrase
    グレイズ OR ノード          either word (AND is the default and may be written)
    game:<id>  kind:qa          filters (game: a game's id, title or alias, as the
                                corpus's games.yaml lists them; kind: rule|qa|term|
                                card, or ルール, 用語, カード, Q&A)
    card:マナの生成  card:No.075  passages about a card (its entry, entries linking it,
                                passages naming it)
    rule:6.5  rule:6.5.3        a rule and its clauses (and entries citing it)
    before:2013-01-27  after:2010  revisions dated before/after a day (YYYY, YYYY-MM,
                                YYYY-MM-DD, YYYY/MM/DD, 2013年1月27日)

A Q&A, rule or card number alone (``QA-337``, ``ＱＡ－３３７``, ``qa337``, ``6.5.3.b``,
``No.075``) goes straight to that entry.  Nothing here raises: a quote without its
partner, an operator with nothing to apply to, an unknown filter or a bad date are read
as plain words or dropped, and a notice says so.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from datetime import date

from judge.i18n import msg

from . import tables
from .analysis import phrase_terms

MAX_QUERY_CHARS = tables.MAX_QUERY_CHARS
MAX_TERMS = tables.MAX_TERMS
KINDS = tables.QUERY_KINDS
FILTERS = tuple(tables.FILTERS)
FILTER_ALIASES = tables.FILTER_ALIASES
OPEN_QUOTES = tables.OPEN_QUOTES
_CONTROL = re.compile(tables.CONTROL)
_SPACE = re.compile(r"\s+")
_SPACED_ID = re.compile(tables.SPACED_ID, re.I)
_DAY_FOLD = str.maketrans(tables.DAY_FOLD)
# a filter's name and its colon (game:, ゲーム:), in any case
_FILTER_PREFIX = re.compile("(" + "|".join(map(re.escape, [*FILTERS, *FILTER_ALIASES])) + "):",
                            re.I)


@dataclass
class Term:
    """A word or a phrase of the query."""

    text: str
    phrase: bool = False

    def __str__(self) -> str:
        return f'"{self.text}"' if self.phrase else self.text


@dataclass
class ParsedQuery:
    """A query read into its parts; ``notices`` say what was not taken as typed."""

    raw: str
    groups: list[list[Term]] = field(default_factory=list)   # AND of ORs
    excluded: list[Term] = field(default_factory=list)
    games: list[str] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    before: date | None = None
    after: date | None = None
    notices: list = field(default_factory=list)      # judge.i18n messages

    @property
    def terms(self) -> list[Term]:
        """Every positive word and phrase."""
        return [t for group in self.groups for t in group]

    @property
    def has_filters(self) -> bool:
        """True when a filter narrows the search."""
        return bool(self.games or self.kinds or self.cards or self.rules or self.before
                    or self.after)

    @property
    def empty(self) -> bool:
        """Nothing to search for and nothing to filter by."""
        return not self.groups and not self.has_filters

    def text(self) -> str:
        """The query as it was understood, in the query language."""
        parts = [" OR ".join(map(str, g)) for g in self.groups]
        parts += [f"-{t}" for t in self.excluded]
        parts += [f"game:{g}" for g in self.games] + [f"kind:{k}" for k in self.kinds]
        parts += [f"card:{c}" for c in self.cards] + [f"rule:{r}" for r in self.rules]
        if self.before:
            parts.append(f"before:{self.before.isoformat()}")
        if self.after:
            parts.append(f"after:{self.after.isoformat()}")
        return " ".join(parts)


def clean(raw: str) -> tuple[str, list[str]]:
    """NFKC, control characters out, length capped: the text the parser reads."""
    notices = []
    text = raw if isinstance(raw, str) else str(raw or "")
    if _CONTROL.search(text):
        text = _CONTROL.sub(" ", text)
        notices.append(msg("control characters in the query were ignored"))
    text = unicodedata.normalize("NFKC", text)
    # "qa 21", "No. 75", "Q 346": a number typed apart from its prefix is one id
    text = _SPACED_ID.sub(lambda m: m.group(1) + m.group(2), text)
    if len(text) > MAX_QUERY_CHARS:
        text = text[:MAX_QUERY_CHARS]
        notices.append(msg("the query was cut to its first {limit} "
                           "characters",
                           limit=MAX_QUERY_CHARS))
    return text.strip(), notices


def _lex(text: str, notices: list[str]) -> list[tuple[str, str, bool]]:
    """(prefix, text, quoted) tokens; prefix is '-', 'name:' or ''."""
    tokens: list[tuple[str, str, bool]] = []
    i, n = 0, len(text)
    unbalanced = False
    while i < n:
        ch = text[i]
        if ch.isspace():
            i += 1
            continue
        prefix = ""
        m = _FILTER_PREFIX.match(text, i)
        if m:
            prefix = m.group(0)
            i += len(prefix)
        elif ch == "-" and i + 1 < n and not text[i + 1].isspace():
            prefix = "-"
            i += 1
        if i < n and text[i] in OPEN_QUOTES:
            close = OPEN_QUOTES[text[i]]
            end = text.find(close, i + 1)
            if end < 0 and text[i] in tables.QUOTE_FALLBACK:
                end = text.find(tables.QUOTE_FALLBACK[text[i]], i + 1)
            if end < 0:
                unbalanced = True
                i += 1          # the lone quote mark is dropped, the rest read as words
                if prefix:
                    tokens.append((prefix, "", False))
                continue
            tokens.append((prefix, text[i + 1:end], True))
            i = end + 1
            continue
        j = i
        while j < n and not text[j].isspace() and text[j] not in OPEN_QUOTES:
            j += 1
        tokens.append((prefix, text[i:j], False))
        i = j
    if unbalanced:
        notices.append(msg("a quotation mark had no partner: the words were searched "
                           "one by one"))
    return tokens


def parse(raw: str, games: dict[str, str] | None = None) -> ParsedQuery:
    """Read a query string; never raises (see the module docstring for the language).

    ``games`` maps what a judge may type for a game (folded to lower case) to its id:
    :func:`judge.corpus.alias_table` of the corpus's games.  Without it ``game:`` only
    takes nothing (every ``game:`` filter is reported and ignored).
    """
    games = games or {}
    text, notices = clean(raw)
    pq = ParsedQuery(raw=raw if isinstance(raw, str) else str(raw), notices=notices)
    pending_or = False
    dropped: list[str] = []
    for prefix, value, quoted in _lex(text, pq.notices):
        value = value.strip()
        if prefix.endswith(":"):
            _filter(pq, prefix[:-1], value, games)
            continue
        operator = None if quoted else tables.QUERY_OPERATORS.get(value)
        if operator == "and":
            continue
        if operator == "or":
            pending_or = bool(pq.groups)
            if not pending_or:
                dropped.append(value)
            continue
        if operator == "not":
            dropped.append(value)          # "NOT x" is written -x; see the notice
            continue
        if not value or not phrase_terms(value):
            if value or prefix:
                dropped.append(prefix + (f'"{value}"' if quoted else value))
            pending_or = False
            continue
        term = Term(_SPACE.sub(" ", value), phrase=quoted)
        if prefix == "-":
            pq.excluded.append(term)
        elif pending_or:
            pq.groups[-1].append(term)
        else:
            pq.groups.append([term])
        pending_or = False
    if pending_or:
        dropped.append("OR")
    if not pq.games and len(pq.terms) > 1 or not pq.games and _one_unspaced(pq):
        _named_game(pq, games)
    if dropped:
        shown = " ".join(dropped)[:tables.DROPPED_SHOWN]
        pq.notices.append(msg("ignored (nothing to search for): {shown}", shown=shown))
    if len(pq.terms) > MAX_TERMS:
        kept, count = [], 0
        for group in pq.groups:
            if count + len(group) > MAX_TERMS:
                break
            kept.append(group)
            count += len(group)
        pq.groups = kept
        pq.notices.append(msg("only the first {limit} words were used",
                              limit=MAX_TERMS))
    if not pq.groups and pq.excluded and not pq.has_filters:
        pq.notices.append(msg("a query needs at least one word to look for, not only "
                              "words to leave out"))
    return pq


def parse_day(value: str, end: bool = False) -> date | None:
    """``2013-01-27``, ``2013/1/27``, ``20130127``, ``2013-01``, ``2013``, ``2013年1月27日``.

    A month or a year stands for its first day (``end`` False) or its last (``end``).
    """
    v = value.strip().translate(_DAY_FOLD).strip("-")
    m = re.fullmatch(tables.DAY, v)
    if not m:
        return None
    y, mo, d = int(m.group(1)), m.group(2), m.group(3)
    try:
        if d:
            return date(y, int(mo), int(d))
        if mo:
            month = int(mo)
            if not 1 <= month <= 12:
                return None     # (month 13's last day was computed as January's)
            if end:
                nxt = date(y + (month == 12), month % 12 + 1, 1)
                return date.fromordinal(nxt.toordinal() - 1)
            return date(y, month, 1)
        return date(y, 12, 31) if end else date(y, 1, 1)
    except ValueError:
        return None


def _filter(pq: ParsedQuery, name: str, value: str, games: dict[str, str]) -> None:
    name = FILTER_ALIASES.get(name, name.lower())
    if not value:
        pq.notices.append(msg("{name}: needs a value (e.g. {value}); ignored",
                              name=name, value=_example(name, games)))
        return
    if name == "game":
        game = games.get(unicodedata.normalize("NFKC", value).lower())
        if game:
            pq.games.append(game)
        else:
            ids = ", ".join(dict.fromkeys(games.values()))
            pq.notices.append(msg("game:{value} is not a game ({ids}); ignored", value=value,
                                  ids=ids))
    elif name == "kind":
        kind = KINDS.get(value.lower())
        if kind:
            pq.kinds.append(kind)
        else:
            pq.notices.append(msg("kind:{value} is not a kind (rule, qa, term, "
                                  "card); ignored",
                                  value=value))
    elif name == "card":
        pq.cards.append(value)
    elif name == "rule":
        pq.rules.append(value)
    else:
        day = parse_day(value, end=(name == "after"))
        if day is None:
            pq.notices.append(msg("{name}:{value} is not a date (YYYY-MM-DD, YYYY-MM "
                                  "or YYYY); ignored",
                                  name=name, value=value))
        elif name == "before":
            pq.before = min(pq.before, day) if pq.before else day
        else:
            pq.after = max(pq.after, day) if pq.after else day


# A game named in the words of a query (「<title>で融合素材は…」, "… in <title>") is
# what the judge asks about: the search keeps to it, as game:<id> would.  A name of one
# or two Latin letters (v, gc) is too common a word to be read as a game.
_MIN_NAME = tables.GAME_NAME_MIN
_HOLDS_WORD = re.compile(tables.HOLDS_WORD)


def _one_unspaced(pq: ParsedQuery) -> bool:
    terms = pq.terms
    return len(terms) == 1 and not terms[0].phrase and not terms[0].text.isascii()


_NAMES: dict = {}


def _game_names(games: dict[str, str]) -> tuple[list[str], list[str]]:
    """The games' names long enough to be read as a game, longest first, and those of
    them in Japanese script; made once per table of names (the parse of every query of
    several words or of one unspaced one asks for them: sorting them each time was a
    third of its parse)."""
    kept = _NAMES.get(id(games))
    if kept is None or kept[0] is not games:
        names = sorted((k for k in games if len(k) >= _MIN_NAME), key=len, reverse=True)
        kept = (games, names, [n for n in names if not n.isascii()])
        if len(_NAMES) > 16:
            _NAMES.clear()
        _NAMES[id(games)] = kept
    return kept[1], kept[2]


def _named_game(pq: ParsedQuery, games: dict[str, str]) -> None:
    """Take a game's title or alias typed among a query's words as its game: filter.

    Only when other words remain to search for: a title alone looks for the
    game's own pages.  Latin names count as whole words (a run of up to three: "gem
    chronicle"); a Japanese name also inside an unspaced question
    (「<title>でマナは…」), its particle left for the question's analysis."""
    names, ja_names = _game_names(games)
    if not names or len(pq.groups) != len(pq.terms):      # an OR keeps every word
        return
    words = [unicodedata.normalize("NFKC", t.text).lower() for t in pq.terms]
    found: tuple[str, str, int, int] | None = None           # name, typed, first, last
    for size in range(tables.GAME_NAME_WORDS, 0, -1):
        for i in range(len(words) - size + 1):
            joined = " ".join(words[i:i + size])
            if (joined in games and len(joined) >= _MIN_NAME and len(words) > size
                    and not any(t.phrase for t in pq.terms[i:i + size])):
                typed = " ".join(t.text for t in pq.terms[i:i + size])
                found = found or (joined, typed, i, i + size)
    if found:
        name, typed, first, last = found
        del pq.groups[first:last]
    else:
        for i, (term, word) in enumerate(zip(pq.terms, words)):
            if term.phrase or word.isascii() or word in games:
                continue
            name = next((n for n in ja_names if n in word and len(word) > len(n)), None)
            if name is None:
                continue
            at = word.index(name)
            rest = (word[:at] + " " + word[at + len(name):]).strip()
            # 「<title>の」 (only kana particles left) is the game itself; a
            # word beside the name holds a kanji, katakana, a letter or a digit (the
            # offline search decides the same way, without MeCab)
            if not _HOLDS_WORD.search(rest):
                continue
            typed = term.text if len(term.text) != len(word) else term.text[at:at + len(name)]
            pq.groups[i] = [Term(rest)]
            found = (name, typed, i, i + 1)
            break
    if found:
        pq.games.append(games[found[0]])
        pq.notices.append(msg("{name} names a game: searched in that game only",
                              name=found[1]))


def _example(name: str, games: dict[str, str]) -> str:
    first = next(iter(games.values()), tables.FILTER_EXAMPLE_GAME)
    return tables.FILTER_EXAMPLES[name].replace("{game}", first)


def day_number(d: date) -> int:
    """A date as the integer the index stores (20130127)."""
    return d.year * 10000 + d.month * 100 + d.day
