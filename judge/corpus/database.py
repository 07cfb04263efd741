"""The compiled corpus as a read-only SQLite database (コーパスのデータベース).

One file per corpus content key (``corpus-<key>.sqlite`` in the cache folder, written by
:mod:`judge.corpus.cache`, so by ``judge index`` before any worker starts): the entries
(each pickled, unpickled only when asked for), their revisions' dates, titles and
aliases, and the citation index.  Every worker of a machine opens the same file
read-only; what they read of it is the kernel's page cache, held once per machine, so
a worker holds only the entries it was asked for (a bounded number), not the corpus.
The files under ``corpus/`` stay the source people review; this is derived from them
and never written in place (a new corpus is a new file, renamed into place).

A corpus made in memory (``Corpus(entries)``, a test's, an editor's preview) gets the
same tables in an in-memory database on first use, so every caller asks the same
questions the same way (:class:`CorpusTables`).
"""
from __future__ import annotations

import pickle
import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Mapping
from pathlib import Path
from typing import Iterable

from judge.common.sqlite_files import ReadOnlyFile, write_atomically

FORMAT = "1"
KEEP_MADE = 512           # entries a worker keeps unpickled (a page, a replay reads few)

SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE entries (seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, game TEXT,
                      kind TEXT, title TEXT, status TEXT, blob BLOB);
CREATE INDEX entries_kind ON entries (kind, game);
CREATE TABLE names (name TEXT NOT NULL, folded TEXT NOT NULL, id TEXT NOT NULL,
                    game TEXT, kind TEXT, role TEXT);
CREATE INDEX names_folded ON names (folded);
CREATE INDEX names_kind ON names (kind);
CREATE TABLE links (target TEXT NOT NULL, source TEXT NOT NULL);
CREATE INDEX links_target ON links (target, source);
CREATE TABLE revisions (id TEXT NOT NULL, game TEXT, kind TEXT, title TEXT,
                        number INTEGER, day TEXT, before INTEGER, status TEXT,
                        glossary INTEGER);
CREATE INDEX revisions_game ON revisions (game, day);
CREATE INDEX revisions_id ON revisions (id);
"""


class StoreMissing(Exception):
    """The compiled corpus is missing or older than the files: ``judge index`` makes it."""


def fill(conn: sqlite3.Connection, entries: Iterable, fold, blobs: dict | None = None,
         content_key: str = "") -> None:
    """Write the tables of ``entries`` (``fold`` makes an alias's lookup form; ``blobs``
    the pickled entries by id, if they are to be kept)."""
    conn.executescript(SCHEMA)
    conn.execute("INSERT INTO meta VALUES ('format', ?), ('content_key', ?)",
                 (FORMAT, content_key))
    names, links, revisions, rows = [], [], [], []
    for entry in entries:
        rows.append((entry.id, entry.game, entry.kind, entry.title, entry.status,
                     blobs.get(entry.id) if blobs is not None else None))
        roles = [("key", entry.key), ("title", entry.title),
                 *(("alias", a) for a in entry.aliases)]
        for role, alias in roles:
            names.append((str(alias), fold(str(alias)).lower(), entry.id, entry.game,
                          entry.kind, role))
        for link in {str(x).split("#", 1)[0] for x in [*entry.cites, *entry.cards]}:
            links.append((link, entry.id))
        # the editors' glossary and lexicon entries are not the game's texts
        glossary = int(entry.explains_a_word)
        for rev in entry.revisions:
            day = rev.date.day.isoformat() if rev.date is not None else None
            revisions.append((entry.id, entry.game, entry.kind, entry.title, rev.number, day,
                              int(bool(rev.date and rev.date.before)), rev.status, glossary))
    conn.executemany("INSERT INTO entries (id, game, kind, title, status, blob) "
                     "VALUES (?, ?, ?, ?, ?, ?)", rows)
    conn.executemany("INSERT INTO names VALUES (?, ?, ?, ?, ?, ?)", names)
    conn.executemany("INSERT INTO links VALUES (?, ?)", links)
    conn.executemany("INSERT INTO revisions VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", revisions)
    conn.commit()


def write(path: Path, entries: list, blobs: dict[str, bytes], fold, content_key: str) -> None:
    """Write the database of ``entries`` to ``path`` atomically (a temporary file beside
    it, renamed: a worker opening it sees the whole file or none)."""
    write_atomically(path, lambda conn: fill(conn, entries, fold, blobs, content_key))


class CorpusTables:
    """The questions asked of a corpus without reading its entries, answered by its
    database: one file opened read-only by every process (one connection a process,
    opened again after a fork, shared by its threads: a query takes microseconds), or an
    in-memory copy for a corpus made in memory."""

    def __init__(self, path: Path | None = None, conn: sqlite3.Connection | None = None):
        self.path = path
        self._file = ReadOnlyFile(path) if path is not None else None
        self._conn = conn                 # an in-memory corpus's
        self._lock = threading.Lock()
        # has()'s answers, for a file (never changed in place: a new corpus is a new
        # file): every board asks whether its ruling exists
        self._has: dict[str, bool] = {}
        if path is not None:
            found = dict(self._all("SELECT key, value FROM meta"))
            if found.get("format") != FORMAT:
                raise StoreMissing(f"{path}: format {found.get('format')!r}, not {FORMAT}")
            self.content_key = found.get("content_key")

    @classmethod
    def in_memory(cls, entries: Iterable, fold) -> "CorpusTables":
        """The tables of entries held in memory (no pickled entries are kept)."""
        conn = sqlite3.connect(":memory:", check_same_thread=False)
        fill(conn, entries, fold)
        return cls(conn=conn)

    def _all(self, sql: str, args: tuple = ()) -> list[tuple]:
        try:
            if self._file is not None:
                return self._file.rows(sql, args)
            with self._lock:
                return self._conn.execute(sql, args).fetchall()
        except sqlite3.DatabaseError as exc:
            raise StoreMissing(f"{self.path or 'memory'}: {exc}") from exc

    def _one(self, sql: str, args: tuple = ()):
        rows = self._all(sql, args)
        return rows[0] if rows else None

    # --- entries ----------------------------------------------------------------------

    def blob(self, entry_id: str) -> bytes | None:
        """The pickled entry, or None."""
        row = self._one("SELECT blob FROM entries WHERE id = ?", (entry_id,))
        return row[0] if row else None

    def has(self, entry_id: str) -> bool:
        """Whether the corpus has an entry of that id."""
        if self.path is None:
            return self._one("SELECT 1 FROM entries WHERE id = ?", (entry_id,)) is not None
        found = self._has.get(entry_id)
        if found is None:
            found = self._one("SELECT 1 FROM entries WHERE id = ?", (entry_id,)) is not None
            if len(self._has) >= 4096:
                self._has.clear()
            self._has[entry_id] = found
        return found

    def count(self) -> int:
        """How many entries."""
        return self._one("SELECT count(*) FROM entries")[0]

    def ids(self, kind: str | None = None, game: str | None = None) -> list[str]:
        """Entry ids in the corpus's order, of one kind and game if given."""
        sql, args = "SELECT id FROM entries", []
        where = [(c, v) for c, v in (("kind", kind), ("game", game)) if v is not None]
        if where:
            sql += " WHERE " + " AND ".join(f"{c} = ?" for c, _ in where)
            args = [v for _, v in where]
        return [r[0] for r in self._all(sql + " ORDER BY seq", tuple(args))]

    def titles(self, game: str | None = None, kind: str | None = None) -> list[tuple[str, str]]:
        """(id, title) of the entries of a game and kind, in the corpus's order."""
        sql, args = "SELECT id, title FROM entries", []
        where = [(c, v) for c, v in (("kind", kind), ("game", game)) if v is not None]
        if where:
            sql += " WHERE " + " AND ".join(f"{c} = ?" for c, _ in where)
            args = [v for _, v in where]
        return self._all(sql + " ORDER BY seq", tuple(args))

    def names(self, kinds: Iterable[str] | None = None,
              with_role: bool = False) -> list[tuple[str, str, str]]:
        """(title or alias, entry id, kind) of the entries (of these kinds), each entry's
        title before its aliases, in the corpus's order; with ``with_role``, (name, id,
        ``title`` or ``alias``)."""
        column = "role" if with_role else "kind"
        sql, args = f"SELECT name, id, {column} FROM names WHERE role != 'key'", ()
        if kinds is not None:
            kinds = tuple(kinds)
            sql += f" AND kind IN ({','.join('?' * len(kinds))})"
            args = kinds
        return self._all(sql + " ORDER BY rowid", args)

    def heads(self, ids: Iterable[str]) -> dict[str, tuple[str, str]]:
        """(title, kind) of each of these entries the corpus has, by id, without
        reading them (a page listing a rule's hundreds of citing entries)."""
        ids = list(dict.fromkeys(ids))
        out: dict[str, tuple[str, str]] = {}
        for i in range(0, len(ids), 500):
            part = ids[i:i + 500]
            out.update((r[0], (r[1], r[2])) for r in self._all(
                f"SELECT id, title, kind FROM entries WHERE id IN ({','.join('?' * len(part))})",
                tuple(part)))
        return out

    def named(self, folded: str) -> list[str]:
        """The ids of the entries whose key, title or alias folds to ``folded``."""
        return list(dict.fromkeys(r[0] for r in self._all(
            "SELECT id FROM names WHERE folded = ? ORDER BY rowid", (folded,))))

    def cited(self, entry_id: str) -> list[str]:
        """The ids of the entries whose ``cites`` or ``cards`` link to this one (sorted)."""
        return [r[0] for r in self._all(
            "SELECT DISTINCT source FROM links WHERE target = ? ORDER BY source", (entry_id,))]

    def dated(self, game: str | None = None, kinds: Iterable[str] = (),
              glossary: bool = True, entry_id: str | None = None) -> list[tuple]:
        """(id, game, kind, title, revision, day, status) of every revision with an exact
        date (not "before D"), of one game if given, of these kinds if given, the
        editors' glossary and lexicon terms (``data: glossary`` or ``lexicon``) left out
        unless ``glossary``."""
        sql = ("SELECT id, game, kind, title, number, day, status FROM revisions "
               "WHERE day IS NOT NULL AND before = 0")
        args: list = []
        if not glossary:
            sql += " AND glossary = 0"
        if entry_id is not None:
            sql += " AND id = ?"
            args.append(entry_id)
        if game is not None:
            sql += " AND game = ?"
            args.append(game)
        kinds = list(kinds)
        if kinds:
            sql += f" AND kind IN ({','.join('?' * len(kinds))})"
            args += kinds
        return self._all(sql, tuple(args))

    def newest_day(self) -> str | None:
        """The newest revision date of the corpus ("before D" counts as D), ISO."""
        return self._one("SELECT max(day) FROM revisions")[0]


class StoredEntries(Mapping):
    """The entries by id, read from the database when asked for and unpickled; the
    last :data:`KEEP_MADE` kept (a worker at an event asks for a few hundred, and must
    not end up holding the corpus).  Two threads asking at once may both unpickle an
    entry; that costs a little time, never a wrong answer."""

    def __init__(self, tables: CorpusTables, keep: int = KEEP_MADE):
        self._tables = tables
        self._made: OrderedDict = OrderedDict()
        self._keep = keep
        self._lock = threading.Lock()

    def __getitem__(self, key):
        with self._lock:
            if key in self._made:
                self._made.move_to_end(key)
                return self._made[key]
        blob = self._tables.blob(key) if isinstance(key, str) else None
        if blob is None:
            raise KeyError(key)
        entry = pickle.loads(blob)
        with self._lock:
            self._made[key] = entry
            while len(self._made) > self._keep:
                self._made.popitem(last=False)
        return entry

    def __iter__(self):
        return iter(self._tables.ids())

    def __len__(self) -> int:
        return self._tables.count()

    def __contains__(self, key) -> bool:
        return isinstance(key, str) and self._tables.has(key)
