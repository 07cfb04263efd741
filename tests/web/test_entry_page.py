"""The entry page: text, revisions with diffs, clauses, links, and the replay beside it."""
from __future__ import annotations

import re


def test_current_text_source_date_and_revision_tabs(client):
    page = client.get("/entry/vision/qa/QA-337").get_data(as_text=True)
    assert "いいえ、出来ません。" in page
    assert "004 · プレイ" in page and "2014-04-10" in page
    assert 'aria-current="true"' in page and "改訂1" in page and "改訂2" in page


def test_an_older_revision_is_one_click_away_with_its_word_diff(client):
    page = client.get("/entry/vision/qa/QA-337").get_data(as_text=True)
    history = page[page.index('id="history-title"'):]
    assert history.index("改訂2") < history.index("改訂1")          # newest first
    assert '<del title="削除">はい</del>' in history
    assert '<ins title="追加">いいえ</ins>' in history
    older = client.get("/entry/vision/qa/QA-337?rev=1").get_data(as_text=True)
    assert "はい、できます。" in older and "改訂1（2014-04-10 より前" in older


def test_withdrawn_entries_are_marked_with_the_reason(client):
    page = client.get("/entry/vision/qa/QA-326").get_data(as_text=True)
    assert 'class="banner withdrawn"' in page
    assert "公式サイトで撤回された" in page
    # the withdrawal has no text of its own: the page says so and links the last text
    assert "この版には本文がありません（撤回）" in page
    assert 'href="/entry/vision/qa/QA-326?rev=1"' in page


def test_clauses_are_anchored_by_their_own_ids(client):
    page = client.get("/entry/vision/rule/toy").get_data(as_text=True)
    for clause in ("draw", "discard", "hit"):
        assert re.search(rf'<p id="{clause}" class="clause">', page), clause
    # the history repeats the text with prefixed ids, never a second id="discard"
    assert page.count('id="discard"') == 1


def test_cites_cards_and_cited_by_are_linked(client):
    qa = client.get("/entry/vision/qa/QA-337").get_data(as_text=True)
    assert 'href="/entry/vision/rule/toy#discard"' in qa
    assert 'href="/entry/vision/card/N75"' in qa
    rule = client.get("/entry/vision/rule/toy").get_data(as_text=True)
    links = rule[rule.index("この項目を引用している項目"):]
    assert 'href="/entry/vision/qa/QA-337"' in links


def test_editors_notes_are_shown(client):
    page = client.get("/entry/vision/rule/toy").get_data(as_text=True)
    assert "編集者注" in page and "誤記" in page


def test_the_replay_follows_the_selected_revision(client):
    new = client.get("/entry/vision/rule/toy").get_data(as_text=True)
    old = client.get("/entry/vision/rule/toy?rev=1").get_data(as_text=True)
    # revision 2: discarding with one card is illegal; revision 1: allowed
    assert "不可" in new and "不可" not in old
    assert 'class="verdict match"' in new and 'class="verdict match"' in old
    assert "照合元: vision/rule/toy の改訂1の回答" in old
    # each citation links to its clause, in the revision it quotes
    assert 'href="/entry/vision/rule/toy?rev=1#discard"' in old
    assert 'href="/entry/vision/rule/toy#discard"' in new


def test_the_replay_draws_the_board_not_yaml(client):
    page = client.get("/entry/vision/rule/toy").get_data(as_text=True)
    replay = page[page.index('class="replay"'):]
    assert replay.count('<figure class="board') == 2              # before and after
    assert 'class="zone zone-hand' in replay and '<span class="cname">Alpha</span>' in replay
    assert "setup:" not in replay


def test_entry_json_twin(client):
    data = client.get("/entry/vision/rule/toy?format=json&rev=1").get_json()
    assert data["entry"]["id"] == "vision/rule/toy"
    assert data["revision"] == 1
    runs = data["replay"]["runs"]
    assert runs and all(r["revision"] == 1 for r in runs)
    assert runs[0]["verdict"]["status"] == "match"
    assert runs[0]["steps"][0]["legal"] is True


def test_another_spelling_redirects_to_the_canonical_id(client):
    resp = client.get("/entry/qa337")
    assert resp.status_code == 302
    assert resp.headers["Location"].endswith("/entry/vision/qa/QA-337")


def test_unknown_entries_and_revisions_are_404_pages(client):
    resp = client.get("/entry/vision/qa/QA-999")
    assert resp.status_code == 404
    assert "QA-999" in resp.get_data(as_text=True)
    assert client.get("/entry/vision/qa/QA-337?rev=7").status_code == 404
    assert client.get("/entry/vision/qa/QA-337?rev=x").status_code == 400
    api = client.get("/api/entry/vision/qa/QA-999")
    assert api.status_code == 404 and api.get_json()["error"]


def test_an_entry_shares_the_runs_of_a_board_another_entry_ran(app):
    """Two entries with the same revisions linking the same board: the second shows the
    first's runs (not run again), with its own id as the ruling's source, as if run."""
    from dataclasses import replace

    from judge.app import replays
    from judge.app.services import services
    with app.test_request_context("/"):
        corpus = services().corpus
        entry = corpus.entries["vision/rule/toy"]
        copy = replace(entry, id="vision/rule/toy-copy")
        replays._RUNS._data.clear()
        fresh = replays.entry_runs(copy, corpus).runs
        replays._RUNS._data.clear()
        first = replays.entry_runs(entry, corpus).runs
        assert len(replays._RUNS) == 1
        shared = replays.entry_runs(copy, corpus).runs
        assert [v.verdict for v in shared] == [v.verdict for v in fresh]
        assert [v.data for v in shared] == [v.data for v in fresh]
        assert any("toy-copy" in str(v.verdict.get("source")) for v in shared)
        assert not any("toy-copy" in str(v.verdict.get("source")) for v in first)
