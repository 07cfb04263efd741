"""The command line as judges type it.  A date mistyped (2014-13-01, 2014-02-30) is
refused in the reader's language and where it was typed: in a scenario file at its line;
on the command line as the ``--ruleset`` option (not as a field of a file that does not
hold it).  A clause asked for by its number is shown first."""
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.cli import main

ROOT = Path(__file__).resolve().parents[1]
FUSION = str(ROOT / "corpus/yugioh/scenarios/fusion.yaml")


def _run(*args):
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


@pytest.mark.parametrize("day", ["2099-13-45", "2014-02-30"])
def test_an_impossible_date_in_a_scenario_has_no_python_english(tmp_path, day):
    board = tmp_path / "bad.yaml"
    board.write_text(f"game: yugioh\nruleset: {day}\nactions: []\n", encoding="utf-8")
    code, out = _run("--lang", "ja", "run", str(board))
    assert code != 0
    assert f"bad.yaml:2: ruleset: '{day}' は実在する日付ではありません" in out
    # Python's reason ("month must be in 1..12", "day is out of range for month")
    assert "must be" not in out and "out of range" not in out
    code, out = _run("--lang", "en", "run", str(board))
    assert f"'{day}' is not a valid date (accepted:" in out


@pytest.mark.parametrize("command", [["run", FUSION], ["moves", FUSION],
                                     ["replay", "QA-337"]])
def test_a_bad_ruleset_option_is_named_as_the_option(command):
    code, out = _run("--lang", "ja", *command, "--ruleset", "2014-13-01")
    assert code != 0
    assert out.strip() == "judge: --ruleset '2014-13-01' は日付（YYYY-MM-DD）ではありません"


def test_latest_and_a_padded_date_still_run():
    code, out = _run("--lang", "ja", "run", FUSION, "--ruleset", "latest")
    assert code == 0, out
    code, out = _run("--lang", "ja", "run", FUSION, "--ruleset", " 2014-01-01")
    assert code == 0 and "ルール 2014-01-01" in out


def test_show_a_clause_reads_that_clause_first():
    """`judge show 6.5.3.b` is a judge asking for that sentence: it comes first, then
    the entry; a clause the entry does not have (a typo: 6.5.3.z) is said, not passed
    over as if the whole entry were the answer."""
    code, out = _run("--lang", "ja", "show", "６．５．３．ｂ")
    assert code == 0
    assert out.splitlines()[0] == ("条項 6.5.3.b：自分のデッキの上からＸ枚をスリープ状態で自分のノードに"
                                   "加える。Ｘは戦闘ダメージを発生させた相手キャラクターのグレイズの値に等しい。")
    assert "vision/rule/6.5 — 6.5 グレイズ" in out
    result = CliRunner().invoke(main, ["--lang", "ja", "show", "6.5.3.z"])
    assert result.exit_code == 0
    assert "vision/rule/6.5 に条項 6.5.3.z はありません（条項：6.5, 6.5.1," in result.stderr
    assert "条項 6.5.3.z：" not in result.stdout
    code, out = _run("show", "yugioh/rule/damage-calculation#defense-lower", "--json")
    import json
    clause = json.loads(out)["clause"]
    assert clause["id"] == "defense-lower" and clause["text"].startswith("攻撃を仕掛けた")


def test_a_ruleset_before_any_text_says_the_first_texts_stand_in():
    """Vision's oldest dated text is rulebook Ver.2.0's graze (2008-06-09, seed 000): a
    board pinned to 2000-01-01 is replayed on the first revisions (Entry.in_force), and
    the reader is told rather than shown 「ルール 2000-01-01」 as if that day had rules."""
    graze = str(ROOT / "corpus/vision/scenarios/graze-choose-yes.yaml")
    code, out = _run("--lang", "ja", "run", graze, "--ruleset", "2000-01-01")
    assert code == 0
    assert ("2000-01-01 は vision の日付の分かる最も古い本文（2008-06-09）より前です"
            in out.splitlines()[2])
    code, out = _run("--lang", "ja", "run", graze, "--ruleset", "2008-06-09")
    assert code == 0 and "より前です" not in out


@pytest.mark.parametrize("kind", ["rule", "ルール", "ＲＵＬＥ"])
def test_search_kind_takes_the_words_of_the_query(kind):
    """`judge search 融合 --kind ルール` as `kind:ルール 融合` does: the yugioh rules
    融合 and 融合デッキ; a word of no kind is refused naming the four."""
    import json
    code, out = _run("search", "融合", "--kind", kind, "--json")
    assert code == 0, out
    data = json.loads(out)
    assert data["kind"] == "rule"
    assert {r["id"] for r in data["results"]} == {"yugioh/rule/fusion", "yugioh/rule/fusion-deck"}
    code, out = _run("--lang", "ja", "search", "融合", "--kind", "かーど")
    assert code != 0 and "--kind 'かーど' は項目の種類ではありません" in out


@pytest.mark.parametrize("command", ["show", "replay"])
def test_a_katakana_name_typed_in_hiragana_is_found(command):
    """The search box finds ぐれいず; show and replay said no entry matched it."""
    code, out = _run("--lang", "ja", command, "ぐれいず")
    assert code == 0, out
    assert ("vision/term/グレイズ — グレイズ" in out if command == "show"
            else "グレイズ" in out.splitlines()[0])
