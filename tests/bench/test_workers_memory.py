"""bench/workers.py's split of a worker's USS: the pages of files only it maps (a mapped
postings file's pages it read) apart from its own memory.  Nothing is measured here."""
from __future__ import annotations

import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench"

SMAPS = """\
55d0c0000000-55d0c4000000 rw-p 00000000 00:00 0                          [heap]
Rss:               65536 kB
Private_Clean:        12 kB
Private_Dirty:     65000 kB
7f0000000000-7f0017800000 r--s 00000000 fd:01 123   /srv/index/ix-1/postings-0000000000.jpx
Rss:              120000 kB
Private_Clean:    102400 kB
Private_Dirty:         0 kB
7f0017800000-7f0017900000 r--s 00000000 fd:01 123   /srv/index/ix-1/postings-0000000000.jpx
Private_Clean:      1024 kB
7f1000000000-7f1000100000 r-xp 00000000 fd:01 77    /usr/lib/libc.so.6
Private_Clean:       512 kB
Private_Dirty:        64 kB
7f2000000000-7f2000100000 rw-p 00000000 00:00 0
Private_Clean:         8 kB
Private_Dirty:      2048 kB
7f3000000000-7f3000100000 r--s 00000000 00:05 9     /dev/zero
Private_Clean:       256 kB
7f4000000000-7f4000100000 r--s 00000000 fd:01 99    /tmp/gone.jpx (deleted)
Private_Clean:       128 kB
"""


def test_the_private_pages_of_mapped_files_are_counted_by_file():
    sys.path.insert(0, str(BENCH))
    try:
        from workers import file_private
    finally:
        sys.path.remove(str(BENCH))
    got = file_private(SMAPS)
    # the postings file's two mappings together; a library's clean pages; not the heap,
    # an anonymous mapping, a device or a deleted file; written pages are not counted
    assert got == {"postings-0000000000.jpx": 101.0, "libc.so.6": 0.5}
