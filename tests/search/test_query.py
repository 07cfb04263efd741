"""The query language: words, phrases, exclusions, filters, and bad syntax never failing."""
from __future__ import annotations

from datetime import date

from hypothesis import given, settings
from hypothesis import strategies as st

from judge.corpus import DEFAULT_CORPUS, alias_table
from judge.corpus.games import read_manifest
from judge.search import query
from judge.search.query import parse_day

# What a judge may type for a game: read from the committed corpus's games.yaml.
GAMES = alias_table(read_manifest(DEFAULT_CORPUS))


def parse(raw):
    return query.parse(raw, GAMES)


def test_plain_words_phrases_and_exclusions():
    pq = parse('グレイズ "戦闘ダメージ" 「プレイしたものとして解決」 -貫通 -"効果ダメージ"')
    assert [(t.text, t.phrase) for t in pq.terms] == [
        ("グレイズ", False), ("戦闘ダメージ", True), ("プレイしたものとして解決", True)]
    assert [(t.text, t.phrase) for t in pq.excluded] == [("貫通", False),
                                                        ("効果ダメージ", True)]
    assert not pq.notices


def test_full_width_quotes_minus_and_colon_are_read_too():
    pq = parse("＂グレイズ＂　－貫通　ｇａｍｅ：ｖｉｓｉｏｎ")
    assert pq.terms[0].phrase and pq.excluded[0].text == "貫通" and pq.games == ["vision"]


def test_filters_and_their_japanese_names():
    pq = parse("game:遊戯王 kind:ルール card:マナの生成 rule:6.5 before:2013/01/27 after:2008")
    assert pq.games == ["yugioh"] and pq.kinds == ["rule"]
    assert pq.cards == ["マナの生成"] and pq.rules == ["6.5"]
    assert pq.before == date(2013, 1, 27) and pq.after == date(2008, 12, 31)


def test_or_groups_words():
    pq = parse("グレイズ OR 貫通 ノード")
    assert [[t.text for t in g] for g in pq.groups] == [["グレイズ", "貫通"], ["ノード"]]


def test_a_spaced_id_is_one_word():
    assert [t.text for t in parse("qa 21").terms] == ["qa21"]
    assert [t.text for t in parse("No. 75").terms] == ["No.75"]


def test_bad_syntax_falls_back_with_a_notice():
    pq = parse('"グレイズ 貫通')
    assert [t.text for t in pq.terms] == ["グレイズ", "貫通"] and pq.notices
    assert parse("game:chess グレイズ").notices
    assert parse("before:yesterday グレイズ").notices
    assert parse("- OR :").notices
    assert parse("foo:bar").terms               # an unknown filter is a word


def test_dates_in_the_forms_a_judge_types():
    assert parse_day("2013年1月27日") == date(2013, 1, 27)
    assert parse_day("20130127") == date(2013, 1, 27)
    assert parse_day("2013-02", end=True) == date(2013, 2, 28)
    assert parse_day("2013-13-01") is None
    # a month that does not exist is no day, as the first or the last of a range
    for month in ("2013-13", "2013-00", "2013年13月"):
        assert parse_day(month) is None and parse_day(month, end=True) is None, month
    assert parse_day("2013-12", end=True) == date(2013, 12, 31)


@settings(deadline=None)
@given(st.text(max_size=300))
def test_parse_never_raises(text):
    pq = parse(text)
    assert isinstance(pq.notices, list)


def test_a_game_named_among_the_words_is_searched_alone():
    # a judge asks about one game by naming it: 「遊戯王の…」, "… in Gem Chronicle"
    cases = {"遊戯王 融合": ("yugioh", ["融合"]),
             "how much life does a player start with in Gem Chronicle":
                 ("gemchronicle", "how much life does a player start with in".split()),
             "ygo fusion deck": ("yugioh", ["fusion", "deck"]),
             "ジェムクロニクルでマナは最大いくつ": ("gemchronicle", None),
             "東方Visionのグレイズ": ("vision", None)}
    for raw, (game, words) in cases.items():
        pq = parse(raw)
        assert pq.games == [game], raw
        assert len(pq.notices) == 1 and pq.notices[0].params["name"] in raw, raw
        if words is not None:
            assert [t.text for t in pq.terms] == words, raw
        else:           # the name is cut out of the unspaced question, the rest kept
            assert "マナ" in pq.terms[0].text or "グレイズ" in pq.terms[0].text
            assert not any(n in pq.terms[0].text for n in ("ジェムクロニクル", "東方Vision"))


def test_a_game_name_alone_quoted_ored_or_too_short_stays_a_word():
    for raw in ("ジェムクロニクル", "遊戯王", "ジェムクロニクルの", '"遊戯王" 融合',
                "融合 OR 遊戯王", "v 融合", "gc マナ"):
        pq = parse(raw)
        assert not pq.games and not pq.notices, raw
    # a game: filter already chosen is not overridden by a word
    assert parse("game:vision 遊戯王 融合").games == ["vision"]
