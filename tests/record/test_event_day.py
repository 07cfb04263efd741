"""Issue 26, finding 10: what an event day needs in the record.  The players and the
round on a call; every time as the venue's clock shows it (the event's time zone,
Asia/Tokyo unless set); a CSV a spreadsheet opens with Japanese headers and outcomes;
the board on the new call form as a picture with its replay, the YAML one tap away."""
from __future__ import annotations

import csv
import io
from datetime import datetime, timezone

from sqlalchemy import update

from judge.app import permalink

from .test_pages import ATTACK, record

AT = datetime(2026, 12, 2, 3, 29, tzinfo=timezone.utc)       # 12:29 in Tokyo


def _pin_time(tx):
    from judge.record.models import Call, CallRevision
    tx(lambda s: (s.execute(update(Call).values(created_at=AT, updated_at=AT)),
                  s.execute(update(CallRevision).values(at=AT))))


def test_a_call_keeps_its_players_and_round_and_shows_the_venues_time(as_judge, tx):
    floor = as_judge("fj")
    sent = record(floor, round="4", players="山田太郎 (P-0012) vs 佐藤花子 (P-0031)")
    assert sent.status_code == 303
    url = sent.headers["Location"]
    _pin_time(tx)
    data = floor.get(url + "?format=json").get_json()
    assert data["players"] == "山田太郎 (P-0012) vs 佐藤花子 (P-0031)" and data["round"] == 4
    assert data["time"].startswith("2026-12-02T12:29:00") and data["time"].endswith("+09:00")
    assert data["revisions"][0]["at"].endswith("+09:00")
    page = floor.get(url).get_data(as_text=True)
    assert "山田太郎 (P-0012) vs 佐藤花子 (P-0031)" in page
    assert "2026-12-02 12:29 JST" in page and "UTC" not in page
    listed = as_judge("hj").get("/events/cs-tokyo/calls").get_data(as_text=True)
    assert "12-02 12:29" in listed and "山田太郎" in listed and "Asia/Tokyo" in listed
    # the players are searched too
    found = floor.get("/events/cs-tokyo/calls?format=json&q=佐藤花子").get_json()["calls"]
    assert [c["players"] for c in found] == [data["players"]]


def test_an_event_elsewhere_shows_its_own_clock(app, people, tx):
    from judge.platform.accounts import user_named
    from judge.record.calls import add_event
    tx(lambda s: add_event(s, "paris-2026", "Paris", user_named(s, "hj"), "Europe/Paris"))
    client = app.test_client()
    from .conftest import login
    login(client, "hj")
    record(client, slug="paris-2026", scenario="")
    _pin_time(tx)
    page = client.get("/events/paris-2026/calls.csv").get_data(as_text=True)
    assert "2026-12-02 04:29" in page


def test_the_csv_opens_in_a_spreadsheet_in_japanese(as_judge, tx):
    floor = as_judge("fj")
    record(floor, players="山田 vs 佐藤")
    _pin_time(tx)
    raw = as_judge("hj").get("/events/cs-tokyo/calls.csv").get_data()
    assert raw.startswith("\ufeff".encode("utf-8"))              # UTF-8 with a BOM
    text = raw.decode("utf-8-sig")
    header, row = list(csv.reader(io.StringIO(text)))[:2]
    assert header[:8] == ["番号", "日時", "ラウンド", "卓", "プレイヤー", "ジャッジ", "状態", "質問"]
    rows = list(csv.DictReader(io.StringIO(text)))
    assert rows[0]["日時"] == "2026-12-02 12:29" and rows[0]["状態"] == "解決"
    assert rows[0]["プレイヤー"] == "山田 vs 佐藤"
    outcome = rows[0]["盤面の結果"]
    assert "手順" in outcome and not any(w in outcome for w in ("steps", "match", "legal"))


def test_the_board_on_the_new_call_form_is_a_picture_with_the_yaml_a_tap_away(as_judge):
    floor = as_judge("fj")
    page = floor.get("/events/cs-tokyo/calls/new?s=" + permalink.encode(ATTACK))
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and 'id="form-board"' in html
    board = html.split('id="form-board"')[1].split("</section>")[0]
    assert "<svg" in board or 'class="board' in board          # drawn, not text
    yaml_part = html.split('class="board-yaml"')[1].split("</details>")[0]
    assert "<summary>" in yaml_part and "open" not in yaml_part.split(">")[0]
    assert 'name="scenario"' in yaml_part
    # no board: the YAML box is open as before
    empty = floor.get("/events/cs-tokyo/calls/new").get_data(as_text=True)
    assert 'id="form-board"' not in empty and 'class="board-yaml" open' in empty


def test_the_call_page_shows_the_board_and_its_yaml_one_tap_away(as_judge):
    floor = as_judge("fj")
    url = record(floor).headers["Location"]
    html = floor.get(url).get_data(as_text=True)
    assert 'id="call-yaml"' in html and "<summary>" in html.split('class="board-yaml"')[1]
