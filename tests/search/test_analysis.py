"""Japanese analysis: normal form, pieces, index terms, offsets kept for highlighting."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from judge.search.analysis import (bigram_terms, id_tokens, is_kana, kana_reading,
                                   morph_terms, morph_words, normalize, normalize_map,
                                   phrase_terms, pieces, reading, reading_terms)


def test_full_width_half_width_and_kana_fold_to_one_form():
    assert normalize("グレイズ") == normalize("ぐれいず") == normalize("ｸﾞﾚｲｽﾞ")
    assert normalize("ＱＡ－３３７") == "qa-337"
    assert normalize("ふらわ～戦車") == normalize("ふらわ〜戦車")


def test_ids_and_rule_numbers_are_whole_tokens_in_any_spelling():
    assert id_tokens("ＱＡ－３３７") == ["qa-337"]
    assert id_tokens("qa337") == id_tokens("Q337") == ["qa-337"]
    assert id_tokens("6.5.3.b自分のデッキ") == ["6.5.3.b"]
    assert id_tokens("No.075 マナの生成") == id_tokens("Ｎｏ．７５") == ["n75"]
    assert id_tokens("PR.001 恋符") == ["p1"]


def test_bigram_terms_of_a_katakana_word_and_its_hiragana_are_the_same():
    assert phrase_terms("グレイズ") == phrase_terms("ぐれいず") == ["ぐれ", "れい", "いず"]
    assert phrase_terms("場") == ["場"]                 # a single kanji is a unigram


def test_bigram_terms_hold_a_word_and_the_run_after_it():
    terms = bigram_terms("Ｘ枚をスリープ")
    assert terms[0] == "x" and "枚" in terms and "枚を" in terms and "ーぷ" in terms
    # hiragana unigrams are not indexed (particles), other characters' are
    assert "を" not in terms and "す" not in terms and "枚" in terms
    # a quoted "X枚" is looked up by x and 枚, then checked on the text
    assert phrase_terms("X枚") == ["x", "枚"]


def test_a_space_inside_a_japanese_name_is_not_a_boundary():
    assert [p.text for p in pieces(normalize("十六夜 咲夜"))] == ["十六夜咲夜"]


def test_morphemes_drop_particles_keep_loanwords_whole_and_add_base_forms():
    assert morph_words("グレイズを行う") == [["ぐれいず"], ["行う"]]
    assert ["し", "する"] in morph_words("プレイした")
    # マナ and マナー stay different words (the bigram field alone confuses them)
    assert morph_words("マナ") != morph_words("マナー")
    # プレイ and プレー are one word (the dictionary's lemma)
    assert set(morph_words("プレイ")[0]) & set(morph_words("プレー")[0])


def test_readings_match_a_name_typed_in_kana():
    assert is_kana("きんじゅぞーん") and not is_kana("禁呪ゾーン")
    assert kana_reading("きんじゅぞーん") == reading("禁呪ゾーン")
    # the title field's reading terms are the bigrams of the kana a judge types
    assert set(phrase_terms(kana_reading("きんじゅぞーん"))) <= set(reading_terms("禁呪ゾーン"))


def test_morph_terms_hold_each_word_and_its_base_form():
    terms = morph_terms("プレイしたカード")
    assert "し" in terms and "する" in terms and "かーど" in terms


@settings(deadline=None)
@given(st.text())
def test_normal_form_maps_back_to_the_original(text):
    normal, starts, ends = normalize_map(text)
    assert len(normal) == len(starts) == len(ends)
    assert all(0 <= a < b <= len(text) for a, b in zip(starts, ends))
    assert starts == sorted(starts)
    # folding character by character agrees with folding the whole string (outside
    # the rare sequences NFKC composes across characters)
    if all(len(normalize(c)) == 1 for c in text):
        assert len(normal) == len(text)


@settings(deadline=None)
@given(st.text())
def test_term_functions_never_fail(text):
    for terms in (bigram_terms, morph_terms, reading_terms):
        assert all(terms(text))


@settings(deadline=None)
@given(st.text())
def test_the_fast_table_path_gives_the_same_normal_form(text):
    from judge.search.analysis import fast_normal
    assert fast_normal(text) == normalize_map(text)[0]
    assert fast_normal(text + "グレイズ") == normalize_map(text + "グレイズ")[0]


@settings(deadline=None)
@given(st.text(alphabet=st.sampled_from(list("グレイズ…ｸﾞﾚｲｽﾞ①㌔ﬁＱＡ－３ 　\n")), max_size=40))
def test_offsets_of_expanding_characters_point_at_them(text):
    normal, starts, ends = normalize_map(text)
    slow, s2, e2 = normalize_map(text, fold_kana=False)   # the character-by-character path
    assert len(normal) == len(slow) and (starts, ends) == (s2, e2)


@settings(deadline=None)
@given(st.text(alphabet=st.sampled_from(list("グレイズをぷれいしたー場の札ＱＡ－３７ 　\nabc。")),
               max_size=40))
def test_bigram_terms_are_the_grams_of_each_run_without_positions(text):
    from collections import Counter
    expected = []
    for p in pieces(normalize(text)):
        run = p.text
        if p.kind != "ja" or len(run) == 1:
            expected.append(run)
            continue
        for i, ch in enumerate(run):         # character by character, as a reader would
            if i + 1 < len(run):
                expected.append(ch + run[i + 1])
            if not ("\u3041" <= ch <= "\u309f" or ch == "ー"):
                expected.append(ch)
    assert Counter(bigram_terms(text)) == Counter(expected)
