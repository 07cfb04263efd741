"""The lexicon of judges' words (sources/lexicon/<game>.yaml -> <game>/term/<term>),
checked against the real seeds and corpus: every row names rules that exist and whose
text uses the row's words, every zone, card kind and phase the texts name has a row,
every rule entry of a game is named by a row, and the importer and `judge lint` refuse a
name without its reason in both languages, an unknown rule, a name given twice."""
from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from corpus_testkit import ROOT, YUGIOH

from judge.cli import main
from judge.corpus import Corpus
from judge.corpus.importer import import_paths
from judge.corpus.importer.drafts import Draft, make_entry
from judge.corpus.importer.errors import ImportError_
from judge.corpus.importer.lexicon import import_lexicon
from judge.corpus.importer.sources import read_source
from judge.corpus.lexicon import (SEARCHED, bilingual, fold, lexicon_problems, lexicon_view,
                                  near_names, searched_names)
from judge.corpus.lint import lint_corpus
from judge.corpus.store import parse_entry, render_entry

LEXICON = ROOT / "sources" / "lexicon"
GAMES = ("gemchronicle", "vision", "yugioh")


def rows(game: str) -> list[dict]:
    data = yaml.safe_load((LEXICON / f"{game}.yaml").read_text("utf-8"))
    assert data["lexicon"] == game
    return data["terms"]


def flat(text: str) -> str:
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text))


def texts_of(corpus: Corpus, game: str) -> list:
    """The game's own texts: rules, Q&A and the seeds' term pages (not the editors')."""
    return [e for e in corpus if e.game == game and e.kind in ("rule", "qa", "term")
            and not {"glossary", "lexicon"} & set(e.data or {})]


@pytest.mark.parametrize("game", GAMES)
def test_every_row_is_an_entry_that_says_it_is_not_rules_text(corpus, game):
    for row in rows(game):
        entry = corpus.get(f"{game}/term/{row.get('key') or row['term']}")
        assert entry.data["lexicon"]["kind"] == row["kind"]
        assert entry.title == f"{row['term']}の呼び名"
        assert "ルールの本文ではありません" in entry.current.text
        # the body is Japanese only; the English is the row's, said by the English page
        assert "not rules text" not in entry.current.text
        english = lexicon_view(entry, "en")
        for name, said in zip(row["names"], english["names"]):
            assert name["name"] in entry.current.text
            assert name["reason"]["ja"] in entry.current.text
            assert name["reason"]["en"] not in entry.current.text
            assert said["name"] == name["name"] and said["reason"] == \
                " ".join(name["reason"]["en"].split())


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_a_row_names_exists_and_holds_its_words(corpus, game):
    """Never invented: each wording of a row is in the text of one of its rules."""
    for row in rows(game):
        said = {r: "".join(flat(rev.text) for rev in corpus.get(r).revisions)
                for r in row["rules"]}            # KeyError: a rule that is no entry
        for wording in row.get("wording") or [row["term"]]:
            assert any(flat(wording) in text for text in said.values()), \
                (row["term"], wording, row["rules"])


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_entry_is_named_by_a_row(corpus, game):
    named = {r for row in rows(game) for r in row["rules"]}
    rules = {e.id for e in corpus if e.game == game and e.kind == "rule"}
    assert rules - named == set()


# The names of zones (…ゾーン, …デッキ, …置き場, …エリア), phases (…フェイズ) and card
# kinds (…カード) as the texts write them; each must be a row's wording or name.
TERM_WORD = re.compile(r"[ァ-ヶー一-龥々]{2,}?(?:ゾーン|デッキ|置き場|エリア|フェイズ|カード)")
# Matches that are not a term: a phrase cut mid-sentence (the regex cannot see the
# sentence), or a word that only describes a card (同名カード: cards of one name).
NOT_TERMS = {
    "各効果カード",        # "each effect card": the chapter points at the card's text
    "専用カード",          # "the dedicated cards" of the forbidden deck
    "専用ゾーン",          # 禁呪ゾーン is "the dedicated zone" of the forbidden deck's cards
    "カード専用ゾーン",    # the same phrase (禁呪デッキのカード専用ゾーン), cut after のカード
    "カードデッキ",        # 特殊なカードデッキ: how the page describes the 禁呪デッキ
    "都度カード",          # その都度カードの指示 (each time, the card's instruction)
    "直接カード",          # 手札から直接カードを使用 (use a card straight from the hand)
    "特殊モンスターカード",  # the heading 魔法＆特殊モンスターカードについて: a heading, not a kind
    "間マナフェイズ",      # 次のマナフェイズまでの間 cut by the regex
    "継続フェイズ",        # 残りの継続フェイズの数値分 (the turns a state lasts), not a phase
    "プレイエリアに属するものとして扱われます",
}


def _names_of(game: str) -> set[str]:
    out = set()
    for row in rows(game):
        out |= {fold(w) for w in row.get("wording") or [row["term"]]}
        out |= {fold(n["name"]) for n in row["names"]}
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_zone_card_kind_and_phase_the_texts_name_has_a_row(corpus, game):
    found = set()
    for entry in texts_of(corpus, game):
        for rev in entry.revisions:
            found |= set(TERM_WORD.findall(unicodedata.normalize("NFKC", rev.text)))
    assert len(found) >= 5, found                    # the regex does find the terms
    covered = _names_of(game)
    missing = sorted(w for w in found if fold(w) not in covered and w not in NOT_TERMS
                     and not any(fold(w).endswith(c) and fold(w)[:-len(c)] in ("各", "・")
                                 for c in covered))
    assert missing == [], f"{game}: no lexicon row for {missing}"


# How a text says a game ends (勝利, 敗北, 勝者, 敗者) and when something may be done
# (ターン and its compounds): a judge asks "do I lose when...", "on my opponent's turn".
OUTCOME_OR_TURN = re.compile(r"勝利|敗北|勝者|敗者|ターン")


@pytest.mark.parametrize("game", GAMES)
def test_every_outcome_and_turn_word_the_texts_use_has_a_row(corpus, game):
    """Each outcome or turn word a game's texts write is the wording of one of its rows,
    of kind outcome (勝敗) or timing; a game whose texts name no outcome has no such row."""
    found = set()
    for entry in texts_of(corpus, game):
        for rev in entry.revisions:
            found |= set(OUTCOME_OR_TURN.findall(unicodedata.normalize("NFKC", rev.text)))
    assert "ターン" in found                          # every game's texts speak of turns
    kind_of = {fold(w): row["kind"] for row in rows(game)
               for w in row.get("wording") or [row["term"]]}
    for word in found:
        assert kind_of.get(fold(word)) == ("timing" if word == "ターン" else "outcome"), \
            (game, word)
    outcomes = {w for w, k in kind_of.items() if k == "outcome"}
    assert outcomes <= {fold(w) for w in found}, (game, outcomes - found)


def test_an_outcome_row_imports_and_its_page_names_its_kind(tmp_path):
    text = ROW.replace("- term: 生け贄\n  kind: action\n", "- term: 生け贄\n  kind: outcome\n")
    assert text != ROW
    entry = _import(tmp_path, text)["yugioh/term/生け贄"].entry
    assert entry.data["lexicon"]["kind"] == "outcome"
    assert "（勝敗）" in entry.current.text
    assert lexicon_view(entry, "en")["kind"] == "win or loss"
    assert lexicon_view(entry, "ja")["kind"] == "勝敗"


def test_the_texts_own_zone_names_have_rows():
    """The issue's examples, each the wording of a row of its game."""
    wanted = {"yugioh": ["墓場", "融合デッキ", "モンスターカード置き場", "生け贄", "裏表示"],
              "gemchronicle": ["ブレイクゾーン", "禁呪デッキ", "バトルゾーン", "マジックゾーン"],
              "vision": ["冥界", "山札", "ノードエリア", "プレイエリア"]}
    for game, words in wanted.items():
        covered = {fold(w) for row in rows(game) for w in row.get("wording") or [row["term"]]}
        assert {fold(w) for w in words} <= covered, game


@pytest.mark.parametrize("game", GAMES)
def test_every_name_has_its_reason_in_both_languages(game):
    for row in rows(game):
        for name in row["names"]:
            assert set(bilingual(name["reason"])) == {"ja", "en"}, (row["term"], name)
            assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", name["reason"]["ja"])


def test_the_lexicon_lints_clean(corpus):
    assert lexicon_problems(corpus) == []


def test_another_games_name_and_one_character_are_not_searched():
    row = {"wording": ["墓場"], "names": [
        {"name": "墓地", "use": "today"}, {"name": "graveyard", "use": "today"},
        {"name": "冥界", "use": "other-game", "game": "vision"},
        {"name": "場", "use": "today"}, {"name": "墓場", "use": "today"}]}
    assert searched_names(row) == ["墓地", "graveyard"]
    # a name that is one of the text's two wordings still brings the other
    row["wording"] = ["墓場", "墓地"]
    assert searched_names(row) == ["墓地", "graveyard", "墓場"]
    row["wording"] = ["墓場"]
    row["names"] = [{"name": "墓場", "use": "today"}]
    assert searched_names(row) == []
    assert "other-game" not in SEARCHED


def test_a_name_marked_near_is_told_from_one_that_is_the_same_thing():
    row = {"wording": ["敗北"], "names": [
        {"name": "負け", "use": "today", "match": "near"}, {"name": "lose", "use": "translation"},
        {"name": "敗け", "use": "today", "match": "same"}]}
    assert near_names(row) == {"負け"}
    assert near_names({"names": [{"name": "x", "match": "near"}, "bad", {}]}) == {"x"}


def test_the_glossary_carries_whether_each_name_is_near(corpus):
    from judge.search.shaping import glossary
    rows = {(g[0], g[3]): g[4] for g in glossary(corpus)}
    # 負け and 勝ち are said of one fight too (sources/lexicon/gemchronicle.yaml)
    assert rows[("負け", "gemchronicle")] is True and rows[("勝ち", "gemchronicle")] is True
    assert rows[("lose", "gemchronicle")] is False


def test_a_plain_string_reason_stays_readable():
    assert bilingual("今日の言い方") == {"ja": "今日の言い方"}
    assert bilingual("today's word") == {"en": "today's word"}
    assert bilingual({"ja": " 今日 ", "en": ""}) == {"ja": "今日"}


# --- the importer refuses a row it cannot stand behind -----------------------------------

ROW = """lexicon: yugioh
date: 2026-12-02
document: test
terms:
- term: 生け贄
  kind: action
  rules: [yugioh/rule/ritual]
  lines: 46
  names:
  - name: リリース
    lang: ja
    use: today
    match: near
    ground: usage
    reason: {ja: 今日の言い方。, en: "Today's word."}
"""


def _import(tmp_path, text):
    path = tmp_path / "yugioh.yaml"
    path.write_text(text, "utf-8")
    rule = Draft(make_entry("yugioh/rule/ritual", "儀式モンスター", []))
    return import_lexicon(read_source(path), {rule.id: rule},
                          {"gemchronicle": {"ja": "ジェムクロニクル", "en": "Gem Chronicle"},
                           "yugioh": {}})


def test_another_game_is_named_by_its_title(tmp_path):
    text = ROW.replace("    use: today\n", "    use: other-game\n    game: gemchronicle\n")
    entry = _import(tmp_path, text)["yugioh/term/生け贄"].entry
    assert "他のゲームでの呼び名（ジェムクロニクル）" in entry.current.text
    assert "another game's name" not in entry.current.text      # Japanese body only
    said = lexicon_view(entry, "en")["names"][0]                 # the English page's words
    assert said["use"] == "another game's name" and said["game"] == "gemchronicle"


def test_a_good_row_imports(tmp_path):
    entry = _import(tmp_path, ROW)["yugioh/term/生け贄"].entry
    assert entry.cites == ["yugioh/rule/ritual"]
    assert entry.data["lexicon"]["names"][0]["reason"] == {"ja": "今日の言い方。",
                                                          "en": "Today's word."}


def test_a_row_added_later_is_dated_on_its_own_day(tmp_path):
    later = ROW.replace("  kind: action\n", "  date: 2026-12-03\n  kind: action\n")
    dated = _import(tmp_path, later)["yugioh/term/生け贄"].entry.current.date
    assert str(dated) == "2026-12-03"
    assert str(_import(tmp_path, ROW)["yugioh/term/生け贄"].entry.current.date) == "2026-12-02"


@pytest.mark.parametrize("change, said", [
    (("  kind: action\n", "  date: 2026-12-01\n  kind: action\n"), "date"),
    (("  kind: action\n", "  date: someday\n  kind: action\n"), "date"),
    (('    reason: {ja: 今日の言い方。, en: "Today\'s word."}\n', ""), "reason"),
    (('en: "Today\'s word."', 'en: ""'), "missing: en"),
    (('{ja: 今日の言い方。, en: "Today\'s word."}', '"Today\'s word."'), "reason"),
    (("yugioh/rule/ritual", "yugioh/rule/nowhere"), "yugioh/rule/nowhere"),
    (("    ground: usage\n", "    ground: usage\n    slang: yes\n"), "slang"),
    (("    use: today\n", "    use: someday\n"), "someday"),
    (("    use: today\n", "    use: other-game\n"), "game"),
    (("  kind: action\n", "  kind: mood\n"), "mood"),
    (("  lines: 46\n", ""), "lines"),
])
def test_a_bad_row_is_refused_with_its_line(tmp_path, change, said):
    text = ROW.replace(*change)
    assert text != ROW
    with pytest.raises(ImportError_) as err:
        _import(tmp_path, text)
    assert said in str(err.value) and ":5" in str(err.value)


def test_a_name_or_a_term_given_twice_is_refused(tmp_path):
    name = ROW[ROW.index("  - name: リリース"):]
    with pytest.raises(ImportError_, match="given twice"):
        _import(tmp_path, ROW + name)
    term = ROW[ROW.index("- term:"):]
    with pytest.raises(ImportError_, match="given twice"):
        _import(tmp_path, ROW + term)


# --- judge lint on a corpus file edited by hand -------------------------------------------

@pytest.fixture
def with_lexicon(tmp_path) -> Path:
    root = tmp_path / "corpus"
    import_paths([YUGIOH, LEXICON / "yugioh.yaml"], root)
    return root


def _edit(root: Path, key: str, edit) -> None:
    path = root / "yugioh" / "term" / f"{key}.md"
    entry = parse_entry(path.read_text("utf-8"), path)
    edit(entry.data["lexicon"])
    path.write_text(render_entry(entry), "utf-8")


def _lint(root: Path):
    return CliRunner().invoke(main, ["--lang", "en", "--corpus", str(root), "lint"])


def test_lint_is_clean_on_an_imported_lexicon(with_lexicon):
    result = _lint(with_lexicon)
    assert result.exit_code == 0 and " 0 errors" in result.output, result.output


@pytest.mark.parametrize("edit, code", [
    (lambda row: row["names"][0]["reason"].pop("en"), "lexicon-row"),
    (lambda row: row["names"][0]["reason"].pop("ja"), "lexicon-row"),
    (lambda row: row["names"][0].pop("reason"), "lexicon-row"),
    (lambda row: row["names"][0].__setitem__("reason", "今日の言い方"), "lexicon-row"),
    (lambda row: row["rules"].append("yugioh/rule/nowhere"), "lexicon-rule"),
    (lambda row: row["names"].append({**row["names"][0], "name": "墓地"}), "lexicon-duplicate"),
])
def test_lint_fails_on_a_row_edited_wrong(with_lexicon, edit, code):
    _edit(with_lexicon, "生け贄", edit)
    result = _lint(with_lexicon)
    assert result.exit_code != 0, result.output
    assert "yugioh/term/生け贄" in result.output and f"[{code}]" in result.output


def test_lint_names_both_rows_of_a_name_given_twice(with_lexicon):
    _edit(with_lexicon, "生け贄",
          lambda row: row["names"].append({**row["names"][0], "name": "graveyard"}))
    problems = [p for p in lint_corpus(Corpus.load(with_lexicon))
                if p.code == "lexicon-duplicate"]
    assert len(problems) == 1
    said = {problems[0].entry_id, *re.findall(r"yugioh/term/\S+", str(problems[0]))}
    assert {"yugioh/term/生け贄", "yugioh/term/墓場"} <= {s.rstrip(":") for s in said}


def test_a_lexicon_page_is_not_a_rules_change_for_a_pinned_board(corpus):
    """A permalink pinned to a day lists the texts changed since: the lexicon (written
    2026-12-02) is the editors' page about words, not a change of the rules."""
    from datetime import date

    from judge.app import pinning
    lexicon = {e.id for e in corpus if "lexicon" in (e.data or {})}
    assert lexicon
    for game in GAMES:
        changed = {c["id"] for c in pinning.changes_since(corpus, game, date(2026, 12, 1))}
        assert not changed & lexicon
        assert (pinning.latest_day(corpus, game) or "") < "2026-12-02"
