"""Editor's notes on the Yu-Gi-Oh! rulebook chapter (編集注記), kept beside the cited text."""
from __future__ import annotations

from judge.corpus.importer.drafts import Note

PUBLIC_DAMAGE = ("public facts (classic Yu-Gi-Oh! OCG, yugioh-wiki.net quoting the "
                 "rulebooks): attack vs attack, the lower monster is destroyed and its "
                 "controller takes the difference")
NOTES = [
    Note("yugioh/rule/damage-calculation", "そのとき「攻撃を仕掛けたモンスターの攻撃力」から"
         "「攻撃を受けたモンスターの攻撃力」を引いた数値が、攻撃を受けた相手プレイヤーのライフ"
         "ポイントかち引かれます。", "contradiction",
         "The second sentence of this clause repeats the attack-higher sentence word for "
         "word. Here the attacker's ATK is the lower, so the difference it computes is "
         "negative, and it charges the player who was attacked although it is the "
         "attacker's monster that is destroyed. Every other case of the table charges the "
         "controller of the weaker monster (attack-higher: the attacked player; "
         "defense-lower: the attacking player).",
         "そのとき「攻撃を受けたモンスターの攻撃力」から「攻撃を仕掛けたモンスターの攻撃力」を"
         "引いた数値が、攻撃を仕掛けたプレイヤーのライフポイントから引かれます。",
         "the rest of the table (attack-higher, defense-lower) and " + PUBLIC_DAMAGE,
         clause="attack-lower"),
    Note("yugioh/rule/damage-calculation", "ライフポイントかち引かれます", "transcription-error",
         "かち is a misprint of から (in attack-higher and attack-lower).", "ライフポイントから"
         "引かれます", "the same sentence in defense-lower (ライフポイントから引かれます)"),
    Note("yugioh/rule/damage-calculation", "プレイヤーが攻撃を仕掛けた敵モンスターが守備表示だった"
         "場合", "transcription-error",
         "The attack-position cases open with the heading 「1. 敵モンスターが攻撃表示の場合」; "
         "the defense-position cases have no heading of their own: the heading 2 seems to be "
         "missing (its wording is not known from the source).", None,
         "the layout of the attack-position cases"),
    Note("yugioh/rule/graveyard", "墓場 に置いてください", "ambiguity",
         "The chapter calls the graveyard both 墓場 (here and in fusion step 3) and 墓地 "
         "(field cards, fusion, ritual); both name the same place. The space before に is "
         "a stray.", "墓地に置いてください", "the other sentences of the chapter (墓地へと送られ"
         "ます)"),
    Note("yugioh/rule/fusion", "『落とし穴」", "transcription-error",
         "Mismatched brackets around the card name.", "「落とし穴」",
         "the same name in the ritual entry (「落とし穴」)"),
    Note("yugioh/rule/fusion", "以下、融合の手順について説明します。", "transcription-error",
         "The procedure jumps to step 2: step 1 is missing from the text (what it said is "
         "not known from the source).", None, "the numbering 2., 3. of the steps",
         clause="fusion.2"),
    Note("yugioh/rule/fusion", "モンスタC", "transcription-error",
         "A missing ー: モンスタC.", "モンスターC", "モンスターA and モンスターB in the same "
         "sentence", clause="fusion.2"),
    Note("yugioh/rule/flip-effects", "「~が表になったとき、OO』ともうカード", "transcription-error",
         "Garbled: mismatched brackets, OO for the placeholder ○○, and ともう for という.",
         "「~が表になったとき、○○」というカード", "Japanese grammar; the sentence names a "
         "kind of card"),
    Note("yugioh/rule/flip-effects", "ます守備表示", "transcription-error",
         "ます is a misprint of まず (first).", "まず守備表示", "Japanese grammar",
         clause="flip-effects.2"),
    Note("yugioh/rule/flip-effects", "次のターンで攻撃表示にしてから使うようにしてください。",
         "ambiguity",
         "The step says to summon the monster in defense position and turn it face up (表に"
         "して) the next turn, so a face-down defense-position summon is meant, though "
         "face-down is not said; its last sentence then says to change it to attack "
         "position before using it, which the first sentence does not require.", None,
         "the first sentences of the step (表にして効果を発動させます)",
         clause="flip-effects.2"),
    Note("yugioh/rule/ritual", "降的させる", "transcription-error",
         "降的 is a misprint of 降臨 (ritual summon).", "降臨させる",
         "the next sentence (儀式モンスターを降臨させるためには)"),
    Note("yugioh/rule/ritual", "際臨するモンスター", "transcription-error",
         "際臨 is a misprint of 降臨.", "降臨するモンスター", "the same entry (降臨させる)"),
    Note("yugioh/rule/ritual", "生け贄を棒げる", "transcription-error",
         "棒げる (to pole) is a misprint of 捧げる (to offer).", "生け贄を捧げる",
         "the sense of the sentence (offering tributes)"),
    Note("yugioh/rule/ritual", "生け贄を棒げ、", "transcription-error",
         "棒げ is a misprint of 捧げ.", "生け贄を捧げ、", "the sense of the sentence",
         clause="ritual.2"),
    Note("yugioh/rule/ritual", "『スカルライダーの復活」", "transcription-error",
         "Mismatched brackets around the card name.", "「スカルライダーの復活」",
         "the same name in the list above (「スカルライダーの復活」)", clause="ritual.2"),
    Note("yugioh/rule/ritual", "2. フィールド上か手札から", "transcription-error",
         "The ritual procedure starts at step 2: step 1 is missing from the text (what it "
         "said is not known from the source).", None, "the numbering of the step",
         clause="ritual.2"),
]
