"""What a search returns (検索結果): the hits of one page, the counts, the notices.

:class:`SearchResult` is the contract the CLI (:meth:`~SearchResult.as_text`) and the
JSON API (:meth:`~SearchResult.as_json`) print; see DESIGN.md and
judge/search/__init__.py for its fields.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Callable
from urllib.parse import quote

from judge.i18n import _, render

from .highlight import snippet

if TYPE_CHECKING:
    from .matched import Matched


def date_label(date: str, known: bool = True) -> str:
    """A hit's date for a terminal: the day, 「D より前」, or 日付不明 with the day the
    text was collected (where ``known`` is False)."""
    if not known:
        return _("date unknown (collected {day})", day=date.removeprefix("before "))
    if date.startswith("before "):
        return _("before {day}", day=date[7:])
    return date


@dataclass
class Hit:
    """One passage found: entry id, clause, revision, and a marked-up snippet.

    The snippet is cut when it is first read (:attr:`snippet`): a results page groups
    up to 200 hits by entry and shows a few dozen, and only those are cut."""

    id: str
    game: str
    kind: str
    title: str
    cut: str | None
    score: float
    clause: str | None
    revision: int
    current: bool
    date: str | None
    withdrawn: bool = False
    # False where the source gives no date: ``date`` is then "before <the day the text
    # was collected>", shown as 日付不明 with that day (judge.corpus.present.date_known)
    date_known: bool = True
    # the passage's text, read when a snippet is cut (most hits of a page never are)
    text_of: Callable[[], str] | None = field(default=None, repr=False)
    marks: list = field(default_factory=list, repr=False)
    # a question (質問文): which of its content words this passage holds, which not
    matched: list[str] | None = None
    missing: list[str] | None = None

    @property
    def text(self) -> str:
        """The passage's plain text (what snippets are cut from)."""
        return self.text_of() if self.text_of is not None else ""

    @property
    def snippet(self) -> str:
        """The passage around the matched words, marked with ``<mark>`` (HTML-escaped)."""
        if self.cut is None:
            self.cut = snippet(self.text, self.marks)
        return self.cut

    @property
    def text_snippet(self) -> str:
        """The snippet for a terminal: matched words bold (ANSI), nothing escaped."""
        return snippet(self.text, self.marks, mark=("\x1b[1;33m", "\x1b[0m"), escape=False)

    @property
    def url(self) -> str:
        """``/entry/<id>``, ``?rev=N`` for an older revision, ``#<clause>`` for a clause."""
        url = _entry_path(self.id)
        if not self.current:
            url += f"?rev={self.revision}"
        if self.clause:
            url += "#" + _quoted(self.clause)
        return url

    def brief(self) -> dict:
        """:meth:`as_json`'s keys in its order, with what only a result shown needs
        (``title``, ``snippet``, ``url``, ``date``, ``date_known``, ``withdrawn``) None
        until :meth:`fill` (a results page groups up to 200 hits and shows a dozen)."""
        return {"id": self.id, "game": self.game, "kind": self.kind, "title": None,
                "snippet": None, "url": None, "score": round(self.score, 4),
                "clause": self.clause, "revision": self.revision, "current": self.current,
                "date": None, "date_known": None, "withdrawn": None,
                "matched": self.matched, "missing": self.missing}

    def fill(self, brief: dict) -> dict:
        """``brief`` (from :meth:`brief`) with what it left out, as :meth:`as_json`
        without ``snippets`` has it."""
        brief.update(title=self.title, url=self.url, date=self.date,
                     date_known=self.date_known, withdrawn=self.withdrawn)
        return brief

    def as_json(self, snippets: bool = True) -> dict:
        """The JSON of one result (see DESIGN.md and judge/search/__init__.py); without
        ``snippets``, ``snippet`` is None (for the caller to fill for the hits shown)."""
        return {"id": self.id, "game": self.game, "kind": self.kind, "title": self.title,
                "snippet": self.snippet if snippets else None, "url": self.url,
                "score": round(self.score, 4),
                "clause": self.clause, "revision": self.revision, "current": self.current,
                "date": self.date, "date_known": self.date_known,
                "withdrawn": self.withdrawn,
                "matched": self.matched, "missing": self.missing}


# A results page builds the URL of each of its up to 200 hits, and the same entries
# come back page after page: quoting their ids again was a tenth of the hits' cost.
@lru_cache(maxsize=50_000)
def _entry_path(entry_id: str) -> str:
    return "/entry/" + quote(entry_id, safe="/")


@lru_cache(maxsize=50_000)
def _quoted(clause: str) -> str:
    return quote(clause, safe="")


@dataclass
class SearchResult:
    """What a search found, for the CLI (:meth:`as_text`) and the JSON API (:meth:`as_json`)."""

    query: str
    total: int = 0
    hits: list[Hit] = field(default_factory=list)
    facets: dict = field(default_factory=lambda: {"game": {}, "kind": {}})
    did_you_mean: list[str] = field(default_factory=list)
    notices: list = field(default_factory=list)     # str or judge.i18n messages
    redirect: str | None = None
    understood: str = ""
    offset: int = 0
    # a question: its content words and the words left out as asking only
    question: dict | None = None
    # the passages matched, within the filters and before them (None: not known, as for
    # a search as of a day): what a results page's total and chips count by entry
    # (:class:`~judge.search.matched.Matched`) without ranking every passage
    matched: "Matched | None" = field(default=None, repr=False, compare=False)
    # ``rest_of(entry_ids)``: the other matched passages of these entries, as hits after
    # the page's, best first (None: not known) — a results page ranks only the hits of
    # the entries it shows, and lists each one's further passages under it
    rest_of: Callable[[list[str]], list[Hit]] | None = field(default=None, repr=False,
                                                            compare=False)

    @property
    def notice(self) -> str:
        """All notices in one line ("" when the query was read as typed)."""
        return " / ".join(dict.fromkeys(render(n) for n in self.notices))

    def as_json(self, snippets: bool = True, brief: bool = False,
                results: bool = True) -> dict:
        """``{"query", "total", "results", "facets", "did_you_mean", "notice", "redirect"}``;
        with ``brief``, each result is its hit's :meth:`Hit.brief` (no snippet either);
        without ``results``, ``results`` is left empty (for the caller to fill)."""
        return {"query": self.query, "total": self.total,
                "results": ([] if not results else [h.brief() for h in self.hits] if brief
                            else [h.as_json(snippets) for h in self.hits]),
                "facets": self.facets,
                "did_you_mean": self.did_you_mean, "notice": self.notice,
                "redirect": self.redirect,
                "redirect_url": ("/entry/" + quote(self.redirect.split("#")[0], safe="/")
                                 + ("#" + self.redirect.split("#", 1)[1]
                                    if "#" in self.redirect else "")
                                 if self.redirect else None),
                "understood": self.understood, "offset": self.offset,
                "question": self.question}

    def as_text(self) -> str:
        """The result for a terminal: one block per hit, matched words in bold."""
        lines = []
        for n in dict.fromkeys(render(n) for n in self.notices):
            lines.append(_("note: {note}", note=n))
        if self.redirect:
            lines.append(f"→ {self.redirect}  (judge show {self.redirect.split('#')[0]})")
        facets = " | ".join(", ".join(f"{k} {v}" for k, v in self.facets[f].items())
                            for f in ("game", "kind") if self.facets.get(f))
        head = _("{count} result(s) for {query}", count=self.total, query=self.query.strip())
        lines.append(head + (f"  ({facets})" if facets else ""))
        for i, h in enumerate(self.hits, self.offset + 1):
            ref = h.id + (f"#{h.clause}" if h.clause else "")
            label = [h.kind]
            if not h.current:
                label.append(_("older revision {n}", n=h.revision))
            if h.withdrawn:
                label.append(_("withdrawn"))
            if h.date:
                label.append(date_label(h.date, h.date_known))
            lines.append(f"{i:>3}. {ref}  {h.title}  [{' · '.join(label)}]")
            lines.append(f"     {h.text_snippet}")
        if self.did_you_mean:
            lines.append(_("did you mean: {names} ?", names=", ".join(self.did_you_mean)))
        return "\n".join(lines)
