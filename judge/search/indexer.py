"""Building the index from the corpus, and finding an index that is up to date.

The corpus is the single source of truth; the index is a cache of it.  An index lives
in a folder named after the corpus *fingerprint* (a hash of every entry's content and
of the analysis version), so an index older than the corpus is simply not found and is
built again.  A build writes into a temporary folder and renames it into place when it
is complete (``judge-index.json`` is written last), so a reader never sees half an
index; a damaged index is thrown away and rebuilt.  One build at a time: a file lock
across processes (gunicorn workers, a CLI run beside the server) and a thread lock
inside one.
"""
from __future__ import annotations

import json
import logging
import marshal
import os
import shutil
import tempfile
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from judge.common.digests import sha1
from judge.common.filelock import folder_lock
from judge.corpus import Corpus, Entry
from judge.corpus.present import date_known

from .highlight import needle
from .postings import SegmentBuilder, TextPostings
from .schema import SCHEMA_VERSION, TEXT_FIELDS, make_schema
from .suggest import FILE as VOCABULARY_FILE
from .suggest import write_vocabulary
from .units import Unit, units_of

log = logging.getLogger(__name__)

REPO_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_INDEX_DIR = REPO_ROOT / ".index"
META_FILE = "judge-index.json"
DIGESTS_FILE = "judge-entries.marshal"     # each indexed entry's digest (for updates)
KEEP_OLD_SECONDS = 3600          # an older index stays this long for a server still using it

RANK_CURRENT, RANK_WITHDRAWN, RANK_OLDER = 3, 2, 1
# the current revision of an editors' page about the texts' words (a lexicon row,
# judge.corpus.lexicon): found by today's and English names, ranked after the texts
RANK_EDITORS = 4

_thread_lock = threading.RLock()


@dataclass
class IndexStats:
    """What :func:`build_index` did: counts, time, size and where the index is."""

    path: Path
    entries: int
    units: int
    seconds: float
    size_bytes: int
    built: bool                    # False: an up-to-date index was already there
    fingerprint: str = ""

    def summary(self) -> str:
        """One line for the terminal."""
        from judge.i18n import _
        size = f"{self.size_bytes / 1e6:.1f} MB"
        if not self.built:
            return _("index up to date: {entries:,} entries, {units:,} passages, {size} "
                     "({path})", entries=self.entries, units=self.units, size=size,
                     path=self.path)
        return _("indexed {entries:,} entries ({units:,} passages) in {seconds:.1f} s: "
                 "{size} ({path})", entries=self.entries, units=self.units,
                 seconds=self.seconds, size=size, path=self.path)

    def as_dict(self) -> dict:
        """For JSON output."""
        return {"path": str(self.path), "entries": self.entries, "units": self.units,
                "seconds": round(self.seconds, 3), "size_bytes": self.size_bytes,
                "built": self.built, "fingerprint": self.fingerprint}


def index_base(index_dir: str | Path | None = None) -> Path:
    """The folder holding the indexes: the argument, else $JUDGE_INDEX_DIR, else .index/."""
    if index_dir:
        return Path(index_dir)
    env = os.environ.get("JUDGE_INDEX_DIR")
    return Path(env) if env else DEFAULT_INDEX_DIR


def fingerprint(corpus: Corpus) -> str:
    """A hash of everything the index is built from (entries' content, analysis version).

    It is computed from the loaded entries, not from file times, so a corpus held in
    memory (tests, the benchmark) has one too, and a checkout that only touches file
    times does not trigger a rebuild.
    """
    from judge.corpus import cache
    key = getattr(corpus, "content_key", None)
    found = cache.memo_get(key, "index-" + SCHEMA_VERSION)
    if found:
        return found            # the same files read by the same parser: the same entries
    fp = _fingerprint(corpus)
    cache.memo_put(key, "index-" + SCHEMA_VERSION, fp)
    return fp


def _fingerprint(corpus: Corpus) -> str:
    return fingerprint_of(corpus_digests(corpus))


def entry_digest(e: Entry) -> bytes:
    """A hash of one entry's content (what its passages are built from)."""
    h = sha1(json.dumps([e.id, e.title, e.status, e.aliases, e.cards, e.cites, e.data],
                                ensure_ascii=False, sort_keys=True, default=str).encode())
    for rev in e.revisions:
        h.update(f"\x00{rev.number}\x00{rev.date}\x00{date_known(rev)}\x00{rev.status}\x00"
                 .encode())
        h.update(rev.text.encode())
    return h.digest()


def corpus_digests(corpus: Corpus) -> dict[str, bytes]:
    """Every entry's :func:`entry_digest`, by id."""
    return {e.id: entry_digest(e) for e in corpus}


def fingerprint_of(digests: dict[str, bytes]) -> str:
    """The fingerprint of entries with these digests (and of the analysis version).

    The digests are summed (modulo 2**160), not hashed in a row: an update that changes
    a few entries computes the new fingerprint from the kept digests of the others
    (:data:`DIGESTS_FILE`) without reading the whole corpus again."""
    total = sum(int.from_bytes(d, "big") for d in digests.values()) % (1 << 160)
    return sha1(f"{SCHEMA_VERSION}:{total:040x}".encode()).hexdigest()


def write_digests(path: Path, digests: dict[str, bytes]) -> None:
    """Keep the indexed entries' digests in the index folder (atomically)."""
    tmp = path / (DIGESTS_FILE + ".tmp")
    tmp.write_bytes(marshal.dumps(digests))
    os.replace(tmp, path / DIGESTS_FILE)


def read_digests(path: Path) -> dict[str, bytes] | None:
    """The digests of the entries an index holds (None: not kept, or unreadable)."""
    try:
        found = marshal.loads((path / DIGESTS_FILE).read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        return None
    return found if isinstance(found, dict) else None


def index_path(base: Path, fp: str) -> Path:
    """The folder of the index built from a corpus with that fingerprint."""
    return base / f"ix-{fp[:16]}"


def read_meta(path: Path) -> dict | None:
    """The index's metadata, or None when the index is incomplete or not there."""
    try:
        return json.loads((path / META_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


@contextmanager
def build_lock(base: Path) -> Iterator[None]:
    """Hold the build lock of an index folder (threads and processes)."""
    with _thread_lock, folder_lock(base):
        yield


def _rank(unit: Unit) -> int:
    if unit.withdrawn:
        return RANK_WITHDRAWN
    if not unit.current:
        return RANK_OLDER
    return RANK_EDITORS if "lexicon" in (unit.entry.data or {}) else RANK_CURRENT


def _day(unit: Unit) -> int:
    when = unit.revision.date
    if when is None:
        return 0
    day = when.day
    if when.before:
        # Interpretation: a revision known only as "before D" is dated the day before D,
        # the latest day it can have stood on (before:/after: compare that day).
        from datetime import timedelta
        day = day - timedelta(days=1)
    return day.year * 10000 + day.month * 100 + day.day


def title_of(unit: Unit) -> str:
    """The title a passage is indexed under: the entry's title, its aliases and, for a
    clause, the heading above it (●コマンドカード)."""
    entry: Entry = unit.entry
    title = entry.title
    if entry.aliases:
        title += "\n" + "\n".join(entry.aliases)
    if unit.heading:
        title += "\n" + unit.heading
    return title


def document(unit: Unit) -> dict:
    """The fields Whoosh stores and indexes for one unit (the text fields: :func:`add_text`)."""
    entry: Entry = unit.entry
    return {
        "docid": unit.docid,
        "entry": entry.id,
        "game": entry.game,
        "kind": entry.kind,
        "clause": unit.clause,
        "revision": unit.revision.number,
        "date": str(unit.revision.date) if unit.revision.date else None,
        # False where the source gives no date ("before D" is then the day it was collected)
        "date_known": date_known(unit.revision),
        "rank": _rank(unit),
        "day": _day(unit),
        "ids": " ".join(unit.ids),
        "cards": " ".join(entry.cards),
        "cites": " ".join(entry.cites),
    }


def add_text(builder: SegmentBuilder, unit: Unit) -> None:
    """Add a unit's text fields to a postings file, with the normal text the in-a-row
    check and quoted phrases read (the entry's title, then the passage)."""
    builder.add(title_of(unit), unit.text, needle(unit.entry.title + "\n" + unit.text),
                {"game": unit.entry.game, "kind": unit.entry.kind, "rank": _rank(unit)})


def text_segment(units: list[Unit], start: int) -> SegmentBuilder:
    """The text fields of consecutive units, the first numbered ``start``."""
    builder = SegmentBuilder(start, TEXT_FIELDS)
    for unit in units:
        add_text(builder, unit)
    return builder


def _folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


# units of the build in progress, for the forked writer processes (they inherit it)
_BUILD_UNITS: list[Unit] = []
PARALLEL_MIN_UNITS = 1000      # below this, starting processes costs more than it saves


def _write_segment(start: int, end: int, folder: str) -> int:
    """In a writer process: the postings file of units ``start``..``end``."""
    text_segment(_BUILD_UNITS[start:end], start).write(Path(folder))
    return end - start


def _write_index(corpus: Corpus, target: Path, fp: str, progress: bool,
                 procs: int = 1) -> tuple[int, float]:
    """Write the Whoosh index and the postings files of ``corpus`` into ``target``.

    Whoosh's segment is written as separate files, not one compound file: Whoosh reads
    a part of a compound file by copying it into memory, once per searcher (about 100 MB
    a thread at 100,000 entries); separate files are read where they lie.

    With ``procs`` > 1 (and enough passages) the text fields, most of the work, are
    analysed by that many forked processes, each writing the postings file of its share
    of the passages, while this process writes the Whoosh fields.
    """
    from whoosh import index as whoosh_index
    started = time.perf_counter()
    entries = list(corpus)
    units = [u for entry in entries for u in units_of(entry)]
    ix = whoosh_index.create_in(str(target), make_schema())
    bar = None
    if progress:
        from tqdm import tqdm
        bar = tqdm(total=len(units), unit="passage", desc="indexing", leave=False)
    pool = None
    jobs = []
    if procs > 1 and len(units) >= PARALLEL_MIN_UNITS and _can_fork():
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor
        global _BUILD_UNITS
        _BUILD_UNITS = units
        pool = ProcessPoolExecutor(procs, mp_context=multiprocessing.get_context("fork"))
        step = -(-len(units) // procs)
        jobs = [pool.submit(_write_segment, a, min(a + step, len(units)), str(target))
                for a in range(0, len(units), step)]
    writer = ix.writer(limitmb=256, compound=False)
    try:
        builder = None if pool else SegmentBuilder(0, TEXT_FIELDS)
        for unit in units:
            writer.add_document(**document(unit))
            if builder is not None:
                add_text(builder, unit)
            if bar:
                bar.update(1)
        if bar:
            bar.set_description("writing")
        writer.commit(optimize=True)
        if builder is not None:
            builder.write(target)
        for job in jobs:
            job.result()
    except BaseException:
        writer.cancel()
        raise
    finally:
        if pool:
            pool.shutdown(cancel_futures=True)
            _BUILD_UNITS = []
        if bar:
            bar.close()
    seconds = time.perf_counter() - started
    write_digests(target, corpus_digests(corpus))
    meta = {"fingerprint": fp, "schema": SCHEMA_VERSION, "entries": len(entries),
            "units": len(units), "seconds": round(seconds, 3),
            "built": time.strftime("%Y-%m-%dT%H:%M:%S%z")}
    write_meta(target, meta)
    return len(units), seconds


def default_procs() -> int:
    """Writer processes for a build: one per core, at most 4."""
    return min(os.cpu_count() or 1, 4)


def _can_fork() -> bool:
    # forking a process that runs other threads can copy a lock another thread holds
    # (a web worker building its index): such a process builds in one process
    return hasattr(os, "fork") and threading.active_count() == 1


def write_meta(path: Path, meta: dict) -> None:
    """Write the index's metadata atomically (a reader sees the old or the new one)."""
    tmp = path / (META_FILE + ".tmp")
    tmp.write_text(json.dumps(meta, ensure_ascii=False, indent=1), encoding="utf-8")
    os.replace(tmp, path / META_FILE)


def _cleanup(base: Path, keep: Path) -> None:
    """Remove older indexes (after a grace period) and builds a crash left behind."""
    now = time.time()
    for path in base.iterdir():
        if path == keep or not path.is_dir():
            continue
        if path.name.startswith((".build-", ".old-")) or path.name.startswith("ix-"):
            try:
                age = now - path.stat().st_mtime
            except OSError:
                continue
            if path.name.startswith(".old-") or age > KEEP_OLD_SECONDS:
                shutil.rmtree(path, ignore_errors=True)


def build_locked(corpus: Corpus, base: Path, fp: str, progress: bool = False,
                 procs: int | None = None) -> IndexStats:
    """Build the index for ``fp`` into ``base`` (the caller holds :func:`build_lock`)."""
    if procs is None:
        procs = default_procs()
    base.mkdir(parents=True, exist_ok=True)
    final = index_path(base, fp)
    tmp = Path(tempfile.mkdtemp(prefix=".build-", dir=base))
    try:
        units, seconds = _write_index(corpus, tmp, fp, progress, procs)
        write_vocabulary(corpus, tmp / VOCABULARY_FILE)
        if final.exists():
            old = Path(tempfile.mkdtemp(prefix=".old-", dir=base))
            os.replace(final, old / final.name)
        os.replace(tmp, final)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    _cleanup(base, final)
    return IndexStats(final, len(corpus), units, seconds, _folder_size(final), True, fp)


def build_index(corpus: Corpus, rebuild: bool = False, progress: bool = False,
                index_dir: str | Path | None = None, procs: int | None = None) -> IndexStats:
    """Build the search index of ``corpus`` unless an up-to-date one is there.

    ``rebuild`` builds it again anyway; ``progress`` shows a tqdm bar on stderr.  The
    index goes to ``index_dir`` (default: $JUDGE_INDEX_DIR or ``<repo>/.index``).
    ``procs``: processes analysing the text fields (default: one per core, up to 4;
    one process below :data:`PARALLEL_MIN_UNITS` passages).
    """
    if procs is None:
        procs = default_procs()
    base = index_base(index_dir)
    fp = fingerprint(corpus)
    path = index_path(base, fp)
    # An index is renamed into place whole, so one that is there and sound needs no
    # lock: `judge serve` does not wait behind another corpus's build in the same folder
    found = None if rebuild else _up_to_date(path, fp, len(corpus))
    if found is not None:
        _add_vocabulary(corpus, path)
        return found
    with build_lock(base):
        found = None if rebuild else _up_to_date(path, fp, len(corpus))
        return found or build_locked(corpus, base, fp, progress, procs)


def _add_vocabulary(corpus: Corpus, path: Path) -> None:
    """Write the did-you-mean vocabulary into an index built before it was kept there
    (a folder that cannot be written keeps none: workers build it from the corpus)."""
    if (path / VOCABULARY_FILE).exists():
        return
    try:
        write_vocabulary(corpus, path / VOCABULARY_FILE)
    except OSError as exc:
        log.info("did-you-mean vocabulary not written beside %s (%s)", path, exc)


def _up_to_date(path: Path, fp: str, entries: int) -> IndexStats | None:
    meta = read_meta(path)
    if meta and meta.get("fingerprint") == fp and is_sound(path, meta):
        return IndexStats(path, meta.get("entries", entries), meta.get("units", 0),
                          0.0, _folder_size(path), False, fp)
    return None


def is_sound(path: Path, meta: dict) -> bool:
    """True when the index opens and holds as many documents as its metadata says, and
    its postings files cover exactly those documents."""
    from whoosh import index as whoosh_index
    try:
        ix = whoosh_index.open_dir(str(path))
        try:
            with ix.searcher() as s:
                count, n = s.doc_count(), s.reader().doc_count_all()
        finally:
            ix.close()
        texts = TextPostings.open(path)
        try:
            return count == meta.get("units") and texts.n == n
        finally:
            texts.close()
    except Exception:       # noqa: BLE001 - any failure means: rebuild from the corpus
        return False
