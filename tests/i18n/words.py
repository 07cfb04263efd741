"""Counting the other language on a page (issue 29's measure).

A page's own words are its text and the attributes a reader meets, outside ``<code>``,
``<kbd>``, ``<pre>``, scripts, styles and text areas (identifiers and YAML live there).
In Japanese, a Latin word counts unless it is an id (``vision/qa/QA-337``, ``QA-337``,
``6.5.3.b``), part of a quoted name (「…」『…』), or on the reviewed list of proper
nouns and names (``allowed_words.txt``).  In English, a Japanese word counts unless it is
inside data the page quotes (the corpus's text, card names, the scenario's title: the
classes of DATA_CLASSES) or a quoted name.

An element marked with a ``lang`` other than the page's own (``<html lang>``) quotes
that language; the page's own ``<html lang=ja>`` is no quotation (it once made every
word of a Japanese page "quoted", so the measure counted nothing).
"""
from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

CODE_TAGS = {"code", "kbd", "pre", "script", "style", "textarea"}
VOID = {"br", "img", "input", "meta", "link", "hr", "source", "wbr"}
ALLOWED = {line.split("#")[0].strip() for line in
           (Path(__file__).with_name("allowed_words.txt")).read_text("utf-8").splitlines()
           if line.split("#")[0].strip()}
QUOTED = re.compile(r"「[^「」]*」|『[^『』]*』|《[^》]*》")
IDS = re.compile(r"\b[\w.-]+/[\w./#・-]+|\b[A-Z]+-\d+\b|\b[\w-]*\d[\w.-]*\b|@\w+|\?\S+"
                 r"|\b[A-Za-z][\w-]*(?:\.[\w-]+)*\.\d[\w.-]*"      # clause ids: spell.1
                 r"|\b[\w-]+(?:\.[\w-]+)*\.(?:net|com|org|jp)\b"   # a site: yugioh-wiki.net
                 r"|\b[\w-]+\.(?:md|yaml|py|json)\b|https?://\S+")  # a file, an address
# A word is two letters or more: a single letter is a symbol (player A, X cards, the
# N and C of a Vision card tile, like the ★ of a Yu-Gi-Oh! level).
LATIN = re.compile(r"[A-Za-z][A-Za-z'’]+")
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]+")
# Elements whose text is data the page quotes, not its own words (for English pages).
DATA_CLASSES = {"cname", "snippet", "rev-text", "diff", "quote", "run-title", "entry-id",
                "source-part", "answer", "rev-body", "result-title", "scenario-title",
                "title", "source", "card", "change-title", "lede", "detail",
                "person"}                        # a judge's login name


class PageWords(HTMLParser):
    """The page's own words: (text, inside data?) outside code."""

    def __init__(self, quotes_only_by_lang: bool = False):
        super().__init__()
        # quotes_only_by_lang: only an element in the other language (lang=…) is data,
        # not DATA_CLASSES (tests/i18n/site.py's strict walk)
        self.by_lang = quotes_only_by_lang
        self.stack: list[tuple[bool, bool]] = []      # (code, data)
        self.texts: list[tuple[str, bool]] = []
        self.page_lang: str | None = None

    def _state(self):
        return self.stack[-1] if self.stack else (False, False)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        code, data = self._state()
        classes = set((a.get("class") or "").split())
        code = code or tag in CODE_TAGS
        lang = (a.get("lang") or "").split("-")[0].lower()
        if tag == "html":
            self.page_lang = lang or None
            lang = ""
        quotes_other = bool(lang) and lang != (self.page_lang or lang)
        if self.by_lang:
            data = data or quotes_other
        else:
            data = data or bool(classes & DATA_CLASSES) or tag in ("blockquote", "q") \
                or quotes_other
        if data and self.by_lang:
            code = True                      # a quotation in the other language: skipped
        if not code:
            for name in ("title", "aria-label", "placeholder", "alt"):
                if a.get(name):
                    self.texts.append((a[name], data))
            if tag == "input" and a.get("type") in ("submit", "button") and a.get("value"):
                self.texts.append((a["value"], data))
        if tag not in VOID:
            self.stack.append((code, data))

    def handle_endtag(self, tag):
        if tag not in VOID and self.stack:
            self.stack.pop()

    def handle_data(self, text):
        code, data = self._state()
        if not code and text.strip():
            self.texts.append((text.strip(), data))


def page_texts(html: str) -> list[tuple[str, bool]]:
    parser = PageWords()
    parser.feed(html)
    return parser.texts


def latin_words(html: str) -> list[str]:
    """The Latin words of a Japanese page outside the data it quotes (the sources' own
    text, never reworded) that are neither ids, quoted names nor allowed."""
    out = []
    for text, data in page_texts(html):
        if data:
            continue
        bare = IDS.sub(" ", QUOTED.sub(" ", text))
        out += [w for w in LATIN.findall(bare) if w not in ALLOWED]
    return out


def japanese_words(html: str) -> list[str]:
    """The Japanese runs of an English page outside the data it quotes and quoted names."""
    out = []
    for text, data in page_texts(html):
        if not data:
            out += [w for w in JAPANESE.findall(QUOTED.sub(" ", text)) if w not in ALLOWED]
    return out


def japanese_outside_quotations(html: str) -> list[str]:
    """The Japanese words of an English page outside elements marked ``lang`` in another
    language (quotations: the rules, answers, card names), ``code`` and ids: every text
    and attribute a reader meets, the ``<title>`` and a replay's step log, boards and
    card tiles' tooltips included (a ``<title>`` or a ``title`` attribute cannot hold a
    lang mark, so an English one is written without the corpus's Japanese)."""
    parser = PageWords(quotes_only_by_lang=True)
    parser.feed(html)
    return [w for text, _data in parser.texts for w in JAPANESE.findall(IDS.sub(" ", text))]


def latin_outside_quotations(html: str) -> list[str]:
    """The Latin words of a Japanese page outside elements marked ``lang`` in another
    language, ``code``, ids, quoted names and the reviewed list: every text and attribute
    a reader meets, a card tile, its tooltip, the step log and the check of a replay
    included (:func:`latin_words` reads a card tile and a step's detail as quoted data)."""
    parser = PageWords(quotes_only_by_lang=True)
    parser.feed(html)
    return [w for text, _data in parser.texts
            for w in LATIN.findall(IDS.sub(" ", QUOTED.sub(" ", text))) if w not in ALLOWED]
