"""A results page's list of results as HTML, drawn in Python (検索結果の HTML).

Each result was a Jinja block of about twenty lines: its title, the board it opens,
its badges and date, its snippet, its further passages and the older revisions that
matched.  Drawing ten of them was two thirds of rendering a new results page (about
0.1 ms a result: a call through Jinja's context for each ``_()``, ``.get`` and filter,
an escape of every value), the largest part of the page left once the search reads
only what it shows (issue 27).  The same markup is written here with
:mod:`markupsafe` (every value from the corpus or the query escaped; the catalogue's
words are the template's trusted text, %-formatted as its ``_()`` does), byte for
byte what the block wrote.
"""
from __future__ import annotations

from jinja2 import pass_context
from jinja2.filters import do_truncate
from markupsafe import Markup, escape

from judge.common.lru import LRU
from judge.i18n import N_

from .i18n import _translations

# The catalogue's words drawn here, marked for extraction (Babel does not look inside
# the f-strings below, where they are looked up at drawing time).
WORDS = (
    N_("盤面で開く"),
    N_("ほか%(n)s件"),
    N_("完全一致"),
    N_("旧版（改訂%(n)s）"),
    N_("撤回"),
    N_("日付不明（%(day)s 収集）"),
    N_("%(day)s より前"),
    N_("含む語: %(held)s／含まない語: %(missing)s"),
    N_("、"),
    N_("なし"),
    N_("検索語は旧版の文言に一致しました（%(link)s）。上は現行の本文です。"),
    N_("改訂%(n)s"),
    N_("%(title)s のほかの一致箇所"),
    N_("本文"),
    N_("改訂"),
    N_("旧版にも %(n)s 件一致（%(links)s）"),
    N_("旧版も並べて表示"),
    N_("絞り込み"),
    N_("ゲーム"),
    N_("種類"),
    N_("すべて"),
    N_("ページ"),
    N_("← 前へ"),
    N_("次へ →"),
)


@pass_context
def draw_results(context, rows: list[dict], s, d: dict) -> Markup:
    """:func:`results` with what the template's context gives (the games' labels and
    badge colours, the kinds' labels, the language, ``boards_of``, ``url_for``)."""
    env = context.environment
    return results(rows, s, d, {
        "GAME_SLOT": context["GAME_SLOT"], "GAME_LABELS": context["GAME_LABELS"],
        "KIND_LABELS": context["KIND_LABELS"], "lang": context["lang"],
        "boards_of": context["boards_of"], "url_for": context["url_for"],
        "truncate": lambda text, length: do_truncate(env, text, length)})


def results(rows: list[dict], s, d: dict, ctx: dict) -> Markup:
    """The ``<li>`` of each result of a results page (``search.html``), as its loop
    wrote them.  ``s``: the page (its query and filters), ``d``: the search's data,
    ``ctx``: what the template's context gives the block (``GAME_SLOT``,
    ``GAME_LABELS``, ``KIND_LABELS``, ``lang``, ``boards_of``, ``url_for``,
    ``truncate``)."""
    catalogue = _translations()

    def t(message: str, **values) -> Markup:
        # as the template's _(): the translation is trusted markup, the values escaped
        return Markup(catalogue.ugettext(message)) % values

    slots, games, kinds = ctx["GAME_SLOT"], ctx["GAME_LABELS"], ctx["KIND_LABELS"]
    lang, boards_of, url_for, truncate = (ctx["lang"], ctx["boards_of"], ctx["url_for"],
                                          ctx["truncate"])
    old_included = d.get("old_included")
    out: list[str] = []
    add = out.append
    for r in rows:
        url, title, clause = r.get("url", ""), r.get("title", ""), r.get("clause")
        # the parts of a result that depend on its passage alone, not on the query, drawn
        # once per worker (the same passages come back query after query)
        key = ("head", r.get("withdrawn"), url, title, clause)
        head = _PARTS.peek(key)
        if head is None:
            head = _PARTS.get_or(key, lambda: _head(r.get("withdrawn"), url, title, clause))
        add(head)
        url = escape(url)
        bs = boards_of(r.get("id"), s.q)
        if bs:
            add(f'\n        <p class="open-board"><a class="button board-link" '
                f'href="{escape(bs[0]["url"])}">{t("盤面で開く")}: <span lang="ja">'
                f'{escape(truncate(bs[0]["title"], 40))}</span></a>')
            if len(bs) > 1:
                add(f' <a class="small" href="{url}#replay-title">'
                    f'{t("ほか%(n)s件", n=len(bs) - 1)}</a>')
            add("</p>\n        ")
        game, kind = r.get("game"), r.get("kind")
        add(f'\n        <p class="result-meta">\n          <span class="badge game '
            f'game-slot-{escape(slots.get(game, 0))}">{escape(games.get(game, game))}</span>'
            f'\n          <span class="badge kind">{escape(kinds.get(kind, kind))}</span>'
            "\n          ")
        if r.get("exact") == 3:
            add(f'<span class="badge exact">{t("完全一致")}</span>')
        key = ("meta", lang, r.get("current"), r.get("revision"), r.get("withdrawn"),
               r.get("date"), r.get("date_known"), r.get("id"))
        meta = _PARTS.peek(key)
        if meta is None:
            meta = _PARTS.get_or(key, lambda: _meta(r, t))
        add(meta)
        add(f'\n        <p class="snippet" lang="ja">{r.get("snippet")}</p>\n        ')
        if r.get("missing"):
            comma = str(t("、"))
            held = comma.join(map(str, r.get("matched") or ())) or t("なし")
            words = t("含む語: %(held)s／含まない語: %(missing)s", held=held,
                      missing=comma.join(map(str, r["missing"])))
            add(f'\n        <p class="small muted words">{words}</p>\n        ')
        add("\n        ")
        wording = r.get("old_wording")
        if wording:
            link = Markup('<a href="%s">%s</a>' % (escape(wording["url"]),
                                                  escape(t("改訂%(n)s", n=wording["revision"]))))
            note = t("検索語は旧版の文言に一致しました（%(link)s）。上は現行の本文です。",
                     link=link)
            add(f'\n        <p class="small muted old-wording">{note}</p>\n        ')
        add("\n        ")
        passages = r.get("passages")
        if passages:
            named = title if lang == "ja" else r.get("id")
            add(f'\n        <ul class="passages" aria-label="'
                f'{t("%(title)s のほかの一致箇所", title=named)}">\n          ')
            for p in passages:
                where = (f'<code class="clause-no">{escape(p["clause"])}</code>'
                         if p.get("clause") else t("本文"))
                older = ("" if p.get("current") else
                         f' <span class="badge old">{t("旧版（改訂%(n)s）", n=p.get("revision"))}</span>')
                add(f'\n          <li><a href="{escape(p.get("url", ""))}">{where}</a>{older} '
                    f'<span class="snippet" lang="ja">{p.get("snippet")}</span></li>\n          ')
            add("\n        </ul>\n        ")
        add("\n        ")
        if r.get("old_matches"):
            olds = r.get("old") or []
            links = Markup("").join(
                Markup('<a href="%s">%s%s%s</a>%s') % (
                    o.get("url", ""), t("改訂"), o.get("revision"),
                    Markup(" <code>%s</code>") % o["clause"] if o.get("clause") else "",
                    t("、") if i < len(olds[:3]) - 1 else "")
                for i, o in enumerate(olds[:3]))
            add(f'\n        \n        <p class="small muted old-folded">'
                f'{t("旧版にも %(n)s 件一致（%(links)s）", n=r["old_matches"], links=links)}')
            if not old_included:
                more = url_for("pages.search", q=s.q, game=s.game, kind=s.kind, old=1, stay=1)
                add(f' · <a href="{escape(more)}">{t("旧版も並べて表示")}</a>')
            add("</p>\n        ")
        add("\n      </li>\n      ")
    return Markup("".join(out))


# a result's parts that depend on its passage only (and the language), by passage: a
# worker's recent results (a few hundred bytes each)
_PARTS = LRU(8192)


def _head(withdrawn, url: str, title: str, clause) -> str:
    """A result's opening and its title linked (with its clause number unless the
    title begins with it)."""
    out = ['\n      <li class="result%s">\n        <h2 class="result-title"><a href="%s" '
           'lang="ja">' % (" withdrawn" if withdrawn else "", escape(url))]
    if clause and clause != title.split(" ")[0]:
        out.append(f'<code class="clause-no">{escape(clause)}</code> ')
    out.append(f"{escape(title)}</a></h2>\n        ")
    return "".join(out)


def _meta(r: dict, t) -> str:
    """The end of a result's line of badges: older revision, withdrawn, its date and
    its id (``t``: the page's catalogue, as :func:`results` has it)."""
    out = ["\n          "]
    if not r.get("current"):
        out.append(f'<span class="badge old">{t("旧版（改訂%(n)s）", n=r.get("revision"))}</span>')
    out.append("\n          ")
    if r.get("withdrawn"):
        out.append(f'<span class="badge withdrawn">{t("撤回")}</span>')
    out.append("\n          ")
    date = r.get("date")
    if date:
        if r.get("date_known") is False:
            shown = t("日付不明（%(day)s 収集）", day=date.replace("before ", ""))
        elif date.startswith("before "):
            shown = t("%(day)s より前", day=date[7:])
        else:
            shown = escape(date)
        out.append(f'<span class="date">{shown}</span>')
    out.append(f'\n          <code class="entry-id small">{escape(r.get("id"))}</code>'
               '\n        </p>')
    return "".join(out)


@pass_context
def draw_facets(context, s, d: dict) -> Markup:
    """The ``<aside>`` of a results page's facets (``search.html``), as its block wrote
    it: each count a link to the page with that game or kind (its ``facet_url`` macro,
    a macro call and a link each, were a tenth of the template's own time, issue 27)."""
    catalogue = _translations()

    def t(message: str) -> Markup:
        return Markup(catalogue.ugettext(message)) % {}

    url_for = context["url_for"]
    old = 1 if d.get("old_included") else None

    def link(game, kind) -> Markup:
        return escape(url_for("pages.search", q=s.q, game=game, kind=kind, stay=1, old=old))

    def current(on: bool) -> str:
        return 'aria-current="true"' if on else ""

    facets = d["facets"]
    out = [f'<aside class="facets" aria-label="{t("絞り込み")}">\n    <h2>{t("ゲーム")}</h2>'
           f'\n    <ul>\n      <li><a href="{link(None, s.kind)}" {current(not s.game)}>'
           f'{t("すべて")}</a></li>\n      ']
    labels = context["GAME_LABELS"]
    for g, n in facets.get("game", {}).items():
        out.append(f'\n      <li><a href="{link(g, s.kind)}" {current(s.game == g)}>'
                   f'{escape(labels.get(g, g))} <span class="count">{escape(n)}</span></a>'
                   f'</li>\n      ')
    out.append(f'\n    </ul>\n    <h2>{t("種類")}</h2>\n    <ul>\n      <li><a href="'
               f'{link(s.game, None)}" {current(not s.kind)}>{t("すべて")}</a></li>\n      ')
    labels = context["KIND_LABELS"]
    for k, n in facets.get("kind", {}).items():
        out.append(f'\n      <li><a href="{link(s.game, k)}" {current(s.kind == k)}>'
                   f'{escape(labels.get(k, k))} <span class="count">{escape(n)}</span></a>'
                   f'</li>\n      ')
    out.append("\n    </ul>\n  </aside>")
    return Markup("".join(out))


@pass_context
def draw_pager(context, s) -> Markup:
    """The ``<nav>`` of a results page's pages (``search.html``), as its loop wrote it:
    the first two, the last two and two either side of this one linked, a gap three
    away (a page of fifty was fifty turns of a Jinja loop and a dozen links, issue 27)."""
    catalogue = _translations()
    url_for = context["url_for"]
    q, game, kind, page, pages = s.q, s.game, s.kind, s.page, s.pages

    def link(p: int) -> Markup:
        return escape(url_for("pages.search", q=q, game=game, kind=kind, page=p, stay=1))

    out = [f'<nav class="pager" aria-label="{Markup(catalogue.ugettext("ページ")) % {}}">'
           "\n      "]
    if page > 1:
        out.append(f'<a rel="prev" href="{link(page - 1)}">'
                   f'{Markup(catalogue.ugettext("← 前へ")) % {}}</a>')
    out.append("\n      ")
    for p in range(1, pages + 1):
        out.append("\n        ")
        if p == page:
            out.append(f'<span aria-current="page">{p}</span>\n        ')
        elif p <= 2 or p > pages - 2 or abs(p - page) <= 2:
            out.append(f'<a href="{link(p)}">{p}</a>\n        ')
        elif abs(p - page) == 3:
            out.append('<span class="gap">…</span>')
        out.append("\n      ")
    out.append("\n      ")
    if page < pages:
        out.append(f'<a rel="next" href="{link(page + 1)}">'
                   f'{Markup(catalogue.ugettext("次へ →")) % {}}</a>')
    out.append("\n    </nav>")
    return Markup("".join(out))
