"""Every table the search's behaviour depends on, as plain data (issue 28: one search, not two).

The server's search modules read their constants from here, and the offline search
bundle (judge/offline/bundle.py) writes :func:`as_json` into the bundle, where the
browser's search (``static/offline-*.js``) reads them instead of keeping copies: a
constant changed here changes both searches, and the bundle's version (it hashes the
source of judge/search) makes every phone fetch the new tables.

Only plain data: strings, numbers, lists and dicts.  A pattern is kept as the source
text both regular-expression dialects read alike (Python's ``re`` and JavaScript's
``RegExp`` with the ``u`` flag); where the dialects differ (the class of word
characters, a code point above U+FFFF) the table holds the parts and each side builds
its pattern from them.
"""
from __future__ import annotations

from judge.corpus import games as _games
from judge.corpus import ids as _ids

# --- analysis (analysis.py) ------------------------------------------------------------

# Characters folded beyond NFKC: wave dashes and the minus sign family (not the
# katakana long vowel mark ー, which is part of words such as ルール).
EXTRA_FOLD = {"〜": "~", "～": "~", "〰": "~", "−": "-", "‐": "-", "‑": "-", "‒": "-",
              "–": "-", "—": "-", "―": "-"}
KATAKANA_FOLDED = [0x30A1, 0x30F6]      # ァ..ヶ -> ぁ..ゖ (ヷ-ヺ have no hiragana)
KANA_SHIFT = 0x60                       # katakana - hiragana
SMALL_KANA = ["ぁぃぅぇぉっゃゅょゎゕゖ", "あいうえおつやゆよわかけ"]   # readings: small -> large
# Japanese characters (code point ranges): hiragana (+ゝゞゟ), katakana and ー, 々〆〇〻,
# the CJK ideographs.  A run of them is one "ja" piece.
JA_RANGES = [[0x3041, 0x3096], [0x309D, 0x309F], [0x30A1, 0x30FA], [0x30FC, 0x30FF],
             [0x3005, 0x3005], [0x3006, 0x3006], [0x3007, 0x3007], [0x303B, 0x303B],
             [0x3400, 0x4DBF], [0x4E00, 0x9FFF], [0xF900, 0xFAFF], [0x20000, 0x3134F]]
# The pieces of a normal text, tried in this order: ids (kept whole), then alphanumeric
# words (letters and digits that are not Japanese, joined by an apostrophe), then
# Japanese runs (a space between two Japanese characters does not cut a run).
PIECE_IDS = [
    ["qa", r"(?<![a-z0-9])q(?:a)?[-_ ]?\d{1,4}(?![0-9])"],
    ["no", r"(?<![a-z0-9])no\.? ?\d{1,4}(?![0-9])"],
    ["pr", r"(?<![a-z0-9])pr?[-. ]?\d{1,4}(?![0-9])"],
    ["rule", r"(?<![0-9])\d{1,3}(?:\.(?:\d{1,3}|[a-z](?![a-z0-9])))+"],
]
WORD_JOINERS = "'’"
KANJI = r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3005]"   # an ideograph (or 々)
ALL_KANA = r"^[\u3041-\u309f\u30a1-\u30ff\u30fc]+$"     # a word typed in kana only (a reading)
HIRAGANA_WORD = r"^[\u3041-\u309f\u30fc]+$"      # a word typed in hiragana only (a reading)
KATAKANA_RUN = r"[\u30a1-\u30fa\u30fc\u30fd\u30fe]+"   # one word whatever MeCab says
# The offline search splits a run into the corpus's MeCab words by the likeliest split
# (cost: -log of a word's frequency); a stretch of one script no corpus word covers
# costs this, plus this per character (offline-analysis.js, Morph.split).
MORPH_UNKNOWN = [30, 10]
# The parts of speech MeCab gives a character it reads as no word (a lone kana of a
# loanword typed in hiragana: ぐ in ぐれいす): such a part is no word of the corpus's
# to the offline search (offline-search.js, Index.word)
NO_WORD_POS = ["記号", "補助記号"]
SKIP_POS = ["助詞", "助動詞", "補助記号", "記号", "空白"]      # not indexed as morphemes
INFLECTING = ["動詞", "形容詞", "形状詞"]                    # indexed with their base form

# --- ids (judge.corpus.ids, read from there) -------------------------------------------

ID_QA = _ids.QA_PATTERN.pattern                     # QA-337, qa337, Q346 (ignore case)
ID_CARD_NUMBER = _ids.CARD_NUMBER_PATTERN.pattern   # No.075, N75 (ignore case)
ID_DASHES = "".join(chr(c) for c in _ids.DASHES)    # folded to "-" in an id
GAME_ID = "^" + _games.ID_PATTERN + "$"

# --- the query language (query.py, plan.py) -------------------------------------------

MAX_QUERY_CHARS = 256       # a judge's query is short; longer input is cut (with a notice)
MAX_TERMS = 24              # words + phrases kept from one query
QUERY_KINDS = {
    "rule": "rule", "rules": "rule", "ルール": "rule", "規則": "rule", "総合ルール": "rule",
    "qa": "qa", "q&a": "qa", "faq": "qa", "ruling": "qa", "裁定": "qa",
    "term": "term", "terms": "term", "用語": "term", "glossary": "term",
    "card": "card", "cards": "card", "カード": "card",
}
FILTERS = ["game", "kind", "card", "rule", "before", "after"]
FILTER_ALIASES = {"ゲーム": "game", "種類": "kind", "カード": "card", "ルール": "rule",
                  "以前": "before", "以後": "after", "以降": "after"}
# a filter typed without its value: the notice's example ({game}: the corpus's first game)
FILTER_EXAMPLE_GAME = "<game>"     # ... when the corpus has no game
FILTER_EXAMPLES = {"game": "game:{game}", "kind": "kind:qa", "card": "card:マナの生成",
                   "rule": "rule:6.5", "before": "before:2013-01-27",
                   "after": "after:2013-01-27"}
# A date as a filter's value (query.parse_day): 2013-01-27, 2013/1/27, 20130127, 2013-01,
# 2013, 2013年1月27日: these characters read as these, then the pattern (year, month, day)
DAY_FOLD = {"年": "-", "月": "-", "日": "", "/": "-", ".": "-"}
DAY = r"(\d{4})(?:-?(\d{1,2})(?:-?(\d{1,2}))?)?"
OPEN_QUOTES = {'"': '"', "“": "”", "「": "」", "『": "』", "”": "”"}
# a curly quote without its partner closes at a straight one (query._lex)
QUOTE_FALLBACK = {"“": '"', "”": '"'}
# The operator words of the query language, as rules (query.parse): "and" is skipped
# (AND is the default), "or" joins the words either side into one group, "not" is
# dropped with a notice (a word is left out with -word)
QUERY_OPERATORS = {"AND": "and", "&&": "and", "&": "and", "OR": "or", "||": "or",
                   "|": "or", "NOT": "not", "!": "not"}
DROPPED_SHOWN = 60          # characters of the ignored words a notice shows
CONTROL = r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\ufeff]"
SPACED_ID = r"(?<![A-Za-z])((?:QA|Q|No\.?|PR\.?)[-_]?)\s+(\d{1,4})(?![\d.])"   # ignore case
# A game's name inside an unspaced query leaves a word beside it when what is left holds
# more than kana particles and punctuation (「<title>の」 is the game itself;
# 「<title>のマナ」 asks about its マナ): query._named_game and the offline parser
HOLDS_WORD = r"[^\s\u3040-\u309f\u30fc?!、。]"
GAME_NAME_MIN = 3           # a game's alias of one or two letters (v, gc) is a common word
GAME_NAME_WORDS = 3         # a Latin game name typed as up to this many words ("gem chronicle")
MAX_LIMIT = 500
# The searches a query is answered by, in this order, each tried while none before it
# found a passage (Searcher.search, and offline-search.js from this list): its words as
# typed (not a question), its concepts (a question, or spaced words no passage holds
# all of), the did-you-mean respelling, then the passages holding some of its words
SEARCH_STEPS = ["words", "concepts", "respelled", "some_words"]
KINDS = ["rule", "qa", "term", "card"]
# a query that is an id (an entry id, QA-337, No.75, PR.001, 6.5.3): ignore case
ID_LIKE = (r"^(?:[a-z][a-z0-9_]*/(?:rule|qa|term|card)/\S+"
           r"|(?:QA|Q)[-_ .]*\d{1,4}"
           r"|(?:No\.?|N|№|PR?\.?)[-. ]*\d{1,4}"
           r"|\d{1,3}(?:\.[0-9A-Za-z]+)+)$")

# rule:6.5, rule:6.5.3.b: a rule's number, not its name (plan.rule_filter)
RULE_KEY = r"\d+(?:\.[0-9a-z]+)*"

# a bare number typed on a phone (337) is also searched as the ids it may be, which
# the page shows first and offers as "did you mean" (shaping._grouped)
BARE_NUMBER = r"^\d{1,4}$"
# a kana typo is compared with every title form up to this many (shaping.one_edit), and
# with the forms an index says may be one edit away beyond it (lookups.near_forms)
SCAN_FORMS = 20000
NUMBERED_FORMS = ["QA-{n}", "No.{n}"]

# --- matching and ranking (matching.py, run.py, store.py) -------------------------------

K1, B = 1.2, 0.75           # BM25
TITLE_BOOST = 2.0
BOOST_MORPH = 1.5           # a whole-word (morpheme) match beats a match inside a word
BOOST_SPLIT = 0.6           # the words of an unspaced query found apart
BOOST_ID = 8.0              # the id or number itself
SCATTERED = 0.3             # a word whose bigrams are not in a row
SCORE_ALL = 500             # at most this many candidates: score them all
EXACT_LIMIT = 400           # at most this many: drop passages with scattered bigrams
CHAMPIONS = 50              # per term, the best passages kept as its champion list
SCORED_GRAMS = 3            # bigrams of one word that take part in its score
FIELDS_BI = ["title_bi", "body_bi"]
FIELDS_MO = ["title_mo", "body_mo"]
PER_ENTRY = 2               # passages of one entry before other entries' passages
PIN = 1000.0                # score added to the entry a typed id names
EXACT_NAME = 2.0            # the query is the entry's name (title or alias), as typed
PHRASE_BY_TEXT = 2000       # at most this many candidates: check a phrase on their text
MAX_NAMED = 50              # more entries than this share the name: it is no name
NAMED_WORDS = 3             # a query of more words is no entry's name (run._named)
NAMED_READINGS = 200        # titles looked at for a kana query's reading (run._named)
# The hits of a page read ahead (ranked, checked in a row, grouped by entry): its
# passages × HEAD_TIMES + HEAD_MORE (run.py)
HEAD_TIMES, HEAD_MORE = 3, 20
# a morpheme too short to mark in a snippet: one character of these (a lone kana
# particle), compared as text (run._needles)
UNMARKED_MORPHS = ["\u3041", "\u309f"]
# A card found by a word of its data (its type, class, keywords: 幻想生物 on dozens of
# cards), not by its name: the word describes the card, a rule or ruling explains it.
CARD_WORDS = 0.6
# Ranking by the concepts a passage holds: the IDF of those it holds, × STRICT or ASKED, plus its
# BM25.  Keywords the judge spaced apart each matter: more of them always first
# (STRICT).  A sentence's content words are partly incidental (足りる, 出す): a rare
# word more (IDF 3-7) still outweighs the BM25 of a passage that lacks it, a word in
# most passages (IDF < 1) does not, and a long page holding every common word (a
# glossary term's page) does not outrank the clause that answers (bench/questions.py:
# 38/42 questions in the top 3 with STRICT, 40/42 with ASKED 5).  The IDF is counted
# among the ~300 passages that explain (not the ~2,500 with the cards), about half as
# large: ASKED 12 (chosen on questions.yaml: 40/42 with 5 and 8, 41/42 with 12; the
# held-out set, measured after, 54/59 with 5 and 12).
STRICT = 1000.0
ASKED = 12.0
# A question's hit on a glossary or lexicon page: the page explains a word the rules
# use, and holds the words of every question about it; the rule or ruling answers
TERM_PAGE = 0.7
# A question whose game-specific words all name one game (run.QueryRun._focus): another
# game's passage ×0.8 (one game's 攻撃表示 clauses hold 攻撃, 表示 and ライフ too, while
# a question about another says モンスター)
OTHER_GAME = 0.8
FOCUS_SHARE = 0.8           # of a word's explaining passages in one game: it names it
FOCUS_MIN = 3               # a word in fewer explaining passages names no game
# The prior of a passage by its rank (indexer.RANK_*): 3 current, 2 withdrawn, 1 older,
# 4 an editors' page (the lexicon).
PRIOR = {"3": 1.0, "2": 0.75, "1": 0.6, "4": 0.1}
# a katakana character as wordings._inside_katakana_word reads one (フィールド in
# フィールドカード is not the term): these bounds, compared as text, and the long vowel
KATAKANA_WORD_CHARS = ["\u30a1", "\u30fa", "\u30fc"]
PAREN_TAIL = r"\s*[(（][^()（）]*[)）]\s*$"     # a title's reading in brackets

# --- snippets and did-you-mean (highlight.py, suggest.py) -------------------------------

SNIPPET_CHARS = 120
# a snippet's marks, what stands for the text cut off, where a sentence ends (a window
# begins at its sentence's start when that is within its width / SENTENCE_REACH of the
# hit, else width / WINDOW_LEAD before it), and the line breaks a snippet joins
MARK = ["<mark>", "</mark>"]
ELLIPSIS = "…"
SENTENCE_ENDS = "。！？!?\n"
WINDOW_LEAD = 4
SENTENCE_REACH = 2
LINE_BREAK = r"\s*\n\s*"
MAX_WINDOWS = 64            # windows tried: one per hit, the first hits of a long passage
MAX_SUGGESTIONS = 3
EDIT_CHARS = 4              # did you mean: one edit allowed per this many characters

# --- the results page (shaping.py) -----------------------------------------------------

FETCH = 200                 # hits read to group (a page shows far fewer entries)
# a searcher that counts a page's entries from bitsets (search/matched.py) is asked for
# fewer hits while they hold the page's entries twice over with a margin (an exact match
# ranked lower that its tier moves up: the glossary pages of マナ and 貫通 rank 70th-100th
# at the real corpus): FIRST_FETCH, then FETCH as before, then MAX_LIMIT
FIRST_FETCH = 100
FETCH_MARGIN = 50
PASSAGES = 3                # passages shown under an entry besides its best
PARTIAL_WORDS = [2, 6]      # a query of this many plain words may be searched in part
EXACT_HEAD = 20             # hits read for an exact match of the query (its exact tier)
# what makes a query more than plain words: these characters, or these words standing alone
OPERATOR_CHARS = '"“”「」『』:：-－()（）'
OPERATOR_WORDS = ["OR", "AND", "NOT"]
NUMBERED_TITLE = r"^\s*[\d.]+[a-z]?\s+"
# An English glossary name in a query (wordings.expansions): whole words ("set" is not in
# "reset", "lp" not in "help"), a plural too ("spell cards", "fusion materials");
# {name}: the name, escaped
ENGLISH_NAME = r"(?<![a-z0-9]){name}(?:e?s)?(?![a-z0-9])"

# --- questions (question.py) -----------------------------------------------------------

# Parts of speech that only carry grammar (unidic's pos1).  Nouns, verbs, adjectives
# and 形状詞 carry content; adverbs (どう, もう), pronouns (何, これ), pre-noun
# adjectivals (その), prefixes and suffixes (お, 目) and interjections do not.
STOP_POS_JA = ["助詞", "助動詞", "補助記号", "記号", "空白", "副詞", "代名詞",
               "連体詞", "接頭辞", "接尾辞", "感動詞", "接続詞"]
# Words (unidic's lemma, or the form as written) that ask or frame a question and are
# in nearly every passage or none: どうなる, できますか, 何点, ～場合, ～の時.
STOP_JA = [
    "為る", "する", "成る", "なる", "出来る", "できる", "有る", "ある", "居る", "いる",
    "無い", "ない", "良い", "よい", "いい", "言う", "いう", "思う", "分かる", "わかる",
    "事", "こと", "物", "もの", "時", "とき", "場合", "何", "なに", "なん", "誰", "いつ",
    "どこ", "どれ", "どの", "どう", "どんな", "どちら", "なぜ", "何故", "如何", "いくら", "可能",
    "大丈夫", "問題", "方", "よう", "様", "ため", "為", "所", "ところ", "訳", "わけ",
    "のだ", "です", "ます", "ください", "下さる", "教える", "知る", "質問", "答え",
    "点", "後", "前", "中", "際", "目",
]
# English question words, auxiliaries and function words ("what happens when my
# monster is destroyed", "can I tribute summon"); a content word is any other word.
STOP_EN = """
a an the this that these those it its is are was were be been being am do does did
done can could may might must shall should will would what when where which who whom
whose why how if then than so and or but not no yes of to in on at by for from with
about into onto as i me my we our you your he she they them their his her there here
has have had happen happens happened get gets got still any some each every all also just only
please tell know rule rules ruling question against during while without through
""".split()
# What makes a text a question rather than keywords (a question is ranked by its
# content words at once; keywords are matched whole first): a sentence-final particle
# (か, の), a question mark, a polite ending, a question word.
ASKING_JA = ["か", "の", "かな", "？", "?", "です", "ます", "何", "なに", "なん",
             "どう", "どこ", "いつ", "誰", "どれ", "どの", "どんな", "どちら",
             "なぜ", "いくつ", "いくら", "教える", "ください", "下さる"]
ASKING_EN = ("what how when where why which who whom whose can could does do "
             "did is are will would should may").split()
# An English sentence without a question word ("attacking monster has the same ATK as
# the attacked monster") describes a situation: it is ranked as a question when it
# has this many words, this many of them stop words (keywords are "tribute summon").
SENTENCE_EN_WORDS = 6
SENTENCE_EN_STOPS = 2
MAX_CONCEPTS = 8            # the 8 rarest content words of a very long question
# Romaji words that match nothing and together read as a glossary or lexicon name
# (ribaasu kouka: リバース効果, bochi: 墓地) are that name: at most this many words in a
# row, a reading of at least this many kana, as short as a searched name may be
# (lexicon.searched_names; question._romaji_names).
# A romaji word of fewer letters is no reading (question.romaji_kana); a long vowel
# typed doubled (noodo) is read with its second letter as this (のーど)
ROMAJI_MIN_CHARS = 3
ROMAJI_LONG_VOWEL = "-"
ROMAJI_NAME_WORDS = 4
ROMAJI_NAME_KANA = 2
# How a judge ends a question, beyond the words above: the offline search learns these
# (and the words above) as MeCab reads them, beside the corpus's own words, so that a
# question's asking words are known on a phone too (judge/offline/morph.py).
QUESTION_FORMS = ["どうなりますか", "どうなる？", "できますか", "できる？", "できないの？",
                  "ありますか", "なりますか", "しますか", "したら", "されたら", "なったら",
                  "ですか", "でしょうか", "いいですか", "教えてください", "どんなときに",
                  "どこに", "何枚", "いくつ", "何が必要ですか"]


def as_json() -> dict:
    """Every table above by its name, as JSON data (what the offline bundle carries)."""
    return {name: value for name, value in sorted(globals().items())
            if name.isupper() and not name.startswith("_")}
