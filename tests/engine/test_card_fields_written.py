"""A card field with a value is written out, 0 included (0 == False in Python)."""
from __future__ import annotations

from judge.engine import Card, worth_writing


def test_zero_is_written_and_absent_is_not():
    assert worth_writing(0) and worth_writing(0.0) and worth_writing("")
    assert not any(worth_writing(v) for v in (None, False, [], {}))
    assert Card("c1", "壁", "B", {"atk": 0, "face_down": False}).as_json() == \
        {"name": "壁", "atk": 0, "uid": "c1"}
