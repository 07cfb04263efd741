"""Card entries: one per card-list line, facts as typed, names resolved to numbers."""
from __future__ import annotations

import json

import pytest
from corpus_testkit import CARD_LIST

from judge.games.vision.importer.cardlist import read_card_list
from judge.games.vision.importer.names import CardIndex
from judge.corpus.importer.sources import read_source

NO_TEXT = "カードテキストはコーパスにありません。"


@pytest.fixture(scope="module")
def records() -> list[dict]:
    return [json.loads(line) for line in CARD_LIST.read_text(encoding="utf-8").splitlines()
            if line.strip()]


@pytest.fixture(scope="module")
def index() -> CardIndex:
    return CardIndex(read_card_list(read_source(CARD_LIST)))


def test_one_entry_per_card_with_the_facts_as_typed(corpus, records):
    cards = {e.id: e for e in corpus if e.game == "vision" and e.kind == "card"}
    assert len(records) == 2223 and len(cards) == len(records)
    for record in records:
        entry = cards[f"vision/card/{record['id']}"]
        assert {k: v for k, v in entry.data.items() if k != "parsed"} == record
        assert NO_TEXT in entry.current.text
        assert entry.current.source["lines"] and str(entry.current.date) == "2022-07-12"


def test_parsed_values_are_only_what_parses(corpus):
    n75 = corpus.get("vision/card/N75").data
    assert n75["cost"] == "0" and n75["parsed"]["cost"] == 0 and "graze" not in n75["parsed"]
    assert n75["parsed"]["keywords"] == ["【自分ターン1枚制限】"]
    modifier = next(e for e in corpus if e.kind == "card" and e.data.get("attack") == "+3")
    assert modifier.data["parsed"]["attack_modifier"] == 3
    assert "attack" not in modifier.data["parsed"]


def test_each_card_carries_its_type_in_the_rules_word(corpus, records):
    """The list types a card in English (Character); seed 004 names the kinds
    キャラクターカード, スペルカード and コマンドカード, and search reads that word from
    ``data.parsed.words`` (written by Vision's importer, not by the search layer)."""
    rules_word = {"Character": "キャラクター", "Spell": "スペル", "Command": "コマンド"}
    cards = {e.id: e for e in corpus if e.game == "vision" and e.kind == "card"}
    counted = {word: 0 for word in rules_word.values()}
    for record in records:
        words = cards[f"vision/card/{record['id']}"].data["parsed"].get("words")
        assert words == [rules_word[record["type"]]], (record["id"], record["type"], words)
        counted[words[0]] += 1
    assert all(counted.values()), counted


@pytest.mark.parametrize("typed", ["No.075", "75", "Ｎｏ．０７５", "N75", "no75"])
def test_card_number_spellings_find_no_075(corpus, typed):
    assert corpus.resolve(typed) == ["vision/card/N75"]


def test_cards_sharing_a_name_stay_distinct(corpus):
    found = corpus.resolve("十六夜 咲夜")
    assert len(found) >= 6 and len(set(found)) == len(found)
    titles = {corpus.get(i).title for i in found}
    assert len(titles) == len(found) and "十六夜 咲夜 (No.027)" in titles
    assert corpus.get("vision/card/N27").data["package"] == ["NO1"]


def test_promo_cards_are_keyed_by_number(corpus):
    p2 = corpus.get("vision/card/P2")
    assert p2.title == "死符「ギャストリドリーム」 (PR.002)"
    assert "PR.002" in p2.aliases and p2.data["parsed"]["name"] == "死符「ギャストリドリーム」"
    assert corpus.resolve("PR.002") == ["vision/card/P2"]


def test_names_resolve_folded_and_by_set(index):
    assert [c.id for c in index.name("河童『お化けキューカンバー』").cards] == ["N203"]
    assert [c.id for c in index.name("ふらわ～戦車／１３弾").cards] == ["N1125"]
    assert [c.id for c in index.name("洩矢 諏訪子／５弾").cards] == ["N330"]
    assert sorted(c.id for c in index.name("ふらわ～戦車").cards) == ["N1125", "N1487", "N667"]
    assert index.name("ノード").cards == ()
    found = list(index.numbered("例えばNo.075 マナの生成のように"))
    assert [(card.id, ok) for _, _, card, ok in found] == [("N75", True)]
    start, end, _, _ = found[0]
    assert "例えばNo.075 マナの生成のように"[start:end] == "No.075 マナの生成"


def test_wiki_links_become_card_links_and_ambiguity_is_said(corpus):
    graze = corpus.get("vision/term/グレイズ")
    new, old = graze.revisions
    assert "[ふらわ～戦車／１３弾](judge:vision/card/N1125)" in new.text
    assert "[河童『お化けキューカンバー』](judge:vision/card/N203)" in new.text
    assert "ふらわ～戦車のような" in old.text and "](judge:vision/card/N667)" not in old.text
    note = next(n for n in old.notes if n["kind"] == "ambiguity")
    for lang in ("ja", "en"):
        assert all(n in note["text"][lang] for n in ("No.667", "No.1125", "No.1487")), lang
    assert {"vision/card/N667", "vision/card/N1125", "vision/card/N1487"} <= set(graze.cards)
    assert {"text": "ノード", "target": "ノード"} in new.meta["unresolved_links"]


def test_card_entries_quote_what_the_sources_say(corpus):
    cucumber = corpus.get("vision/card/N203")
    text = cucumber.current.text
    assert "## 出典での言及" in text and "(judge:vision/term/グレイズ)" in text
    assert "で攻撃されてもグレイズは行えない" in text
    assert "vision/term/グレイズ" in corpus.cited_by("vision/card/N203")
    saigyou = corpus.get("vision/card/N48").current.text
    assert "西行妖、開花…が解決された時点" not in saigyou      # not the other card's sentence
    assert "西行妖自体はプレイされたわけではない" in saigyou


@pytest.mark.parametrize("name", ["スカルライダー", "スカルライダーの復活", "落とし穴",
                                  "光の護封剣", "サンダー・ボルト"])
def test_yugioh_cards_named_in_the_text_have_entries(corpus, name):
    entry = corpus.get(f"yugioh/card/{name}")
    text = entry.current.text
    assert text.startswith(NO_TEXT)
    assert "(judge:yugioh/rule/" in text and entry.id in {
        c for e in corpus if e.game == "yugioh" and e.kind == "rule" for c in e.cards}
    assert all(f"「{name}」" in q or f"『{name}」" in q
               for q in text.split("\n") if q.startswith("> "))
