"""What a threaded serving worker asks of the C library's allocator (glibc only).

glibc gives each thread that allocates at once with another its own arena (up to eight
per core), and memory freed in an arena stays with it.  A gunicorn worker's threads
(``gthread``, four) take turns at the requests, so after a day each of their arenas
held the high-water mark of the temporaries its requests made (numpy's score arrays,
bitsets, whole pages) besides what is kept; and memory freed in the middle of an arena
is kept by malloc until it is trimmed.  At 100,000 entries a worker's private memory
after a judges' day was 216-220 MB with glibc's defaults, 185 MB with one arena and
168-180 MB with one arena trimmed after requests (docs/scaling.md).  The threads take
turns at the interpreter anyway (the GIL), so one arena makes them wait for nothing
that was measured.

gunicorn.conf.py sets them: ``JUDGE_MALLOC_ARENAS`` (default 1; 0 leaves glibc's
default) in the worker before its threads start, and ``malloc_trim`` after an answer is
sent, at most once every ``JUDGE_MALLOC_TRIM_SECONDS`` (default 1; 0: never).  On
another C library (macOS, Windows, musl) nothing is done: their allocators behave
otherwise.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import functools
import platform
import threading
import time
from typing import Mapping

from .env_numbers import env_number

M_ARENA_MAX = -8             # glibc's malloc.h
ARENAS_ENV, TRIM_ENV = "JUDGE_MALLOC_ARENAS", "JUDGE_MALLOC_TRIM_SECONDS"
DEFAULT_ARENAS = 1
DEFAULT_TRIM_SECONDS = 1.0


def malloc_settings(environ: Mapping[str, str]) -> tuple[int, float]:
    """(arenas, seconds between trims) from the environment (0: glibc's default arenas;
    0 seconds: never trim).  Raises :class:`ValueError` with a message naming the
    variable for a value that is not a number from 0 up (whole, for the arenas)."""
    arenas = env_number(environ, ARENAS_ENV, DEFAULT_ARENAS, int,
                         "a whole number of malloc arenas per worker (1, the default, or 0 "
                         "for the C library's own default)")
    seconds = env_number(environ, TRIM_ENV, DEFAULT_TRIM_SECONDS, float,
                         "the seconds between two trims of a worker's free memory "
                         "(1, the default, or 0 for never)")
    return arenas, seconds


@functools.lru_cache(maxsize=1)
def _glibc():
    """The C library when it is glibc (None elsewhere: musl, macOS, Windows)."""
    if platform.system() != "Linux" or platform.libc_ver()[0] != "glibc":
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
    except OSError:
        return None
    return libc if hasattr(libc, "mallopt") and hasattr(libc, "malloc_trim") else None


def limit_arenas(count: int) -> bool:
    """Let this process's threads share at most ``count`` malloc arenas (0: leave the
    C library's default).  True when the setting was made (glibc accepted it)."""
    libc = _glibc() if count > 0 else None
    return libc is not None and libc.mallopt(M_ARENA_MAX, count) == 1


def trim() -> bool:
    """Give the memory malloc holds free (at the top of every arena and whole pages in
    their middle) back to the system.  True when some was given back (glibc only)."""
    libc = _glibc()
    return bool(libc.malloc_trim(0)) if libc is not None else False


class Trimmer:
    """Calls :func:`trim` after a request at most once every ``seconds`` (0: never): at
    an event's few requests a second that is after nearly every one, under a heavy load
    a bounded cost (a trim took 1-3 ms at 100,000 entries; ctypes releases the GIL
    meanwhile, so the worker's other threads go on)."""

    def __init__(self, seconds: float):
        self.seconds = seconds
        self._last = 0.0
        self._lock = threading.Lock()

    def after_request(self) -> bool:
        """Trim if the last trim is ``seconds`` old; True when this call trimmed."""
        if not self.seconds:
            return False
        now = time.monotonic()
        with self._lock:
            if now - self._last < self.seconds:
                return False
            self._last = now
        trim()
        return True
