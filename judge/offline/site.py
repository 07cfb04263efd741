"""The installable, offline-capable app: manifest, service worker, offline files.

    /manifest.webmanifest          the web app manifest (Japanese name, PNG icons)
    /sw.js                         the service worker, served from the root (scope /)
    /offline/version.json          the corpus and site versions the server has now
    /offline/search-<v>.js         the search bundle (judge/offline/bundle.py), gzip
    /offline/pages-<v>.json        every entry page pre-rendered, gzip
    /offline/search                the search page that searches in the browser
    /offline/boards                the boards saved on this device
    /offline/icon-192.png …        the icons

Versioned files are immutable (a new corpus or site has a new name); the service worker
asks for ``version.json`` on every online visit and fetches the new files in the
background when the version changed (static/sw.js).
"""
from __future__ import annotations

import gzip

from flask import Blueprint, Flask, Response, abort, current_app, jsonify, render_template, request

from judge.i18n import N_, _, gettext, use_locale
from judge.offline import icons
from judge.offline.store import STATIC, OfflineStore

bp = Blueprint("offline", __name__)

APP_NAME = "judge ジャッジの作業台"
SHORT_NAME = "judge"
THEME = "#1d4e89"
ICONS = {"icon-192.png": (192, False), "icon-512.png": (512, False),
         "icon-maskable-512.png": (512, True)}
# What the service worker keeps beside the pages and the bundle (static/sw.js).
ASSETS = ["app.css", "app.js", "board.js", "favicon.svg", "offline.css", "offline.js",
          "offline-tab.js", "offline-analysis.js", "offline-text.js",
          "offline-search.js", "offline-plan.js", "offline-question.js", "offline-shaping.js", "offline-page.js"]


def store() -> OfflineStore:
    """The offline files of the app handling this request."""
    return current_app.extensions["judge-offline"]


def init_app(app: Flask) -> None:
    """Attach the store; outside tests, the first request starts building the offline
    files in the background."""
    app.extensions["judge-offline"] = OfflineStore(app)
    app.register_blueprint(bp)
    if not app.config.get("TESTING") and app.config.get("OFFLINE_WARM", True):
        # started by the first request, not here: rendering the pages is a request to
        # the app, and the app must be fully set up before it handles one
        started: list[bool] = []

        @app.before_request
        def _warm_offline():
            if not started:
                started.append(True)
                app.extensions["judge-offline"].warm()


def manifest_data(titles: list[str], root: str = "/") -> dict:
    """The web app manifest; ``titles`` are the corpus's games as a phone's home screen
    names them (Japanese: the manifest's ``lang``), ``root`` the site's base path
    (``./`` in an export)."""
    return {
        "name": APP_NAME, "short_name": SHORT_NAME, "lang": "ja", "dir": "ltr",
        "description": f"{'・'.join(titles)}のルール、Q&A、裁定の再現。"
                       "ネットがない会場でも検索し、裁定を読めます。",
        "start_url": root, "scope": root, "display": "standalone",
        "background_color": "#ffffff", "theme_color": THEME,
        "icons": [{"src": f"{root}offline/{name}", "sizes": f"{size}x{size}",
                   "type": "image/png", "purpose": "maskable" if mask else "any"}
                  for name, (size, mask) in ICONS.items()],
    }


def game_titles(corpus) -> list[str]:
    """The Japanese titles of the corpus's games, in its order: the games are declared
    on themselves (the corpus's ``games.yaml``), never written here."""
    return [g.title for g in corpus.games]


@bp.get("/manifest.webmanifest")
def manifest():
    response = jsonify(manifest_data(game_titles(current_app.extensions["judge"].corpus)))
    response.mimetype = "application/manifest+json"
    return response


@bp.get("/sw.js")
def service_worker():
    body = (STATIC / "sw.js").read_text(encoding="utf-8")
    info = store().info()
    assets = [f"/static/{a}" for a in ASSETS]
    head = ("self.JUDGE_SW = " + _json({"assets": assets, "site": info["site"],
                                         "text": sw_texts()}) + ";\n")
    response = Response(head + body, mimetype="text/javascript")
    response.headers["Service-Worker-Allowed"] = "/"
    response.headers["Cache-Control"] = "no-cache"
    return response


# What the service worker says offline (banners, the page it shows for a page the device
# lacks), from the catalogue in each language: {placeholders} are filled in by sw.js.
SW_TEXTS = {
    "slow": N_("The server does not answer, so this device's copy is shown."),
    "kept": N_("This page is as it was shown when opened at {when}."),
    "banner": N_("Offline — a copy kept on this device."),
    "banner_info": N_("Offline — a copy kept on this device (corpus as of {date}, version "
                      "{version}, saved {saved})."),
    "boards": N_("Running a board needs the server. The saved boards open."),
    "no_answer": N_("The server does not answer."),
    "offline": N_("You are offline."),
    "downloading": N_("The offline copy is still downloading ({done}/{total})."),
    "not_yet": N_("This device holds no offline copy yet."),
    "title": N_("Offline"),
    "not_saved": N_("This page is not kept on this device."),
    "readable": N_("Pages you have opened read without a network."),
    "home": N_("Home"),
}


def sw_texts() -> dict[str, dict[str, str]]:
    """:data:`SW_TEXTS` in each language: {"ja": {...}, "en": {...}}."""
    out = {}
    for lang in ("ja", "en"):
        with use_locale(lang):
            out[lang] = {key: gettext(text) for key, text in SW_TEXTS.items()}
    return out


def _json(data) -> str:
    import json
    return json.dumps(data, ensure_ascii=False)


@bp.get("/offline/version.json")
def version():
    info = store().info()
    response = jsonify({**info, "pages_version": info["pages"],
                        "bundle_version": info["bundle"],
                        "bundle": f"/offline/search-{info['bundle']}.js",
                        "pages": f"/offline/pages-{info['pages']}.json"})
    response.headers["Cache-Control"] = "no-cache"
    return response


def _gzipped(data: bytes, mimetype: str) -> Response:
    if "gzip" in request.headers.get("Accept-Encoding", ""):
        response = Response(data, mimetype=mimetype)
        response.headers["Content-Encoding"] = "gzip"
    else:
        response = Response(gzip.decompress(data), mimetype=mimetype)
    response.headers["Vary"] = "Accept-Encoding"
    response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
    return response


@bp.get("/offline/search-<version>.js")
def bundle(version: str):
    if version != store().info()["bundle"]:
        abort(404)
    return _gzipped(_built(store().bundle_gz), "text/javascript")


@bp.get("/offline/pages-<version>.json")
def pages(version: str):
    if version != store().info()["pages"]:
        abort(404)
    return _gzipped(_built(store().pages_gz), "application/json")


def _built(get) -> bytes:
    """The file, or a 404 saying which command builds it (a server that may not)."""
    from judge.offline.store import OfflineMissing
    from judge.platform.errors import fail
    try:
        return get()
    except OfflineMissing as exc:
        fail(404, _("The offline files are not built on this server ({name}).", name=str(exc)),
             hints=[_("Run `judge index` where the server's files are made, then restart.")])


@bp.get("/offline/<name>.png")
def icon(name: str):
    spec = ICONS.get(name + ".png")
    if spec is None:
        abort(404)
    response = Response(icons.png(*spec), mimetype="image/png")
    response.headers["Cache-Control"] = "public, max-age=86400"
    return response


def page_context(root: str = "/", entry_suffix: str = "") -> dict:
    info = store().info()
    from judge.offline.notices import notice_texts
    return {"offline": info, "offline_root": root, "entry_suffix": entry_suffix,
            "bundle_src": f"{root}offline/search-{info['bundle']}.js",
            "notice_texts": notice_texts}


@bp.get("/offline/search")
def search():
    return render_template("offline_search.html", **page_context())


@bp.get("/offline/boards")
def boards():
    return render_template("offline_boards.html", **page_context())
