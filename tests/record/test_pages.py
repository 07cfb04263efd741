"""The record's pages through the app: login, CSRF, recording, the list, a call, edits,
appeals, search, exports, and nobody outside the staff seeing anything."""
from __future__ import annotations

import csv
import io

import pytest
from sqlalchemy import func, select

from judge.record.models import Call, CallRevision

from .conftest import csrf_of, login
from .scenarios import ATTACK, QA337


def record(client, slug="cs-tokyo", **over):
    page = client.get(f"/events/{slug}/calls/new").get_data(as_text=True)
    form = {"round": "3", "table": "１２", "question": "戦士Aで戦士Bを攻撃したら？",
            "ruling": "戦士Bは破壊され、Bに300ダメージ。",
            "entries": "yugioh/rule/damage-calculation\nＱＡ－３３７", "scenario": ATTACK,
            "csrf_token": csrf_of(page)}
    form.update(over)
    return client.post(f"/events/{slug}/calls", data=form)


def calls(tx):
    return tx(lambda s: s.scalar(select(func.count()).select_from(Call)))


def test_login_wrong_password_is_401_and_failures_are_throttled(app, people):
    client = app.test_client()
    assert client.get("/events").status_code == 302            # to the login page
    r = login(client, "fj", "wrong password")
    assert r.status_code == 401 and "パスワードが違います" in r.get_data(as_text=True)
    for _ in range(4):
        login(client, "fj", "wrong password")
    r = login(client, "fj")                       # right, but this client waits a while now
    assert r.status_code == 429 and "秒待って" in r.get_data(as_text=True)
    assert int(r.headers["Retry-After"]) >= 1
    assert login(app.test_client(), "hj").status_code == 303    # other names are not


@pytest.mark.parametrize("url", ["/offline/search", "/search?q=グレイズ", "/board",
                                 "/entry/vision/qa/QA-337", "/events/cs-tokyo/calls"])
def test_a_page_asked_just_before_the_login_and_answered_after_it_keeps_the_login(
        app, people, url):
    """The login page starts downloading the offline copy, and a judge may log in while
    it runs: a request sent with the cookie from before the login, answered after it,
    must not send that session back (the browser would keep it: logged out again)."""
    judge = app.test_client()
    page = judge.get("/login").get_data(as_text=True)
    before_login = judge.get_cookie("session").value
    assert judge.post("/login", data={"name": "hj", "password": "hj-password",
                                      "csrf_token": csrf_of(page)}).status_code == 303
    late = app.test_client()
    late.set_cookie("session", before_login)
    answer = late.get(url)
    assert "Set-Cookie" not in answer.headers, answer.headers.get("Set-Cookie")
    assert judge.get("/events/cs-tokyo/calls?format=json").status_code == 200


def test_login_only_follows_a_path_on_this_site(app, people):
    client = app.test_client()
    page = client.get("/login").get_data(as_text=True)
    r = client.post("/login", data={"name": "hj", "password": "hj-password",
                                    "next": "https://evil.example/", "csrf_token": csrf_of(page)})
    assert r.status_code == 303 and r.headers["Location"] == "/events"


def test_forms_without_or_with_a_forged_csrf_token_are_400_and_store_nothing(as_judge, tx):
    client = as_judge("fj")
    for token in (None, "forged-token", csrf_of(as_judge("hj").get("/events").get_data(as_text=True))):
        data = {"round": "1", "table": "1", "question": "q", "ruling": "r"}
        if token:
            data["csrf_token"] = token
        r = client.post("/events/cs-tokyo/calls", data=data)
        assert r.status_code == 400 and "CSRF" in r.get_data(as_text=True)
    assert calls(tx) == 0
    r = app_login_without_token(client)
    assert r.status_code == 400


def app_login_without_token(client):
    return client.post("/login", data={"name": "fj", "password": "fj-password"})


def test_a_floor_judge_records_a_call_and_sees_it_on_the_list(as_judge, tx):
    client = as_judge("fj")
    r = record(client)
    assert r.status_code == 303
    url = r.headers["Location"]
    page = client.get(url).get_data(as_text=True)
    assert "戦士Aで戦士Bを攻撃したら？" in page and "ラウンド 3 · 卓 12" in page
    # the board replayed beside the cited texts (the entry page's replay partials)
    assert 'class="board game-yugioh"' in page and "= 300の戦闘ダメージ" in page
    assert "yugioh/rule/damage-calculation" in page and "いいえ、出来ません" in page
    listing = client.get("/events/cs-tokyo/calls").get_data(as_text=True)
    assert url in listing and "解決" in listing
    as_json = client.get("/events/cs-tokyo/calls?format=json").get_json()
    assert as_json["calls"][0]["entries"] == ["yugioh/rule/damage-calculation", QA337]


@pytest.mark.parametrize("over, message", [
    ({"entries": "vision/qa/QA-424242"}, "QA-424242&#39; はコーパスにありません"),
    ({"scenario": "game: yugioh\nsetup: {players: {A: {}, B: {}}}\nactions:\n  - {player: A, do: dance}\n"},
     "4行目"),
    ({"ruling": "長" * 4001}, "4000 文字までです"),
    ({"round": "abc"}, "round"),
])
def test_bad_form_input_shows_the_form_again_with_the_error(as_judge, tx, over, message):
    client = as_judge("fj")
    r = record(client, **over)
    assert r.status_code == 400
    page = r.get_data(as_text=True)
    assert message in page and "何も保存されていません" in page
    assert "戦士Aで戦士Bを攻撃したら？" in page          # what was typed is kept
    assert calls(tx) == 0 and tx(lambda s: s.scalar(
        select(func.count()).select_from(CallRevision))) == 0


def test_edits_add_revisions_and_the_head_judge_rules_on_the_appeal(as_judge, tx):
    floor, head = as_judge("fj"), as_judge("hj")
    url = record(floor).headers["Location"]

    def post(client, **data):
        page = client.get("/events").get_data(as_text=True)
        data.setdefault("csrf_token", csrf_of(page))
        return client.post(url, data=data)

    assert post(floor, ruling="戦士Bは破壊。Bに300。", version="1").status_code == 303
    # an edit based on an old revision is refused, not silently merged
    assert post(floor, ruling="古い版からの編集", version="1").status_code == 409
    assert post(floor, status="appealed", version="2").status_code == 303
    # a floor judge cannot rule on the appeal, nor edit someone else's call
    assert post(floor, appeal_ruling="自分で裁定", version="3").status_code == 403
    assert post(as_judge("fj2"), ruling="横から", version="3").status_code == 403
    assert post(head, appeal_ruling="フロアの裁定を支持する。", version="3").status_code == 303
    data = head.get(url + "?format=json").get_json()
    assert data["status"] == "appeal_ruled" and data["appeal_judge"] == "hj"
    assert data["appeal_ruling"] == "フロアの裁定を支持する。"
    assert data["ruling"] == "戦士Bは破壊。Bに300。"
    revs = data["revisions"]
    assert [r["number"] for r in revs] == [1, 2, 3, 4]
    assert [r["author"] for r in revs] == ["fj", "fj", "fj", "hj"]
    assert revs[1]["changes"] == {"ruling": ["戦士Bは破壊され、Bに300ダメージ。", "戦士Bは破壊。Bに300。"]}
    assert revs[2]["changes"] == {"status": ["resolved", "appealed"]}
    assert revs[3]["changes"]["status"] == ["appealed", "appeal_ruled"]
    page = head.get(url).get_data(as_text=True)
    assert "上訴裁定" in page and "改訂履歴（4）" in page
    # the floor judge cannot reopen a ruled appeal; the head judge's ruling stands
    assert post(floor, status="resolved", version="4").status_code == 403
    assert data["time"].endswith("+09:00")          # the event's time zone, Asia/Tokyo


def test_filters_search_and_exports(as_judge):
    floor, other = as_judge("fj"), as_judge("fj2")
    record(floor, round="1", table="3", question="グレイズの宣言はいつ？", entries="vision/term/グレイズ",
           scenario="")
    record(other, round="2", table="9", question="マナの生成をプレイしたものとして解決", entries="qa337",
           scenario="")
    head = as_judge("hj")

    def listed(query):
        return [c["question"] for c in head.get("/events/cs-tokyo/calls?format=json&" + query)
                .get_json()["calls"]]
    assert listed("") == ["マナの生成をプレイしたものとして解決", "グレイズの宣言はいつ？"]
    assert listed("round=1") == ["グレイズの宣言はいつ？"]
    assert listed("table=9") == ["マナの生成をプレイしたものとして解決"]
    assert listed("judge=fj2") == ["マナの生成をプレイしたものとして解決"]
    assert listed("entry=QA-337") == ["マナの生成をプレイしたものとして解決"]
    assert listed("status=appealed") == [] and len(listed("status=解決")) == 2
    assert listed("q=ぐれいず") == ["グレイズの宣言はいつ？"]      # kana folded
    assert listed("q=ＭＡＮＡ") == [] and listed("q=マナ 解決") == [listed("")[0]]
    assert head.get("/events/cs-tokyo/calls?entry=nothing-like-this").status_code == 400

    r = head.get("/events/cs-tokyo/calls.csv")
    assert r.status_code == 200 and "attachment" in r.headers["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(r.get_data(as_text=True).lstrip("\ufeff"))))
    assert [row["ラウンド"] for row in rows] == ["2", "1"]
    assert rows[1]["根拠"] == "vision/term/グレイズ" and rows[0]["ジャッジ"] == "fj2"
    exported = head.get("/events/cs-tokyo/calls.json?round=2").get_json()
    assert [c["table"] for c in exported["calls"]] == [9]
    assert exported["calls"][0]["revisions"][0]["author"] == "fj2"


def test_a_formula_in_a_question_is_not_run_by_a_spreadsheet(as_judge):
    floor = as_judge("fj")
    record(floor, question="=HYPERLINK(\"http://x\")", scenario="")
    text = floor.get("/events/cs-tokyo/calls.csv").get_data(as_text=True)
    assert "'=HYPERLINK" in text


def test_nobody_outside_the_staff_reads_anything(app, as_judge):
    url = record(as_judge("fj"), question="外部に見せない質問").headers["Location"]
    outsider = as_judge("out")
    for path in (url, url + "?format=json", url + "/board", "/events/cs-tokyo/calls",
                 "/events/cs-tokyo/calls?format=json", "/events/cs-tokyo/calls?q=外部",
                 "/events/cs-tokyo/calls.csv", "/events/cs-tokyo/calls.json",
                 "/events/cs-tokyo/calls/new"):
        r = outsider.get(path)
        assert r.status_code == 404, path
        assert "外部に見せない質問" not in r.get_data(as_text=True)
    page = outsider.get("/events").get_data(as_text=True)
    assert "別の大会" in page and "チャンピオンシップ東京" not in page
    # changing it is refused the same way
    token = csrf_of(outsider.get("/events").get_data(as_text=True))
    assert outsider.post(url, data={"ruling": "x", "csrf_token": token}).status_code == 404
    assert outsider.post("/events/cs-tokyo/staff", data={"name": "out", "role": "head",
                                                         "csrf_token": token}).status_code == 404
    # and a visitor who is not logged in is sent to the login page
    anonymous = app.test_client()
    assert anonymous.get(url).status_code == 302
    assert anonymous.get(url + "?format=json").status_code == 401


def test_the_head_judge_adds_staff_a_floor_judge_cannot(as_judge, tx):
    from judge.platform.accounts import add_user
    tx(lambda s: add_user(s, "newbie", "newbie-password"))
    floor, head = as_judge("fj"), as_judge("hj")
    token = csrf_of(floor.get("/events").get_data(as_text=True))
    assert floor.post("/events/cs-tokyo/staff", data={"name": "newbie", "role": "floor",
                                                      "csrf_token": token}).status_code == 403
    token = csrf_of(head.get("/events").get_data(as_text=True))
    assert head.post("/events/cs-tokyo/staff", data={"name": "newbie", "role": "floor",
                                                     "csrf_token": token}).status_code == 303
    assert head.post("/events/cs-tokyo/staff", data={"name": "ghost", "role": "floor",
                                                     "csrf_token": token}).status_code == 400
    newbie = as_judge("newbie")
    assert newbie.get("/events/cs-tokyo/calls").status_code == 200


def test_the_board_editor_button_carries_the_board_to_a_new_call(as_judge):
    client = as_judge("fj")
    board = client.get("/board").get_data(as_text=True)
    assert "この盤面で裁定を記録" in board
    r = client.post("/calls/new", data={"yaml": ATTACK})
    assert r.status_code == 303 and r.headers["Location"].startswith("/calls/new?s=")
    r = client.get(r.headers["Location"])       # fj is on one event's staff: straight on
    assert r.status_code == 302 and "/events/cs-tokyo/calls/new?s=" in r.headers["Location"]
    form = client.get(r.headers["Location"]).get_data(as_text=True)
    assert "戦士A" in form and "damage-calculation" in form
