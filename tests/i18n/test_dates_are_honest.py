"""Dates that say what is known: a text whose source gives no date reads 日付不明 with the
day it was collected; an older copy known only to predate a day reads 「… より前」; the
latest rules name the newest dated text in force, not the day of the run."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from judge.cli import main
from judge.corpus import DEFAULT_CORPUS

JA = {"LANG": "ja_JP.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "JUDGE_LANG": ""}


@pytest.mark.parametrize("args, want, unwanted", [
    (["show", "yugioh/rule/ritual"], "日付不明（2026-11-29 収集）", "before 2026-11-29"),
    (["--lang", "en", "show", "yugioh/rule/ritual"], "date unknown (collected 2026-11-29)",
     "before 2026-11-29"),
    (["show", "QA-337"], "2014-04-10 より前", "before 2014-04-10"),
])
def test_judge_show_says_what_is_known_of_a_date(args, want, unwanted):
    out = CliRunner().invoke(main, args, env=JA).output
    assert want in out and unwanted not in out


@pytest.mark.parametrize("args, want", [
    (["search", "儀式"], "日付不明（2026-11-29 収集）"),
    (["--lang", "en", "search", "儀式"], "date unknown (collected 2026-11-29)"),
])
def test_judge_search_says_a_date_is_unknown(args, want):
    out = CliRunner().invoke(main, args, env=JA).output
    line = next(x for x in out.splitlines() if "yugioh/rule/ritual" in x)
    assert want in line and "before 2026-11-29" not in line


def test_the_latest_rules_name_the_newest_text_in_force():
    scenario = DEFAULT_CORPUS / "vision" / "scenarios" / "qa-337-restrictions.yaml"
    out = CliRunner().invoke(main, ["run", str(scenario)], env=JA).output
    head = out.splitlines()[1]
    # QA-337's newer answer (2014-04-10) is the newest dated Vision text of the corpus
    assert head == "vision · 最新のルール（2014-04-10 の改訂まで）"


def test_a_revisions_json_says_whether_its_date_is_known():
    """An extension of the revision's JSON: ``date`` as before, ``date_known`` and
    ``collected`` beside it."""
    import json
    undated = json.loads(CliRunner().invoke(main, ["show", "--json", "yugioh/rule/ritual"],
                                            env=JA).output)["revisions"][0]
    assert undated["date"] == "before 2026-11-29"
    assert undated["date_known"] is False and undated["collected"] == "2026-11-29"
    older = json.loads(CliRunner().invoke(main, ["show", "--json", "QA-337"],
                                          env=JA).output)["revisions"]
    assert [(r["date_known"], r["collected"]) for r in older] == [(True, None)] * len(older)


@pytest.fixture(scope="module")
def client():
    if not (DEFAULT_CORPUS / "yugioh" / "rule").is_dir():
        pytest.skip("corpus/ has not been generated")
    from judge.web import create_app
    return create_app({"TESTING": True}).test_client()


def _result_date(html: str, entry_id: str) -> str:
    """The date a results page shows for one entry's result."""
    import re
    item = html.split(f'<code class="entry-id small">{entry_id}</code>')[0].rsplit(
        '<li class="result', 1)[1]
    found = re.findall(r'<span class="date">([^<]*)</span>', item)
    return found[-1] if found else ""


@pytest.mark.parametrize("lang, want", [("ja", "日付不明（2026-11-29 収集）"),
                                        ("en", "date unknown (collected 2026-11-29)")])
def test_a_search_result_says_its_date_is_unknown(client, lang, want):
    html = client.get(f"/search?q=儀式&lang={lang}").get_data(as_text=True)
    assert _result_date(html, "yugioh/rule/ritual") == want
    # a dated text keeps its day
    assert _result_date(html, "vision/card/N553") == "2022-07-12"


def test_a_search_results_json_says_whether_its_date_is_known(client):
    """An extension of a hit's JSON, as of a revision's: ``date`` as before,
    ``date_known`` beside it (the search index records it: judge index rebuilds)."""
    hits = {r["id"]: r for r in client.get("/api/search?q=儀式").get_json()["results"]}
    assert hits["yugioh/rule/ritual"]["date"] == "before 2026-11-29"
    assert hits["yugioh/rule/ritual"]["date_known"] is False
    assert hits["vision/card/N553"]["date_known"] is True


def test_an_older_copy_known_only_to_predate_a_day_stays_before_that_day(client):
    html = client.get("/search?q=世界呪符&old=1&lang=ja").get_data(as_text=True)
    assert "2014-04-10 より前" in html and "日付不明（2014-04-10" not in html


def test_the_offline_bundle_records_whether_each_date_is_known(client):
    """The offline page says 日付不明 as the server's does: the bundle carries the flag
    beside each passage's date, and the page's words for it."""
    import json
    v = client.get("/offline/version.json").get_json()
    script = client.get(v["bundle"]).get_data(as_text=True)
    docs = json.loads(script[len("self.JUDGE_OFFLINE="):].rstrip().rstrip(";"))["docs"]
    assert len(docs["date_known"]) == len(docs["date"])
    unknown = {d for d, known in zip(docs["date"], docs["date_known"]) if not known}
    assert unknown == {"before 2026-11-29"}
    assert any(d and d.startswith("before ") and known
               for d, known in zip(docs["date"], docs["date_known"]))
    page = client.get("/offline/search?lang=ja").get_data(as_text=True)
    labels = json.loads(page.split('id="offline-labels">', 1)[1].split("</script>", 1)[0])
    assert labels["text"]["unknown"] == "日付不明（{day} 収集）"
