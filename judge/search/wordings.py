"""The glossary's names and the text's wordings (用語集): which names of judges' words a
query holds, and the query sent again in the wording the text itself writes.

A glossary term (``data: glossary``) or a lexicon row (``data: lexicon``,
judge.corpus.lexicon) pairs the names judges use today, in English, in romaji or as
the reading typed unconverted, with the wording of one game's texts (リバース効果 with
表になったとき, かんつう with 貫通).  :func:`glossary` lists the pairings once per
corpus; :func:`expansions` finds them in a query for the results page
(judge.search.shaping), and the question planner (judge.search.question) and the
offline bundle read the same list.
"""
from __future__ import annotations

import re

from judge.corpus.lexicon import near_names, searched_names

from . import tables
from .analysis import is_kana, normalize
from .lookups import terms_in


def _reading_name(row: dict, game: str) -> list[tuple[str, str, list[str], str, bool]]:
    """A lexicon row's reading as a name of its text's word: かんつう typed on a phone
    without converting is 貫通 (the texts write the kanji; only the term's own page
    spells the reading out).  Only a reading of three kana or more that is not already
    the word folded (ターン's たーん): a shorter one (てき) is inside too many words."""
    reading = " ".join(normalize(str(row.get("reading") or "")).split())
    wording = [str(w) for w in row.get("wording") or []]
    if len(reading.replace(" ", "")) < 3 or not is_kana(reading.replace(" ", "")) \
            or reading.replace(" ", "") in {normalize(w).replace(" ", "") for w in wording}:
        return []
    return [(reading, str(row["reading"]), wording, game, False)] if wording else []


def glossary(corpus) -> list[tuple[str, str, list[str], str, bool]]:
    """(normal form of the term, term, the text's wordings, game, near) of every glossary
    term and lexicon name; ``near``: a lexicon name only near the text's word (``match:
    near``), which does not point a question to its game (run.QueryRun._focus)."""
    cached = getattr(corpus, "_shaping_glossary", None)
    if cached is not None:
        return cached
    from judge.corpus import cache
    key = getattr(corpus, "content_key", None)
    kept = cache.memo_get(key, "glossary-readings")
    if isinstance(kept, list):
        found = [(form, term, list(wordings), game, bool(near))
                 for form, term, wordings, game, near in kept]
    else:
        found = []
        for entry in corpus.of_kind("term"):
            terms = (entry.data or {}).get("glossary")
            if isinstance(terms, dict) and terms.get("wording"):
                found.append((normalize(entry.title).replace(" ", ""), entry.title,
                              [str(w) for w in terms["wording"]], entry.game, False))
            # the lexicon's names judges use in this game (judge.corpus.lexicon); a
            # name of several words keeps one space between them
            row = (entry.data or {}).get("lexicon")
            if isinstance(row, dict):
                near = near_names(row)
                found += [(" ".join(normalize(name).split()), name,
                           [str(w) for w in row.get("wording") or []], entry.game,
                           name in near)
                          for name in searched_names(row)]
                found += _reading_name(row, entry.game)
        found = _merged(found)
        cache.memo_put(key, "glossary-readings", found)
    try:
        corpus._shaping_glossary = found
    except AttributeError:       # pragma: no cover
        pass
    return found


def _merged(found: list[tuple]) -> list[tuple]:
    """One tuple per (form, game): the glossary and the lexicon may both pair a name
    with the text's words (裏側守備表示 → 裏表示), searched once."""
    out: dict[tuple[str, str], tuple] = {}
    for form, term, wordings, game, near in found:
        if (form, game) in out:
            kept = out[(form, game)]
            # near only when every pairing of the name is
            out[(form, game)] = (form, kept[1], list(dict.fromkeys([*kept[2], *wordings])),
                                 game, kept[4] and near)
        else:
            out[(form, game)] = (form, term, wordings, game, near)
    return list(out.values())


def expansions(corpus, query: str, game: str | None = None) -> list[tuple[str, str, str, str]]:
    """(term, wording, query with the term replaced by the wording, the term's game) for
    each glossary term the query holds: 裏側守備表示 攻撃 -> 裏表示 攻撃.

    A pairing is one game's (one game's ブレイク is its 破壊, another game's is not): a
    search filtered to another game does not use it.
    """
    normal = " ".join(normalize(query).split())
    # the search is sent in the query's own script, the wording as the text writes it
    # (モンスターカード置き場, not もんすたーかーど置き場: MeCab reads a folded
    # loanword as particles, かーど as か + ど, and took the search for a question);
    # folding kana keeps every character's place, so a span of one is a span of the other
    typed = " ".join(normalize(query, fold_kana=False).split())
    if len(typed) != len(normal):
        typed = normal
    flat = normal.replace(" ", "")
    found = [g for g in terms_in(corpus, glossary(corpus), flat)
             if game is None or g[3] == game]
    # the longest name wins: "tribute summon" is not also "summon", モンスターゾーン not
    # also モンスター
    forms = {g[0].replace(" ", "") for g in found}
    out = []
    for form, term, wordings, term_game, _near in found:
        if any(form.replace(" ", "") in other and form.replace(" ", "") != other
               for other in forms):
            continue
        if form.isascii():
            # an English name is whole words: "set" is not in "reset", "lp" not in "help";
            # a plural is the name too ("spell cards", "fusion materials")
            whole = re.compile(tables.ENGLISH_NAME.replace("{name}", re.escape(form)))
            spans = [m.span() for m in whole.finditer(normal)]
        else:
            spans = [m.span() for m in re.finditer(re.escape(form), normal)
                     if not _inside_katakana_word(typed, *m.span())]
        out += [(term, w, _spliced(typed, spans, normalize(w, fold_kana=False)), term_game)
                for w in wordings if spans]
    return out


def _katakana(ch: str) -> bool:
    lo, hi, long_vowel = tables.KATAKANA_WORD_CHARS
    return lo <= ch <= hi or ch == long_vowel


def _inside_katakana_word(typed: str, start: int, end: int) -> bool:
    """Whether ``typed[start:end]`` is the katakana head or tail of a longer katakana
    word: フィールド in フィールドカード is not the term フィールド (spliced, Gem
    Chronicle's field card became デュエルフィールドカード, searched in Yu-Gi-Oh! only)."""
    before = typed[start - 1] if start > 0 else ""
    after = typed[end] if end < len(typed) else ""
    return ((_katakana(before) and _katakana(typed[start]))
            or (_katakana(after) and _katakana(typed[end - 1])))


def _spliced(text: str, spans: list[tuple[int, int]], wording: str) -> str:
    """``text`` with each of ``spans`` (in order, apart) replaced by ``wording``."""
    out, at = [], 0
    for start, end in spans:
        out += [text[at:start], wording]
        at = end
    return "".join(out) + text[at:]
