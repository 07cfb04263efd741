"""The judge's workbench: the web app (search, entries with their replays, the board).

``create_app(config)`` is the application factory (Flask).  The corpus is loaded once;
the search index is opened once per process and kept on the app (the corpus does not
change while the app runs).  Pages are in :mod:`.pages`, the JSON API in :mod:`.api`;
every page also answers as JSON with ``?format=json`` (docs/web.md).

Config keys (beside Flask's own):

- ``CORPUS_DIR``: the corpus folder (default: $JUDGE_CORPUS, else corpus/ of the checkout).
- ``INDEX_DIR``: the search index folder (default: the search package's own choice).
- ``SEARCHER``: a ready searcher object (tests inject one); ``SEARCH_EAGER``: open the
  index at startup (default True) rather than at the first search.
- ``BUILD``: build the compiled corpus and the search index if they are missing or
  stale (default True); False (``gunicorn wsgi:app``) refuses to start instead
  (:class:`judge.web.serving.NotReady`, naming ``judge index``).
- ``OFFLINE_BUILD``: build the offline files on request when missing (default True);
  ``OFFLINE_WARM``: start building them at the first request (default True).  Both
  False under ``wsgi.py`` unless ``JUDGE_OFFLINE_BUILD=1`` (judge/web/serving.py).
- ``MAX_CONTENT_LENGTH``: the largest request body (default 512 KiB; a scenario is at
  most 256 KiB, see judge/engine/yamlsource.py).
- ``MAX_QUERY_CHARS``: the longest search query (default 256 characters).
- ``DATABASE_URL``: the call record's database (default: $JUDGE_DATABASE_URL, else
  SQLite in the instance folder); ``SECRET_KEY``: see judge/platform/login.py.
- ``PAGE_SIZE``: search results per page (default 10); ``MAX_PAGE``: the last page
  one may ask for (default 50).
- ``PROXY_HOPS``, ``HOSTS``: the proxies in front and the site's names
  (judge/web/transport.py).
- ``RUN_BUDGET``: limits of every scenario run (permalinks, the board, ``/api/run``,
  replays), a mapping of ``actions``, ``steps``, ``cards``, ``seconds`` over the
  defaults and ``JUDGE_BUDGET_*`` (judge/engine/budget.py, docs/budgets.md).
"""
from __future__ import annotations

import functools
import os
from pathlib import Path
from urllib.parse import quote_plus

from flask import Flask, Request
from werkzeug.datastructures import ImmutableMultiDict

from judge.common.lru import LRU

ROOT = Path(__file__).resolve().parents[2]

DEFAULTS = {
    "MAX_CONTENT_LENGTH": 512 * 1024,
    "MAX_FORM_MEMORY_SIZE": 512 * 1024,
    "MAX_FORM_PARTS": 200,
    "MAX_QUERY_CHARS": 256,
    "PAGE_SIZE": 10,
    "MAX_PAGE": 50,
    "SEARCH_EAGER": True,
}


class _Args(ImmutableMultiDict):
    """The request's query string and form: ``get`` of a name that is absent returns the
    default without werkzeug raising (and catching) a BadRequestKeyError inside it, an
    HTTP exception built in full (about ten a page: ``lang``, ``format``, ``game``,
    ``kind``, ``page``… are absent from most requests; issue 27)."""

    def get(self, key, default=None, type=None):
        """``MultiDict.get``, answering an absent name at once."""
        if key not in self:
            return default
        return super().get(key, default, type)


class _Request(Request):
    parameter_storage_class = _Args


class _Flask(Flask):
    """Flask, with each hook's and view's sync form found once: Flask asks
    ``inspect.iscoroutinefunction`` of every hook and the view again on every request
    (about ten a page; issue 27); its requests' arguments are :class:`_Args`."""

    request_class = _Request

    def ensure_sync(self, func):
        """``Flask.ensure_sync(func)``, kept per function (hooks and views are few)."""
        synced = self.__dict__.get("_synced") or self.__dict__.setdefault("_synced", LRU(1024))
        try:
            return synced.get_or(func, lambda: super(_Flask, self).ensure_sync(func))
        except TypeError:                    # a callable that cannot be a key
            return super().ensure_sync(func)


def create_app(config: dict | None = None) -> Flask:
    """Build the app: load the corpus, open the search, register pages, API and errors."""
    from judge.corpus import DEFAULT_CORPUS

    from judge.app import services
    from judge.engine.budget import BudgetExceeded
    from judge.engine.errors import ScenarioError
    from judge.platform import errors

    from . import api, i18n, pages, security

    app = _Flask(__name__, template_folder=str(ROOT / "templates"),
                 static_folder="static", static_url_path="/static")
    app.config.update(DEFAULTS)
    app.config["CORPUS_DIR"] = os.environ.get("JUDGE_CORPUS") or str(DEFAULT_CORPUS)
    app.config.update(config or {})
    _bounded_ids(app)
    from .sessions import CookieSessions
    app.session_interface = CookieSessions()
    app.json.ensure_ascii = False
    app.json.sort_keys = False
    # Jinja's tojson sorts keys by default: the board's data must keep the YAML's order.
    app.jinja_env.policies["json.dumps_kwargs"] = {"sort_keys": False, "ensure_ascii": False}
    i18n.init_app(app)
    from . import assets
    assets.init_app(app)           # /static/…?v=<hash>: immutable, kept by phones
    from . import boardhtml          # the board and step log _replay.html draws
    app.jinja_env.globals.update(draw_board=boardhtml.board, draw_steps=boardhtml.steps,
                                 draw_conclusion=boardhtml.conclusion,
                                 draw_verdict=boardhtml.verdict,
                                 draw_run_block=boardhtml.run_block)
    from . import resulthtml         # the results list search.html draws
    app.jinja_env.globals["draw_results"] = resulthtml.draw_results
    app.jinja_env.globals["draw_facets"] = resulthtml.draw_facets
    app.jinja_env.globals["draw_pager"] = resulthtml.draw_pager
    _template_cache(app)
    _kept_links(app)
    _kept_frame(app)
    services.init_app(app)
    security.init_app(app)
    from . import transport
    transport.init_app(app)        # Host names, the TLS proxy (PROXY_HOPS), HSTS
    errors.init_app(app)
    errors.answer_errors(app, ScenarioError, BudgetExceeded)   # the engine's, as 4xx
    app.register_blueprint(pages.bp)
    app.register_blueprint(api.bp)
    from judge.offline import site as offline
    offline.init_app(app)          # manifest, service worker, offline search and pages
    from . import venue
    venue.init_app(app)            # /venue: the address as a QR code for the phones
    from . import changes
    changes.init_app(app)
    from judge.platform.login import init_app as init_platform
    init_platform(app)         # database, accounts, login, CSRF (judge/platform)
    from judge.record import init_app as init_record
    init_record(app)           # the call record: events, calls (judge/record)
    from judge.editors import pages as editors
    editors.init_app(app)      # editors' review of published rulings (needs the accounts)
    _use_budget(app)
    return app


def _bounded_ids(app: Flask) -> None:
    """``<int:…>`` in a route matches only what a database id can be (an ``Integer``
    column: below 2**31 on PostgreSQL): a larger number is 404, as an unknown id is,
    not an overflow in the database (SQLite: OverflowError from 2**63)."""
    from werkzeug.routing import IntegerConverter

    class DatabaseInt(IntegerConverter):
        def __init__(self, url_map, fixed_digits=0, min=None, max=2 ** 31 - 1,
                     signed=False):
            super().__init__(url_map, fixed_digits, min, max, signed)

    app.url_map.converters["int"] = DatabaseInt


def _template_cache(app: Flask) -> None:
    """Compiled templates kept between starts (Jinja checks each against its source),
    so a new worker answers its first page without compiling them again."""
    from jinja2 import FileSystemBytecodeCache

    from judge.corpus.cache import cache_dir, enabled
    if not enabled():
        return
    folder = cache_dir() / "jinja"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return
    app.jinja_env.bytecode_cache = FileSystemBytecodeCache(str(folder))


# the arguments of Flask's url_for that are options, not the link's values (any other,
# ``_`` included, is a value of the query string)
_BUILD_OPTIONS = frozenset({"_anchor", "_method", "_scheme", "_external"})

# what werkzeug leaves unquoted in a query string it builds (werkzeug.urls._urlencode)
_QUERY_SAFE = "!$'()*,/:;?@"


@functools.lru_cache(maxsize=512)
def _quoted(text: str) -> str:
    """A query string's name or value as ``urlencode`` quotes it (werkzeug's safe set);
    a results page's links quote the same query a dozen times."""
    return quote_plus(text, safe=_QUERY_SAFE)


def _kept_links(app: Flask) -> None:
    """The templates' ``url_for`` keeps the links it built, by the request's script root,
    endpoint and arguments: a page's frame links the same dozen addresses (stylesheets,
    scripts, the menu) on every request, each built again through the URL map (a tenth
    of rendering a new results page).  A link carrying a query (``q``: the facets, the
    pager) keeps only its path; relative endpoints, Flask's options (``_anchor``,
    ``_method``, ``_scheme``, ``_external``) and anything built outside a request are
    built as Flask does."""
    from flask import has_request_context, request

    from judge.common.lru import LRU
    from .assets import version as static_version
    kept = LRU(1024)
    build = app.url_for

    def plain(endpoint: str) -> bool:
        # an endpoint whose addresses take no argument in their path: its arguments
        # are all the query string
        rules = app.url_map._rules_by_endpoint.get(endpoint, ())
        return bool(rules) and not any(rule.arguments for rule in rules) \
            and not app.url_map.sort_parameters and not app.url_default_functions

    def url_for(endpoint: str, **values) -> str:
        if (endpoint.startswith(".") or not has_request_context()
                or not _BUILD_OPTIONS.isdisjoint(values)):
            return build(endpoint, **values)
        if "q" in values:
            # a link with the query (the facets, the pager): the path kept by the
            # names given, the query string encoded as werkzeug does (its safe set)
            items = [(k, v) for k, v in values.items() if v is not None]
            if not kept.get_or(("plain", endpoint), lambda: plain(endpoint)) or \
                    not all(isinstance(v, (str, int)) for _k, v in items):
                return build(endpoint, **values)
            names = tuple(k for k, _v in items)
            path = kept.get_or((request.script_root, endpoint, "?", names), lambda: build(
                endpoint, **{k: "x" for k in names}).partition("?")[0])
            # (urlencode's own way, each value quoted once a page, not once a link)
            return (path + "?" + "&".join(f"{_quoted(str(k))}={_quoted(str(v))}"
                                          for k, v in items)) if items else path
        if endpoint == "static" and "v" not in values:
            # the file's hash: the address changes with the file (judge/web/assets.py)
            values["v"] = static_version(values.get("filename", "")) or None
        key = (request.script_root, endpoint, *values.items())
        try:
            hash(key)
        except TypeError:           # an argument that is a list: built each time
            return build(endpoint, **values)
        return kept.get_or(key, lambda: build(endpoint, **values))

    app.jinja_env.globals["url_for"] = url_for


def _kept_frame(app: Flask) -> None:
    """``frame(name, *key)``: the parts of ``base.html`` every page repeats (the head's
    stylesheets, scripts and offline messages, the header's brand and search box, the
    site menu), rendered once per language, script root and ``key`` (the menu: the
    request's endpoint and blueprint, which mark the current item) and kept.  They were
    about fifteen links and fifteen ``_()`` of every page drawn again (a tenth of a new
    results page, issue 27); a part holds nothing else of the request."""
    from flask import request
    from jinja2 import pass_context
    from markupsafe import Markup

    from .i18n import current
    kept = LRU(256)
    env = app.jinja_env

    @pass_context
    def frame(context, name: str, *key) -> Markup:
        return kept.get_or((name, current(), request.script_root, *key), lambda: Markup(
            env.get_template(name).render(context.get_all())))

    env.globals["frame"] = frame


def _use_budget(app: Flask) -> None:
    """Put the app's run budget in force for every request (read once, checked now)."""
    from judge.engine import budget as budgets
    run_budget = budgets.Budget.from_env().with_values(app.config.get("RUN_BUDGET") or {},
                                                       origin="RUN_BUDGET")
    app.extensions["judge_budget"] = run_budget

    @app.before_request
    def _activate():
        from flask import g
        g.judge_budget_token = budgets.activate(run_budget)

    @app.teardown_request
    def _deactivate(_exc):
        from flask import g
        token = g.pop("judge_budget_token", None)
        if token is not None:
            try:
                budgets.deactivate(token)
            except ValueError:        # reset from another context: it is per request anyway
                pass
