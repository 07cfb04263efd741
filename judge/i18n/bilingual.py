"""Texts the corpus holds in both languages: an editor's note, a basis, a reason (注記の対訳).

A note the importer or an editor writes into an entry is a mapping ``{ja: …, en: …}``:
the Japanese as a judge would write it, the English beside it, never one made from the
other word by word.  A plain string (a note written before the corpus held both) still
reads, in every locale, but ``judge lint`` reports it as a note with a language missing.
"""
from __future__ import annotations

from typing import Any

from . import LOCALES, current_locale


def both(ja: str, en: str) -> dict[str, str]:
    """A bilingual text: ``both("「て」が抜けている。", "A syllable is missing.")``."""
    return {"ja": ja, "en": en}


def is_bilingual(value: Any) -> bool:
    """Whether ``value`` is a ``{ja, en}`` mapping (with any of the two missing)."""
    return isinstance(value, dict) and bool(value) and set(value) <= set(LOCALES)


def pick(value: Any, lang: str | None = None) -> str:
    """The text in the reader's language (the other one when it is missing); a plain
    string as it is; nothing as ``""``."""
    if value is None:
        return ""
    if isinstance(value, dict):
        lang = lang or current_locale()
        for key in (lang, *LOCALES):
            text = value.get(key)
            if text:
                return str(text)
        return ""
    return str(value)


def missing(value: Any) -> list[str]:
    """The languages a note lacks: none for ``{ja, en}`` both written; both for a plain
    string, whose language is not said."""
    if value is None or value == "":
        return []
    if isinstance(value, dict):
        return [lang for lang in LOCALES if not str(value.get(lang) or "").strip()]
    return list(LOCALES)
