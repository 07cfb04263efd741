"""The app's icons (アイコン), drawn as PNG files without an imaging library.

A phone's home screen needs PNG icons of 192 and 512 pixels (and a maskable one whose
drawing keeps inside the middle 80 %).  The drawing is a white check mark in a ring on
the app's blue: a ruling given.  Each pixel's share of white comes from its distance to the
drawing's edge (smooth edges) and written with zlib, so nothing beyond the standard library is needed.
"""
from __future__ import annotations

import math
import struct
import zlib
from functools import lru_cache

BLUE = (29, 78, 137)
WHITE = (255, 255, 255)


def _segment_distance(px, py, ax, ay, bx, by) -> float:
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def _ink(x: float, y: float, scale: float, pixel: float) -> float:
    """How much of the pixel at x, y (0..1 of the icon) is white, from the distance to
    the drawing's edge (one pixel of soft edge); ``scale`` shrinks the drawing."""
    x = (x - 0.5) / scale + 0.5
    y = (y - 0.5) / scale + 0.5
    r = math.hypot(x - 0.5, y - 0.5)
    ring = max(0.33 - r, r - 0.39)
    check = min(_segment_distance(x, y, 0.33, 0.52, 0.45, 0.64),
                _segment_distance(x, y, 0.45, 0.64, 0.68, 0.38)) - 0.045
    edge = min(ring, check) * scale / pixel          # signed distance in pixels
    return max(0.0, min(1.0, 0.5 - edge))


@lru_cache(maxsize=8)
def png(size: int, maskable: bool = False) -> bytes:
    """The icon as PNG bytes, ``size`` pixels square."""
    scale = 0.72 if maskable else 1.0
    rows = []
    pixel = 1.0 / size
    for j in range(size):
        row = bytearray(b"\x00")
        for i in range(size):
            t = _ink((i + 0.5) * pixel, (j + 0.5) * pixel, scale, pixel)
            row += bytes(round(BLUE[k] + (WHITE[k] - BLUE[k]) * t) for k in range(3))
        rows.append(bytes(row))
    raw = zlib.compress(b"".join(rows), 9)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")
