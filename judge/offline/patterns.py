"""The offline search's regular expressions, written by Python (issue 28: one search).

Every pattern the browser's search matches with is built here from the server's own:
the sources in judge/search/tables.py and the compiled patterns of the modules that use
them (``question._WORD_RUN``, ``ids.RULE_REF``), put into JavaScript's dialect where the
two differ (named groups ``(?<name>`` for ``(?P<name>``, ``\\u{…}`` for a code point
above U+FFFF, ``\\p{L}\\p{N}`` for Python's Unicode ``\\w``).  The bundle carries them as
``"patterns"``; ``offline-analysis.js`` compiles each once when a bundle opens and the
other scripts ask it for them by name, so no offline script assembles or spells out a
pattern of the search itself.  The Python side of the two patterns that are assembled
(the pieces, a filter's name) is built here too, and tests/offline/test_patterns.py
checks it is the server's own, so the two dialects are one definition.
"""
from __future__ import annotations

import re

from judge.search import tables as T

# flags as JavaScript reads them: g (every match: exec loops and replace), i, u
_FLAGS = {"PIECE": "gu", "EXTRA": "gu", "KATAKANA": "u", "HIRAGANA_FOLDED": "gu",
          "SMALL": "g", "KATAKANA_RUN": "g", "KANJI": "u", "CONTROL": "g",
          "SPACED_ID": "gi", "FILTER_PREFIX": "i", "DASHES": "g", "ID_QA": "i",
          "ID_CARD_NUMBER": "i", "ID_LIKE": "i", "OPERATOR": "u", "ROMAJI_RUN": "g",
          "RULE_REF": "i", "VOICED": "g", "NOT_WORD": "gu", "LINE_BREAK": "g"}


def _escape(text: str) -> str:
    """Characters as a JavaScript character class or pattern reads them literally."""
    return re.sub(r"[\\^$.*+?()\[\]{}|/-]", lambda m: "\\" + m.group(), text)


def _range(lo: int, hi: int, dialect: str) -> str:
    """A code point range in a class: ``\\u{…}`` in JavaScript (above U+FFFF too)."""
    if dialect == "py":
        return re.escape(chr(lo)) + ("-" + re.escape(chr(hi)) if hi > lo else "")
    one = "\\u{%x}" % lo
    return one + ("-\\u{%x}" % hi if hi > lo else "")


def piece(dialect: str) -> str:
    """analysis._PIECE: ids first (tables.PIECE_IDS), then words, then Japanese runs."""
    ja = "".join(_range(a, b, dialect) for a, b in T.JA_RANGES)
    if dialect == "py":
        wordch, join, group = r"[^\W_" + ja + r"]", "[" + re.escape(T.WORD_JOINERS) + "]", "?P"
    else:
        # JavaScript has no Unicode \w: a letter or digit that is not a Japanese character
        wordch = "(?:(?![" + ja + "])[\\p{L}\\p{N}])"
        join, group = "[" + _escape(T.WORD_JOINERS) + "]", "?"
    return "|".join([*(f"({group}<{kind}>{pattern})" for kind, pattern in T.PIECE_IDS),
                     f"({group}<word>{wordch}+(?:{join}{wordch}+)*)",
                     f"({group}<ja>[{ja}]+(?:\\s+[{ja}]+)*)"])


def filter_prefix(dialect: str) -> str:
    """query._FILTER_PREFIX: a filter's name (or alias) and its colon."""
    names = [*T.FILTERS, *T.FILTER_ALIASES]
    esc = re.escape if dialect == "py" else _escape
    return ("" if dialect == "py" else "^") + "(" + "|".join(map(esc, names)) + "):"


def _js_not_word(source: str) -> str:
    """Python's ``\\W+`` in JavaScript's dialect (which has no Unicode ``\\W``)."""
    if source != r"\W+":
        raise ValueError(f"suggest._NOT_WORD is {source!r}: write it for JavaScript here")
    return r"[^\p{L}\p{N}_]+"


def js_patterns() -> dict[str, list[str]]:
    """{name: [source, flags]}: every pattern of the offline search, as the bundle's
    ``"patterns"`` (JavaScript's ``new RegExp(source, flags)``)."""
    from judge.corpus import ids
    from judge.search import analysis, question, suggest

    lo, hi = T.KATAKANA_FOLDED
    small = T.SMALL_KANA[0]
    words = "|".join(T.OPERATOR_WORDS)
    out = {
        "PIECE": piece("js"),
        "EXTRA": "[" + _escape("".join(T.EXTRA_FOLD)) + "]",
        "KATAKANA": "[" + _range(lo, hi, "js") + "]",
        "HIRAGANA_FOLDED": "[" + _range(lo - T.KANA_SHIFT, hi - T.KANA_SHIFT, "js") + "]",
        "SMALL": "[" + small + "]",
        "ALL_KANA": T.ALL_KANA, "HIRAGANA_WORD": T.HIRAGANA_WORD,
        "KATAKANA_RUN": T.KATAKANA_RUN, "KANJI": T.KANJI, "HOLDS_WORD": T.HOLDS_WORD,
        "CONTROL": T.CONTROL, "SPACED_ID": T.SPACED_ID,
        "FILTER_PREFIX": filter_prefix("js"),
        "DASHES": "[" + _escape(T.ID_DASHES) + "]",
        "ID_QA": T.ID_QA, "ID_CARD_NUMBER": T.ID_CARD_NUMBER,
        "DAY": "^(?:" + T.DAY + ")$",
        "GAME_ID": T.GAME_ID, "ID_LIKE": T.ID_LIKE,
        "BARE_NUMBER": T.BARE_NUMBER,
        # shaping.OPERATOR (Python's \w is Unicode-aware: letters, digits, _)
        "OPERATOR": "[" + _escape(T.OPERATOR_CHARS) + "]|(?<![\\p{L}\\p{N}_])(?:" + words
                    + ")(?![\\p{L}\\p{N}_])",
        "ROMAJI_RUN": question._WORD_RUN.pattern,
        "RULE_REF": ids.RULE_REF.pattern,
        "RULE_KEY": "^(?:" + T.RULE_KEY + ")$",
        # analysis.devoice: the (han)dakuten NFD leaves apart
        "VOICED": analysis._VOICED.pattern,
        # suggest._NOT_WORD (\W+: Python's \w is Unicode letters, digits and _)
        "NOT_WORD": _js_not_word(suggest._NOT_WORD.pattern),
        "LINE_BREAK": T.LINE_BREAK,
    }
    return {name: [source, _FLAGS.get(name, "")] for name, source in out.items()}
