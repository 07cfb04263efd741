"""The scripts' words in each language (issue 29): the service worker's banners and its
offline page, and the call record's script, read from the catalogue (rendered into
JUDGE_SW.text, or into the page as #record-text); the scripts hold no Japanese of
their own."""
from __future__ import annotations

import json
import re

from judge.offline.site import SW_TEXTS
from judge.offline.store import STATIC

JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")


def test_the_scripts_write_no_words_of_their_own():
    for name in ("sw.js", "record.js"):
        text = (STATIC / name).read_text(encoding="utf-8")
        assert not JAPANESE.search(text), name


def test_the_service_worker_is_given_its_words_in_both_languages():
    from judge.web import create_app
    head = create_app({"TESTING": True}).test_client().get("/sw.js").get_data(
        as_text=True).splitlines()[0]
    said = json.loads(head[len("self.JUDGE_SW = "):].rstrip(";"))["text"]
    assert set(said["ja"]) == set(said["en"]) == set(SW_TEXTS)
    for key in SW_TEXTS:
        assert JAPANESE.search(said["ja"][key]), key
        assert not JAPANESE.search(said["en"][key]), key
        # the placeholders sw.js fills are in both
        assert sorted(re.findall(r"\{\w+\}", said["ja"][key])) == \
            sorted(re.findall(r"\{\w+\}", said["en"][key])), key
