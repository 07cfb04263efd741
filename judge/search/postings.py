"""The text fields' postings (本文の転置ファイル), kept beside the Whoosh index.

Whoosh holds each passage's stored fields, its date and its id, card and citation
keywords.  The five text fields (bigrams and morphemes of the
title and the body, the title's reading: :data:`judge.search.schema.TEXT_FIELDS`) are
far bigger, about 200 postings a passage, and Whoosh's writer encodes every posting in
Python (position lists pickled one by one, blocks compressed): two thirds of a build.
Here a field's postings are written whole, as arrays:

* per term, the passage numbers (int32) and the weights (float32: the term's frequency
  times the field's boost, what Whoosh would have stored), one after the other in the
  file, read where they lie: views (``memoryview.cast``) of the file mapped into memory,
  never copied into the process (see :class:`_FileView`);
* per passage, the field's length as Whoosh keeps it (one byte, Whoosh's own
  quantisation), so BM25 gives the numbers it gave over Whoosh's postings;
* per passage, its normal text (the title and the passage, as the in-a-row check and a
  quoted phrase are checked on), so no position lists are needed;
* per passage, the facts every match is filtered and weighed by (its game, its kind,
  its revision's rank: :data:`COLUMNS`), each a table of values and one code a passage,
  so opening an index reads them with one ``frombytes`` each (Whoosh's columns are read
  value by value: 3 s at 100,000 entries).

Every part starts at a multiple of :data:`ALIGN` bytes in the file (the header is
padded to it), so the mapped numbers are aligned as numpy and the CPU read them best.

A file (``postings-<first passage>.jpx``) covers a run of passage numbers: a build
writes one per writer process, an update (a ruling re-indexed in place) one for the
passages it appends.  :class:`TextPostings` reads them together; it refuses files that
do not cover exactly the index's passages, and the index is then rebuilt.
"""
from __future__ import annotations

import json
import mmap
import os
import struct
import sys
import weakref
from array import array
from bisect import bisect_right
from collections import Counter
from pathlib import Path
from typing import Callable, Iterable, Sequence

from whoosh.util.numeric import byte_to_length, length_to_byte

# 2: the parts aligned, the postings read in place (1: copied out; refused, rebuilt)
MAGIC = b"JUDGEPX2"
ALIGN = 8
SUFFIX = ".jpx"
_HEAD = struct.Struct("<8sQ")
_SEP = "\x00"                       # between terms in a field's term list
_BYTE_OF: dict[int, int] = {}
COLUMNS = ("game", "kind", "rank")


class PostingsError(ValueError):
    """A postings file that is damaged or does not fit the index (rebuild it)."""


def typecode(numbers) -> str:
    """The item type of a term's passage numbers or weights, read in place (a
    ``memoryview``: its format) or copied (an ``array``: its typecode), as numpy's
    ``frombuffer`` takes it."""
    return numbers.typecode if isinstance(numbers, array) else numbers.format


def private_bytes(numbers) -> int:
    """The bytes a term's numbers take in the process itself: none for a view of a
    postings file (its pages are the file's, in the page cache, shared by every
    worker and given back by the kernel under pressure), their size for a copy."""
    if isinstance(numbers, memoryview):
        return 0
    return len(numbers) * numbers.itemsize


def file_name(start: int) -> str:
    """The file of the passages numbered from ``start``."""
    return f"postings-{start:010d}{SUFFIX}"


def _length_byte(n: int) -> int:
    b = _BYTE_OF.get(n)
    if b is None:
        b = _BYTE_OF[n] = length_to_byte(n)
    return b


class SegmentBuilder:
    """Collects the text fields of consecutive passages, then writes one file.

    ``fields`` is a sequence of (field name, analyser, boost, source), the analyser
    giving a text's terms and ``source`` naming which text (``title`` or ``body``) it
    reads; see :data:`judge.search.schema.TEXT_FIELDS`.
    """

    def __init__(self, start: int, fields: Sequence[tuple[str, Callable[[str], list[str]],
                                                       float, str]]):
        self.start = start
        self.fields = fields
        self.count = 0
        self._terms: dict[str, dict[str, tuple[array, array]]] = {f[0]: {} for f in fields}
        self._lengths = {f[0]: bytearray() for f in fields}
        self._totals = dict.fromkeys(self._lengths, 0)
        self._text = bytearray()
        self._ends = array("q")
        self._values: dict[str, dict] = {c: {} for c in COLUMNS}
        self._codes = {c: array("H") for c in COLUMNS}

    def add(self, title: str, body: str, text: str, columns: dict) -> None:
        """Add the next passage: its title, its body, its normal text and its
        :data:`COLUMNS` (``{"game": <game id>, "kind": "qa", "rank": 2}``)."""
        d = self.start + self.count
        for name in COLUMNS:
            values = self._values[name]
            self._codes[name].append(values.setdefault(columns[name], len(values)))
        sources = {"title": title, "body": body}
        for name, analyse, boost, source in self.fields:
            counts = Counter(analyse(sources[source]))
            postings = self._terms[name]
            length = 0
            for term, tf in counts.items():
                p = postings.get(term)
                if p is None:
                    p = postings[term] = (array("i"), array("f"))
                p[0].append(d)
                p[1].append(tf * boost)
                length += tf
            self._lengths[name].append(_length_byte(length))
            self._totals[name] += length
        self._text += text.encode("utf-8")
        self._ends.append(len(self._text))
        self.count += 1

    def to_bytes(self) -> bytes:
        """The file's content (see the module docstring for the layout)."""
        blobs: list[bytes] = []
        at = 0

        def align() -> None:
            nonlocal at
            if at % ALIGN:
                blobs.append(bytes(ALIGN - at % ALIGN))
                at += ALIGN - at % ALIGN

        def put(data: bytes, aligned: bool = True) -> list[int]:
            nonlocal at
            if aligned:
                align()
            blobs.append(data)
            where = [at, len(data)]
            at += len(data)
            return where

        head: dict = {"start": self.start, "docs": self.count, "byteorder": sys.byteorder,
                      "fields": {}}
        for name, _, boost, _ in self.fields:
            postings = self._terms[name]
            terms = sorted(t for t in postings if _SEP not in t)
            offsets = array("q")
            # the field's postings one after the other, from an aligned start: each
            # part is a multiple of 4 bytes, so every term's numbers are 4-aligned
            align()
            data_at = at
            for t in terms:
                ids, weights = postings[t]
                offsets.append(at - data_at)
                put(ids.tobytes(), aligned=False)
                put(weights.tobytes(), aligned=False)
            offsets.append(at - data_at)
            head["fields"][name] = {
                "boost": boost, "total": self._totals[name], "terms": len(terms),
                "data": [data_at, at - data_at],
                "offsets": put(offsets.tobytes()),
                "names": put(_SEP.join(terms).encode("utf-8")),
                "lengths": put(bytes(self._lengths[name]))}
        head["texts"] = {"ends": put(self._ends.tobytes()), "data": put(bytes(self._text))}
        head["columns"] = {name: {"values": list(self._values[name]),
                                  "codes": put(self._codes[name].tobytes())}
                           for name in COLUMNS}
        header = json.dumps(head, ensure_ascii=False).encode("utf-8")
        header += b" " * (-(_HEAD.size + len(header)) % ALIGN)     # parts start aligned
        return _HEAD.pack(MAGIC, len(header)) + header + b"".join(blobs)

    def write(self, folder: Path) -> Path:
        """Write the file into ``folder`` (atomically: a reader sees it whole or not)."""
        path = folder / file_name(self.start)
        tmp = path.with_suffix(".tmp")
        tmp.write_bytes(self.to_bytes())
        os.replace(tmp, path)
        return path


# every postings file mapped in this process (see release_mapped_pages)
_MAPPED: "weakref.WeakSet[_FileView]" = weakref.WeakSet()


def release_mapped_pages() -> int:
    """Unmap the pages of the postings files this process has touched, keeping the
    mappings (``madvise(MADV_DONTNEED)``; Linux).  The pages stay in the page cache and
    the next read maps them again (a minor fault per 64 KiB, no copy, no disk): a page
    mapped by one worker only counts in its private memory (USS) though the kernel
    may take it back and another process reading it shares it.  A serving worker calls
    this after requests (gunicorn.conf.py); safe while other threads read the views,
    as the files are never written in place.  Returns the number of files released."""
    advise = getattr(mmap, "MADV_DONTNEED", None)
    done = 0
    for view in list(_MAPPED):
        m = view.map
        if m is not None and advise is not None:
            try:
                m.madvise(advise)
                done += 1
            except (OSError, ValueError):      # closed meanwhile: nothing mapped
                pass
    return done


class _FileView:
    """A file read by positioned reads (``os.pread``), sliced like bytes, and mapped
    into memory (read only) for its postings.

    The passages' texts are read, not mapped: a search reads a few hundred scattered
    passages' texts, and each page a mapping touches (with the kernel's fault-around,
    up to 64 KiB about it) counts in the process's resident memory, 370 MB after a few
    hundred searches at 100,000 entries.  The postings are mapped
    (:meth:`Segment.read`): a term's numbers are contiguous, and a view of them costs
    the process nothing of its own, where a copy (``frombytes``) was private memory
    in every worker, kept in its postings cache and, freed, left the allocator's heap
    in pieces.  The mapping is made where the index is opened (gunicorn's master,
    before it forks), so every worker reads the same pages of the page cache.
    """

    def __init__(self, path: Path):
        self._fd = os.open(path, os.O_RDONLY)
        self._size = os.fstat(self._fd).st_size
        self._closer = weakref.finalize(self, os.close, self._fd)
        self.map = mmap.mmap(self._fd, 0, access=mmap.ACCESS_READ) if self._size else None
        _MAPPED.add(self)

    def __len__(self) -> int:
        return self._size

    def __getitem__(self, key: slice) -> bytes:
        start, stop, _ = key.indices(self._size)
        return os.pread(self._fd, max(0, stop - start), start)

    def close(self) -> None:
        """Close the file (a later read fails).  The mapping goes when the last view
        of it does (a searcher's cache may still hold some)."""
        self._closer()
        if self.map is not None:
            try:
                self.map.close()
            except BufferError:          # views of it are still held: freed with them
                pass
            self.map = None


class Segment:
    """One postings file, opened (read where it lies, or bytes for an index in memory)."""

    def __init__(self, data, name: str = "<memory>"):
        self.name = name
        self._data = data
        try:
            magic, size = _HEAD.unpack(bytes(data[0:_HEAD.size]))
            if magic[:7] == MAGIC[:7] and magic != MAGIC:
                raise PostingsError(f"{name}: a postings file of another version "
                                    f"({magic.decode('ascii', 'replace')})")
            if magic != MAGIC:
                raise PostingsError(f"{name}: not a postings file")
            head = json.loads(bytes(data[_HEAD.size:_HEAD.size + size]).decode("utf-8"))
            if head.get("byteorder") != sys.byteorder:
                raise PostingsError(f"{name}: written on a machine of another byte order")
        except (struct.error, ValueError, UnicodeDecodeError) as exc:
            raise PostingsError(f"{name}: unreadable header ({exc})") from exc
        self._base = _HEAD.size + size
        try:
            self.start: int = head["start"]
            self.docs: int = head["docs"]
            self.fields: dict = head["fields"]
            self._texts = head["texts"]
            self._columns = head.get("columns") or {}
            # every part inside the file, first: a file cut short would be read past
            # its end through the mapping, and the process die (SIGBUS), not refuse it
            parts = [self._texts["ends"], self._texts["data"],
                     *(self._columns.get(c, {}).get("codes", [0, -1]) for c in COLUMNS)]
            for f in self.fields.values():
                parts += [f["data"], f["offsets"], f["names"], f["lengths"]]
            if any(a < 0 or n < 0 or self._base + a + n > len(data) for a, n in parts) \
                    or self._texts["ends"][1] != 8 * self.docs \
                    or any(f["lengths"][1] != self.docs or f["offsets"][1] % 8
                           for f in self.fields.values()) \
                    or any(self._columns[c]["codes"][1] != 2 * self.docs for c in COLUMNS):
                raise PostingsError(f"{name}: truncated")
        except PostingsError:
            raise
        except (KeyError, TypeError, ValueError) as exc:
            raise PostingsError(f"{name}: unreadable header ({exc!r})") from exc
        # the bytes the postings are read from in place: the file's mapping, or the
        # bytes of an index kept in memory
        self._memory = memoryview(data.map if isinstance(data, _FileView) else data)
        # per field, its terms' numbers and their postings' offsets, read on first use
        self._lexicon: dict[str, tuple[dict[str, int], array]] = {}
        self._ends = self._array("q", self._texts["ends"])

    @classmethod
    def open(cls, path: Path) -> "Segment":
        """Open a file."""
        view = _FileView(path)
        if not len(view):
            view.close()
            raise PostingsError(f"{path.name}: empty")
        try:
            return cls(view, path.name)
        except PostingsError:
            view.close()
            raise

    def _blob(self, where: list[int]) -> bytes:
        a = self._base + where[0]
        return self._data[a:a + where[1]]

    def _array(self, code: str, where: list[int]) -> array:
        out = array(code)
        out.frombytes(self._blob(where))
        return out

    def _index(self, field: str) -> tuple[dict[str, int], array] | None:
        """The field's terms (term -> number) and offsets, made once.

        Both are made before either is kept, and kept as one value: threads of a worker
        (its requests, the offline files' builder) read a file at once, and one that
        found the terms kept before the offsets failed its search."""
        found = self._lexicon.get(field)
        if found is None:
            spec = self.fields.get(field)
            if spec is None:
                return None
            try:
                raw = self._blob(spec["names"]).decode("utf-8")
            except UnicodeDecodeError as exc:
                raise PostingsError(f"{self.name}: the terms of {field} are damaged") from exc
            terms = raw.split(_SEP) if spec["terms"] else []
            found = ({t: i for i, t in enumerate(terms)}, self._array("q", spec["offsets"]))
            if len(found[1]) != len(terms) + 1:
                raise PostingsError(f"{self.name}: the terms of {field} are damaged")
            self._lexicon[field] = found
        return found

    def read(self, field: str, term: str) -> tuple[memoryview, memoryview] | None:
        """The term's passage numbers and weights in this file (None: not here), as
        read-only views of it (``memoryview`` cast to ``i`` and ``f``)."""
        found = self._index(field)
        i = found[0].get(term) if found else None
        if i is None:
            return None
        offsets = found[1]
        a, b = offsets[i], offsets[i + 1]
        data, size = self.fields[field]["data"]
        if not 0 <= a <= b <= size or (b - a) % 8:
            raise PostingsError(f"{self.name}: the postings of {field} are damaged")
        at = self._base + data + a
        half = (b - a) // 2
        # views of the file, not copies (see _FileView): read-only, as arrays of the
        # passage numbers (int32) and the weights (float32)
        return (self._memory[at:at + half].cast("i"),
                self._memory[at + half:at + 2 * half].cast("f"))

    def doc_frequency(self, field: str, term: str) -> int:
        """How many passages of this file hold the term."""
        found = self._index(field)
        i = found[0].get(term) if found else None
        if i is None:
            return 0
        offsets = found[1]
        return (offsets[i + 1] - offsets[i]) // 8

    def terms(self, field: str) -> list[str]:
        """Every term of the field in this file."""
        found = self._index(field)
        return list(found[0]) if found else []

    def lengths(self, field: str) -> bytes:
        """The field's length byte of every passage of this file."""
        return self._blob(self.fields[field]["lengths"])

    def total(self, field: str) -> int:
        """The sum of the field's exact lengths over this file's passages."""
        return self.fields[field]["total"]

    def column(self, name: str) -> tuple[list, array]:
        """One of :data:`COLUMNS`: its values, and each passage's code into them."""
        spec = self._columns[name]
        return spec["values"], self._array("H", spec["codes"])

    def text(self, d: int) -> str:
        """The normal text of passage ``d`` (a number of this file)."""
        i = d - self.start
        a = self._ends[i - 1] if i else 0
        base = self._base + self._texts["data"][0]
        return self._data[base + a:base + self._ends[i]].decode("utf-8")

    def close(self) -> None:
        """Close the file."""
        self._memory.release()
        if isinstance(self._data, _FileView):
            self._data.close()


class TextPostings:
    """The text fields of every passage of an index, over its postings files."""

    def __init__(self, segments: Iterable[Segment]):
        self.segments = sorted(segments, key=lambda s: s.start)
        at = 0
        for s in self.segments:
            if s.start != at:
                raise PostingsError(f"{s.name}: starts at passage {s.start}, expected {at}")
            at += s.docs
        self.n = at
        self._starts = [s.start for s in self.segments]

    @classmethod
    def open(cls, folder: Path) -> "TextPostings":
        """The postings files of an index folder."""
        return cls(Segment.open(p) for p in sorted(folder.glob("postings-*" + SUFFIX)))

    def appended(self, segment: Segment) -> "TextPostings":
        """These files and one more (an update's new passages)."""
        return TextPostings([*self.segments, segment])

    def read(self, field: str, term: str) -> tuple[memoryview | array, memoryview | array]:
        """The term's passage numbers (ascending) and weights over every file: views of
        the one file that holds it (see :meth:`Segment.read`), else copies joined
        (``array("i")``, ``array("f")``; an updated index's few files)."""
        found = [r for r in (s.read(field, term) for s in self.segments) if r is not None]
        if len(found) == 1:
            return found[0]
        ids, weights = array("i"), array("f")
        for i, w in found:
            ids.frombytes(i.cast("B"))
            weights.frombytes(w.cast("B"))
        return ids, weights

    def doc_frequency(self, field: str, term: str) -> int:
        """How many passages hold the term (the postings are not read)."""
        return sum(s.doc_frequency(field, term) for s in self.segments)

    def terms(self, field: str) -> list[str]:
        """Every term of the field, sorted."""
        out: set[str] = set()
        for s in self.segments:
            out.update(s.terms(field))
        return sorted(out)

    def lengths(self, field: str) -> list[int]:
        """The field's length in every passage (Whoosh's one-byte quantisation)."""
        table = [byte_to_length(b) for b in range(256)]
        out: list[int] = []
        for s in self.segments:
            out += [table[b] for b in s.lengths(field)]
        return out

    def total(self, field: str) -> int:
        """The sum of the field's lengths over every passage."""
        return sum(s.total(field) for s in self.segments)

    def column(self, name: str, start: int = 0) -> tuple[list, array]:
        """One of :data:`COLUMNS` for the passages from ``start`` (a file's first):
        its values, and each passage's index into them (in order)."""
        values: list = []
        codes = array("H")
        for s in self.segments:
            if s.start < start:
                continue
            names, own = s.column(name)
            # one table over the files: a file's codes are renumbered into it (files
            # written by one build share their table, and are copied as they are)
            renumber = []
            for v in names:
                if v not in values:
                    values.append(v)
                renumber.append(values.index(v))
            if renumber == list(range(len(renumber))):
                codes.extend(own)
            else:
                codes.extend(map(renumber.__getitem__, own))
        return values, codes

    def text(self, d: int) -> str:
        """The normal text of passage ``d``."""
        return self.segments[bisect_right(self._starts, d) - 1].text(d)

    def close(self) -> None:
        """Close every file."""
        for s in self.segments:
            s.close()
