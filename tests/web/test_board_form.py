"""The workbench's own reading of a urlencoded POST gives what werkzeug's gives."""
from urllib.parse import urlencode

import pytest
from werkzeug.test import EnvironBuilder
from werkzeug.wrappers import Request

from judge.web.viewmodels import posted_form

BOARD = "game: vision\ntitle: 「テスト」 100% + a\\b\nsetup: {players: {A: {}, B: {}}}\n"


def _request(body: bytes, content_type="application/x-www-form-urlencoded") -> Request:
    return Request(EnvironBuilder(method="POST", data=body,
                                  content_type=content_type).get_environ())


@pytest.mark.parametrize("body", [
    urlencode({"yaml": BOARD}).encode(),
    urlencode({"yaml": BOARD, "other": "x"}).encode() + b"&yaml=second",
    b"yaml=%E3%81%82+b%2Bc&&flag&=v",
    b"yaml=100%&x=%zz%4",                  # escapes werkzeug leaves as written
    b"yaml=%ff%fe",                        # not UTF-8: werkzeug's replacement
    "yaml=生の\\文字".encode(),              # raw UTF-8 and a backslash
    b"",
])
def test_same_fields_as_werkzeug(body):
    mine, theirs = posted_form(_request(body)), _request(body).form
    assert list(mine.items(multi=True)) == list(theirs.items(multi=True))


def test_other_content_types_are_werkzeugs():
    request = _request(b"yaml=a", content_type="text/plain")
    assert posted_form(request) is request.form
