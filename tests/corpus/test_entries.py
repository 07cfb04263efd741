"""What the import makes of the seeds: revisions, dates, clauses, withdrawals, notes."""
from __future__ import annotations

import re

import pytest
import yaml
from corpus_testkit import PLAY_PAGE, ROOT
from markdown_it import MarkdownIt

# The clause ids of docs/corpus-ids.md (the contract the engine cites).
CLAUSES = {
    "vision/rule/6.5": ["6.5", "6.5.1", "6.5.2", "6.5.2.a", "6.5.2.b", "6.5.3", "6.5.3.a",
                        "6.5.3.b"],
    "vision/rule/card-play": ["card-play.1", "card-play.2", "card-play.3"],
    "vision/rule/play-procedure": [f"play-procedure.{n}" for n in range(1, 8)],
    "vision/rule/play-supplement": [
        "play-supplement", "character.1", "character.2", "character.3", "spell.1", "spell.2",
        "spell.3", "spell.3.I", "spell.3.II", "spell.3.III", "spell.3.IV", "command.1",
        "command.2", "command.3", "command.3.I", "command.3.II", "command.3.III"],
    "yugioh/rule/damage-calculation": ["attack-higher", "attack-equal", "attack-lower",
                                       "defense-higher", "defense-equal", "defense-lower"],
    "yugioh/rule/fusion": ["fusion.2", "fusion.3"],
    "yugioh/rule/flip-effects": ["flip-effects.1", "flip-effects.2"],
    "yugioh/rule/ritual": ["ritual.2"],
    "gemchronicle/rule/attack-types": ["attacker", "shooter", "breaker", "blaster"],
    "gemchronicle/rule/positions": ["attack-vs-attack", "attack-vs-defense", "defense"],
    "gemchronicle/rule/spell-categories": ["chant", "acceleration", "barrier"],
    "gemchronicle/rule/skill-effects": ["break", "burn", "bounce"],
    "gemchronicle/rule/attributes": ["acceleration", "conditional-acceleration", "destroy",
                                     "pierce", "consecutive", "permanent", "stealth",
                                     "charged"],
    "gemchronicle/rule/status-effects": ["freeze-lock", "stun", "burn", "supplement"],
}
GEM_KEYS = """game-flow life-points mana deck forbidden-deck hand draw tactics-phase
battle-phase combat direct-attack field set forbidden-zone battle-zone magic-zone break-zone
field-zone units mana-level attack-types positions effect-damage continuous-damage overlap
skills boost-attack attribute-skills spell-categories skill-effects attributes
status-effects""".split()
YUGIOH_KEYS = ["damage-calculation", "direct-attack", "graveyard", "equip-spells",
               "field-cards", "fusion", "fusion-deck", "flip-effects", "ritual"]
GLOSSARY = ["yugioh/term/裏側守備表示", "yugioh/term/リバース効果", "yugioh/term/リバースモンスター",
            "yugioh/term/モンスターゾーン",
            "vision/term/山札", "vision/term/GRAZE", "vision/term/プレイした物として解決",
            "gemchronicle/term/破壊", "gemchronicle/term/ライフポイント", "gemchronicle/term/LP",
            "gemchronicle/term/ML", "gemchronicle/term/先攻"]
# docs/corpus-ids.md: each row of sources/lexicon/<game>.yaml is <game>/term/<key or term>
LEXICON = [f"{game}/term/{row.get('key') or row['term']}"
           for game in ("gemchronicle", "vision", "yugioh")
           for row in yaml.safe_load((ROOT / "sources" / "lexicon" / f"{game}.yaml")
                                     .read_text("utf-8"))["terms"]]
QA_KEYS = ["QA-021", "QA-041", "QA-108", "QA-110", "QA-326", "QA-337", "QA-341", "QA-346"]


def test_the_entries_of_corpus_ids_exist(corpus):
    wanted = [f"gemchronicle/rule/{k}" for k in GEM_KEYS] + \
        [f"yugioh/rule/{k}" for k in YUGIOH_KEYS] + [f"vision/qa/{k}" for k in QA_KEYS] + \
        ["vision/term/グレイズ", "vision/term/プレイ", "vision/rule/played-card", *CLAUSES,
         *GLOSSARY, *LEXICON]
    assert [w for w in wanted if w not in corpus] == []
    rules = {e.id for e in corpus if e.kind in ("rule", "qa", "term")}
    assert rules == set(wanted)


@pytest.mark.parametrize("entry_id", sorted(CLAUSES))
def test_clause_ids_are_those_of_corpus_ids(corpus, entry_id):
    entry = corpus.get(entry_id)
    assert list(entry.current.clauses) == CLAUSES[entry_id]
    for clause, text in entry.current.clauses.items():
        assert text and "](judge:" not in text and "{#" not in text, (clause, text)


def test_qa_337_keeps_both_answers_with_their_dates(corpus):
    entry = corpus.get("vision/qa/QA-337")
    new, old = entry.revisions
    assert (new.number, str(new.date), new.status) == (2, "2014-04-10", "current")
    assert (old.number, str(old.date), old.status) == (1, "before 2014-04-10", "superseded")
    assert "A．いいえ、出来ません。" in new.text and "はい、できます" not in new.text
    assert "A．はい、できます。" in old.text and "いいえ" not in old.text.split("\n")[2]
    assert "「タイミングが正しく無いカードは発動出来ない」場合" in old.text
    assert any(n["kind"] == "ambiguity" and "発動出来ない" in n["quote"] for n in old.notes)
    assert entry.cards == ["vision/card/N75"]


def test_qa_326_is_withdrawn_with_the_editors_reason(corpus):
    entry = corpus.get("vision/qa/QA-326")
    assert entry.status == "withdrawn"
    gone, kept = entry.revisions
    assert gone.status == "withdrawn" and str(gone.date) == "2014-04-10"
    assert gone.withdrawn_reason == "古いテキスト及びルールでの質問のため削除しました。"
    assert gone.text == ""
    lines = PLAY_PAGE.read_text(encoding="utf-8").split("\n")
    q = next(line for line in lines if line.startswith("-QA-326．"))
    a = lines[lines.index(q) + 1]
    plain = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", kept.text).replace("<br>", "&br()")
    assert q[1:] in plain and a[1:] in plain
    assert str(kept.date) == "before 2014-04-10"


def test_unchanged_qa_is_one_revision_standing_in_both_copies(corpus):
    entry = corpus.get("vision/qa/QA-021")
    assert len(entry.revisions) == 1
    rev = entry.current
    assert str(rev.date) == "before 2014-04-10" and rev.status == "current"
    assert rev.meta["unchanged_in"]["date"] == "2014-04-10"


def test_q346_keeps_its_printed_spelling(corpus):
    entry = corpus.get("vision/qa/QA-346")
    assert entry.aliases[:2] == ["Q346", "QA-346"]
    assert entry.current.text.startswith("Q346．")
    assert any(n["quote"] == "Q346" and n["correct_reading"] == "QA-346"
               for n in entry.current.notes)


def test_graze_rule_has_the_rulebook_text_then_the_comprehensive_rules(corpus):
    entry = corpus.get("vision/rule/6.5")
    cr, rulebook = entry.revisions
    assert str(rulebook.date) == "2008-06-09" and rulebook.source["page"] == "P40"
    assert "Ver.2.0" in rulebook.source["document"]
    assert list(rulebook.clauses) == ["graze"]
    assert rulebook.clauses["graze"].startswith("プレイヤーが相手キャラクターからの攻撃を受け、")
    assert rulebook.clauses["graze"].endswith("任意に枚数を減らす事や増やすことは出来ない。")
    assert str(cr.date) == "2013-01-27" and "総合ルール" in cr.source["document"]
    assert cr.clauses["6.5.2.b"] == "6.5.2.b 貫通のダメージではない。"


def test_play_procedure_step_3_changed(corpus):
    entry = corpus.get("vision/rule/play-procedure")
    new, old = entry.revisions
    assert old.clauses["play-procedure.3"] == "３．手札からプレイするカードを公開する。"
    assert new.clauses["play-procedure.3"] == "３．手札からプレイするカードを抜き出し、プレイエリアに表向きで置く。"
    assert {k: v for k, v in new.clauses.items() if k != "play-procedure.3"} == \
        {k: v for k, v in old.clauses.items() if k != "play-procedure.3"}
    assert new.editor_comments and "プレイエリアのみ追加" in new.editor_comments[0]
    assert not old.editor_comments


def test_played_card_changed_its_zone_wording(corpus):
    new, old = corpus.get("vision/rule/played-card").revisions
    assert "「プレイエリア」に属するものとして扱われます。" in old.text
    assert "「プレイエリア」に置かれます。" in new.text


def test_term_pages_have_both_revisions_and_no_wiki_markup(corpus):
    for title, day in (("グレイズ", "2013-01-27"), ("プレイ", "2014-04-10")):
        entry = corpus.get(f"vision/term/{title}")
        assert [str(r.date) for r in entry.revisions] == [day, f"before {day}"]
        for rev in entry.revisions:
            for markup in ("''", "[[", "&br()", "&strong", "&u(", "#co(", "//"):
                assert markup not in rev.text, (entry.id, rev.number, markup)
    assert "vision/rule/6.5" in corpus.get("vision/term/グレイズ").cites
    assert set(corpus.get("vision/term/プレイ").cites) >= {
        "vision/rule/play-procedure", "vision/qa/QA-337", "vision/qa/QA-326"}


def test_markdown_renders_without_stray_markup(corpus):
    md = MarkdownIt("commonmark", {"html": True})
    for entry in corpus:
        for rev in entry.revisions:
            html = md.render(re.sub(r"\{#[^}\s]+\}\s?", "", rev.text))
            assert "**" not in html and "''" not in html, (entry.id, rev.number)
            assert "[[" not in html and "](judge:" not in html, (entry.id, rev.number)


# Editor's notes the seeds need (issue 2): entry, words concerned, kind.
NEEDED_NOTES = [
    ("yugioh/rule/damage-calculation", "攻撃を受けた相手プレイヤーのライフポイントかち引かれます",
     "contradiction"),
    ("yugioh/rule/damage-calculation", "かち引かれます", "transcription-error"),
    ("yugioh/rule/ritual", "降的", "transcription-error"),
    ("yugioh/rule/ritual", "際臨", "transcription-error"),
    ("yugioh/rule/ritual", "棒げる", "transcription-error"),
    ("yugioh/rule/ritual", "2. フィールド上か手札から", "transcription-error"),
    ("yugioh/rule/flip-effects", "ます守備表示", "transcription-error"),
    ("yugioh/rule/fusion", "以下、融合の手順", "transcription-error"),
    ("yugioh/rule/fusion", "モンスタC", "transcription-error"),
    ("gemchronicle/rule/game-flow", "後攻へ後退", "transcription-error"),
    ("gemchronicle/rule/mana", "増加数", "ambiguity"),
    ("vision/qa/QA-341", "除外されいる", "transcription-error"),
    ("vision/qa/QA-346", "Q346", "transcription-error"),
]


@pytest.mark.parametrize("entry_id,words,kind", NEEDED_NOTES)
def test_editors_note_is_attached_and_the_text_kept(corpus, entry_id, words, kind):
    entry = corpus.get(entry_id)
    notes = [n for rev in entry.revisions for n in rev.notes
             if words in n["quote"] and n["kind"] == kind]
    assert notes, f"no {kind} note on {words!r} in {entry_id}"
    assert any(words in re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", rev.text)
               for rev in entry.revisions), "the cited text must stay as it was"
    for note in notes:
        assert set(note) >= {"kind", "text", "correct_reading", "basis"}
        assert set(note["text"]) == {"ja", "en"} and set(note["basis"]) == {"ja", "en"}


def test_attack_lower_note_gives_the_correct_reading(corpus):
    rev = corpus.get("yugioh/rule/damage-calculation").current
    note = next(n for n in rev.notes if n["kind"] == "contradiction")
    assert note["clause"] == "attack-lower"
    assert "攻撃を仕掛けたプレイヤーのライフポイントから引かれます" in note["correct_reading"]
    assert "public facts" in note["basis"]["en"] and "公開されている事実" in note["basis"]["ja"]
    assert "相手プレイヤーのライフポイントかち引かれます" in rev.clauses["attack-lower"]


def test_every_revision_has_a_date_and_a_source(corpus):
    for entry in corpus:
        assert entry.revisions
        for rev in entry.revisions:
            assert rev.date is not None and rev.source.get("file"), (entry.id, rev.number)
            assert rev.source.get("document") and rev.source.get("lines")
