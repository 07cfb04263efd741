"""A permalink's token is the same whatever window deflate is given, as long as it
reaches over the whole text (judge/app/permalink.py picks the smallest such window):
links made before and after are the same links."""
from __future__ import annotations

import random
import zlib
from pathlib import Path

from judge.app import permalink

CORPUS = Path(__file__).resolve().parents[2] / "corpus"


def _with_full_window(text: str) -> str:
    import base64
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = packer.compress(text.encode("utf-8")) + packer.flush()
    return permalink.PREFIX + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def test_every_corpus_scenario_has_the_token_of_the_full_window():
    texts = [p.read_text(encoding="utf-8") for p in sorted(CORPUS.glob("*/scenarios/*.yaml"))]
    assert texts
    for text in texts:
        assert permalink.encode(text) == _with_full_window(text)
        assert permalink.decode(permalink.encode(text)) == text


def test_texts_of_every_size_have_the_token_of_the_full_window():
    rnd = random.Random(27)
    words = "abc 攻撃 魔理沙 hand: [x, y]\n  - {do: play}\n0123456789"
    for size in [0, 1, 100, 249, 250, 251, 762, 763, 1786, 1787, 3834, 3835, 8000,
                 16122, 16123, 30000, 60000, *(rnd.randint(0, 40000) for _ in range(60))]:
        text = "".join(rnd.choice(words) for _ in range(size))[:size]
        assert permalink.encode(text) == _with_full_window(text), size


def test_the_window_reaches_over_the_text():
    assert permalink._window_bits(0) == 9
    for size in (1, 300, 5000, 30000, 10 ** 6):
        bits = permalink._window_bits(size)
        assert (1 << bits) >= size + 262 or bits == 15
