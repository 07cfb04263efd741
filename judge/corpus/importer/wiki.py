"""@wiki backup pages (バックアップ): splitting a page into its two copies, markup -> Markdown.

A backup "最新版変更点" page shows one wiki page twice: the first copy is the older
revision, the second the newer (the caller confirms it by comparing the texts).  The
header gives the date of the newer revision only.

Markup handled: ``*``/``**``/``***`` headings, ``----`` rules, ``''bold''``,
``[[name]]`` and ``[[text>target]]`` links, ``>`` quotes, ``-``/``--``/``---`` lists,
``&br()``, ``&strong(){…}``, ``&u(){…}``, lines starting with a space (preformatted),
and the editor comments ``#co(){…}`` and ``//…``, which are kept apart from the shown
text (``editor_comments``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from typing import Protocol

from judge.i18n import msg

from .sources import WIKI_FIRST_LINE, SourceFile

HEADER = re.compile(r"^「(.+)」\((\d{4})/(\d{2})/(\d{2}) \((.)\) (\d{2}:\d{2}:\d{2})\) "
                    r"の最新版変更点$")
TITLE_HEADING = re.compile(r"^\*\*《.+》")


@dataclass(frozen=True)
class WikiLine:
    """A line of the page and its number in the source file (1-based)."""

    n: int
    text: str


@dataclass
class WikiPage:
    """A parsed backup page: its title, the newer revision's date, and the two copies."""

    src: SourceFile
    title: str
    date: date
    stamp: str                        # 2013/01/27 (日) 19:10:36, as printed
    copies: list[list[WikiLine]]      # in file order: [first, second]


def parse_backup(src: SourceFile) -> WikiPage:
    """Split a backup page into header and two copies; a truncated page is an error."""
    lines = [WikiLine(n, text.rstrip()) for n, text in enumerate(src.lines, 1)]
    first = WIKI_FIRST_LINE.match(lines[0].text.strip())
    if not first:
        raise src.error(msg("expected the backup page header {header}",
                            header="「…」の編集履歴（バックアップ）一覧はこちら"), 1)
    title = first.group(1)
    head = next((line for line in lines[1:8] if HEADER.match(line.text.strip())), None)
    if head is None:
        wanted = f"「{title}」(YYYY/MM/DD (曜) hh:mm:ss) の最新版変更点"
        raise src.error(msg("expected the line {line} within the first lines (the date of "
                            "the newer revision)", line=wanted), 2)
    m = HEADER.match(head.text.strip())
    if m.group(1) != title:
        raise src.error(msg("the header names page 「{page}」 but line 1 names 「{title}」",
                            page=m.group(1), title=title), head.n)
    try:
        day = date(int(m.group(2)), int(m.group(3)), int(m.group(4)))
    except ValueError:
        typed = f"{m.group(2)}/{m.group(3)}/{m.group(4)}"
        raise src.error(msg("not a date: {date}", date=typed), head.n) from None
    starts = [i for i, line in enumerate(lines) if TITLE_HEADING.match(line.text)]
    if len(starts) < 2:
        where = lines[starts[0]].n if starts else head.n
        raise src.error(msg("the backup page holds an older and a newer copy of the page, "
                            "each starting with a **《…》 heading; found {count}: the file "
                            "looks truncated", count=len(starts)), where)
    if len(starts) > 2:
        raise src.error(msg("more than two copies of the page (a third **《…》 heading); "
                            "expected exactly an older and a newer copy"), lines[starts[2]].n)
    older, newer = lines[starts[0]:starts[1]], lines[starts[1]:]
    if older[0].text != newer[0].text:
        raise src.error(msg("the two copies have different titles: {older!r} (line "
                            "{line}) and {newer!r}", older=older[0].text, line=older[0].n,
                            newer=newer[0].text), newer[0].n)
    _check_complete(src, older, newer)
    stamp = f"{m.group(2)}/{m.group(3)}/{m.group(4)} ({m.group(5)}) {m.group(6)}"
    return WikiPage(src, title, day, stamp, [_trim(older), _trim(newer)])


def _sections(copy: list[WikiLine]) -> list[str]:
    return [line.text for line in copy if line.text.startswith("***")]


def _last(copy: list[WikiLine]) -> WikiLine:
    return next(line for line in reversed(copy) if line.text.strip())


def _check_complete(src: SourceFile, older: list[WikiLine], newer: list[WikiLine]) -> None:
    """Both copies have the same sections and end alike, or the file was cut short."""
    a, b = _sections(older), _sections(newer)
    if a != b:
        missing = [s for s in a if s not in b]
        raise src.error(msg("the newer copy lacks section(s) {sections}; it stops at line "
                            "{line}: the file looks truncated",
                            sections=", ".join(missing) or b, line=_last(newer).n),
                        _last(newer).n)
    if _last(older).text != _last(newer).text:
        raise src.error(msg("the newer copy ends with {newer!r} where the older ends with "
                            "{older!r}: the file looks truncated", newer=_last(newer).text,
                            older=_last(older).text), _last(newer).n)


def _trim(copy: list[WikiLine]) -> list[WikiLine]:
    while copy and not copy[-1].text.strip():
        copy = copy[:-1]
    return copy


class Linker(Protocol):
    """Turns wiki links and plain text runs into Markdown, recording what it found."""

    def link(self, text: str, target: str) -> str: ...

    def text(self, run: str) -> str: ...


class PlainLinker:
    """A linker that links nothing (links become their text)."""

    def link(self, text: str, target: str) -> str:
        return text

    def text(self, run: str) -> str:
        return run


_FUNC = re.compile(r"&(strong|u)\(\)\{")


def inline(text: str, linker: Linker) -> str:
    """Convert @wiki inline markup of one line to Markdown."""
    out: list[str] = []
    run: list[str] = []

    def flush() -> None:
        if run:
            out.append(linker.text("".join(run)))
            run.clear()

    i = 0
    while i < len(text):
        if text.startswith("&br()", i):
            flush()
            out.append("<br>")
            i += 5
            continue
        m = _FUNC.match(text, i)
        if m:
            close = _closing_brace(text, m.end() - 1)
            if close is not None:
                flush()
                inner = inline(text[m.end():close], linker)
                out.append(_strong(inner) if m.group(1) == "strong" else f"<u>{inner}</u>")
                i = close + 1
                continue
        if text.startswith("[[", i):
            end = text.find("]]", i + 2)
            if end > 0:
                flush()
                body = text[i + 2:end]
                shown, _, target = body.partition(">")
                out.append(linker.link(shown, target or shown))
                i = end + 2
                continue
        if text.startswith("''", i):
            flush()
            out.append("**")
            i += 2
            continue
        run.append(text[i])
        i += 1
    flush()
    return "".join(out)


def _strong(inner: str) -> str:
    # CommonMark will not close "**" between punctuation and a kana, so put the
    # emphasis inside an underline rather than around it.
    m = re.fullmatch(r"<u>(.*)</u>", inner, re.S)
    return f"<u>**{m.group(1)}**</u>" if m else f"**{inner}**"


def _closing_brace(text: str, opening: int) -> int | None:
    depth = 0
    for j in range(opening, len(text)):
        if text[j] == "{":
            depth += 1
        elif text[j] == "}":
            depth -= 1
            if depth == 0:
                return j
    return None


def plain_inline(text: str) -> str:
    """A line's inline markup removed (links become their text)."""
    md = inline(text, PlainLinker())
    md = md.replace("**", "").replace("<br>", "\n")
    return re.sub(r"</?u>", "", md)


@dataclass
class Converted:
    """A copy of a page as Markdown, with the editor comments taken out of it."""

    markdown: str
    comments: list[str] = field(default_factory=list)


def editor_comment(line: str) -> str | None:
    """The comment of a ``//`` line or a one-line ``#co(){…}``; None for other lines."""
    stripped = line.strip()
    if stripped.startswith("//"):
        return stripped[2:].strip()
    if stripped.startswith("#co(){"):
        close = _closing_brace(stripped, len("#co(){") - 1)
        return stripped[len("#co(){"):close if close is not None else None].strip()
    return None


def to_markdown(lines: list[WikiLine], linker: Linker) -> Converted:
    """Convert a run of page lines to Markdown blocks; comments go to ``comments``."""
    blocks: list[tuple[str, list[str]]] = []     # (kind, lines)
    comments: list[str] = []

    def add(kind: str, text: str, joinable: bool = True) -> None:
        if blocks and blocks[-1][0] == kind and joinable:
            blocks[-1][1].append(text)
        else:
            blocks.append((kind, [text]))

    pending_break = False
    for line in lines:
        raw = line.text
        comment = editor_comment(raw)
        if comment is not None:
            if comment:
                comments.append(plain_inline(comment))
            continue
        if not raw.strip():
            pending_break = True
            continue
        joinable = not pending_break
        pending_break = False
        if re.fullmatch(r"-{4,}", raw.strip()):
            blocks.append(("rule", []))
        elif raw.startswith("*"):
            level = len(raw) - len(raw.lstrip("*"))
            blocks.append(("heading", ["#" * min(6, max(2, level)) + " "
                                       + inline(raw[level:].strip(), linker)]))
        elif raw.startswith(">"):
            body = raw[1:].strip()
            if not body:
                blocks.append(("quote", []))
            else:
                add("quote", inline(body, linker), joinable)
        elif raw.startswith("-"):
            depth = len(raw) - len(raw.lstrip("-"))
            add("list", "  " * (depth - 1) + "- " + inline(raw[depth:].strip(), linker),
                joinable)
        elif raw.startswith(" "):
            add("pre", raw[1:], joinable)
        else:
            add("para", inline(raw, linker), joinable)
    out: list[str] = []
    for kind, body in blocks:
        if kind == "rule" or not body:
            continue
        if kind == "quote":
            out.append("\n".join(f"> {text}" + ("<br>" if i < len(body) - 1 else "")
                                 for i, text in enumerate(body)))
        elif kind == "pre":
            out.append("\n".join("    " + text for text in body))
        else:
            out.append("\n".join(body))
    return Converted("\n\n".join(out), comments)
