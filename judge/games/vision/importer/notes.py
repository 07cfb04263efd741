"""Editor's notes on the Vision texts (編集注記): errors and contradictions, kept as cited.

Each note names the words it concerns (``quote``); the importer attaches it to every
revision of the entry whose text holds them, and fails if none does.  Notes on names
several cards share are made by the importer itself (see drafts.ambiguity_note).
"""
from __future__ import annotations

from judge.corpus.importer.drafts import Note

NOTES = [
    Note("vision/term/グレイズ", "グレイズ(GLAZE)", "transcription-error",
         "The page title spells the term GLAZE; the game's word is graze: the rulebook "
         "text quoted on the older revision of the page writes 「GRAZE値」.",
         "《グレイズ(GRAZE)》", "ルールブック Ver.2.0 P40 as quoted on this page (GRAZE値)"),
    Note("vision/rule/6.5", "山札がＸ枚以下の場合はグレイズを行う事は出来ない", "ambiguity",
         "「Ｘ枚以下」 read literally forbids a graze when the deck holds exactly X cards, "
         "although X cards could then be taken; 「Ｘ枚未満」 (fewer than X) may have been "
         "meant. The comprehensive rules 6.5 (revision 2) state no condition on the deck.",
         None, "vision/rule/6.5 revision 2 (6.5.3.b)", clause="graze"),
    Note("vision/qa/QA-341", "除外されいる", "transcription-error",
         "A syllable is missing: 除外されいる.", "除外されている",
         "Japanese grammar; the same answer writes 「ゲームから除外された」"),
    Note("vision/qa/QA-346", "Q346", "transcription-error",
         "The page prints the number as Q346, without the A of 「QA-」 that every other "
         "Q&A on the page has. The entry is keyed QA-346 and keeps Q346 as an alias.",
         "QA-346", "the numbering of the other Q&A on the page (QA-021 … QA-341)"),
    Note("vision/qa/QA-337", "「タイミングが正しく無いカードは発動出来ない」場合", "ambiguity",
         "This line is a nested list item under the official answer: a wiki contributor's "
         "comment, not part of the answer. It extends the answer to a case the answer does "
         "not state (a second card in one's own turn under 「タイミングが正しくないカードは"
         "解決出来ない」) and says 発動 where the answer says 解決. The revision of "
         "2014-04-10 drops it together with the old answer.",
         None, "the page layout: question and answer are '-' items, this line a '--' item"),
    Note("vision/qa/QA-041", "プレイ条件の影響を受けません", "contradiction",
         "QA-041 (on the page in both revisions) answers that a card resolved as if played "
         "is not affected by play conditions, so a second 世界呪符 in one turn is still set, "
         "because such an effect processes only steps 3-5 of the play procedure. In the "
         "revision of 2014-04-10, QA-337 answers that such a card cannot ignore its "
         "restrictions of turn, number or conditions (いいえ、出来ません). The page keeps both "
         "answers side by side.",
         None, "vision/qa/QA-337 revision 2. Public facts (not cited text): the comprehensive "
               "rules 1.1 (a Q&A that conflicts with the rules prevails for the time being; "
               "superseded answers stay published unedited) and 5.3 as mirrored (the resolved "
               "card's own restrictions are checked), which agrees with the newer QA-337"),
    Note("vision/term/プレイ", "これは、「カードをプレイする方法」の手順3～5の手順のみを処理する",
         "contradiction",
         "This closing remark (resolve-as-played processes only steps 3-5, so the play "
         "conditions of step 1 do not apply) agrees with QA-041 and the older QA-337 answer, "
         "not with QA-337's answer in this same revision (いいえ、出来ません).",
         None, "vision/qa/QA-337 revision 2", revisions=(2,)),
    Note("vision/term/プレイ", "これは、「カードをプレイする方法」の手順3～5の手順のみを処理する",
         "transcription-error",
         "The sentence ends without 。 (the page's last line before the Q&A).",
         "これは、「カードをプレイする方法」の手順3～5の手順のみを処理する。",
         "the punctuation of every other sentence of the page"),
    Note("vision/rule/play-procedure", "手札からプレイするカードを抜き出し、プレイエリアに表向きで置く",
         "ambiguity",
         "Step 3 of this revision is the wiki editor's rewording after the comprehensive "
         "rules (the editor's comment: 現在、総合ルールで詳細に手順が決められていますが項目が"
         "あまりに多くなるのでプレイエリアのみ追加しました。), while the closing line still dates "
         "the procedure 2009/10/1 一部改訂: this step is not a quotation of the text of "
         "2009-10-01.",
         None, "the editor's comment in this revision", clause="play-procedure.3"),
    Note("vision/rule/played-card", "「プレイエリア」に置かれます", "ambiguity",
         "Changed in the same revision as step 3 of the play procedure (属するものとして扱われ"
         "ます -> 置かれます), without a source named; it matches the editor's rewording after "
         "the comprehensive rules.",
         None, "vision/rule/play-procedure revision 2 and its editor's comment"),
]
