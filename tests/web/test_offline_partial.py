"""The offline search page says what a partial bundle holds (judge/offline/bundle.py):
how many of the corpus's entries this device searches, and the kinds left to the online
search, in the catalogue's words."""
from __future__ import annotations

import json

from judge.offline.store import held_line


def _labels(client, lang: str) -> tuple[str, dict]:
    html = client.get("/offline/search", headers={"Accept-Language": lang}).get_data(as_text=True)
    return html, json.loads(html.split('id="offline-labels">', 1)[1].split("</script>", 1)[0])


def test_the_page_has_the_words_for_a_partial_bundle(client):
    html, labels = _labels(client, "ja")
    # hidden until offline-page.js reads bundle.partial
    assert '<p class="offline-partial small" id="offline-partial" hidden></p>' in html
    text = labels["text"]
    for name in ("held", "of", "kinds"):
        assert "{" + name + "}" in text["partial"]
    assert "この端末で探せるのは" in text["partial"] and "オンライン" in text["partial"]
    assert all(p in text["partial_kind"] for p in ("{kind}", "{left}", "{of}"))
    _html, english = _labels(client, "en")
    assert english["text"]["partial"].startswith("This device searches {held} of")
    assert english["text"]["partial_kind"] == "{kind} ({left} of {of} entries)"
    assert "{left}" in text["partial_old"] and "旧版" in text["partial_old"]
    assert english["text"]["partial_old"] == "older revisions ({left} of {of})"


def test_the_page_script_reads_what_the_bundle_holds():
    from pathlib import Path
    script = (Path(__file__).resolve().parents[2] / "judge" / "web" / "static" /
              "offline-page.js").read_text(encoding="utf-8")
    assert "bundle.partial" in script and "text.partial_kind" in script
    assert "held.older" in script and "text.partial_old" in script


def test_a_whole_bundle_says_nothing_more_than_its_size():
    import gzip
    whole = gzip.compress(b'self.JUDGE_OFFLINE={"format":4,"n":3};\n')
    assert held_line(whole) == ""
    partial = gzip.compress(('self.JUDGE_OFFLINE={"n":3,"n_all":9,"partial":{"entries":2,'
                             '"of":5,"kinds":{"rule":[2,2],"qa":[0,3]},"older":[0,4]}};\n'
                             ).encode())
    from judge.i18n import use_locale
    with use_locale("en"):
        assert held_line(partial) == (" (partial: 2 of 5 entries on the phone, rule 2/2, "
                                      "qa 0/3, older revisions 0/4; the rest is searched online)")
