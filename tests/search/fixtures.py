"""A small corpus written with the corpus's own writer, from the seeds' text.

Used by the tests that must not depend on the generated corpus/ (analysis, index
lifecycle, the query language, bad input).  Texts are quoted from sources/seeds.
"""
from __future__ import annotations

import json
from pathlib import Path

from judge.corpus import Entry, Revision, RevisionDate, render_entry, write_atomic
from judge.corpus.store import entry_path

CARDS = Path(__file__).resolve().parents[2] / "sources" / "data" / "vision-cards.jsonl"
WIKI_GRAZE = {"document": "000", "page": "グレイズ"}
WIKI_PLAY = {"document": "004", "page": "プレイ"}


def rev(number, day, text, source=None, status="current", before=False, **kw):
    return Revision(number=number, date=RevisionDate.parse(day, before) if day else None,
                    source=source or {"document": "test"}, text=text, status=status, **kw)


def entries() -> list[Entry]:
    out = [
        Entry("vision/rule/6.5", "vision", "rule", "6.5", "グレイズ", [
            rev(2, "2013-01-27", "\n".join([
                "{#6.5} グレイズ",
                "{#6.5.1} グレイズとは、攻撃により戦闘ダメージを受けたプレイヤーが行うことが出来る処理である。",
                "{#6.5.2} グレイズは以下の条件を満たしたプレイヤーが、戦闘の解決で指定されたタイミングで処理する。",
                "{#6.5.2.a} 相手プレイヤーの場のキャラクターから１以上の戦闘ダメージを受けた。",
                "{#6.5.2.b} 貫通のダメージではない。",
                "{#6.5.3} グレイズは以下の手順に従って処理する。",
                "{#6.5.3.a} グレイズを行うかどうか選択する。行わない場合、グレイズの処理を終了する。",
                "{#6.5.3.b} 自分のデッキの上からＸ枚をスリープ状態で自分のノードに加える。Ｘは戦闘ダメージを発生させた相手キャラクターのグレイズの値に等しい。",
            ]), WIKI_GRAZE, status="current"),
            rev(1, "2008-06-09", "{#graze} プレイヤーが相手キャラクターからの攻撃を受け、１以上の戦闘ダメージを受けた場合、グレイズを行うことが出来る。但し、「貫通」によるダメージではグレイズを行う事は出来ない。グレイズを行う場合、自分の山札の上のカードＸ枚をスリープ状態で自分のノードに加える。",
                WIKI_GRAZE, status="superseded"),
        ]),
        Entry("vision/term/グレイズ", "vision", "term", "グレイズ", "グレイズ", [
            rev(2, "2013-01-27", "プレイヤーがキャラクターから直接攻撃を受けたときに、攻撃を受けたプレイヤーはそのキャラクターの「グレイズ」の値だけ、デッキの上のカードをスリープ状態でノードに加えることが出来る。\n\n[ふらわ～戦車／１３弾](judge:vision/card/ふらわ～戦車)のような戦闘ダメージを効果ダメージとして扱うキャラクターに攻撃された際もグレイズを行えない。", WIKI_GRAZE),
            rev(1, "2013-01-27", "グレイズは行うか行わないかの二択である。[ふらわ～戦車](judge:vision/card/ふらわ～戦車)", WIKI_GRAZE, before=True, status="superseded"),
        ], aliases=["GLAZE"]),
        Entry("vision/qa/QA-337", "vision", "qa", "QA-337", "QA-337", [
            rev(2, "2014-04-10", "**Q.** 「プレイしたものとして解決する」効果で、例えばNo.075 マナの生成のように使用出来るターンや枚数、条件などの制限があるカードは、その制限を無視できますか？\n\n**A.** いいえ、出来ません。", WIKI_PLAY),
            rev(1, "2014-04-10", "**Q.** 「プレイしたものとして解決する」効果で、例えばNo.075 マナの生成のように使用出来るターンや枚数、条件などの制限があるカードは、その制限を無視できますか？\n\n**A.** はい、できます。", WIKI_PLAY, before=True, status="superseded"),
        ], cards=["vision/card/N75"]),
        Entry("vision/qa/QA-326", "vision", "qa", "QA-326", "QA-326", [
            rev(1, "2014-04-10", "**Q.** No.689 古明地 さとりの常時効果で、解決後場に残るカードの場合、解決後に破棄されますか？\n\n**A.** プレイしたものとして解決する効果が解決された場合、直前に受けていた決死状態や破棄、除外する効果は無効になります。", WIKI_PLAY, before=True, status="withdrawn"),
        ], status="withdrawn"),
        Entry("vision/qa/QA-346", "vision", "qa", "QA-346", "QA-346", [
            rev(1, "2014-04-10", "**Q.** 裏向きのカードに対して「プレイしたものとして解決する」効果が適用される場合、解決に失敗しますか？\n\n**A.** いいえ、そのカードの表側を参照し、表側の効果をプレイしたものとして解決します。", WIKI_PLAY),
        ]),
        Entry("vision/term/プレイ", "vision", "term", "プレイ", "プレイ", [
            rev(1, "2014-04-10", "「カードやキャラクターの効果以外で」手札から直接カードを使用すること。VISIONにおける「プレイ」とは、コストを支払い手札から直接カードを使用することを指す。", WIKI_PLAY),
        ]),
        Entry("yugioh/rule/damage-calculation", "yugioh", "rule", "damage-calculation",
              "ダメージの判定", [
            rev(1, None, "\n".join([
                "デュエル中に戦闘したモンスターのダメージは、以下の公式ルールに基づいて判定します。",
                "",
                "{#attack-equal} 攻撃を仕掛けたプレイヤー側モンスターの攻撃力と、攻撃を受けた敵モンスターの攻撃力が同じ場合は、相打ちとなります。",
                "",
                "{#defense-lower} 攻撃を仕掛けたプレイヤー側モンスターの攻撃力が攻撃を受けた敵モンスターの守備力より低い場合、どちらのモンスターもダメージに影響はありません。",
            ]), {"document": "001"}),
        ]),
        Entry("gemchronicle/rule/mana", "gemchronicle", "rule", "mana", "マナ", [
            rev(1, None, "マナ： [初期値：１２］ ターン開始時のみ増加数[２］で始まり２ターン目から[４］を得て", {"document": "002"}),
        ]),
    ]
    rows = [json.loads(line) for line in CARDS.read_text(encoding="utf-8").splitlines()]
    wanted = {"N75", "N1", "N2", "N3", "N364", "N689", "P1"}
    for row in rows:
        if row["id"] in wanted:
            data = {k: v for k, v in row.items() if k not in ("id",)}
            data["number"] = data.pop("no")
            out.append(Entry(f"vision/card/{row['id']}", "vision", "card", row["id"],
                             row["name"], [rev(1, None, "", {"document": "vision-cards"})],
                             data=data))
    return out


def write_corpus(root: Path) -> Path:
    """Write the sample corpus under ``root`` and return it."""
    for e in entries():
        write_atomic(entry_path(root, e.id), render_entry(e))
    return root
