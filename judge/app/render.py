"""Corpus text as HTML: Markdown rendered, sanitised, clauses anchored; word diffs.

- Markdown is rendered by markdown-it-py (CommonMark, tables, strikethrough; inline
  HTML such as ``<u>`` and ``<br>`` is parsed) and then cleaned by nh3 with a short
  allow-list, so nothing in a corpus file can run a script, however it is written.
- A line that starts with ``{#6.5.3.b}`` is a rule clause (docs/corpus-ids.md): its
  paragraph or list item gets ``id="6.5.3.b"`` (the clause id itself, not a heading
  slug, which would turn Japanese into ``_1``) and a link to itself.
- ``judge:<game>/qa/QA-337`` links go to that entry's page.
- :func:`word_diff` marks what one revision added (``<ins>``) and removed (``<del>``),
  word by word; Japanese words are runs of one script (kanji, kana, latin, digits).
"""
from __future__ import annotations

import difflib
import re
from typing import Callable
from urllib.parse import quote, unquote

import nh3
from markdown_it import MarkdownIt
from markdown_it.token import Token
from markupsafe import Markup, escape

from judge.corpus.model import CLAUSE_MARKER, plain_text
from judge.i18n import _

ALLOWED_TAGS = {
    "p", "br", "hr", "ul", "ol", "li", "blockquote", "strong", "em", "b", "i", "u", "s",
    "del", "ins", "code", "pre", "h3", "h4", "h5", "h6", "table", "thead", "tbody",
    "tr", "th", "td", "a", "span", "sup", "sub", "mark", "small", "ruby", "rt", "rp",
}
ALLOWED_ATTRIBUTES = {
    "*": {"id", "class", "title", "lang"},
    "a": {"href"},
    "ol": {"start"},
    "td": {"colspan", "rowspan"},
    "th": {"colspan", "rowspan"},
}
URL_SCHEMES = {"http", "https", "mailto"}
MARKER = re.compile(r"^\{#([^}\s]+)\}\s?")
LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s")


def entry_url(entry_id: str) -> str:
    """``/entry/<id>`` with ``#clause`` kept (the id's Japanese is percent-encoded)."""
    base, _, clause = entry_id.partition("#")
    url = "/entry/" + quote(base, safe="/")
    return url + ("#" + quote(clause, safe=".-_") if clause else "")


def sanitize(html: str) -> str:
    """Clean HTML down to the allow-list (no script, no event handler, no javascript:)."""
    return nh3.clean(html, tags=ALLOWED_TAGS, attributes=ALLOWED_ATTRIBUTES,
                     url_schemes=URL_SCHEMES, link_rel="noopener noreferrer",
                     strip_comments=True)


# A snippet as the searcher's highlighter writes it (judge/search/highlight.py): text
# escaped by html.escape, where ``&`` is only the start of one of its five references,
# with ``<mark>…</mark>`` around the words found, never nested.  Nothing else that an
# HTML parser reads differently from how it is written: no ``<`` or ``>`` but the
# marks, no control character, carriage return, no-break space (nh3 writes &nbsp;),
# byte-order mark (dropped at the start), lone surrogate or BMP non-character.
_SNIPPET_TEXT = (r"(?:[^<>&\x00-\x08\x0b-\x1f\x7f-\x9f\xa0\ud800-\udfff\ufdd0-\ufdef"
                 r"\ufeff\ufffe\uffff]|&(?:amp|lt|gt|quot|#x27);)*")
_PLAIN_SNIPPET = re.compile(f"{_SNIPPET_TEXT}(?:<mark>{_SNIPPET_TEXT}</mark>{_SNIPPET_TEXT})*")


def sanitize_snippet(html: str) -> Markup:
    """A search snippet: text with ``<mark>`` only (the searcher escapes; we re-check).

    A snippet of the form the highlighter writes (:data:`_PLAIN_SNIPPET`) is already
    what nh3 would make of it but for the two references nh3 writes as characters
    (``&quot;``, ``&#x27;``: text needs neither escaped), so it is not parsed again
    (nh3 was a tenth of cutting a results page's snippets, issue 27); anything else,
    a tag or a stray ``&`` or ``<`` included, goes through nh3 as before.
    tests/web/test_sanitise.py holds the two to the same output."""
    html = html or ""
    if _PLAIN_SNIPPET.fullmatch(html):
        return Markup(html.replace("&quot;", '"').replace("&#x27;", "'"))
    return Markup(nh3.clean(html, tags={"mark"}, attributes={}))


class Renderer:
    """Renders one revision's Markdown; clause ids already used on the page are prefixed.

    ``link_for`` turns an entry id into a URL; ``exists`` says whether a ``judge:`` link
    points at an entry the corpus has (a broken one is marked, not hidden).
    """

    def __init__(self, link_for: Callable[[str], str] = entry_url,
                 exists: Callable[[str], bool] | None = None):
        self.link_for, self.exists = link_for, exists
        self.used_ids: set[str] = set()
        self.md = (MarkdownIt("commonmark", {"html": True, "linkify": False,
                                             "typographer": False})
                   .enable("table").enable("strikethrough"))
        self.md.core.ruler.push("judge_clauses", self._clauses)
        self.md.core.ruler.push("judge_links", self._links)
        self.md.core.ruler.push("judge_headings", self._headings)

    def render(self, text: str, prefix: str = "") -> Markup:
        """Sanitised HTML of a revision's Markdown; a clause id taken already gets ``prefix``."""
        env = {"prefix": prefix, "clauses": []}
        html = self.md.render(separate_clauses(text), env)
        return Markup(sanitize(html))

    # --- core rules -------------------------------------------------------------------

    def _clauses(self, state) -> None:
        tokens = state.tokens
        for i, tok in enumerate(tokens):
            if tok.type != "inline" or not tok.children or i == 0:
                continue
            if tokens[i - 1].type not in ("paragraph_open", "heading_open"):
                continue
            first = tok.children[0]
            m = MARKER.match(first.content) if first.type == "text" else None
            if not m:
                continue
            clause = m.group(1)
            first.content = first.content[m.end():]
            # The text often repeats the number ({#6.5.1} 6.5.1 グレイズとは…): the link
            # shows it once.
            if first.content.startswith(clause + " ") or first.content == clause:
                first.content = first.content[len(clause):].lstrip(" ")
            block = tokens[i - 1]
            if block.type == "paragraph_open" and i >= 2 and tokens[i - 2].type == "list_item_open":
                block = tokens[i - 2]
            anchor = clause if clause not in self.used_ids else f"{state.env['prefix']}{clause}"
            self.used_ids.add(anchor)
            block.attrSet("id", anchor)
            block.attrSet("class", "clause")
            link = Token("html_inline", "", 0)
            title = _("link to this clause")    # outside the f-string, so Babel finds it
            link.content = (f'<a class="clause-no" href="#{escape(quote(anchor, safe=".-_"))}" '
                            f'title="{escape(title)}"><code>{escape(clause)}</code></a> ')
            tok.children.insert(0, link)
            state.env["clauses"].append(anchor)

    def _links(self, state) -> None:
        for tok in state.tokens:
            for child in tok.children or []:
                if child.type != "link_open":
                    continue
                href = str(child.attrGet("href") or "")
                if not href.startswith("judge:"):
                    continue
                target = unquote(href[len("judge:"):]).lstrip("/")
                child.attrSet("href", self.link_for(target))
                child.attrSet("class", "entry-link")
                if self.exists is not None and not self.exists(target.split("#")[0]):
                    child.attrSet("class", "entry-link broken")
                    child.attrSet("title", _("{target}: not in the corpus", target=target))

    @staticmethod
    def _headings(state) -> None:
        # The page has h1 (the entry) and h2 (its sections): a text's headings start at h3.
        for tok in state.tokens:
            if tok.type in ("heading_open", "heading_close"):
                level = min(6, int(tok.tag[1]) + 2)
                tok.tag = f"h{level}"


def separate_clauses(text: str) -> str:
    """Give every clause line its own paragraph (clauses often follow line by line).

    Without a blank line, CommonMark would join ``{#6.5.1} …`` and ``{#6.5.2} …`` into
    one paragraph and the second clause could not be addressed.
    """
    out: list[str] = []
    for line in text.splitlines():
        if CLAUSE_MARKER.match(line) and not LIST_ITEM.match(line) and out and out[-1].strip() \
                and not out[-1].lstrip().startswith("|"):
            out.append("")
        out.append(line)
    return "\n".join(out)


# --- word diffs -----------------------------------------------------------------------

WORD = re.compile(
    r"\s+"
    r"|[\u4e00-\u9fff\u3400-\u4dbf々〆ヵヶ]+"          # kanji
    r"|[\u30a0-\u30ffｦ-ﾟー]+"                          # katakana
    r"|[\u3040-\u309f]+"                                # hiragana
    r"|[0-9A-Za-z０-９Ａ-Ｚａ-ｚ][0-9A-Za-z０-９Ａ-Ｚａ-ｚ._\-]*"   # latin words, numbers
    r"|.", re.S)


def words(text: str) -> list[str]:
    """Text cut into words: whitespace, and runs of one script (Japanese has no spaces)."""
    return WORD.findall(text)


def diff_text(text: str) -> str:
    """The text a diff compares: the revision as a judge reads it, clause ids kept."""
    def number(m: re.Match) -> str:
        clause, rest = m.group(1), m.group(2)
        return rest if rest.startswith(clause) else f"{clause} {rest}"
    kept = re.sub(r"^\s*(?:[-*]\s+)?\{#([^}\s]+)\}\s?(.*)$", number, text, flags=re.M)
    return plain_text(kept)


def word_diff(old: str, new: str) -> tuple[Markup, dict]:
    """HTML of ``new`` against ``old``: ``<ins>`` added, ``<del>`` removed, the rest as is.

    Lines are matched first, then words within a changed line and the old line most like
    it, so a rewritten answer reads as 「~~はい~~いいえ、…」 and not as words picked from
    distant sentences.  Returns the HTML and ``{"added": words, "removed": words}``.
    """
    a, b = diff_text(old).split("\n"), diff_text(new).split("\n")
    parts: list[str] = []
    counts = {"added": 0, "removed": 0}
    lines = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for op, i1, i2, j1, j2 in lines.get_opcodes():
        if op == "equal":
            parts += [str(escape(line)) for line in a[i1:i2]]
        elif op == "delete":
            parts += [_whole("del", line, counts) for line in a[i1:i2]]
        elif op == "insert":
            parts += [_whole("ins", line, counts) for line in b[j1:j2]]
        else:
            parts += _pair_lines(a[i1:i2], b[j1:j2], counts)
    return Markup("\n".join(parts)), counts


def _pair_lines(old: list[str], new: list[str], counts: dict) -> list[str]:
    """A changed block: each new line against the most similar old line still unused."""
    out: list[str] = []
    at = 0
    for line in new:
        best, score = None, 0.4
        for k in range(at, len(old)):
            ratio = difflib.SequenceMatcher(None, words(old[k]), words(line),
                                            autojunk=False).ratio()
            if ratio > score:
                best, score = k, ratio
        if best is None:
            out.append(_whole("ins", line, counts))
            continue
        out += [_whole("del", gone, counts) for gone in old[at:best]]
        out.append(_words(old[best], line, counts))
        at = best + 1
    out += [_whole("del", gone, counts) for gone in old[at:]]
    return out


def _count(tokens) -> int:
    return sum(1 for w in tokens if re.search(r"\w", w))


def _whole(tag: str, line: str, counts: dict) -> str:
    if not line.strip():
        return ""
    counts["added" if tag == "ins" else "removed"] += _count(words(line))
    title = _("added") if tag == "ins" else _("removed")
    return f'<{tag} title="{title}">{escape(line)}</{tag}>'


def _words(old: str, new: str, counts: dict) -> str:
    a, b = words(old), words(new)
    parts: list[str] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            parts.append(str(escape("".join(a[i1:i2]))))
            continue
        if op in ("delete", "replace"):
            parts.append(_whole("del", "".join(a[i1:i2]), counts) or escape("".join(a[i1:i2])))
        if op in ("insert", "replace"):
            parts.append(_whole("ins", "".join(b[j1:j2]), counts) or escape("".join(b[j1:j2])))
    return "".join(parts)
