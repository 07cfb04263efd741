"""Editor's notes on the Vision texts (編集注記): errors and contradictions, kept as cited.

Each note names the words it concerns (``quote``); the importer attaches it to every
revision of the entry whose text holds them, and fails if none does.  Each note and its
basis are written in Japanese and in English (``both``).  Notes on names several cards
share are made by the importer itself (see links.ambiguity_note).
"""
from __future__ import annotations

from judge.corpus.importer.drafts import Note
from judge.i18n.bilingual import both

NOTES = [
    Note("vision/term/グレイズ", "グレイズ(GLAZE)", "transcription-error",
         both("ページの見出しは「GLAZE」と綴っているが、ゲームの用語はグレイズ（GRAZE）。"
              "同じページの古い版に引かれたルールブックの本文も「GRAZE値」と書いている。",
              "The page title spells the term GLAZE; the game's word is graze: the rulebook "
              "text quoted on the older revision of the page writes 「GRAZE値」."),
         "《グレイズ(GRAZE)》",
         both("このページに引かれたルールブック Ver.2.0 P40 の記述（GRAZE値）",
              "ルールブック Ver.2.0 P40 as quoted on this page (GRAZE値)")),
    Note("vision/rule/6.5", "山札がＸ枚以下の場合はグレイズを行う事は出来ない", "ambiguity",
         both("「Ｘ枚以下」を文字どおりに読むと、山札がちょうどＸ枚のときもグレイズできないこと"
              "になるが、そのときもＸ枚は取れる。「Ｘ枚未満」のつもりだった可能性がある。総合ルール"
              "6.5（改訂2）は山札の枚数について条件を定めていない。",
              "「Ｘ枚以下」 read literally forbids a graze when the deck holds exactly X cards, "
              "although X cards could then be taken; 「Ｘ枚未満」 (fewer than X) may have been "
              "meant. The comprehensive rules 6.5 (revision 2) state no condition on the deck."),
         None, both("総合ルール6.5の改訂2（6.5.3.b）", "vision/rule/6.5 revision 2 (6.5.3.b)"),
         clause="graze"),
    Note("vision/qa/QA-341", "除外されいる", "transcription-error",
         both("「て」が抜けている（除外されいる）。", "A syllable is missing: 除外されいる."),
         "除外されている",
         both("日本語の文法。同じ回答に「ゲームから除外された」とある",
              "Japanese grammar; the same answer writes 「ゲームから除外された」")),
    Note("vision/qa/QA-346", "Q346", "transcription-error",
         both("ページは番号を「Q346」と書いており、ページの他のQ&Aにはすべてある「QA-」の「A」"
              "がない。この項目は QA-346 として登録し、Q346 を別名として残す。",
              "The page prints the number as Q346, without the A of 「QA-」 that every other "
              "Q&A on the page has. The entry is keyed QA-346 and keeps Q346 as an alias."),
         "QA-346",
         both("ページの他のQ&Aの番号（QA-021 … QA-341）",
              "the numbering of the other Q&A on the page (QA-021 … QA-341)")),
    Note("vision/qa/QA-337", "「タイミングが正しく無いカードは発動出来ない」場合", "ambiguity",
         both("この行は公式回答の下に一段下げて置かれた箇条で、回答の一部ではなく、ウィキの"
              "書き込み（投稿者のコメント）である。回答が触れていない場合（「タイミングが正しく"
              "ないカードは解決出来ない」が付いたときの、自分のターンの2枚目）にまで回答を広げて"
              "おり、回答が「解決」と書くところを「発動」と書いている。2014年4月10日の版では、"
              "古い回答とともにこの行もなくなっている。",
              "This line is a nested list item under the official answer: a wiki contributor's "
              "comment, not part of the answer. It extends the answer to a case the answer does "
              "not state (a second card in one's own turn under 「タイミングが正しくないカードは"
              "解決出来ない」) and says 発動 where the answer says 解決. The revision of "
              "2014-04-10 drops it together with the old answer."),
         None,
         both("ページの組み方：質問と回答は「-」の箇条、この行は一段下の「--」の箇条",
              "the page layout: question and answer are '-' items, this line a '--' item")),
    Note("vision/qa/QA-041", "プレイ条件の影響を受けません", "contradiction",
         both("QA-041（どちらの版にも載っている）は、プレイしたものとして解決するカードはプレイ"
              "条件の影響を受けないので、同じターンの2枚目の世界呪符もセットされると答えている。"
              "そうした効果はプレイの手順の3～5だけを処理するからである。一方、2014年4月10日の版"
              "の QA-337 は、そのカードもターン・枚数・条件の制限を無視できない（いいえ、出来ま"
              "せん）と答えている。ページには二つの回答が並んで載っている。",
              "QA-041 (on the page in both revisions) answers that a card resolved as if played "
              "is not affected by play conditions, so a second 世界呪符 in one turn is still set, "
              "because such an effect processes only steps 3-5 of the play procedure. In the "
              "revision of 2014-04-10, QA-337 answers that such a card cannot ignore its "
              "restrictions of turn, number or conditions (いいえ、出来ません). The page keeps both "
              "answers side by side."),
         None,
         both("QA-337 の改訂2。ほかに公開されている事実（引用した本文ではない）：総合ルール1.1"
              "（ルールと食い違うQ&Aは当面Q&Aが優先し、改められた回答も手を加えずに公開したまま"
              "にする）と、転載された5.3（解決するカード自身の制限も確かめる）。5.3 は新しい"
              " QA-337 と一致する。",
              "vision/qa/QA-337 revision 2. Public facts (not cited text): the comprehensive "
              "rules 1.1 (a Q&A that conflicts with the rules prevails for the time being; "
              "superseded answers stay published unedited) and 5.3 as mirrored (the resolved "
              "card's own restrictions are checked), which agrees with the newer QA-337")),
    Note("vision/term/プレイ", "これは、「カードをプレイする方法」の手順3～5の手順のみを処理する",
         "contradiction",
         both("この締めの一文（プレイしたものとして解決する効果は手順3～5だけを処理するので、"
              "手順1のプレイ条件は当てはまらない）は QA-041 と古い QA-337 の回答に合っており、"
              "同じ版の QA-337 の回答（いいえ、出来ません）とは合わない。",
              "This closing remark (resolve-as-played processes only steps 3-5, so the play "
              "conditions of step 1 do not apply) agrees with QA-041 and the older QA-337 answer, "
              "not with QA-337's answer in this same revision (いいえ、出来ません)."),
         None, both("QA-337 の改訂2", "vision/qa/QA-337 revision 2"), revisions=(2,)),
    Note("vision/term/プレイ", "これは、「カードをプレイする方法」の手順3～5の手順のみを処理する",
         "transcription-error",
         both("文末に「。」がない（Q&Aの前の、ページ本文の最後の行）。",
              "The sentence ends without 。 (the page's last line before the Q&A)."),
         "これは、「カードをプレイする方法」の手順3～5の手順のみを処理する。",
         both("ページの他の文はすべて「。」で終わっている",
              "the punctuation of every other sentence of the page")),
    Note("vision/rule/play-procedure", "手札からプレイするカードを抜き出し、プレイエリアに表向きで置く",
         "ambiguity",
         both("この版の手順3は、ウィキの編集者が総合ルールに合わせて書き直したものである（編集者"
              "のコメント：現在、総合ルールで詳細に手順が決められていますが項目があまりに多くなる"
              "のでプレイエリアのみ追加しました。）。ところが末尾の行は手順の日付を「2009/10/1 一部"
              "改訂」のままにしているので、この手順は2009年10月1日の本文の引用ではない。",
              "Step 3 of this revision is the wiki editor's rewording after the comprehensive "
              "rules (the editor's comment: 現在、総合ルールで詳細に手順が決められていますが項目が"
              "あまりに多くなるのでプレイエリアのみ追加しました。), while the closing line still dates "
              "the procedure 2009/10/1 一部改訂: this step is not a quotation of the text of "
              "2009-10-01."),
         None, both("この版にある編集者のコメント", "the editor's comment in this revision"),
         clause="play-procedure.3"),
    Note("vision/rule/played-card", "「プレイエリア」に置かれます", "ambiguity",
         both("プレイの手順の手順3と同じ版で、出典を示さずに書き換えられている（属するものとして"
              "扱われます → 置かれます）。編集者が総合ルールに合わせて書き直した文言と一致する。",
              "Changed in the same revision as step 3 of the play procedure (属するものとして扱われ"
              "ます -> 置かれます), without a source named; it matches the editor's rewording after "
              "the comprehensive rules."),
         None,
         both("プレイの手順の改訂2と、その編集者のコメント",
              "vision/rule/play-procedure revision 2 and its editor's comment")),
]
