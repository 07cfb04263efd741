"""Where the offline files of one app live, and when they are (re)built.

Two versions name everything the browser keeps:

* the **corpus version** (the first 16 hex digits of the search fingerprint: a hash of
  every entry's content and of the analysis version), with the code that writes the
  bundle, names the search bundle (the bundle itself carries the corpus version);
* the **pages version** (the corpus version, the templates and the web code) names the
  pre-rendered pages: a new template changes them as much as a new ruling does;
* the **site version** (the pages version and the static files) names what the service
  worker keeps; a new one makes the browser install the worker again.

Files are written once per version next to the search index (``<index>/offline/``),
each into a temporary file renamed into place, under a file lock, so gunicorn workers
build them once and a reader never sees half a file.  A server that is not under test
starts building them in the background on its first request ("pre-rendered when the
app is deployed"); a request for a file that is not built yet waits for it.
"""
from __future__ import annotations

import gzip
import hashlib
import json
import logging
import os
import tempfile
import threading
from pathlib import Path

from flask import Flask

from judge.common.filelock import folder_lock

log = logging.getLogger(__name__)

STATIC = Path(__file__).resolve().parents[1] / "web" / "static"
TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


WEB = Path(__file__).resolve().parents[1] / "web"
SEARCH = Path(__file__).resolve().parents[1] / "search"      # judge/search: in the bundle's version


def _hash(seed: str, files) -> str:
    h = hashlib.sha1(seed.encode())
    for path in files:
        h.update(path.name.encode() + b"\0")
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


def pages_version(corpus_version: str) -> str:
    """What an entry page is made of: the corpus, the templates, the web code and the
    static files (a page links each as ``/static/<file>?v=<its hash>``, judge/web/assets.py,
    so a changed stylesheet is a changed page; the offline pages' own templates are not
    in an entry page)."""
    files = [p for p in sorted(TEMPLATES.rglob("*.html")) if not p.name.startswith("offline_")]
    code = [p for p in sorted(WEB.glob("*.py")) if p.name != "offline.py"]
    static = sorted(p for p in STATIC.rglob("*") if p.is_file())
    return _hash(corpus_version, files + code + static)


def bundle_version(corpus_version: str) -> str:
    """The corpus version and the code that writes the bundle: the offline package's
    bundle writers and the whole search package (its tables, judge/search/tables.py,
    and every function that writes a part of the bundle), so a change to the search
    makes every phone fetch the new bundle; and its size budget (a bundle built within
    another budget holds other passages: it is another file)."""
    from .bundle import BUDGET_ENV
    here = Path(__file__).resolve().parent
    budget = os.environ.get(BUDGET_ENV, "").strip()
    seed = corpus_version + (f"\0{BUDGET_ENV}={budget}" if budget else "")
    return _hash(seed, [here / "bundle.py", here / "priority.py", here / "morph.py",
                        here / "readings.py", *sorted(SEARCH.glob("*.py"))])


def site_version(corpus_version: str) -> str:
    """The pages' version and the static files and offline templates: what the service
    worker keeps (a new version makes the browser install the worker again)."""
    files = sorted(p for p in STATIC.rglob("*") if p.is_file())
    files += sorted(TEMPLATES.glob("offline_*.html"))
    return _hash(pages_version(corpus_version), files)


def held_line(bundle_gz: bytes) -> str:
    """What a partial search bundle holds, said after its size (empty for a whole one):
    its entries of the corpus's, and each kind's (by its id, as ``--kind`` names it)."""
    from judge.i18n import _
    body = gzip.decompress(bundle_gz).decode("utf-8")
    held = json.loads(body[body.index("=") + 1:body.rindex(";")]).get("partial")
    if not held:
        return ""
    parts = [_("{kind} {held:,}/{of:,}", kind=k, held=v[0], of=v[1])
             for k, v in held["kinds"].items()]
    older = held.get("older") or [0, 0]
    if older[1]:
        parts.append(_("older revisions {held:,}/{of:,}", held=older[0], of=older[1]))
    kinds = _("、").join(parts)
    return " " + _("(partial: {held:,} of {of:,} entries on the phone, {kinds}; the rest "
                   "is searched online)", held=held["entries"], of=held["of"], kinds=kinds)


class OfflineMissing(Exception):
    """An offline file is not built and this server may not build it (``judge index``)."""


class OfflineStore:
    """The offline bundle and pages of one app (on ``app.extensions["judge-offline"]``)."""

    def __init__(self, app: Flask):
        self.app = app
        self._lock = threading.Lock()
        self._memory: dict[str, bytes] = {}
        self._info: dict | None = None

    # --- versions ---------------------------------------------------------------------

    def services(self):
        return self.app.extensions["judge"]

    def info(self) -> dict:
        """``{"corpus", "site", "corpus_date", "entries"}`` (computed once)."""
        if self._info is None:
            from judge.search import fingerprint

            from .bundle import corpus_date
            corpus = self.services().corpus
            cv = fingerprint(corpus)[:16]
            self._info = {"corpus": cv, "bundle": bundle_version(cv),
                          "pages": pages_version(cv), "site": site_version(cv),
                          "corpus_date": corpus_date(corpus), "entries": len(corpus.entries)}
        return self._info

    def folder(self) -> Path:
        from judge.search.indexer import index_base
        return index_base(self.app.config.get("INDEX_DIR")) / "offline"

    # --- files --------------------------------------------------------------------------

    def bundle_gz(self) -> bytes:
        """The search bundle script, gzip-compressed (refused over its size budget:
        :func:`judge.offline.bundle.check_size`)."""
        from .bundle import check_size
        data = self._get(f"search-{self.info()['bundle']}.js.gz", self._build_bundle)
        check_size(len(data))
        return data

    def pages_gz(self) -> bytes:
        """Every entry page, ``{"pages": {key: html}}`` as gzip-compressed JSON."""
        return self._get(f"pages-{self.info()['pages']}.json.gz", self._build_pages)

    def pages(self) -> dict[str, str]:
        """Every entry page (key: the entry id, ``?rev=N`` for an older revision)."""
        return json.loads(gzip.decompress(self.pages_gz()))["pages"]

    def bundle_script(self) -> str:
        return gzip.decompress(self.bundle_gz()).decode("utf-8")

    def _get(self, name: str, build) -> bytes:
        data = self._memory.get(name)
        if data is not None:
            return data
        try:
            # read from the file each time, not kept: the machine's page cache holds it
            # once for every worker (a worker holding every version was gigabytes)
            return (self.folder() / name).read_bytes()
        except OSError:
            pass
        if not self.app.config.get("OFFLINE_BUILD", True):
            raise OfflineMissing(name)
        with self._lock:
            data = self._memory.get(name)
            if data is None:
                data, kept = self._read_or_build(name, build)
                if not kept:
                    self._memory[name] = data
        return data

    def build_files(self) -> list[str]:
        """Build the search bundle and the pages where missing (``judge index``); returns
        one line for each file there now, with its size."""
        out = []
        for name, get in ((f"search-{self.info()['bundle']}.js.gz", self.bundle_gz),
                          (f"pages-{self.info()['pages']}.json.gz", self.pages_gz)):
            data = get()
            line = f"{self.folder() / name}: {len(data) / 1e6:.1f} MB"
            if name.startswith("search-"):
                line += held_line(data)
            out.append(line)
        return out

    def _read_or_build(self, name: str, build) -> tuple[bytes, bool]:
        """The file's bytes, and whether they are kept in the file (else in memory)."""
        folder = self.folder()
        path = folder / name
        try:
            with folder_lock(folder):
                if path.exists():
                    return path.read_bytes(), True
                data = gzip.compress(build(), 9, mtime=0)
                fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-")
                with os.fdopen(fd, "wb") as fh:
                    fh.write(data)
                os.chmod(tmp, 0o644)
                os.replace(tmp, path)
                _drop_old(folder, name)
                return data, True
        except OSError as exc:
            log.warning("cannot keep offline files in %s (%s): building in memory", folder, exc)
            return gzip.compress(build(), 9, mtime=0), False

    def _build_bundle(self) -> bytes:
        from .bundle import build, script
        svc = self.services()
        bundle = build(svc.corpus, svc.searcher())
        return script(bundle).encode("utf-8")

    def _build_pages(self) -> bytes:
        from .pages import default_budget, render_all
        budget = self.app.config.get("OFFLINE_PAGES_BYTES", default_budget())
        pages = render_all(self.app, budget)
        return json.dumps({"version": self.info()["pages"], "pages": pages},
                          ensure_ascii=False, separators=(",", ":")).encode("utf-8")

    def warm(self) -> threading.Thread:
        """Build the bundle and the pages in a background thread."""
        def run():
            try:
                self.bundle_gz()
                self.pages_gz()
            except Exception:                 # noqa: BLE001 - logged; built on request
                log.exception("building the offline files failed")
        thread = threading.Thread(target=run, name="judge-offline-warm", daemon=True)
        thread.start()
        return thread


KEEP_OLD_SECONDS = 3600       # a server still running an older version may serve them


def _drop_old(folder: Path, name: str) -> None:
    """Remove older versions of the same kind of file (search-…, pages-…)."""
    import time
    kind = name.split("-", 1)[0] + "-"
    for old in folder.glob(kind + "*"):
        try:
            if old.name != name and time.time() - old.stat().st_mtime > KEEP_OLD_SECONDS:
                old.unlink()
        except OSError:
            pass
