"""A judge's question (質問文): its content words, romaji and readings.

A question typed without spaces (「ノードが足りないときにキャラクターを出せますか」) is one
long word to the query language, and every part of it would have to occur in one
passage.  Here it is analysed into *content words* with their part of speech (fugashi +
unidic-lite), and what only asks is dropped: particles, auxiliaries, polite endings and
question words (a stop list per language, :data:`STOP_JA` and :data:`STOP_EN`).  A
content word is a :class:`Concept`: the word, and the other ways the texts say it (the
glossary's and lexicon's wordings, through :func:`judge.search.shaping.glossary`; the
word read as kana when typed in romaji; a word of the same reading when the typed kanji
match nothing: 召還 -> 召喚).  :mod:`judge.search.run` ranks passages by how many of the
concepts they hold, weighted by IDF, with BM25 among equals.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .analysis import (_INFLECTING, _KATAKANA_RUN, _katakana_word, _tagger, fold_kana, is_kana,
                       normalize, pieces, reading)
from .matching import Word

# Parts of speech that only carry grammar (unidic's pos1).  Nouns, verbs, adjectives
# and 形状詞 carry content; adverbs (どう, もう), pronouns (何, これ), pre-noun
# adjectivals (その), prefixes and suffixes (お, 目) and interjections do not.
STOP_POS_JA = frozenset({"助詞", "助動詞", "補助記号", "記号", "空白", "副詞", "代名詞",
                         "連体詞", "接頭辞", "接尾辞", "感動詞", "接続詞"})
# Words (unidic's lemma, or the form as written) that ask or frame a question and are
# in nearly every passage or none: どうなる, できますか, 何点, ～場合, ～の時.
STOP_JA = frozenset({
    "為る", "する", "成る", "なる", "出来る", "できる", "有る", "ある", "居る", "いる",
    "無い", "ない", "良い", "よい", "いい", "言う", "いう", "思う", "分かる", "わかる",
    "事", "こと", "物", "もの", "時", "とき", "場合", "何", "なに", "なん", "誰", "いつ",
    "どこ", "どれ", "どの", "どう", "どんな", "どちら", "なぜ", "何故", "如何", "可能",
    "大丈夫", "問題", "方", "よう", "様", "ため", "為", "所", "ところ", "訳", "わけ",
    "のだ", "です", "ます", "ください", "下さる", "教える", "知る", "質問", "答え",
    "点", "後", "前", "中", "際", "目",
})
# English question words, auxiliaries and function words ("what happens when my
# monster is destroyed", "can I tribute summon"); a content word is any other word.
STOP_EN = frozenset("""
a an the this that these those it its is are was were be been being am do does did
done can could may might must shall should will would what when where which who whom
whose why how if then than so and or but not no yes of to in on at by for from with
about into onto as i me my we our you your he she they them their his her there here
happen happens happened get gets got still any some each every all also just only
please tell know rule rules ruling question against during while without through
""".split())

# What makes a text a question rather than keywords (a question is ranked by its
# content words at once; keywords are matched whole first): a sentence-final particle
# (か, の), a question mark, a polite ending, a question word.
ASKING_JA = frozenset({"か", "の", "かな", "？", "?", "です", "ます", "何", "なに", "なん",
                       "どう", "どこ", "いつ", "誰", "どれ", "どの", "どんな", "どちら",
                       "なぜ", "いくつ", "教える", "ください", "下さる"})
ASKING_EN = frozenset("what how when where why which who whom whose can could does do "
                      "did is are will would should may".split())
MAX_CONCEPTS = 8            # the 8 rarest content words of a very long question
_ROMAJI = re.compile(r"^[a-z]+(?:-[a-z]+)*$")
_LONG_VOWEL = re.compile(r"([aiueo])\1")


@dataclass
class Concept:
    """One content word of a question and the words any of which stands for it.

    ``words``: (word, passages it may match there, or None for everywhere) — a
    glossary wording counts in its own game only."""

    label: str
    words: list[tuple[Word, str | None]] = field(default_factory=list)


@dataclass
class Analysis:
    """A query's content words and what was left out as asking only."""

    content: list[str]
    dropped: list[str]
    asks: bool = False          # a question (see ASKING_JA), not a list of keywords


def content_words(text: str) -> Analysis:
    """The content words of a query's text, in order, and the words dropped.

    Japanese runs are analysed by MeCab (a katakana stretch stays one word: the
    dictionary does not know the games' loanwords); a verb counts by its dictionary
    form for the stop list (出せます -> 出す is kept, できます -> できる is dropped)."""
    content: list[str] = []
    dropped: list[str] = []
    normal = normalize(text, fold_kana=False)
    asks = "?" in normal
    for p in pieces(normal):
        if p.kind == "id":
            content.append(p.text)
        elif p.kind == "word":
            (dropped if p.text in STOP_EN else content).append(p.text)
        else:
            _japanese(p.text, content, dropped)
    asks = asks or any(w in ASKING_JA or w in ASKING_EN for w in dropped)
    return Analysis(list(dict.fromkeys(content)), dropped, asks)


def _japanese(run: str, content: list[str], dropped: list[str]) -> None:
    at = 0
    for m in _KATAKANA_RUN.finditer(run):
        if m.start() > at:
            _mecab(run[at:m.start()], content, dropped)
        content.append(_katakana_word(m.group())[0][0])
        at = m.end()
    if at < len(run):
        _mecab(run[at:], content, dropped)


def _mecab(text: str, content: list[str], dropped: list[str]) -> None:
    for word in _tagger()(text):
        f = word.feature
        lemma = (f.lemma or "").split("-")[0]
        base = f.orthBase if f.orthBase not in (None, "*") else word.surface
        if f.pos1 in STOP_POS_JA or f.pos2 == "数詞" and word.surface in ("何", "なん"):
            if f.pos1 not in ("助詞", "補助記号", "記号", "空白") or f.pos2 == "終助詞":
                dropped.append(lemma if lemma in ASKING_JA else word.surface)
            continue
        if word.surface in STOP_JA or lemma in STOP_JA or base in STOP_JA:
            dropped.append(lemma if lemma in ASKING_JA else word.surface)
            continue
        # a stem that is one hiragana (the し of した) carries nothing on its own
        if len(word.surface) == 1 and "\u3041" <= word.surface <= "\u309f":
            continue
        # an inflected word by its dictionary form (送ら -> 送る), which the index
        # holds beside every inflection
        content.append(base if f.pos1 in _INFLECTING else word.surface)


def romaji_kana(word: str) -> list[str]:
    """An ASCII word read as kana, as typed and with long vowels (noodo -> のーど), or
    [] when it is not romaji (graveyard leaves letters jaconv cannot read)."""
    import jaconv          # imported here: only a word that matched nothing needs it
    w = word.lower()
    if not _ROMAJI.match(w) or len(w) < 3:
        return []
    out = []
    for form in (w, _LONG_VOWEL.sub(r"\1-", w)):
        kana = jaconv.alphabet2kana(form)
        if is_kana(kana) and not kana.startswith("っ") and kana not in out:
            out.append(kana)
    return out


def same_reading(store, word: str, limit: int = 3) -> list[str]:
    """Words of the texts read as ``word`` is, most frequent first (召還 -> 召喚): a
    kanji of the same reading typed by the phone's conversion.  The reading index of
    the body's morphemes is built on first use and kept on the store."""
    if is_kana(word) or not word or word.isascii():
        return []
    index = getattr(store, "_words_by_reading", None)
    if index is None:
        index = {}
        for term in store.lexicon("body_mo"):
            if len(term) >= 2 and not is_kana(term) and not term.isascii():
                index.setdefault(reading(term), []).append(term)
        store._words_by_reading = index
    typed = fold_kana(normalize(word))
    found = [t for t in index.get(reading(word), ()) if t != typed]
    m = store.matcher
    found.sort(key=lambda t: -m.doc_frequency("body_mo", t))
    return found[:limit]


def concepts(store, text: str, game: str | None = None) -> tuple[list[Concept], Analysis]:
    """The concepts of a question's text: glossary terms it holds (as one concept each:
    裏側守備表示, リリース), then its other content words."""
    from .shaping import glossary
    # as typed but NFKC (MeCab reads katakana as loanwords); the glossary's forms are
    # compared kana-folded, which keeps every character where it is
    rest = normalize(text, fold_kana=False)
    out: list[Concept] = []
    # the longest name first ("tribute summon" is not also "summon"); an English name
    # only as whole words ("set" is not in "reset")
    for form, term, wordings, term_game in sorted(glossary(store.corpus),
                                                  key=lambda g: -len(g[0])):
        if not form or (game is not None and term_game != game):
            continue
        if form.isascii():
            m = re.search(rf"(?<![a-z0-9]){re.escape(form)}(?![a-z0-9])", rest.lower())
            at = m.start() if m else -1
        else:
            at = fold_kana(rest).find(form)
        if at < 0:
            continue
        concept = next((c for c in out if c.label == term), None)
        if concept is None:
            concept = Concept(term, [(w, None) for w in [Word.of(term)] if w])
            out.append(concept)
        concept.words += [(w, term_game) for w in (Word.of(x) for x in wordings) if w]
        rest = rest[:at] + " " + rest[at + len(form):]
    analysis = content_words(rest)
    for word in analysis.content:
        if any(normalize(word) == normalize(c.label) for c in out):
            continue
        w = Word.of(word)
        if w is not None:
            out.append(Concept(word, [(w, None)]))
    return out, analysis


def widen(store, concept: Concept, notices: list) -> None:
    """A concept whose words match nothing: add its romaji as kana and words of the
    same reading (召還 -> 召喚), and say so in ``notices`` (message ids)."""
    from judge.i18n import msg
    m = store.matcher
    if any(m.word_docs(w) for w, _g in concept.words):
        return
    label = concept.label
    others = romaji_kana(label) if label.isascii() else same_reading(store, label)
    best = None
    for other in others:
        w = Word.of(other)
        found = _held_by(store, w) if w is not None else 0
        if found and (best is None or found > best[0]):
            best = (found, w, other)
    if best is not None:
        concept.words.append((best[1], None))
        notices.append(msg("{word!r} matches nothing; read as {instead!r}",
                           word=label, instead=best[2]))


def _held_by(store, word: Word) -> int:
    """How many passages hold the word as written (of the first 400 that may)."""
    from .matching import EXACT_LIMIT, members
    docs = members(store.matcher.word_docs(word), EXACT_LIMIT)
    return sum(1 for d in docs if word.needle in store.text_of(d))


def offline_table() -> dict:
    """What the offline search (offline-search.js) reads instead of this module's
    constants: the English stop and asking words, and the coverage weights."""
    from .run import ASKED, STRICT, TERM_PAGE
    return {"stop_en": sorted(STOP_EN), "asking_en": sorted(ASKING_EN),
            "strict": STRICT, "asked": ASKED, "term_page": TERM_PAGE}
