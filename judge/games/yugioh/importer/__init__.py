"""Yu-Gi-Oh! OCG rulebook, 3rd edition, chapter 2 (戦闘上のルール) as rule entries.

Keys and clause ids follow docs/corpus-ids.md.  The chapter is a transcription with
errors (the attack-lower clause charges the wrong player, かち for から, 降的/際臨 for
降臨, 棒げる for 捧げる, ます for まず, the fusion and ritual procedures start at step 2,
モンスタC): the text stays as cited and each error gets an editor's note.  The cards it
names get card entries holding only what the chapter says of them.
"""
from __future__ import annotations

import re
from datetime import date

from judge.corpus.model import RevisionDate, plain_text

from judge.corpus.importer.cards import finish_cards
from judge.corpus.importer.drafts import Draft, Mention, apply_notes, make_entry, md_link, \
    revision
from judge.corpus.importer.plugins import SourceKind
from judge.corpus.importer.sources import SourceFile
from judge.corpus.importer.plaindoc import Document, Part, RuleSpec, build
from judge.i18n.bilingual import both

from .notes import NOTES

# The seed gives no date.  It is known only to have stood when the seeds were
# collected for this project (the files are dated 2026-11-29).
COLLECTED = RevisionDate(date(2026, 11, 29), before=True)
DATE_BASIS = both("出典に日付がない。この本文は、このプロジェクトのために資料を集めた日"
                  "（2026-11-29）に載っていたことだけがわかっている",
                  "the source gives no date; the text is known to have stood when the seed "
                  "was collected for this project (2026-11-29)")
SECTION_DAMAGE = "ダメージの判定"
SECTION_SPECIAL = "魔法＆特殊モンスターカードについて"

PARTS = [
    Part(None, "公式ルールブック、第３版"),          # the document's title line
    Part("damage-calculation", "ダメージの判定"),
    Part("direct-attack", "デュエルフィールドに敵のモンスターカードが出ていなければ"),
    Part("graveyard", "また、戦闘で破壊されたモンスターカード"),
    Part("equip-spells", "魔法＆特殊モンスターカードについて"),
    Part("field-cards", "魔法カードの中には地形を変化させるカード"),
    Part("fusion", "融合とは"),
    Part("fusion-deck", "融合デッキとは"),
    Part("fusion", "3. 融合に使用した"),
    Part("flip-effects", "モンスターでありながら魔法のような効果"),
    Part("ritual", "通常のモンスターの召喚と違い"),
    Part(None, "Comments"),                          # the blog's comment box
]
HIGHER, EQUAL, LOWER = "より高い", "が同じ", "より低い"
ATTACKER = "攻撃を仕掛けたプレイヤー側モンスターの攻撃力"
SPECS = [
    RuleSpec("damage-calculation", "ダメージの判定", SECTION_DAMAGE, (
        ("ダメージの判定", "h2"), ("・・・", "skip"),
        ("1. 敵モンスターが攻撃表示の場合", "h3"), ("- 自分の攻撃力", "h4"),
        (f"{ATTACKER}が攻撃を受けた敵モンスターの攻撃力{HIGHER}", "clause:attack-higher"),
        (f"{ATTACKER}と、攻撃を受けた敵モンスターの攻撃力{EQUAL}", "clause:attack-equal"),
        (f"{ATTACKER}が攻撃を受けた敵モンスターの攻撃力{LOWER}", "clause:attack-lower"),
        ("プレイヤーが攻撃を仕掛けた敵モンスターが守備表示だった場合", "para"),
        (f"{ATTACKER}が攻撃を受けた敵モンスターの守備力{HIGHER}", "clause:defense-higher"),
        (f"{ATTACKER}と攻撃を受けた敵モンスターの守備力{EQUAL}", "clause:defense-equal"),
        (f"{ATTACKER}が攻撃を受けた敵モンスターの守備力{LOWER}", "clause:defense-lower"),
    )),
    RuleSpec("direct-attack", "直接攻撃（敵モンスターがいない場合）", SECTION_DAMAGE),
    RuleSpec("graveyard", "墓地（破壊されたカードと使用した魔法カード）", SECTION_DAMAGE),
    RuleSpec("equip-spells", "モンスターを強化する魔法カード", SECTION_SPECIAL,
             (("魔法＆特殊モンスターカードについて", "h2"),)),
    RuleSpec("field-cards", "フィールドカード", SECTION_SPECIAL),
    RuleSpec("fusion", "融合", SECTION_SPECIAL, (
        ("以下、融合の手順", "para"), ("2. モンスターAとモンスターB", "clause:fusion.2"),
        ("3. 融合に使用した", "clause:fusion.3"), ("融合モンスターカードは、そのままでは", "para"))),
    RuleSpec("fusion-deck", "融合デッキ", SECTION_SPECIAL),
    RuleSpec("flip-effects", "効果モンスター（表になったときの効果）", SECTION_SPECIAL, (
        ("・・・", "skip"), ("1. 自分の意志に関係なく", "clause:flip-effects.1"),
        ("2. 自分の意志で効果を発動したい", "clause:flip-effects.2"),
        ("その他にも", "para"))),
    RuleSpec("ritual", "儀式モンスター", SECTION_SPECIAL, (
        ("- 「スカルライダー", "item"), ("さらに儀式には", "para"),
        ("2. フィールド上か手札から", "clause:ritual.2"))),
]
DOCUMENT = Document(
    game="yugioh",
    source={"document": "遊戯王OCG 公式ルールブック 第３版",
            "chapter": "第２章 戦闘上のルール"},
    parts=PARTS, specs=SPECS, when=COLLECTED, date_basis=DATE_BASIS,
    phrases={"融合デッキ": "fusion-deck", "墓地": "graveyard", "墓場": "graveyard",
             "融合モンスター": "fusion", "儀式モンスター": "ritual",
             "ダメージの判定": "damage-calculation"})

# The cards the chapter names, and what it calls them where it says.  The brackets
# around them are mismatched in places (『落とし穴」), so either kind is accepted.
CARDS = {"スカルライダー": "儀式モンスターカード", "スカルライダーの復活": "魔法・儀式カード",
         "光の護封剣": None, "サンダー・ボルト": None, "落とし穴": None}
NAMED = re.compile("([「『])(" + "|".join(sorted(map(re.escape, CARDS), key=len,
                                                 reverse=True)) + ")([」』])")


def card_entry_id(name: str) -> str:
    return f"yugioh/card/{name}"


def _link(line: str) -> str:
    return NAMED.sub(lambda m: m.group(1) + md_link(m.group(2), card_entry_id(m.group(2)))
                     + m.group(3), line)


def import_yugioh(src: SourceFile) -> dict[str, Draft]:
    """The chapter's rule entries and the card entries of the cards it names."""
    drafts = build(DOCUMENT, src, linker=_link)
    apply_notes(drafts, NOTES, str(src.path))
    named: dict[str, list[int]] = {}
    for n, line in enumerate(src.lines, 1):
        for m in NAMED.finditer(line):
            named.setdefault(m.group(2), []).append(n)
    for draft in drafts.values():
        rev = draft.entry.current
        found = [m.group(2) for m in NAMED.finditer(plain_text(rev.text))]
        for name in dict.fromkeys(found):
            draft.mentions.append(Mention(rev.number, name, (card_entry_id(name),),
                                          pattern=f"[「『]{re.escape(name)}[」』]"))
        draft.entry.cards = list(dict.fromkeys(c for m in draft.mentions for c in m.cards))
    for name, called in CARDS.items():
        if name not in named:
            raise src.error(f"the card 「{name}」 the importer expects is not named in the "
                            "chapter")
        source = dict(DOCUMENT.source, section="章で名前の挙がるカード", file=src.name,
                      lines=", ".join(str(n) for n in named[name]))
        rev = revision(1, COLLECTED, source, "", meta={"date_basis": DATE_BASIS})
        entry = make_entry(card_entry_id(name), name, [rev],
                           data={"described_as": called} if called else {})
        drafts[entry.id] = Draft(entry, {src.name})
    return drafts


class YugiohImporter:
    """The rulebook chapter (公式ルールブック、第３版・第２章), one source, read whole."""

    kinds = (SourceKind(
        "yugioh", "the Yu-Gi-Oh! rulebook chapter (公式ルールブック、第３版 ・第２章)",
        lambda path, head, lines: head.startswith("公式ルールブック") and "第２章" in head,
        once=True),)

    @property
    def game(self):
        from judge.corpus.games import GameInfo

        from .. import YugiohGame
        return GameInfo(YugiohGame.name, dict(YugiohGame.titles), YugiohGame.aliases)

    def build(self, sources: dict[str, list[SourceFile]]) -> dict[str, Draft]:
        """The chapter's rule entries, and its cards with what the rules say of them."""
        drafts: dict[str, Draft] = {}
        for src in sources.get("yugioh", []):
            found = import_yugioh(src)
            rules = {k: d for k, d in found.items() if "/rule/" in k}
            cards = {k: d for k, d in found.items() if "/card/" in k}
            finish_cards(cards, rules)
            drafts.update(found)
        return drafts


IMPORTER = YugiohImporter()
