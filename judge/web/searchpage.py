"""A results page (検索結果) from its kept frame: ``search.html`` rendered once per shape.

A new results page paid for the whole of ``search.html`` and ``base.html`` in Jinja: the
header, the language switch, the footer, the heading, the list's frame, about a dozen
``_()`` and links, the same for every query of a language (a tenth of a new results
page at the real corpus, issue 27).  As the workbench's page does (:mod:`.boardpage`),
the template is rendered once per *frame*: what changes its markup apart from the query
(the reader's language, the address's root, the endpoint, whether there is a pager and
facets), with each *slot*, what changes from query to query, written as a marker; the
frame is kept split at the markers, and a page is its pieces joined with the slots'
HTML.  The slots are the values the template would write (each escaped as it escapes
them), the notices drawn by their own template (``_search_notices.html``), the results,
pager and facets by :mod:`.resulthtml`, as the template calls it.

The home page, a search that failed or found nothing, and a page with filters (a game,
a kind, a day) are rendered whole, as before: their markup holds more of the query, and
they are fewer.
"""
from __future__ import annotations

from types import SimpleNamespace

from flask import current_app, render_template, request
from jinja2.filters import do_truncate
from markupsafe import Markup, escape

from judge.app.services import services
from judge.common.lru import LRU

from . import resulthtml, viewmodels
from .i18n import LOCALES, current as web_locale, switch_url

# The frames (a few per language: pager or not, facets or not), kept apart from the
# services' caches, which other pages fill.
_FRAMES = LRU(64)
_MARK = "\x00{}\x00"
_NOTICES = ("corrected", "dropped", "expanded", "question", "notice", "redirect")


def _mark(name: str) -> Markup:
    return Markup(_MARK.format(name))


def whole(found, home: bool) -> bool:
    """Whether the page is rendered whole (no frame): the home page, a failed or empty
    search, a page with filters."""
    d = found.data
    return bool(home or not found.q or found.failed or not d.get("results")
                or found.game or found.kind or found.as_of)


def page(found, home: bool, json_url) -> str:
    """The results page of ``found`` (a :class:`judge.web.viewmodels.SearchPage`);
    ``json_url()`` is the page's JSON twin's address (the templates' ``json_url``)."""
    if whole(found, home):
        return render_template("search.html", s=found, home=home)
    d = found.data
    pager = found.pages > 1
    facets = bool(d.get("facets") and (d["facets"].get("game") or d["facets"].get("kind")))
    key = (id(services()), web_locale(), request.script_root, request.endpoint,
           request.blueprint, pager, facets)
    pieces, empty_notices = _FRAMES.get(key, lambda: _frame(pager, facets))
    env = current_app.jinja_env
    ctx = _draw_context()
    slots = {
        "title_q": str(escape(found.q)),
        "header_q": str(escape(request.args.get("q", "")[:300])),
        "quoted_q": str(found.quoted_q),
        "total": str(escape(d.get("total", ""))),
        "first": str(found.first),
        "search_notices": (str(env.get_template("_search_notices.html").render(s=found, d=d))
                           if any(d.get(k) for k in _NOTICES) else empty_notices),
        "results": str(resulthtml.results(d["results"], found, d, ctx)),
        "pager": str(resulthtml.draw_pager(ctx, found)) if pager else "",
        "facets": str(resulthtml.draw_facets(ctx, found, d)) if facets else "",
        "json_url": str(escape(json_url())),
        **{f"lang_url:{code}": str(escape(switch_url(code))) for code in LOCALES},
    }
    out = list(pieces)
    for i in range(1, len(out), 2):
        out[i] = slots[out[i]]
    return "".join(out)


def _draw_context() -> dict:
    """What :mod:`.resulthtml` reads of the template's context (the context processors'
    values: judge/web/pages.py's ``_globals``, judge/web/i18n.py's ``_language``)."""
    from .pages import boards_of
    env = current_app.jinja_env
    lists = services().lists
    return {"GAME_SLOT": lists.get(("game-slots",), viewmodels.game_slots),
            "GAME_LABELS": lists.get(("game-labels", web_locale()), viewmodels.game_labels),
            # the kinds' labels looked up once per language, not at every result's badge
            "KIND_LABELS": lists.get(("kind-labels", web_locale()), lambda: {
                kind: viewmodels.KIND_LABELS[kind] for kind in viewmodels.KIND_LABELS}),
            "lang": web_locale(),
            "boards_of": boards_of, "url_for": env.globals["url_for"],
            "truncate": lambda text, length: do_truncate(env, text, length)}


def _frame(pager: bool, facets: bool) -> tuple[tuple[str, ...], str]:
    """The page rendered with a marker in each slot, split at the markers (static text
    and slot names alternating: kept, shared, never changed), and what the notices'
    template writes when there is no notice (its blank lines)."""
    import re
    data = {"total": _mark("total"), "results": [None],
            "facets": {"game": {"-": 1}} if facets else {}}
    stand_in = SimpleNamespace(q=_mark("title_q"), quoted_q=_mark("quoted_q"),
                               first=_mark("first"), game=None, kind=None, as_of=None,
                               pages=2 if pager else 1, data=data)
    html = render_template(
        "search.html", s=stand_in, home=False, header_q=_mark("header_q"),
        search_notices=_mark("search_notices"),
        draw_results=lambda *_a: _mark("results"), draw_pager=lambda *_a: _mark("pager"),
        draw_facets=lambda *_a: _mark("facets"),
        lang_url=lambda code: _mark(f"lang_url:{code}"), json_url=lambda: _mark("json_url"))
    empty = current_app.jinja_env.get_template("_search_notices.html").render(
        s=SimpleNamespace(q=""), d={})
    return tuple(re.split("\x00([^\x00]*)\x00", html)), empty
