"""Questions typed as a judge asks them (issue 24): content words, stop lists, ranking by
the content words a passage holds, romaji and readings, a card's hit being current."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from judge.search.question import ASKING_EN, ASKING_JA, STOP_EN, STOP_JA, content_words
from relevance_eval import evaluate, judge

QUESTIONS = yaml.safe_load(Path(__file__).with_name("questions.yaml")
                           .read_text(encoding="utf-8"))["queries"]
# written before the search ran on them, for the terms the lexicon's line-by-line pass
# added (issue 24): blind 18/25 in the top 3, 23/25 with the rows (2026-12-03)
LEXICON_QUESTIONS = yaml.safe_load(Path(__file__).with_name("questions_lexicon.yaml")
                                   .read_text(encoding="utf-8"))["queries"]
# typed on a phone (fragments, half-width kana, casual endings): blind 43/44 in the
# searcher's top 3 and 40/44 on the results page, 44/44 both since (2026-12-03)
PHONE_QUESTIONS = yaml.safe_load(Path(__file__).with_name("questions_phone.yaml")
                                 .read_text(encoding="utf-8"))["queries"]
# the third blind set (the wiki's comment rulings, rulings with a history, Gem Chronicle's
# attributes, a phone's forms): blind 49/53 in the top 3, searcher and page (2026-12-07)
BLIND_3_QUESTIONS = yaml.safe_load(Path(__file__).with_name("questions_blind_3.yaml")
                                   .read_text(encoding="utf-8"))["queries"]


# --- the stop lists, per language ----------------------------------------------------

@pytest.mark.parametrize("word", sorted(STOP_JA))
def test_a_japanese_stop_word_is_never_a_content_word(word):
    analysis = content_words(f"グレイズは{word}")
    assert "グレイズ" in analysis.content
    assert word not in analysis.content


@pytest.mark.parametrize("word", sorted(STOP_EN))
def test_an_english_stop_word_is_never_a_content_word(word):
    analysis = content_words(f"graveyard {word} graze")
    assert analysis.content == ["graveyard", "graze"]


@pytest.mark.parametrize("text, content", [
    ("ノードが足りないときにキャラクターを出せますか", ["ノード", "足りる", "キャラクター", "出せる"]),
    ("グレイズした時どうなりますか", ["グレイズ"]),
    ("墓地に送られたモンスターは何ターン目に戻せる？", ["墓地", "送る", "モンスター", "ターン", "戻せる"]),
    ("what happens when my monster is destroyed", ["monster", "destroyed"]),
])
def test_a_question_keeps_its_content_words_in_order(text, content):
    assert content_words(text).content == content


@pytest.mark.parametrize("text, asks", [
    ("グレイズはどうなりますか", True), ("貫通ダメージは何点？", True),
    ("can i graze", True), ("グレイズ 条件", False), ("プレイそのものを宣言できない", False),
    ("戦闘ダメージを受けたプレイヤー", False),
    # an English sentence describing the situation, with no question word, asks too;
    # English keywords, however many, do not
    ("attacking monster has the same ATK as the attacked monster", True),
    ("my deck has fewer cards than the graze value", True),
    ("tribute summon", False), ("fusion deck extra deck graveyard", False),
    ("damage step of the battle", False),
    # a question word after a katakana word is read after that word, as MeCab reads the
    # whole sentence (はいつ: は + いつ, not はい + つ at a sentence's start); いくら asks
    ("継続ダメージはいつ治る", True), ("ライフはいくら減る", True),
])
def test_a_question_is_told_from_keywords(text, asks):
    assert content_words(text).asks is asks


def test_the_asking_words_are_stop_words_or_grammar():
    # a word that makes a text a question must never be searched for
    for word in ASKING_JA - {"か", "の", "かな", "？", "?"}:
        assert word not in content_words(f"グレイズ{word}").content, word
    assert ASKING_EN <= STOP_EN


# --- questions against the real corpus ---------------------------------------------------

def test_the_question_set_is_big_and_from_every_game():
    assert len(QUESTIONS) >= 40
    games = {w.split("/")[0] for item in QUESTIONS for w in item.get("any", [])}
    assert games == {"vision", "yugioh", "gemchronicle"}


def test_nine_questions_in_ten_find_their_entry_in_the_top_3(real_searcher, capsys):
    outcomes, summary = evaluate(real_searcher, QUESTIONS)
    with capsys.disabled():
        print(f"\nquestions: {summary['passed']}/{summary['queries']} in the top 3, "
              f"MRR {summary['MRR']:.3f}")
    assert summary["passed"] >= 0.9 * summary["queries"], [
        (o.q, o.problems) for o in outcomes if not o.ok]


def test_questions_typed_on_a_phone_find_their_entry_in_the_top_3(real_searcher,
                                                                  real_corpus):
    """The searcher and the results page each keep nine in ten of the phone set."""
    from judge.search.shaping import shaped
    outcomes, summary = evaluate(real_searcher, PHONE_QUESTIONS)
    assert summary["passed"] >= 0.9 * summary["queries"], [
        (o.q, o.problems) for o in outcomes if not o.ok]
    on_page = [i["q"] for i in PHONE_QUESTIONS
               if set(i["any"]) & {r["id"] for r in shaped(real_searcher, real_corpus,
                                                            i["q"])["results"][:3]}]
    assert len(on_page) >= 0.9 * len(PHONE_QUESTIONS)


def test_the_third_blind_set_finds_its_entry_in_the_top_3(real_searcher, real_corpus):
    """The searcher and the results page each keep nine in ten of the third blind set."""
    from judge.search.shaping import shaped
    outcomes, summary = evaluate(real_searcher, BLIND_3_QUESTIONS)
    assert summary["passed"] >= 0.9 * summary["queries"], [
        (o.q, o.problems) for o in outcomes if not o.ok]
    on_page = [i["q"] for i in BLIND_3_QUESTIONS
               if {a.split("#")[0] for a in i["any"]} & {
                   r["id"] for r in shaped(real_searcher, real_corpus, i["q"])["results"][:3]}]
    assert len(on_page) >= 0.9 * len(BLIND_3_QUESTIONS)


def test_the_lexicons_questions_find_their_entry_in_the_top_3(real_searcher):
    """Today's words and English for the texts' terms (負け, lose, turn, shuffle, copies):
    without the lexicon's rows 18 of 25; a floor of four in five leaves the ranking room."""
    outcomes, summary = evaluate(real_searcher, LEXICON_QUESTIONS)
    assert summary["passed"] >= 0.8 * summary["queries"], [
        (o.q, o.problems) for o in outcomes if not o.ok]


@pytest.mark.parametrize("q", ["デッキがなくなったら負け？", "do I lose when my deck runs out"])
def test_a_games_outcome_in_todays_words_finds_the_rule_that_says_it(real_searcher, q):
    # 負け / lose are names of Gem Chronicle's 敗北 (sources/lexicon): the page that says
    # a player who cannot draw loses (gemchronicle/rule/draw) answers, not a glossary page
    from judge.search.question import concepts
    found, _analysis = concepts(real_searcher.store, q)
    assert any(w.text == "敗北" and g == "gemchronicle" for c in found for w, g in c.words), (
        [(c.label, [(w.text, g) for w, g in c.words]) for c in found])
    top = [h.id for h in real_searcher.search(q, limit=5).hits]
    assert "gemchronicle/rule/draw" in top[:3], top


@pytest.mark.parametrize("item", QUESTIONS, ids=[i["q"] for i in QUESTIONS])
def test_a_question_with_an_answer_never_gets_an_empty_page(real_searcher, item):
    result = real_searcher.search(item["q"])
    assert result.total > 0 and result.hits
    hit = result.hits[0]
    # the page says which of the question's words the passage holds, and which not
    assert hit.matched and set(hit.matched) | set(hit.missing) == set(
        result.question["words"])


def test_the_question_of_the_issue_finds_the_rule_on_card_play(real_searcher):
    result = real_searcher.search("ノードが足りないときにキャラクターを出せますか")
    assert result.total > 0
    assert "ます" in result.question["left_out"] and result.question["asks"]
    assert judge(QUESTIONS[0], result.hits).reciprocal_rank > 0


def test_words_with_spaces_that_no_passage_holds_together_rank_by_how_many_it_holds(
        real_searcher):
    result = real_searcher.search("グレイズ 世界呪符 ハイフン")
    assert result.total > 0
    # (among current revisions: an older one's score is ×0.6, and the page folds it)
    counts = [len(h.matched) for h in result.hits if h.current]
    assert counts == sorted(counts, reverse=True) and counts[0] >= 2


# --- romaji and readings --------------------------------------------------------------

def test_romaji_that_matches_nothing_is_read_as_kana(real_searcher):
    result = real_searcher.search("gureizu")
    assert result.total > 0
    assert any(h.id in ("vision/term/グレイズ", "vision/rule/6.5") for h in result.hits[:3])
    assert "ぐれいず" in result.notice


def test_romaji_with_a_long_vowel_reads_as_katakana(real_searcher):
    hits = real_searcher.search("noodo").hits
    assert hits and "ノード" in hits[0].text


def test_a_kanji_with_the_right_reading_is_corrected(real_searcher):
    result = real_searcher.search("召還")
    assert result.total > 0 and "召喚" in result.notice
    assert all("召喚" in h.text or "召喚" in h.title for h in result.hits)


def test_romaji_words_that_read_as_a_glossary_name_are_that_name(real_searcher):
    # ribaasu + kouka read りばーすこうか, as MeCab reads the lexicon's リバース効果, whose
    # wording the 3rd-edition chapter says (表になったとき); bochi is 墓地 (and 墓場)
    from judge.search.question import concepts, keywords
    store = real_searcher.store
    spaced = keywords(store, ["ribaasu", "kouka"])
    assert [c.label for c in spaced] == ["リバース効果"]
    assert any(w.text == "表になったとき" and g == "yugioh" for w, g in spaced[0].words)
    found, _analysis = concepts(store, "bochi")
    assert [c.label for c in found] == ["墓地"]
    assert any(w.text == "墓場" for w, _g in found[0].words)
    assert real_searcher.search("ribaasu kouka").hits[0].id == "yugioh/rule/flip-effects"
    # a word that matches something, or words apart, are not read together
    assert [c.label for c in keywords(store, ["ribaasu", "monster"])] == ["ribaasu", "monster"]
    assert "リバース効果" not in [c.label for c in concepts(store, "ribaasu, kouka")[0]]


def test_an_english_word_is_not_read_as_romaji(real_searcher):
    from judge.search.question import romaji_kana
    assert romaji_kana("graveyard") == [] and romaji_kana("tribute") == []
    assert "ぐれいず" in romaji_kana("gureizu")


def test_a_word_ending_in_a_lone_consonant_is_not_romaji(real_searcher):
    """jaconv makes a consonant without its vowel a っ: "bat" read ばっ found 18 texts
    of no meaning, "rev" (as in rev:1) 253.  A word that ends (or starts) in one is
    English, so nothing is searched for it; a final n or m is ん and stays romaji."""
    from judge.search.question import romaji_kana
    for word in ("bat", "rev", "set", "deck", "attack", "hit", "cut"):
        assert romaji_kana(word) == [], word
    assert romaji_kana("gem") == ["げん"] and "まな" in romaji_kana("mana")
    assert real_searcher.search("bat").total == 0
    assert "ばっ" not in real_searcher.search("bat").notice


# --- a card's hit is current ----------------------------------------------------------

def test_a_cards_hit_is_its_current_revision(real_searcher):
    result = real_searcher.search("想起「テリブルスーヴニール」")
    card = [h for h in result.hits if h.id == "vision/card/N364"]
    assert card and card[0].current and "?rev=" not in card[0].url
    assert result.hits[0].id == "vision/card/N364"


# --- glossary names in a question -------------------------------------------------------

def test_an_english_name_inflected_is_the_name_with_every_games_wordings(real_searcher):
    from judge.search.question import concepts
    found, analysis = concepts(real_searcher.store, "can I graze against piercing damage")
    pierce = next(c for c in found if c.label == "pierce")
    wordings = {(w.text, game) for w, game in pierce.words}
    # a name two games pair is one concept with both games' wordings
    assert {("貫通", "vision"), ("貫通属性", "gemchronicle")} <= wordings
    assert "against" in analysis.dropped and "piercing" not in analysis.content
    hits = real_searcher.search("can I graze against piercing damage").hits
    assert any(h.id == "vision/rule/6.5" and h.clause == "6.5.2.b" for h in hits[:3])


def test_a_question_whose_words_name_one_game_ranks_that_games_passages_first(
        real_searcher):
    # モンスター is Yu-Gi-Oh!'s word (Gem Chronicle says ユニット): 攻撃, 表示 and ライフ
    # are in both games' clauses
    result = real_searcher.search("攻撃表示のモンスターに攻撃されたらライフは減りますか")
    assert [h.game for h in result.hits[:3]] == ["yugioh"] * 3
    result = real_searcher.search("攻撃表示のユニットに攻撃されたらライフは減りますか")
    assert result.hits[0].game == "gemchronicle"


def test_a_lexicon_name_only_near_the_texts_word_does_not_choose_the_game(real_searcher):
    # 負け is Gem Chronicle's lexicon name for 敗北, marked near (judges say it of one
    # fight too): it is searched, but the game the question is about is モンスター's
    from judge.search.question import concepts
    q = "攻撃表示のモンスターに攻撃されて負けたらライフは減りますか"
    found, _analysis = concepts(real_searcher.store, q)
    near = {c.label: c.near for c in found}
    assert near.get("負け") is True and near.get("モンスター") is False, near
    result = real_searcher.search(q)
    assert [h.game for h in result.hits[:3]] == ["yugioh"] * 3, [
        (h.id, h.clause) for h in result.hits[:5]]


def test_a_name_cut_out_of_a_question_joins_nothing_across_the_cut(real_searcher):
    # 切る is a lexicon name (Gem Chronicle's シャッフル): cut out of デッキを切るのはいつ
    # it left を and の side by side, which MeCab read as one unknown word をの
    from judge.search.question import concepts
    found, analysis = concepts(real_searcher.store, "デッキを切るのはいつ")
    assert sorted(c.label for c in found) == ["デッキ", "切る"], [c.label for c in found]
    assert analysis.asks


def test_a_lexicon_name_that_is_a_verb_is_found_inflected(real_searcher):
    # 倒す and 打つ are names of the texts' 破壊 and プレイ (sources/lexicon): a judge types
    # them inflected (倒しても, 打てる), which no substring of the name matches
    from judge.search.question import concepts
    for text, name, wording, game in (
            ("守備表示モンスターを攻撃して倒しても戦闘ダメージは入らない？", "倒す", "破壊", "yugioh"),
            ("相手のターンにコマンド打てる？", "打つ", "プレイ", "vision")):
        found, _analysis = concepts(real_searcher.store, text)
        concept = next((c for c in found if c.label == name), None)
        assert concept is not None, (text, [c.label for c in found])
        assert any(w.text == wording and g == game for w, g in concept.words), (
            text, [(w.text, g) for w, g in concept.words])


def test_a_question_ranks_the_rules_that_explain_before_cards_holding_its_words(
        real_searcher):
    # 空 ("empty") is in many Vision cards' names and texts and in no rule that explains
    # a direct attack: the cards' passages held one rare word and came before the
    # Yu-Gi-Oh! rule on direct attacks (ダイレクトアタック is its lexicon name)
    for question in ("モンスターゾーンが空ならダイレクトアタックされますか",):
        hits = real_searcher.search(question).hits
        entries = list(dict.fromkeys(h.id for h in hits))
        assert "yugioh/rule/direct-attack" in entries[:5], (question, entries[:5])
        first_card = next(i for i, e in enumerate(entries) if e.startswith("vision/card/"))
        assert first_card > entries.index("yugioh/rule/direct-attack"), (question, entries[:5])


@pytest.mark.parametrize("text, phrase", [
    ("セットしたターン", True), ("アクセラレーションの魔法", True), ("手札に戻る", True),
    ("リバース効果", False), ("禁呪デッキ", False), ("ぐれいず", False), ("2枚目", False),
    ("出せる", False), ("graze", False)])
def test_a_spaced_fragment_of_a_sentence_is_told_from_a_name(text, phrase):
    from judge.search.question import is_phrase
    assert is_phrase(text) is phrase


def test_spaced_fragments_are_searched_by_their_content_words(real_searcher):
    # each spaced fragment had to occur whole (セットしたターン in a row): no passage
    # held both, and the page fell back to passages holding either
    result = real_searcher.search("アクセラレーション セットしたターン")
    assert result.question["words"] == ["アクセラレーション", "セット", "ターン"]
    top = result.hits[0]
    assert (top.id, top.clause) == ("gemchronicle/rule/spell-categories", "acceleration")
    assert not top.missing
