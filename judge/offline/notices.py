"""The search's notices in the offline page's language (オフライン検索のお知らせ).

The offline search says the server's notices (「…に一致するものはありません」) by their
message ids, the English sentences of ``judge/search``'s ``msg()`` calls, written in its
scripts as ``say("…")``.  The page hands the scripts each of those sentences as the
reader's catalogue has it: read from the scripts themselves, so a notice added to them
is translated without a list kept here as well.
"""
from __future__ import annotations

import ast
import functools
import re

from judge.i18n import gettext
from judge.offline.store import STATIC

SCRIPTS = ("offline-analysis.js", "offline-search.js", "offline-plan.js",
           "offline-question.js", "offline-shaping.js")
# say("…") or say('…'): the id is one JavaScript string literal
_SAID = re.compile(r"""\bsay\(\s*("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')""")


@functools.lru_cache(maxsize=1)
def notice_ids() -> tuple[str, ...]:
    """Every message id the offline scripts say, in the order first written."""
    found: dict[str, None] = {}
    for name in SCRIPTS:
        for literal in _SAID.findall((STATIC / name).read_text(encoding="utf-8")):
            found[_unquote(literal)] = None
    return tuple(found)


def notice_texts() -> dict[str, str]:
    """id -> the sentence in the current language (its fields as in the id)."""
    return {i: gettext(i) for i in notice_ids()}


def _unquote(literal: str) -> str:
    # the ids are plain text: a JavaScript literal of them reads as a Python one
    return ast.literal_eval(literal)
