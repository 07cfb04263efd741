"""The changes page, its Atom feed and a bad scenario's error: Japanese by default, English
by one switch, and the error's JSON keeps its message id and parameters."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from judge.cli import main

from .english import english_sentence
from .test_pages_in_japanese import Words, real  # noqa: F401 - the module's app fixture

# An action the game does not have, on line 4: a scenario error the judge must read.
BAD = "game: yugioh\nsetup: {players: {A: {}, B: {}}}\nactions:\n  - {player: A, do: dance}\n"
# A YAML error: the strict reader's own message.
DUPLICATE = "game: yugioh\ngame: vision\n"


def english_in(html: str) -> list:
    words = Words()
    words.feed(html)
    return [(t, english_sentence(t)) for t in words.texts if english_sentence(t)]


def test_the_changes_page_in_each_language(real):  # noqa: F811
    real.delete_cookie("lang")
    ja = real.get("/changes?lang=ja").get_data(as_text=True)
    assert "変更履歴" in ja and "すべてのゲーム" in ja
    assert not english_in(ja), english_in(ja)[:6]
    en = real.get("/changes?lang=en").get_data(as_text=True)
    assert "all games" in en and "Atom feed" in en and "すべてのゲーム" not in en
    real.delete_cookie("lang")


def test_the_feed_titles_follow_the_language(real):  # noqa: F811
    ja = real.get("/changes.atom?lang=ja").get_data(as_text=True)
    en = real.get("/changes.atom?lang=en").get_data(as_text=True)
    assert "<title>judge: 裁定の変更</title>" in ja.replace("ns0:", "")
    assert "judge: changes to rulings" in en
    real.delete_cookie("lang")


@pytest.mark.parametrize("text, ja_word, en_words, error_id", [
    (BAD, "不明な行動", "unknown action", "unknown action {do}"),
    (DUPLICATE, "2回出てきます", "appears twice", "the key {key!r} appears twice"),
])
def test_a_bad_scenario_is_explained_in_the_readers_language(real, text, ja_word,  # noqa: F811
                                                             en_words, error_id):
    ja = real.post("/api/run?lang=ja", data=text.encode(), content_type="application/yaml")
    en = real.post("/api/run?lang=en", data=text.encode(), content_type="application/yaml")
    assert ja.status_code == en.status_code == 422 or ja.status_code == en.status_code == 400
    ja, en = ja.get_json(), en.get_json()
    assert ja_word in ja["error"] and not english_sentence(ja["error"]), ja["error"]
    assert en_words in en["error"]
    assert ja["error_id"] == en["error_id"] == error_id
    assert ja["error_params"] == en["error_params"] and ja["error_params"]
    real.delete_cookie("lang")


@pytest.fixture
def cli_locale_reset():
    """The CLI sets the process's locale (CliRunner runs in this process): undo it."""
    from judge.i18n import set_locale
    yield
    set_locale(None)


def test_judge_run_explains_a_bad_scenario_in_each_language(tmp_path, cli_locale_reset):
    path = tmp_path / "bad.yaml"
    path.write_text(BAD, encoding="utf-8")
    env = {"LANG": "C.UTF-8", "LC_ALL": ""}
    ja = CliRunner().invoke(main, ["--lang", "ja", "run", str(path)], env=env)
    en = CliRunner().invoke(main, ["--lang", "en", "run", str(path)], env=env)
    assert ja.exit_code == en.exit_code != 0
    assert "不明な行動" in ja.output and "unknown action" not in ja.output
    assert "unknown action" in en.output and f"{path}:4" in en.output
    as_json = CliRunner().invoke(main, ["--lang", "ja", "run", str(path), "--json"], env=env)
    if as_json.output.strip().startswith("{"):
        data = json.loads(as_json.output)
        error = data.get("error") if isinstance(data.get("error"), dict) else data
        assert error.get("error_id") == "unknown action {do}"


def test_an_over_budget_board_is_explained_in_japanese(real):  # noqa: F811
    actions = "".join("  - {player: A, do: pass}\n" for _ in range(2000))
    text = "game: yugioh\nsetup: {players: {A: {}, B: {}}}\nactions:\n" + actions
    r = real.post("/api/run?lang=ja", data=text.encode(), content_type="application/yaml")
    assert r.status_code in (413, 422)
    body = r.get_json()
    assert "上限" in body["error"] and not english_sentence(body["error"].split("（使える値")[0])
    real.delete_cookie("lang")
