"""bench/workers.py asks the same kinds of page again, in turn with the trivial page:
they must be new pages (past the kept ones) and still the pages they were (a board's
YAML intact).  Nothing is measured here."""
from __future__ import annotations

import sys
from pathlib import Path
from urllib.parse import parse_qs, urlencode

BENCH = Path(__file__).resolve().parents[2] / "bench"


def test_pages_asked_again_are_new_and_the_same_board():
    sys.path.insert(0, str(BENCH))
    try:
        from workers import _renamed
    finally:
        sys.path.remove(str(BENCH))
    text = "game: vision\nsetup:\n  active: A\nactions: []\n"
    board = ("POST", "/board", urlencode({"yaml": f"{text}# 0 7\n"}).encode(), {})
    search = ("GET", "/search?" + urlencode({"q": "グレイズ", "stay": 1, "_": 7}), None, {})
    (b, s) = _renamed([board, search], "t")
    yaml = parse_qs(b[2].decode())["yaml"][0]
    assert yaml == f"{text}# 0 7 t\n"           # only the comment changed
    assert s[1] != search[1] and parse_qs(s[1].split("?", 1)[1])["q"] == ["グレイズ"]
