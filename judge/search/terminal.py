"""The grouped search for a terminal (``judge search``): what the search page shows.

It prints the JSON of :func:`judge.search.shaping.shaped` (the same dict ``/api/search``
answers with), so the command line and the page never disagree: one block per entry
with its best passages under it, exact matches first, then the notices the page gives
(the one-edit correction, the words dropped, the glossary wordings also searched).
Matched words are bold (ANSI); click drops the codes when the output is not a terminal.
"""
from __future__ import annotations

import html
import re

from judge.i18n import _

from .results import date_label

BOLD, RESET = "\x1b[1;33m", "\x1b[0m"
_MARK = re.compile(r"<mark>(.*?)</mark>", re.S)
_TAG = re.compile(r"<[^>]+>")


def snippet_text(snippet: str) -> str:
    """A search snippet (HTML, matches in <mark>) as terminal text, matches in bold."""
    marked = _MARK.sub(lambda m: BOLD + m.group(1) + RESET, snippet or "")
    return " ".join(html.unescape(_TAG.sub("", marked)).split())


def _where(hit: dict) -> str:
    return hit["id"] + (f"#{hit['clause']}" if hit.get("clause") else "")


def _labels(hit: dict) -> list[str]:
    labels = [hit["kind"]]
    if hit.get("exact") == 3:
        labels.append(_("exact match"))
    if not hit.get("current", True):
        labels.append(_("older revision {n}", n=hit["revision"]))
    if hit.get("withdrawn"):
        labels.append(_("withdrawn"))
    if hit.get("date"):
        labels.append(date_label(str(hit["date"]), hit.get("date_known", True)))
    return labels


def notices(data: dict) -> list[str]:
    """The page's notices, one line each: correction, dropped words, glossary, id."""
    lines = []
    query = data.get("query", "").strip()
    if data.get("corrected"):
        lines.append(_("showing results for {word} (did you mean: {query} is one letter "
                       "off)", word=data["corrected"], query=query))
    if data.get("dropped"):
        lines.append(_("no entry holds every word; these match {searched}, without {words}",
                       searched=data.get("searched", ""),
                       words=" ".join(f"「{w}」" for w in data["dropped"])))
    if data.get("expanded"):
        pairs = ", ".join(_("{term} is worded {wording} in the text", term=x["term"],
                            wording=x["wording"]) for x in data["expanded"])
        lines.append(_("glossary: {pairs}; searched that way too", pairs=pairs))
    if data.get("notice") and not data.get("dropped"):
        lines.append(data["notice"])
    if data.get("redirect"):
        lines.append(_("the number names {id} (judge show {id})",
                       id=data["redirect"].split("#")[0]))
    return lines


def shaped_text(data: dict) -> str:
    """The shaped search as text: notices, a count, one block per entry."""
    lines = [_("note: {note}", note=n) for n in notices(data)]
    facets = data.get("facets") or {}
    counts = " | ".join(", ".join(f"{k} {v}" for k, v in facets[f].items())
                        for f in ("game", "kind") if facets.get(f))
    head = _("{n} entries for {query}", n=data.get("total", 0),
             query=data.get("query", "").strip())
    lines.append(head + (f"  ({counts})" if counts else ""))
    first = (data.get("page", 1) - 1) * data.get("limit", 10) + 1
    for i, hit in enumerate(data.get("results", []), first):
        lines.append(f"{i:>3}. {_where(hit)}  {hit['title']}  [{' · '.join(_labels(hit))}]")
        lines.append(f"     {snippet_text(hit.get('snippet', ''))}")
        for more in hit.get("passages", []):
            where = more.get("clause") or _("text")
            if not more.get("current", True):
                where += " " + _("(older revision {n})", n=more["revision"])
            lines.append(f"       § {where}: {snippet_text(more.get('snippet', ''))}")
        if hit.get("old_matches") and not data.get("old_included"):
            lines.append("       " + _("+{n} in older revisions (--old lists them)",
                                      n=hit["old_matches"]))
    if not data.get("results") and data.get("did_you_mean"):
        lines.append(_("did you mean: {words}?", words=", ".join(data["did_you_mean"])))
    if data.get("pages", 1) > 1:
        lines.append(_("page {page} of {pages} (--page N)", page=data.get("page", 1),
                       pages=data["pages"]))
    return "\n".join(lines)
