"""The compiled corpus (コーパスのキャッシュ): the parsed entries kept between runs.

Parsing 2,000-odd front matters with PyYAML (its constructor is Python even over
libyaml) costs seconds; every ``judge`` command and every web worker would pay it.  So
the parsed corpus is written once to a read-only SQLite database
(:mod:`judge.corpus.database`: the pickled entries, titles, aliases, revision dates and
the citation index), and a small manifest beside it keeps the digest of every file it
was read from; the next load reads the files' stats (and the bytes of those that
changed), and opens the database, reading an entry only when it is asked for.  It is
keyed on the files' *contents* (BLAKE2b of each file, not times, so a checkout or a copy
that only touches times keeps it, and an edit within the same second cannot be
missed), on the set of files, and on the source of the code that parses them (an
update of the parser invalidates it by itself).  A changed file is parsed again alone
and the rest reused; a bad file raises exactly as without the cache (and nothing is
written); a database that cannot be read is ignored and rewritten; one that cannot be
written is skipped.  Writes are atomic (a temporary file renamed), so concurrent
processes see a whole database or none.

The databases live in ``$JUDGE_CACHE_DIR``, else ``<repo>/.cache/``: one manifest per
corpus folder (``corpus-<folder key>.pickle``), one database per corpus content key
(``corpus-<content key>.sqlite``).  ``JUDGE_CORPUS_CACHE=0`` turns it off.
"""
from __future__ import annotations

import json
import logging
import os
import pickle
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

from judge.common.digests import blake2b

log = logging.getLogger(__name__)

FORMAT = 3
RACY_SECONDS = 2.0
REPO_ROOT = Path(__file__).resolve().parents[2]
_PARSER_SOURCES = ("store.py", "model.py", "ids.py", "cache.py", "database.py")


def cache_dir() -> Path:
    """Where corpus caches are kept."""
    env = os.environ.get("JUDGE_CACHE_DIR")
    return Path(env) if env else REPO_ROOT / ".cache"


def enabled() -> bool:
    """False when ``JUDGE_CORPUS_CACHE=0`` (or ``off``/``no``)."""
    return os.environ.get("JUDGE_CORPUS_CACHE", "1").lower() not in ("0", "off", "no", "false")


def _parser_key() -> str:
    h = blake2b(f"{FORMAT}\0{sys.version_info[:2]}".encode(), digest_size=16)
    here = Path(__file__).parent
    for name in _PARSER_SOURCES:
        try:
            h.update((here / name).read_bytes())
        except OSError:
            h.update(b"?")
    return h.hexdigest()


def _scan(base: Path) -> dict[str, os.stat_result]:
    """Each corpus file (``<game>/<kind>/<key>.md``, relative) with its ``stat``, taken
    from the directory listing's entries rather than by building and resolving two
    thousand paths (a third of a `judge` command's loading time went to pathlib)."""
    out = {}
    try:
        games = list(os.scandir(base))
    except OSError:
        return {}
    for game in games:
        if not game.is_dir() or game.name.startswith("."):
            continue
        for kind in os.scandir(game.path):
            if not kind.is_dir():
                continue
            for f in os.scandir(kind.path):
                if f.name.endswith(".md") and f.is_file():
                    out[f"{game.name}/{kind.name}/{f.name}"] = f.stat()
    return out


def cache_file(base: Path) -> Path:
    """The cache file of one corpus folder."""
    key = blake2b(str(base.resolve()).encode(), digest_size=8).hexdigest()
    return cache_dir() / f"corpus-{key}.pickle"


KEEP_STORES = 3      # compiled versions kept per corpus folder (workers not yet restarted)


def store_file(base: Path, content_key: str) -> Path:
    """The compiled corpus of that folder and content key (:mod:`judge.corpus.database`)."""
    return cache_file(base).with_name(f"{cache_file(base).stem}-{content_key}.sqlite")


def _prune(base: Path) -> None:
    """Remove all but the newest :data:`KEEP_STORES` compiled versions of a folder: a
    worker still serving an older one keeps its open file; a folder's versions only,
    as two folders with the same files have the same content key."""
    found = sorted(cache_dir().glob(f"{cache_file(base).stem}-*.sqlite"),
                   key=lambda p: p.stat().st_mtime, reverse=True)
    for old in found[KEEP_STORES:]:
        old.unlink(missing_ok=True)


def load(base: Path, parse, make, build: bool = True):
    """The corpus under ``base``, from its compiled database where the files are unchanged.

    ``parse(text, path)`` parses one file into an entry; ``make(entries, base)`` makes
    the corpus, ``make.compiled(tables, base)`` one read from the database.  They are
    passed in so that this module imports nothing of the store.  Without ``build``, a
    missing or stale database raises :class:`~judge.corpus.database.StoreMissing`
    instead of being made (a serving worker never parses the corpus).
    """
    from . import database
    scanned = _scan(base)
    files = sorted(scanned)
    parser = _parser_key()
    path = cache_file(base)
    stamp, newest_change = _stamp(files, scanned)
    head = _read_head(path)
    if (head is not None and head.get("parser") == parser and head.get("stamp") == stamp
            and newest_change / 1e9 < head.get("written", 0) - RACY_SECONDS):
        # every file has the size, times and inode it had when the manifest was written,
        # none changed within seconds of it: the digests stand, and so does the content
        # key; the manifest's body (a digest, a stat and an id per file) is not read
        tables = _open(head.get("store"))
        if tables is not None and tables.content_key == head.get("content_key"):
            return _compiled(make, tables, base, head["content_key"])
    cached = _read(path)
    if not cached or cached.get("parser") != parser or "blobs" in cached:
        cached = {}           # another parser's, or the pickle of before the database
    old_stats = cached.get("stats", {})
    old_digests = cached.get("digests", {})
    fresh_before = cached.get("written", 0) - RACY_SECONDS
    digests: dict[str, bytes] = {}
    stats: dict[str, tuple[int, int, int, int]] = {}
    texts: dict[str, bytes] = {}
    for rel in files:
        st = scanned[rel]
        # the change time cannot be set back by a program (os.utime sets the others)
        stats[rel] = (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)
        if (rel in old_digests and old_stats.get(rel) == stats[rel]
                and st.st_ctime_ns / 1e9 < fresh_before):
            # unchanged size, times and inode, and changed well before the cache was
            # written: the digest stands (git's racy-file rule: a file changed within
            # seconds of the cache is hashed again)
            digests[rel] = old_digests[rel]
            continue
        with open(base / rel, "rb") as fh:
            raw = fh.read()
        texts[rel] = raw
        digests[rel] = blake2b(raw, digest_size=16).digest()
    content_key = _content_key(parser, digests)
    old_tables = _open(cached.get("store"))
    if old_tables is not None and digests == old_digests:
        if head is None or head.get("stamp") != stamp:
            try:                 # the head the next open reads alone
                written = time.time()
                _write_manifest(path, {"parser": parser, "stamp": stamp, "written": written,
                                       "store": cached["store"], "content_key": content_key},
                                {**cached, "stats": stats, "written": written})
            except OSError as exc:
                log.info("corpus manifest not written (%s)", exc)
        return _compiled(make, old_tables, base, content_key)
    if not build:
        changed = sorted(set(digests).symmetric_difference(old_digests)
                         | {r for r in digests if old_digests.get(r) not in (None, digests[r])})
        raise database.StoreMissing(
            f"{base / changed[0]} changed since the corpus was compiled" if old_tables and changed
            else f"no compiled corpus of {base} in {cache_dir()}")
    old_ids = cached.get("ids", {})
    entries, ids, blobs = [], {}, {}
    for rel in files:
        entry = blob = None
        old_id = old_ids.get(rel)
        if old_tables is not None and old_digests.get(rel) == digests[rel] and old_id:
            blob = old_tables.blob(old_id)
            entry = pickle.loads(blob) if blob is not None else None
        if entry is None:
            raw = texts.get(rel)
            if raw is None:
                with open(base / rel, "rb") as fh:
                    raw = fh.read()
            entry = parse(raw.decode("utf-8"), base / rel)
            blob = None
        entries.append(entry)
        ids[rel] = entry.id
        blobs[entry.id] = blob or pickle.dumps(entry, protocol=pickle.HIGHEST_PROTOCOL)
    corpus = make(entries, base)
    corpus.content_key = content_key
    target = store_file(base, content_key)
    try:
        from .ids import fold
        database.write(target, list(corpus), blobs, fold, content_key)
        written = time.time()
        _write_manifest(path, {"parser": parser, "stamp": stamp, "written": written,
                               "store": target.name, "content_key": content_key},
                        {"parser": parser, "digests": digests, "stats": stats, "ids": ids,
                         "written": written, "store": target.name})
    except OSError as exc:
        log.info("compiled corpus not written (%s)", exc)
        return corpus
    _prune(base)
    del entries, blobs, corpus
    return _compiled(make, _open(target.name), base, content_key)


def _open(name: str | None):
    """The compiled corpus of that file name in the cache folder, or None."""
    if not name:
        return None
    from .database import CorpusTables, StoreMissing
    try:
        return CorpusTables(cache_dir() / name)
    except (StoreMissing, OSError, sqlite3.DatabaseError) as exc:
        log.info("compiled corpus %s unreadable (%s): reading the corpus files", name, exc)
        return None


def _compiled(make, tables, base: Path, content_key: str):
    corpus = make.compiled(tables, base)
    corpus.content_key = content_key
    return corpus


def _content_key(parser: str, digests: dict[str, bytes]) -> str:
    """One digest of every file and of the parser: equal keys, equal corpora."""
    h = blake2b(parser.encode(), digest_size=20)
    for rel in sorted(digests):
        h.update(rel.encode() + b"\0" + digests[rel])
    return h.hexdigest()


# memo files already parsed by this process: path -> ((mtime, size), content); a
# search asks for several values of one file, which need not be parsed each time
_MEMOS: dict[Path, tuple[tuple[int, int], dict]] = {}


def memo_get(content_key: str | None, name: str):
    """A value (JSON) derived from the corpus with that key (see :func:`memo_put`), or None.

    The value may be shared with later calls: read it, do not change it."""
    if not content_key or not enabled():
        return None
    path = cache_dir() / f"memo-{content_key}.json"
    try:
        st = os.stat(path)
        stamp = (st.st_mtime_ns, st.st_size)
        kept = _MEMOS.get(path)
        if kept is None or kept[0] != stamp:
            kept = _MEMOS[path] = (stamp, json.loads(path.read_text()))
        return kept[1][name]
    except (OSError, ValueError, KeyError, TypeError):
        return None


def memo_put(content_key: str | None, name: str, value) -> None:
    """Remember a value derived from the corpus (the index's fingerprint): a corpus with
    the same content key derives the same value, so it need not be computed again."""
    if not content_key or not enabled():
        return
    path = cache_dir() / f"memo-{content_key}.json"
    try:
        try:
            data = json.loads(path.read_text())
        except (OSError, ValueError):
            data = {}
        data[name] = value
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".memo-", dir=path.parent)
        with os.fdopen(fd, "w") as fh:
            json.dump(data, fh)
        os.replace(tmp, path)
    except OSError as exc:
        log.info("corpus memo not written (%s)", exc)


def _stamp(files: list[str], scanned: dict) -> tuple[str, int]:
    """One digest of every file's name, size, times and inode (the manifest's head
    keeps it), and the newest change time among them (ns)."""
    h = blake2b(digest_size=20)
    newest = 0
    for rel in files:
        st = scanned[rel]
        h.update(f"{rel}\0{st.st_size}\0{st.st_mtime_ns}\0{st.st_ctime_ns}\0{st.st_ino}\n"
                 .encode())
        if st.st_ctime_ns > newest:
            newest = st.st_ctime_ns
    return h.hexdigest(), newest


HEAD = "judge-corpus-manifest-head"


def _write_manifest(path: Path, head: dict, body: dict) -> None:
    """The manifest: a small head (the files' stamp, the content key, the database's
    name) pickled before its body (a digest, a stat and an id per file), so that
    opening an unchanged corpus reads the head alone (at 100,000 entries unpickling
    the body and hashing its digests again was most of a worker's start)."""
    _dump_atomic(path, ".corpus-", {HEAD: 1, **head}, body)


def _read_head(path: Path) -> dict | None:
    """The manifest's head, or None (no manifest, or one written before heads)."""
    try:
        with open(path, "rb") as fh:
            data = pickle.load(fh)
    except Exception:  # noqa: BLE001 - no head is only the slower way
        return None
    return data if isinstance(data, dict) and data.get(HEAD) else None


def _read(path: Path) -> dict | None:
    try:
        with open(path, "rb") as fh:
            data = pickle.load(fh)
            if isinstance(data, dict) and data.get(HEAD):
                data = pickle.load(fh)              # the body after the head
        return data if isinstance(data, dict) else None
    except FileNotFoundError:
        return None
    except Exception as exc:  # noqa: BLE001 - a broken cache is only a slower load
        log.warning("corpus cache %s unreadable (%s): reading the corpus files", path, exc)
        return None


def pickle_atomic(path: Path, value, prefix: str) -> None:
    """Pickle ``value`` to ``path`` so that a reader sees the old file or the whole new
    one (a temp file beside it, renamed into place; removed if the write fails)."""
    _dump_atomic(path, prefix, value)


def _dump_atomic(path: Path, prefix: str, *values) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=prefix, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            for value in values:
                pickle.dump(value, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
