"""A fourth game, only in tests/: import, search, run, verify, entry page, board editor."""
from __future__ import annotations

import json

import yaml
from click.testing import CliRunner

from judge.cli import main
from judge.corpus import Corpus


def judge(corpus_dir, *args):
    env = {"JUDGE_INDEX_DIR": str(corpus_dir.parent / "koma-index")}
    return CliRunner().invoke(main, ["--corpus", str(corpus_dir), *args], env=env)


def test_import_writes_its_entry_and_the_games_manifest(corpus_dir, koma):
    corpus = Corpus.load(corpus_dir)
    assert corpus.game_ids == ["koma"]
    info = corpus.game("koma")
    assert info.titles == koma.titles and info.kinds == ("rule",)
    entry = corpus.get("koma/rule/1")
    assert sorted(entry.scenarios) == ["koma/scenarios/place-fourth-illegal.yaml",
                                       "koma/scenarios/place-third-wins.yaml"]
    assert "1.2" in entry.current.clauses
    manifest = yaml.safe_load((corpus_dir / "games.yaml").read_text(encoding="utf-8"))
    assert [g["id"] for g in manifest["games"]] == ["koma"]


def test_search_with_its_game_filter(corpus_dir, koma, tmp_path):
    by_id = judge(corpus_dir, "search", "--json", "--game", "koma", "盤")
    assert by_id.exit_code == 0, by_id.output
    found = json.loads(by_id.output)["results"]
    assert found and {r["id"] for r in found} == {"koma/rule/1"}
    # An alias the game declares works in the query language too.
    typed = judge(corpus_dir, "search", "--json", "駒 game:こま")
    assert {r["game"] for r in json.loads(typed.output)["results"]} == {"koma"}
    unknown = judge(corpus_dir, "search", "--game", "nosuchgame", "盤")
    assert unknown.exit_code == 2 and "koma" in unknown.output


def test_a_scenario_runs_with_cited_steps(corpus_dir, koma):
    result = judge(corpus_dir, "run", "--json",
                   str(corpus_dir / "koma" / "scenarios" / "place-third-wins.yaml"))
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["state"]["winner"] == "A"
    rules = [(s["rule"], s.get("clause")) for s in data["steps"]]
    assert ("koma/rule/1", "1.1") in rules and ("koma/rule/1", "2.1") in rules
    win = next(s for s in data["steps"] if s.get("clause") == "2.1")
    assert win["interpretation"] and "盤の駒が３つ" in win["quote"]


def test_verify_replays_both_scenarios(corpus_dir, koma):
    result = judge(corpus_dir, "verify", "--json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert len(rows) == 2 and all(r["match"] for r in rows)


def test_its_entry_page_and_board_editor(corpus_dir, koma, tmp_path):
    from judge.web import create_app
    app = create_app({"CORPUS_DIR": str(corpus_dir), "TESTING": True,
                      "INDEX_DIR": str(tmp_path / "index")})
    client = app.test_client()
    entry = client.get("/entry/koma/rule/1")
    page = entry.get_data(as_text=True)
    assert entry.status_code == 200
    assert "駒遊び" in page and "盤に置ける駒は３つまで" in page
    assert "三つ目の駒を置くと勝つ" in page          # the linked scenario's replay
    board = client.get("/board", query_string={"game": "koma"})
    html = board.get_data(as_text=True)
    assert board.status_code == 200 and "手駒" in html and "盤" in html
    from_file = client.get("/board", query_string={
        "from": "koma/scenarios/place-fourth-illegal.yaml"})
    assert from_file.status_code == 200
    searched = client.get("/search", query_string={"q": "盤", "game": "koma"})
    assert searched.status_code == 200 and "koma/rule/1" in searched.get_data(as_text=True)


def test_the_terminal_names_its_zones_in_its_words(corpus_dir, koma):
    """A game with no catalogue of its own (and not under judge/games) still has its
    zones named in the step log, by the labels it declares (issue 23)."""
    result = judge(corpus_dir, "--lang", "ja", "run",
                   str(corpus_dir / "koma" / "scenarios" / "place-third-wins.yaml"))
    assert result.exit_code == 0, result.output
    assert "盤:" in result.output
