"""The workbench's page (盤面ワークベンチ): its frame rendered once, the board's parts in Python.

A board never run before paid for the whole of ``board.html`` and ``base.html`` in
Jinja: the header, the language switch, the start panel, the editor and the footer
(about twenty ``url_for`` and fifty ``_()`` calls), the same for every board of a
language (issue 27).  Here the template is rendered once per *frame*, the things that
change its markup (the reader's language, the address's root, whether the board ran,
has steps, opens on its result, the start panel's game and count), with each *slot*,
what changes from board to board, written as a marker; the frame is kept split at the
markers, and a page is the frame's pieces joined with the slots' HTML, written here
(every value a board brings is escaped, as the template would escape it).  A board
with an error is rendered whole, as before (its page is never kept either).
"""
from __future__ import annotations

import functools
import re

from flask import current_app, render_template, request, url_for
from jinja2.filters import do_truncate
from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup

from judge.app.render import entry_url
from judge.app.services import services
from judge.common.lru import LRU
from judge.i18n import N_

from . import boardhtml, viewmodels
from .i18n import LOCALES, current as web_locale, script_text, switch_url

# The frames, kept apart from the services' shared cache, which a run of entry views
# fills (a few dozen at most: languages x shapes x the start panel's games).
_FRAMES = LRU(64)
_MARK = "\x00{}\x00"
_SPLIT = re.compile("\x00([^\x00]*)\x00")
# The catalogue's words written here (looked up inside f-strings, where Babel does not
# look: marked for extraction).
WORDS = (
    N_("ルール"),
    N_("%(day)s 時点"),
    N_("最新"),
    N_("%(day)s の改訂まで"),
    N_("日付不明の現行版"),
    N_("裁定"),
    N_("この盤面は %(day)s のルールで再生しています。その後ルールが改訂されました"),
    N_("（%(n)s件）:"),
    N_("（改訂%(n)s、%(date)s）"),
    N_("、"),
    N_("ほか"),
    N_("現在のルールで再生する"),
)

SLOTS = ("title_suffix", "run_html", "verdict_top", "gutter", "rows", "text", "permalink",
         "bench_json")


def _e(value) -> str:
    return boardhtml._e(value)


def tojson(value) -> str:
    """``value|tojson`` as the app's Jinja writes it (HTML-safe, keys in their order)."""
    env = current_app.jinja_env
    return str(htmlsafe_json_dumps(value, dumps=env.policies["json.dumps_function"],
                                   **env.policies["json.dumps_kwargs"]))


# The scripts' words in each language as JSON (the same for every board of a language).
_SCRIPT_JSON: dict = {}


def _bench_json(value: dict) -> str:
    """``value`` with the scripts' words as its last key, ``"text"``, as ``tojson``
    writes it; the words' JSON made once per language and app, not for every board."""
    key = (id(current_app._get_current_object()), web_locale())
    words = _SCRIPT_JSON.get(key)
    if words is None:
        words = _SCRIPT_JSON[key] = tojson(script_text("board.js", "offline.js"))
    head = tojson(value)
    return f'{head[:-1]}, "text": {words}}}' if value else f'{{"text": {words}}}'


def gutter(count: int, err_line=None) -> str:
    """The YAML editor's line numbers (the erroneous line marked); kept per count and
    line, the same few dozen for every board."""
    if err_line is None or type(err_line) is int:
        return _gutter(count, err_line)
    return _draw_gutter(count, err_line)


@functools.lru_cache(maxsize=256)
def _gutter(count: int, err_line) -> str:
    return _draw_gutter(count, err_line)


def _draw_gutter(count: int, err_line) -> str:
    return "".join(f'<span class="err">{i}</span>\n' if err_line == i
                   else f"<span>{i}</span>\n" for i in range(1, count + 1))


def _field(obj, name):
    """``obj.name`` as Jinja reads it: the attribute, else the item."""
    return obj.get(name) if isinstance(obj, dict) else getattr(obj, name, None)


def run_meta(board, run, pin: dict) -> str:
    """The result's first lines: title, game, the rules it ran under, its rulings, and
    the banner of rules revised since a pinned day."""
    t = boardhtml._t()
    tr = boardhtml._tr
    d = run.data
    out = ['\n    \n    <p class="run-meta small">']
    en = boardhtml._english()
    if d.get("title"):
        out.append(f'<strong{boardhtml._ja(en, d["title"])}>{_e(d["title"])}</strong> · ')
    game = d.get("game")
    # the games' labels kept per language, as every page's header reads them
    labels = services().lists.get(("game-labels", web_locale()), viewmodels.game_labels)
    out.append(f'{_e(labels.get(game, game))} · {t("ルール")} ')
    if run.day:
        out.append(str(tr(t, "%(day)s 時点", day=run.day)))
    else:
        out.append(f'{t("最新")}（'
                   + (str(tr(t, "%(day)s の改訂まで", day=pin["latest"])) if pin.get("latest")
                      else t("日付不明の現行版")) + "）")
    if d.get("ruling"):
        out.append(f' · {t("裁定")} ' + "".join(f'<a href="{_e(entry_url(r))}">{_e(r)}</a>'
                                              for r in d["ruling"]))
    out.append("</p>\n    ")
    changes = pin.get("changes") or []
    if pin.get("pinned") and changes:
        env = current_app.jinja_env
        out.append('\n    <div class="banner rules-changed" role="note" id="rules-changed">\n'
                   f'      <p><strong>'
                   + str(tr(t, "この盤面は %(day)s のルールで再生しています。その後ルールが改訂されました",
                            day=pin["pinned"]))
                   + "</strong>" + str(tr(t, "（%(n)s件）:", n=len(changes))) + "\n        ")
        shown = changes[:4]
        for i, c in enumerate(shown):
            out.append(f'<a href="{_e(entry_url(_field(c, "id")))}" lang="ja">'
                       f'{_e(do_truncate(env, _field(c, "title"), 24))}</a>'
                       + str(tr(t, "（改訂%(n)s、%(date)s）", n=_field(c, "revision"),
                                date=_field(c, "date"))))
            if i < len(shown) - 1:
                out.append(t("、"))
        if len(changes) > 4:
            out.append(f' {t("ほか")}')
        out.append("</p>\n      ")
        if request.method == "GET":
            href = url_for("pages.board", **dict(request.args, ruleset="latest"))
            out.append(f'<p><a class="button" href="{_e(href)}">{t("現在のルールで再生する")}'
                       f'</a></p>')
        out.append("\n    </div>\n    ")
    out.append(f'\n    {boardhtml.run_block(run, "b", lead=False)}\n    ')
    return "".join(out)


def _verdict_top(run) -> str:
    title = run.data.get("title")
    lang = boardhtml._ja(boardhtml._english(), title)
    head = f'<p class="small run-title-top"{lang}>{_e(title)}</p>' if title else ""
    return head + str(boardhtml.conclusion(run.verdict, "#result-title"))


def page(board, run, games: dict, scenario_count: int, scenario_game, permalink: str) -> str:
    """The workbench page of a board (its run, if it ran, or its error)."""
    data = board.data if isinstance(board.data, dict) else None
    title = data.get("title") if data else None
    has_run = run is not None
    has_steps = bool(has_run and run.data.get("steps"))
    lines = board.text.splitlines()
    flags = {"has_run": has_run, "has_steps": has_steps,
             "result_first": has_run and board.origin in ("permalink", "posted"),
             "start_open": request.method == "GET" and not request.args,
             "games": games, "scenario_count": scenario_count,
             "scenario_game": scenario_game, "error": board.error}
    slots = {
        # the scenario's Japanese title: in <title> (no lang mark there) on a Japanese page only
        "title_suffix": f": {_e(title)}" if title and web_locale() == "ja" else "",
        "run_html": run_meta(board, run, board.pin) if has_run and not board.error else "",
        "verdict_top": _verdict_top(run) if has_steps and not board.error else "",
        "gutter": gutter(len(lines), (board.error or {}).get("line")),
        "rows": str(min(max(len(lines) + 2, 12), 40)),
        "text": _e(board.text),
        "permalink": _e(permalink),
        "bench_json": _bench_json({"games": games, "data": board.data, "error": board.error,
                                   "permalink": permalink, "origin": board.origin}),
    }
    if board.error:
        return render_template("board.html", lines=lines, **flags,
                               **{k: Markup(v) for k, v in slots.items()})
    slots.update({f"lang_url:{code}": _e(switch_url(code)) for code in LOCALES})
    slots["json_url"] = _e(_json_url())
    key = (id(services()), web_locale(), request.script_root, request.endpoint, has_run,
           has_steps, flags["result_first"], flags["start_open"], scenario_count,
           scenario_game, tuple(games.items()))
    pieces = _FRAMES.get(key, lambda: _frame(flags))
    out = list(pieces)
    for i in range(1, len(out), 2):
        out[i] = slots[out[i]]
    return "".join(out)


_JSON_URLS: dict = {}


def _json_url() -> str:
    if not request.args and not request.view_args:
        # a posted board's: the same address for every board (kept per root)
        key = (request.script_root, request.endpoint)
        found = _JSON_URLS.get(key)
        if found is None:
            if len(_JSON_URLS) > 64:
                _JSON_URLS.clear()
            found = _JSON_URLS[key] = url_for(request.endpoint, format="json")
        return found
    args = request.args.to_dict()
    args["format"] = "json"
    return url_for(request.endpoint, **(request.view_args or {}), **args)


def _frame(flags: dict) -> tuple[str, ...]:
    """The page rendered with a marker in each slot, split at the markers: static text
    and slot names alternating (kept, shared, never changed)."""
    marks = {name: Markup(_MARK.format(name)) for name in SLOTS}
    html = render_template("board.html", lines=[], **flags, **marks,
                           lang_url=lambda code: Markup(_MARK.format(f"lang_url:{code}")),
                           json_url=lambda: Markup(_MARK.format("json_url")))
    return tuple(_SPLIT.split(html))
