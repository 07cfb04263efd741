"""``judge export-site DIR``: the read-only site as static files (静的書き出し).

What a judge can read without the server, for any web server or a memory stick:

    DIR/index.html                    search, run in the browser (offline bundle)
    DIR/boards.html                   the boards saved on this device
    DIR/entry/<game>/<kind>/<key>.html        every entry: text, history, replays
    DIR/entry/<game>/<kind>/<key>.rev<N>.html an older revision and its replays
    DIR/offline/search-<version>.js   the search bundle; DIR/offline/icon-*.png
    DIR/static/…                      styles and scripts
    DIR/manifest.webmanifest

Links are relative (the folder can be moved, or opened from ``file://``), or start with
``base`` when the site is served under a fixed path (``--base /judge/``).  Pages come
from the same pre-rendering as the service worker's (:mod:`.pages`); each says at its
top that it is a static copy and which corpus date and version it shows.  Nothing of
the server's dynamic parts is written: the board workbench needs the engine, so its
links lead to the saved boards.  A failure leaves the previous contents of DIR as they
were: the site is written into a temporary folder beside DIR and swapped in at the end.
"""
from __future__ import annotations

import gzip
import html
import json
import os
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote

from flask import Flask, render_template

from judge.i18n import _, msg

from .store import STATIC


@dataclass
class ExportStats:
    """What an export wrote."""

    path: Path
    pages: int
    files: int
    bytes: int
    gzip_bytes: int
    corpus: str
    corpus_date: str

    def summary(self) -> str:
        return _("exported {pages:,} pages ({files:,} files, {mb:.1f} MB, {gzip_mb:.1f} MB "
                 "gzip-compressed) of the corpus {corpus} ({corpus_date}) to {path}",
                 pages=self.pages, files=self.files, mb=self.bytes / 1e6,
                 gzip_mb=self.gzip_bytes / 1e6, corpus=self.corpus,
                 corpus_date=self.corpus_date, path=self.path)


class ExportError(Exception):
    """The export cannot be written (says why)."""


def page_file(key: str) -> str:
    """``<game>/qa/QA-337?rev=1`` -> ``entry/<game>/qa/QA-337.rev1.html``."""
    entry_id, _, rev = key.partition("?rev=")
    return "entry/" + entry_id + (f".rev{rev}" if rev else "") + ".html"


_LINK = re.compile(r'(?P<attr>\b(?:href|src|action))="(?P<url>/[^"]*)"')
_ENTRY = re.compile(r"^/entry/(?P<id>[^?#]*)(?:\?(?P<query>[^#]*))?(?P<frag>#.*)?$")


class Rewriter:
    """Turns the app's absolute links into the export's files."""

    def __init__(self, current_rev: dict[str, int], base: str | None, corpus: str):
        self.current_rev = current_rev
        self.base = base
        self.corpus = corpus

    def prefix(self, depth: int) -> str:
        return self.base if self.base is not None else "../" * depth or "./"

    def url(self, url: str, depth: int) -> str:
        p = self.prefix(depth)
        raw = html.unescape(url)
        m = _ENTRY.match(raw)
        if m:
            entry_id = unquote(m.group("id")).strip("/")
            rev = re.search(r"(?:^|&)rev=(\d+)", m.group("query") or "")
            n = int(rev.group(1)) if rev else None
            if n is not None and n == self.current_rev.get(entry_id):
                n = None
            target = "entry/" + m.group("id") + (f".rev{n}" if n else "") + ".html"
            return html.escape(p + target + (m.group("frag") or ""), quote=True)
        path, _, rest = raw.partition("?")
        if path in ("/", "/search"):
            return html.escape(p + "index.html" + (f"?{rest}" if rest else ""), quote=True)
        if path.startswith("/board") or path in ("/offline/boards", "/boards.html"):
            return p + "boards.html"
        if path.startswith("/static/") or path.startswith("/offline/") or \
                path == "/manifest.webmanifest":
            return html.escape(p + path.lstrip("/"), quote=True)
        return p + "index.html"

    def page(self, text: str, depth: int, banner: str) -> str:
        text = text.replace(' data-sw="/sw.js"', "")
        text = re.sub(r'<footer class="site">.*?</footer>', banner.replace(
            '<div class="offline-banner"', '<footer class="site small"><div').replace(
            "</div>", "</div></footer>"), text, flags=re.S)
        text = _LINK.sub(lambda m: f'{m.group("attr")}="{self.url(m.group("url"), depth)}"',
                         text)
        return re.sub(r"<main\b[^>]*>", lambda m: m.group(0) + banner, text, count=1)


def export_site(app: Flask, target: Path, base: str | None = None) -> ExportStats:
    """Write the read-only site of ``app``'s corpus into ``target`` (see the module doc)."""
    from judge.offline.site import ICONS, game_titles, manifest_data, page_context, store
    from . import icons

    if base is not None and not (base.startswith("/") and base.endswith("/")):
        raise ExportError(msg("--base {base!r}: a base path starts and ends with '/' "
                              "(e.g. /judge/)", base=base))
    target = Path(target)
    if target.exists() and not target.is_dir():
        raise ExportError(msg("{target}: exists and is not a folder", target=str(target)))
    if target.is_dir() and any(target.iterdir()) and not (target / ".judge-export").exists():
        raise ExportError(msg("{target}: the folder is not empty and was not written by "
                              "judge export-site; choose an empty or new folder",
                              target=str(target)))
    with app.app_context():
        st = store()
        info = st.info()
        corpus = app.extensions["judge"].corpus
        current = {e.id: e.revisions[0].number for e in corpus}
        rw = Rewriter(current, base, info["corpus"])
        with app.test_request_context("/offline/search"):
            # in the language the pages are rendered in, from the catalogue
            banner = ('<div class="offline-banner" role="status">' + html.escape(_(
                "Static copy — corpus as of {date} (version {version}). Search runs on "
                "this device; running a board needs the server.",
                date=info["corpus_date"], version=info["corpus"]), quote=False) + "</div>")
            ctx = page_context("/", ".html")
            search_html = render_template("offline_search.html", **ctx)
            boards_html = render_template("offline_boards.html", **ctx)
        pages = st.pages()
        bundle = st.bundle_script()
    target.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=".judge-export-", dir=target.parent))
    try:
        def write(rel: str, data: bytes | str) -> None:
            path = work / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)

        # the search page's root-relative paths are rewritten like every page's
        write("index.html", rw.page(search_html.replace(
            'data-root="/"', f'data-root="{rw.prefix(0)}"'), 0, banner))
        write("boards.html", rw.page(boards_html.replace(
            'data-root="/"', f'data-root="{rw.prefix(0)}"'), 0, banner))
        for key, text in pages.items():
            rel = page_file(key)
            write(rel, rw.page(text, rel.count("/"), banner))
        write(f"offline/search-{info['bundle']}.js", bundle)
        for name, (size, mask) in ICONS.items():
            write(f"offline/{name}", icons.png(size, mask))
        manifest = manifest_data(game_titles(corpus), base or "./")
        write("manifest.webmanifest", json.dumps(manifest, ensure_ascii=False, indent=1))
        for path in sorted(STATIC.rglob("*")):
            if path.is_file() and path.name != "sw.js":
                write("static/" + path.relative_to(STATIC).as_posix(), path.read_bytes())
        write(".judge-export", json.dumps({**info, "base": base}, ensure_ascii=False))
        files = [p for p in work.rglob("*") if p.is_file()]
        size = sum(p.stat().st_size for p in files)
        gz = sum(len(gzip.compress(p.read_bytes(), 6)) for p in files)
        if target.exists():
            old = target.with_name(f".{target.name}.old-{os.getpid()}")
            os.replace(target, old)
            os.replace(work, target)
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.replace(work, target)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    return ExportStats(target, len(pages) + 2, len(files), size, gz, info["corpus"],
                       info["corpus_date"])
