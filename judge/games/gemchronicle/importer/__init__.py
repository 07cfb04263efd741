"""Gem Chronicle (ジェムクロニクル) 調律儀式ルール: the rules page as rule entries.

Keys and clause ids follow docs/corpus-ids.md; the board diagram of the page stays in
the game flow, under whose heading it stands.  The page's navigation and footer are
dropped.  Errors and ambiguities (後攻へ後退 for 交代, the mana schedule, …) get
editor's notes; the text stays as cited.
"""
from __future__ import annotations

from datetime import date

from judge.corpus.model import RevisionDate

from judge.corpus.importer.drafts import Draft, Note, apply_notes
from judge.corpus.importer.plaindoc import Document, Part, RuleSpec, build
from judge.corpus.importer.plugins import SourceKind
from judge.corpus.importer.sources import SourceFile
from judge.i18n.bilingual import both

COLLECTED = RevisionDate(date(2026, 11, 29), before=True)
DATE_BASIS = both(
    "ページにはルールの日付がない（末尾の表記は Copyright (C) 2007）。この本文は、このプロジェクト"
    "のために資料を集めた日（2026-11-29）に載っていたことだけがわかっている",
    "the page gives no date of its rules (its footer says Copyright (C) 2007); the text is "
    "known to have stood when the seed was collected for this project (2026-11-29)")
URL = "https://lunaarchive.sakuraweb.com/gemmetutelaire/accordage-rituel.html"

# (key, title, first words of its first line, layout roles); a role prefix ending in
# "$" must match the whole line.
TABLE = [
    # The board diagram of the page stands under the game flow's heading.
    ("game-flow", "ゲームの流れ", "≪ゲームの流れ≫", (("≪ゲームの流れ≫", "h2"),
                                                   ("マジックゾーン$", "pre"))),
    ("life-points", "LP（ライフポイント）", "LP（ライフポイント）", ()),
    ("mana", "マナ", "マナ：", ()),
    ("deck", "デッキ", "デッキ：", ()),
    ("forbidden-deck", "禁呪デッキ", "禁呪デッキ：", ()),
    ("hand", "手札", "手札：", ()),
    ("draw", "ドロー", "ドローについて：", ()),
    ("tactics-phase", "タクティクスフェイズ", "タクティクスフェイズ：", ()),
    ("battle-phase", "調律（バトル）フェイズ", "調律（バトル）フェイズ：", ()),
    ("combat", "戦闘", "戦闘について：", ()),
    ("direct-attack", "ダイレクトアタック", "ダイレクトアタック：", ()),
    ("field", "フィールド", "フィールドについて：", ()),
    ("set", "セット", "セットについて：", ()),
    ("forbidden-zone", "禁呪ゾーン", "禁呪ゾーン：", ()),
    ("battle-zone", "バトルゾーン", "バトルゾーン：", ()),
    ("magic-zone", "マジックゾーン", "マジックゾーン：", ()),
    ("break-zone", "ブレイクゾーン", "ブレイクゾーン：", ()),
    ("field-zone", "フィールドゾーン", "フィールドゾーン：", ()),
    ("units", "ユニット", "ユニットについて：", ()),
    ("mana-level", "ML（マナレベル）", "ML(マナレベル)：", ()),
    ("attack-types", "ユニットの攻撃タイプ", "ユニットの攻撃タイプについて：", (
        ("ATK TYPE：アタッカー", "clause:attacker"), ("ATK TYPE：シューター", "clause:shooter"),
        ("ATK TYPE：ブレイカー", "clause:breaker"), ("ATK TYPE：ブラスター", "clause:blaster"))),
    ("positions", "各ユニットの表示形式", "各ユニットの表示形式について：", (
        ("攻撃表示$", "h4"), ("守備表示$", "h4"),
        ("→相手ユニットを指定してATKの数値で攻撃", "clause:attack-vs-attack"),
        ("→相手ユニットが守備表示だった場合", "clause:attack-vs-defense"),
        ("→相手ユニットからの攻撃をDEFの数値で防御", "clause:defense"))),
    ("effect-damage", "効果ダメージ", "効果ダメージについて：", ()),
    ("continuous-damage", "継続ダメージ", "継続ダメージについて：", ()),
    ("overlap", "重複した場合", "重複した場合について：", ()),
    ("skills", "スキルの系統", "各スキルの系統について：", (
        ("アクティブスキル$", "h4"), ("パッシブスキル$", "h4"), ("魔法カードのスキルは", "para"))),
    ("boost-attack", "ブーストアタック", "ブーストアタックについて：", ()),
    ("attribute-skills", "属性スキル、属性特性、属性耐性", "各種属性スキル、属性特性、属性耐性について：",
     ()),
    ("spell-categories", "魔法（スペルカテゴリー）", "魔法について：", (
        ("スペルカテゴリー：詠唱", "clause:chant"),
        ("スペルカテゴリー：アクセラレーション", "clause:acceleration"),
        ("スペルカテゴリー：結界", "clause:barrier"))),
    ("skill-effects", "スキル効果", "各種スキル効果について：", (
        ("ブレイク$", "clause:break"), ("バーン$", "clause:burn"), ("バウンス$", "clause:bounce"))),
    ("attributes", "追加属性、付与効果", "各種追加属性、付与効果について：", (
        ("アクセラレーション属性$", "clause:acceleration"),
        ("[条件／アクセラレーション属性］", "clause:conditional-acceleration"),
        ("破壊属性$", "clause:destroy"), ("貫通属性$", "clause:pierce"),
        ("連続攻撃$", "clause:consecutive"), ("永続効果$", "clause:permanent"),
        ("ステルス$", "clause:stealth"), ("ステルス発動中は表示形式", "cont"),
        ("帯電$", "clause:charged"))),
    ("status-effects", "状態異常", "各種状態異常について：", (
        ("凍結ロック$", "clause:freeze-lock"), ("スタン$", "clause:stun"),
        ("燃焼$", "clause:burn"), ("【各種状態異常についての補足", "clause:supplement"))),
]
# Headings of the page: the line that opens each entry ("…について：") starts it as a
# paragraph of its own; the flow keeps its line breaks, the board is a diagram.
SPECS = [RuleSpec(key, title, start.rstrip("：") if start.endswith("：") else title,
                  roles=((start, "para"),) + roles if start.endswith("：") else roles,
                  breaks=key == "game-flow")
         for key, title, start, roles in TABLE]
PARTS = [Part(None, "≪NAVI≫")] + [Part(key, start) for key, _, start, _ in TABLE] + \
    [Part(None, "サイトトップへ戻る")]
PHRASES = {"継続ダメージ": "continuous-damage", "効果ダメージ": "effect-damage",
           "ブレイクゾーン": "break-zone", "禁呪デッキ": "forbidden-deck",
           "禁呪ゾーン": "forbidden-zone", "マジックゾーン": "magic-zone",
           "バトルゾーン": "battle-zone", "フィールドゾーン": "field-zone",
           "マナフェイズ": "mana", "マナレベル": "mana-level", "ドローフェイズ": "draw",
           "タクティクスフェイズ": "tactics-phase", "調律（バトル）フェイズ": "battle-phase",
           "アクティブスキル": "skills", "パッシブスキル": "skills",
           "スペルカテゴリー": "spell-categories", "表示形式": "positions",
           "アクセラレーション属性": "attributes", "スタン状態": "status-effects"}
DOCUMENT = Document(
    game="gemchronicle",
    source={"document": "ジェムクロニクル 調律儀式ルール (Luna library)", "url": URL},
    parts=PARTS, specs=SPECS, when=COLLECTED, date_basis=DATE_BASIS, phrases=PHRASES)

NOTES = [
    Note("gemchronicle/rule/game-flow", "後攻へ後退", "transcription-error",
         both("「後退」は「交代」の誤植。ターンが後攻のプレイヤーに移る。",
              "後退 (retreat) is a misprint of 交代 (change): the turn passes to the second "
              "player."),
         "後攻へ交代",
         both("公開されている事実（ジェムクロニクル）：「後攻へ後退」は「交代」の誤記",
              "public facts (Gem Chronicle): 後攻へ後退 is a typo for 交代")),
    Note("gemchronicle/rule/game-flow", "[先行］", "transcription-error",
         both("ここでもバトルフェイズでも、先に始めるプレイヤー（先攻）を「先行」と書いているが、"
              "同じページはもう一方を「後攻」と書いている。かっこはページ全体で組が合っていない"
              "（[ と ］）。",
              "先行 is used for the first player (先攻), here and in the battle phase; the same "
              "page says 後攻 for the second player. The brackets are mismatched ([ and ］) "
              "throughout the page."),
         "[先攻]", both("先攻と後攻の対", "the pairing 先攻/後攻")),
    Note("gemchronicle/rule/mana", "ターン開始時のみ増加数[２］で始まり", "ambiguity",
         both("マナの増え方は二通りに読める。マナフェイズごとの増加数が増えていく（最初のターンは"
              "2、次は4、以後マナフェイズごとに4ずつ増え、1回12まで：増加上限：１２）とも、最初に"
              "2増えたあとは毎回4ずつ増えるとも読める。また［初期値：１２］は、プレイヤーが最初に"
              "持つマナとも、増加数の上限とも読める。最初からマナが12あるなら、フィールドゾーンの"
              "条件（マナが１２以上となった時）はすぐに満たされてしまう。",
              "The schedule can be read two ways: the gain per mana phase grows (2 on the first "
              "turn, 4 on the second, then 4 more each mana phase, up to 12 a phase: 増加上限："
              "１２), or the gain is 4 each mana phase after a first gain of 2; and the initial "
              "value [初期値：１２］ may be the mana a player starts with or the cap of the gain. "
              "The field zone's condition (マナが１２以上となった時) would hold at once if a "
              "player started with 12."),
         None,
         both("このページだけ。これ以上のことは公開されていない（公開されている事実：ジェム"
              "クロニクル）",
              "the page alone; nothing beyond it is public (public facts: Gem Chronicle)")),
    Note("gemchronicle/rule/field-zone", "自身のマナフェイズにマナが１２以上となった時", "ambiguity",
         both("初期値の12を最初のマナと読むと（マナの項を参照）、この条件は最初のマナフェイズで"
              "満たされる。ページは初期値が最初のマナかどうかを言っていない。",
              "With the initial mana of 12 (see the mana entry) this condition would hold at the "
              "first mana phase; the page does not say whether the initial value is the starting "
              "mana."),
         None, both("マナの項（gemchronicle/rule/mana）", "gemchronicle/rule/mana")),
    Note("gemchronicle/rule/positions", "超えていなかった場合はこちらがブレイクされ超過ダメージを"
         "ライフに受けてしまいますが、そのユニットに継続ダメージとして与えられます。", "ambiguity",
         both("ブレイクされるのは攻撃した側なのに、守備側のユニットに継続ダメージとして何を与える"
              "のか（おそらく攻撃した側の攻撃力）が書かれていない。",
              "It does not say what is given to the defending unit as continuous damage (the "
              "attacker's ATK, presumably) although the attacker is the one broken."),
         None,
         both("攻撃対守備の場合（超えていなかった場合は自身のライフに超過ダメージを受けますが継続"
              "ダメージを与え）",
              "the attack-vs-defense case (超えていなかった場合は自身のライフに超過ダメージを受けます"
              "が継続ダメージを与え)"), clause="attack-vs-attack"),
    Note("gemchronicle/rule/attack-types", "反撃ダメージ", "ambiguity",
         both("反撃ダメージはページのどこにも定義がない。ポジションの項は、攻撃した側がブレイク"
              "されて超過ダメージを受けることを述べており、シューターやブラスターが受けないのは"
              "これだと読む。",
              "反撃ダメージ (counter damage) is not defined on the page; the positions entry "
              "speaks of the attacker being broken and taking excess damage, which is read as "
              "what a shooter or blaster does not receive."),
         None, both("ポジションの項（gemchronicle/rule/positions）", "gemchronicle/rule/positions")),
    Note("gemchronicle/rule/skills", "エキストラスキル", "ambiguity",
         both("エキストラスキルはここで名前が出るだけで、ページには定義がない。",
              "エキストラスキル is named here only; the page does not define it."),
         None, both("このページだけ", "the page alone")),
    Note("gemchronicle/rule/status-effects", "残りの継続フェイズの数値分", "ambiguity",
         both("継続フェイズには定義がない。状態異常の残りのターン数（またはマナフェイズの数）の"
              "ことと思われる（凍結ロックは「指定されたターンの間」続く）。",
              "継続フェイズ is not defined; the remaining number of turns (or mana phases) of the "
              "status seems meant (凍結ロック lasts 指定されたターンの間)."),
         None, both("凍結ロックの項（指定されたターンの間）",
                    "the freeze-lock clause (指定されたターンの間)"), clause="supplement"),
]


def import_gemchronicle(src: SourceFile) -> dict[str, Draft]:
    """The page's rule entries, with their editor's notes."""
    drafts = build(DOCUMENT, src)
    apply_notes(drafts, NOTES, str(src.path))
    return drafts


class GemChronicleImporter:
    """The rules page (≪NAVI≫ ジェムクロニクル … 調律儀式ルール), one source."""

    kinds = (SourceKind(
        "gemchronicle", "the Gem Chronicle rules page (≪NAVI≫ ジェムクロニクル … 調律儀式ルール)",
        lambda path, head, lines: "ジェムクロニクル" in head
        and any("調律儀式ルール" in line for line in lines[:12]),
        once=True),)

    @property
    def game(self):
        from judge.corpus.games import GameInfo

        from .. import GemChronicleGame
        return GameInfo(GemChronicleGame.name, dict(GemChronicleGame.titles),
                        GemChronicleGame.aliases)

    def build(self, sources: dict[str, list[SourceFile]]) -> dict[str, Draft]:
        """The page's rule entries, with their editor's notes."""
        drafts: dict[str, Draft] = {}
        for src in sources.get("gemchronicle", []):
            drafts.update(import_gemchronicle(src))
        return drafts


IMPORTER = GemChronicleImporter()
