"""Editor's notes on the Yu-Gi-Oh! rulebook chapter (編集注記), kept beside the cited text.

Each note and its basis are written in Japanese and in English (``both``).
"""
from __future__ import annotations

from judge.corpus.importer.drafts import Note
from judge.i18n.bilingual import both

PUBLIC_DAMAGE = both(
    "公開されている事実（旧来の遊戯王OCG、ルールブックを引く yugioh-wiki.net）：攻撃表示どうし"
    "では、攻撃力の低いほうのモンスターが破壊され、そのコントローラーが差の分のダメージを受ける",
    "public facts (classic Yu-Gi-Oh! OCG, yugioh-wiki.net quoting the rulebooks): attack vs "
    "attack, the lower monster is destroyed and its controller takes the difference")
SENSE = both("文の意味", "the sense of the sentence")
BRACKETS = both("カード名を囲むかぎかっこの組が合っていない。",
                "Mismatched brackets around the card name.")
NOTES = [
    Note("yugioh/rule/damage-calculation", "そのとき「攻撃を仕掛けたモンスターの攻撃力」から"
         "「攻撃を受けたモンスターの攻撃力」を引いた数値が、攻撃を受けた相手プレイヤーのライフ"
         "ポイントかち引かれます。", "contradiction",
         both("この項の2文目は、攻撃したモンスターの攻撃力が高い場合の文をそのまま繰り返している。"
              "ここでは攻撃したモンスターの攻撃力のほうが低いので、この文で求める差はマイナスになり、"
              "破壊されるのは攻撃したモンスターなのに、攻撃を受けたプレイヤーのライフが引かれること"
              "になる。表のほかの場合はどれも、弱いほうのモンスターのコントローラーのライフが引かれる"
              "（攻撃力が高い場合は攻撃を受けたプレイヤー、守備力に届かない場合は攻撃したプレイヤー）。",
              "The second sentence of this clause repeats the attack-higher sentence word for "
              "word. Here the attacker's ATK is the lower, so the difference it computes is "
              "negative, and it charges the player who was attacked although it is the "
              "attacker's monster that is destroyed. Every other case of the table charges the "
              "controller of the weaker monster (attack-higher: the attacked player; "
              "defense-lower: the attacking player)."),
         "そのとき「攻撃を受けたモンスターの攻撃力」から「攻撃を仕掛けたモンスターの攻撃力」を"
         "引いた数値が、攻撃を仕掛けたプレイヤーのライフポイントから引かれます。",
         both("表のほかの場合（攻撃力が高い場合、守備力に届かない場合）と、" + PUBLIC_DAMAGE["ja"],
              "the rest of the table (attack-higher, defense-lower) and " + PUBLIC_DAMAGE["en"]),
         clause="attack-lower"),
    Note("yugioh/rule/damage-calculation", "ライフポイントかち引かれます", "transcription-error",
         both("「かち」は「から」の誤植（攻撃力が高い場合と低い場合の両方）。",
              "かち is a misprint of から (in attack-higher and attack-lower)."),
         "ライフポイントから引かれます",
         both("守備力に届かない場合の同じ文（ライフポイントから引かれます）",
              "the same sentence in defense-lower (ライフポイントから引かれます)")),
    Note("yugioh/rule/damage-calculation", "プレイヤーが攻撃を仕掛けた敵モンスターが守備表示だった"
         "場合", "transcription-error",
         both("攻撃表示の場合は「1. 敵モンスターが攻撃表示の場合」という見出しで始まるが、守備表示の"
              "場合には見出しがない。見出し2が抜けているらしい（その文言は出典からはわからない）。",
              "The attack-position cases open with the heading 「1. 敵モンスターが攻撃表示の場合」; "
              "the defense-position cases have no heading of their own: the heading 2 seems to be "
              "missing (its wording is not known from the source)."),
         None, both("攻撃表示の場合の組み方", "the layout of the attack-position cases")),
    Note("yugioh/rule/graveyard", "墓場 に置いてください", "ambiguity",
         both("この章は墓地を「墓場」（ここと融合の手順3）とも「墓地」（フィールドカード、融合、"
              "儀式）とも呼んでいるが、どちらも同じ場所を指す。「に」の前の空白は余分なもの。",
              "The chapter calls the graveyard both 墓場 (here and in fusion step 3) and 墓地 "
              "(field cards, fusion, ritual); both name the same place. The space before に is "
              "a stray."),
         "墓地に置いてください",
         both("章のほかの文（墓地へと送られます）",
              "the other sentences of the chapter (墓地へと送られます)")),
    Note("yugioh/rule/fusion", "『落とし穴」", "transcription-error", BRACKETS, "「落とし穴」",
         both("儀式の項にある同じ名前（「落とし穴」）",
              "the same name in the ritual entry (「落とし穴」)")),
    Note("yugioh/rule/fusion", "以下、融合の手順について説明します。", "transcription-error",
         both("手順が2から始まっている。手順1が本文から抜けている（何が書かれていたかは出典から"
              "はわからない）。",
              "The procedure jumps to step 2: step 1 is missing from the text (what it said is "
              "not known from the source)."),
         None, both("手順の番号（2.、3.）", "the numbering 2., 3. of the steps"),
         clause="fusion.2"),
    Note("yugioh/rule/fusion", "モンスタC", "transcription-error",
         both("「ー」が抜けている（モンスタC）。", "A missing ー: モンスタC."), "モンスターC",
         both("同じ文のモンスターAとモンスターB", "モンスターA and モンスターB in the same sentence"),
         clause="fusion.2"),
    Note("yugioh/rule/flip-effects", "「~が表になったとき、OO』ともうカード", "transcription-error",
         both("文字が化けている。かぎかっこの組が合わず、伏せ字の「○○」が「OO」に、「という」が"
              "「ともう」になっている。",
              "Garbled: mismatched brackets, OO for the placeholder ○○, and ともう for という."),
         "「~が表になったとき、○○」というカード",
         both("日本語の文法。この文はカードの種類を言っている",
              "Japanese grammar; the sentence names a kind of card")),
    Note("yugioh/rule/flip-effects", "ます守備表示", "transcription-error",
         both("「ます」は「まず」の誤植。", "ます is a misprint of まず (first)."), "まず守備表示",
         both("日本語の文法", "Japanese grammar"), clause="flip-effects.2"),
    Note("yugioh/rule/flip-effects", "次のターンで攻撃表示にしてから使うようにしてください。",
         "ambiguity",
         both("この手順はモンスターを守備表示で召喚して次のターンに表にする（表にして）と言って"
              "いるので、裏側守備表示での召喚のことだが、「裏側」とは書いていない。しかも最後の文は"
              "使う前に攻撃表示にするよう言っており、最初の文はそれを求めていない。",
              "The step says to summon the monster in defense position and turn it face up (表に"
              "して) the next turn, so a face-down defense-position summon is meant, though "
              "face-down is not said; its last sentence then says to change it to attack "
              "position before using it, which the first sentence does not require."),
         None,
         both("手順の最初の文（表にして効果を発動させます）",
              "the first sentences of the step (表にして効果を発動させます)"),
         clause="flip-effects.2"),
    Note("yugioh/rule/ritual", "降的させる", "transcription-error",
         both("「降的」は「降臨」の誤植。", "降的 is a misprint of 降臨 (ritual summon)."),
         "降臨させる",
         both("次の文（儀式モンスターを降臨させるためには）",
              "the next sentence (儀式モンスターを降臨させるためには)")),
    Note("yugioh/rule/ritual", "際臨するモンスター", "transcription-error",
         both("「際臨」は「降臨」の誤植。", "際臨 is a misprint of 降臨."), "降臨するモンスター",
         both("同じ項の「降臨させる」", "the same entry (降臨させる)")),
    Note("yugioh/rule/ritual", "生け贄を棒げる", "transcription-error",
         both("「棒げる」は「捧げる」の誤植。", "棒げる (to pole) is a misprint of 捧げる (to offer)."),
         "生け贄を捧げる",
         both("文の意味（生け贄を捧げる）", "the sense of the sentence (offering tributes)")),
    Note("yugioh/rule/ritual", "生け贄を棒げ、", "transcription-error",
         both("「棒げ」は「捧げ」の誤植。", "棒げ is a misprint of 捧げ."), "生け贄を捧げ、", SENSE,
         clause="ritual.2"),
    Note("yugioh/rule/ritual", "『スカルライダーの復活」", "transcription-error", BRACKETS,
         "「スカルライダーの復活」",
         both("上の一覧にある同じ名前（「スカルライダーの復活」）",
              "the same name in the list above (「スカルライダーの復活」)"), clause="ritual.2"),
    Note("yugioh/rule/ritual", "2. フィールド上か手札から", "transcription-error",
         both("儀式の手順が2から始まっている。手順1が本文から抜けている（何が書かれていたかは出典"
              "からはわからない）。",
              "The ritual procedure starts at step 2: step 1 is missing from the text (what it "
              "said is not known from the source)."),
         None, both("手順の番号", "the numbering of the step"), clause="ritual.2"),
]
