"""A judge's question (質問文): its content words, romaji and readings.

A question typed without spaces (「ノードが足りないときにキャラクターを出せますか」) is one
long word to the query language, and every part of it would have to occur in one
passage.  Here it is analysed into *content words* with their part of speech (fugashi +
unidic-lite), and what only asks is dropped: particles, auxiliaries, polite endings and
question words (a stop list per language, :data:`STOP_JA` and :data:`STOP_EN`).  A
content word is a :class:`Concept`: the word, and the other ways the texts say it (the
glossary's and lexicon's wordings, through :func:`judge.search.wordings.glossary`; the
word read as kana when typed in romaji; a word of the same reading when the typed kanji
match nothing: 召還 -> 召喚).  :mod:`judge.search.run` ranks passages by how many of the
concepts they hold, weighted by IDF, with BM25 among equals.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .analysis import (_INFLECTING, _KATAKANA_RUN, _katakana_word, _tagger, fold_kana, is_kana,
                       normalize, pieces, reading)
from . import tables
from .matching import Word

# The stop and asking words (what each list is: tables.py, which the offline search
# reads too).
STOP_POS_JA = frozenset(tables.STOP_POS_JA)
STOP_JA = frozenset(tables.STOP_JA)
STOP_EN = frozenset(tables.STOP_EN)
ASKING_JA = frozenset(tables.ASKING_JA)
ASKING_EN = frozenset(tables.ASKING_EN)
MAX_CONCEPTS = tables.MAX_CONCEPTS
_ROMAJI = re.compile(r"^[a-z]+(?:-[a-z]+)*$")
_LONG_VOWEL = re.compile(r"([aiueo])\1")
_HIRAGANA = re.compile(tables.HIRAGANA_WORD)


@dataclass
class Concept:
    """One content word of a question and the words any of which stands for it.

    ``words``: (word, passages it may match there, or None for everywhere) — a
    glossary wording counts in its own game only.  ``near``: the concept is a lexicon
    name only near the text's word (勝ち, 負け: also said of one fight), so it does not
    say which game the question is about (run.QueryRun._focus)."""

    label: str
    words: list[tuple[Word, str | None]] = field(default_factory=list)
    near: bool = False


@dataclass
class Analysis:
    """A query's content words and what was left out as asking only."""

    content: list[str]
    dropped: list[str]
    asks: bool = False          # a question (see ASKING_JA), not a list of keywords
    normal: str = ""            # the text analysed, in the normal form it was read in


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
    english = [p.text for p in pieces(normal) if p.kind == "word"]
    asks = asks or (len(english) >= tables.SENTENCE_EN_WORDS
                    and sum(w in STOP_EN for w in english) >= tables.SENTENCE_EN_STOPS)
    return Analysis(list(dict.fromkeys(content)), dropped, asks, normal)


def _japanese(run: str, content: list[str], dropped: list[str]) -> None:
    at, before = 0, ""
    for m in _KATAKANA_RUN.finditer(run):
        if m.start() > at:
            _mecab(run[at:m.start()], content, dropped, before)
        content.append(_katakana_word(m.group())[0][0])
        at, before = m.end(), m.group()
    if at < len(run):
        _mecab(run[at:], content, dropped, before)


def _mecab(text: str, content: list[str], dropped: list[str], before: str = "") -> None:
    """The words of a stretch between katakana words.  ``before``: the katakana word just
    before it, which MeCab reads it after (継続ダメージはいつ: は + いつ after a noun, はい
    + つ at a sentence's start); its own words are not the stretch's."""
    words = None
    if before:
        together = list(_tagger()(before + text))
        at = 0
        for i, word in enumerate(together):
            if at == len(before):
                if "".join(w.surface for w in together[i:]) == text:
                    words = together[i:]
                break
            at += len(word.surface)
    if words is None:       # no katakana word before, or MeCab read across the border
        words = _tagger()(text)
    for word in words:
        kind, form = role(word)
        if kind == "content":
            content.append(form)
        elif kind == "dropped":
            dropped.append(form)


def role(word) -> tuple[str, str]:
    """What a MeCab word is to a question: ``("content", form)``, ``("dropped", label)``
    (it asks or frames: kept in the analysis's dropped words) or ``("skip", "")``.  The
    offline search reads each corpus word's role from the bundle (offline/morph.py)."""
    f = word.feature
    lemma = (f.lemma or "").split("-")[0]
    base = f.orthBase if f.orthBase not in (None, "*") else word.surface
    if f.pos1 in STOP_POS_JA or f.pos2 == "数詞" and word.surface in ("何", "なん"):
        if f.pos1 not in ("助詞", "補助記号", "記号", "空白") or f.pos2 == "終助詞":
            return "dropped", lemma if lemma in ASKING_JA else word.surface
        return "skip", ""
    if word.surface in STOP_JA or lemma in STOP_JA or base in STOP_JA:
        return "dropped", lemma if lemma in ASKING_JA else word.surface
    # a stem that is one hiragana (the し of した) carries nothing on its own
    if len(word.surface) == 1 and "\u3041" <= word.surface <= "\u309f":
        return "skip", ""
    # an inflected word by its dictionary form (送ら -> 送る), which the index
    # holds beside every inflection
    return "content", base if f.pos1 in _INFLECTING else word.surface


def romaji_kana(word: str) -> list[str]:
    """An ASCII word read as kana, as typed and with long vowels (noodo -> のーど), or
    [] when it is not romaji (graveyard leaves letters jaconv cannot read)."""
    import jaconv          # imported here: only a word that matched nothing needs it
    w = word.lower()
    if not _ROMAJI.match(w) or len(w) < tables.ROMAJI_MIN_CHARS:
        return []
    out = []
    for form in (w, _LONG_VOWEL.sub(r"\1" + tables.ROMAJI_LONG_VOWEL, w)):
        kana = jaconv.alphabet2kana(form)
        # a letter jaconv cannot pair with a vowel becomes っ: at either end it is an
        # English word (bat -> ばっ, rev -> れっ, draw -> っらっ), no reading of one
        if is_kana(kana) and "っ" not in (kana[0], kana[-1]) and kana not in out:
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


_FORMS: dict = {}


def _forms(terms: list, game: str | None) -> tuple:
    """The glossary's names of a game (all games: None) -> their (term, wordings, game),
    and the names longest first; made once per glossary and game (at 100,000 entries
    the glossary holds thousands of names, and sorting them was a third of a question's
    search)."""
    key = (id(terms), game)
    found = _FORMS.get(key)
    if found is None or found[0] is not terms:
        by_form: dict[str, list[tuple[str, list[str], str, bool]]] = {}
        for form, term, wordings, term_game, near in terms:
            if form and (game is None or term_game == game):
                by_form.setdefault(form, []).append((term, wordings, term_game, near))
        order = sorted(by_form, key=lambda f: -len(f))
        # each name under its first two characters (an English one's stem's): only
        # the names whose pair is in the question can be in it
        by_pair: dict[str, list[str]] = {}
        short = []
        for form in order:
            stem = form[:-1] if form.isascii() and form.endswith("e") else form
            if len(stem) < 2:
                short.append(form)
            else:
                by_pair.setdefault(stem[:2], []).append(form)
        found = (terms, by_form, order, by_pair, short,
                 {form: i for i, form in enumerate(order)})
        if len(_FORMS) > 16:
            _FORMS.clear()
        _FORMS[key] = found
    return found[1:]


def concepts(store, text: str, game: str | None = None,
             analysed: Analysis | None = None) -> tuple[list[Concept], Analysis]:
    """The concepts of a question's text: glossary terms it holds (as one concept each:
    裏側守備表示, リリース), then its other content words.  ``analysed``: the
    :func:`content_words` of ``text`` when the caller has them (the searcher asked
    whether the text is a question): used again where no name was cut out of the text,
    where MeCab would read the same text again."""
    from .wordings import glossary
    # as typed but NFKC (MeCab reads katakana as loanwords); the glossary's forms are
    # compared kana-folded, which keeps every character where it is
    rest = normalize(text, fold_kana=False)
    folded = fold_kana(rest)        # folded once, and again only when a name is cut out
    lowered = rest.lower()
    out: list[Concept] = []
    # the longest name first ("tribute summon" is not also "summon"); an English name
    # only as whole words ("set" is not in "reset")
    # (a name several games pair, pierce: one game's 貫通 and another's 貫通属性,
    # is one concept holding every game's wordings)
    by_form, _order, by_pair, short, rank = _forms(glossary(store.corpus), game)
    # the names that may be in the text (cutting a name out only removes text)
    pairs = {t[i:i + 2] for t in (folded, lowered) for i in range(len(t) - 1)}
    maybe = set(short)
    for pair in pairs:
        maybe.update(by_pair.get(pair, ()))
    for form in sorted(maybe, key=rank.__getitem__):
        if form.isascii():
            stem = form[:-1] if form.endswith("e") else form
            if stem not in lowered:
                continue
            m = re.search(_inflected(form), lowered)
            at, end = (m.start(), m.end()) if m else (-1, -1)
        else:
            at = folded.find(form)
            end = at + len(form)
        if at < 0:
            continue
        for row in by_form[form]:
            _add(out, row)
        # cut at a 、, which ends a Japanese run where a space would join its two sides
        # (デッキを切るのはいつ: を and の read as one unknown word, をの)
        rest = rest[:at] + _CUT + rest[end:]
        folded, lowered = fold_kana(rest), rest.lower()
    rest = _romaji_names(store, rest, by_form, out)
    if analysed is not None and analysed.normal == normalize(rest, fold_kana=False):
        analysis = analysed          # (the same normal text: the same words)
    else:
        analysis = content_words(rest)
    for word in analysis.content:
        if any(normalize(word) == normalize(c.label) for c in out):
            continue
        # a name that is a verb (倒す, 打つ) is typed inflected (倒しても, 打てる?):
        # found by the dictionary form MeCab gives the content word
        named = by_form.get(normalize(word)) or by_form.get(normalize(_lemma(word)))
        if named:
            for row in named:
                _add(out, row)
            continue
        w = Word.of(word)
        if w is not None:
            out.append(Concept(word, [(w, None)]))
    return out, analysis


_CUT = "、"
_WORD_RUN = re.compile(r"[a-z]+(?:-[a-z]+)*")


def name_readings(corpus) -> dict[str, list[str]]:
    """{reading: the glossary's names read so} of every name in Japanese script, as
    :func:`judge.search.analysis.reading` (MeCab) reads the name as the corpus writes it
    (リバース効果: りはーすこうか); the offline search reads romaji by this table."""
    from .analysis import reading
    from .wordings import glossary
    terms = glossary(corpus)
    kept = _READINGS.get(id(terms))
    # the glossary itself is kept beside its table: an id is reused once freed
    found = kept[1] if kept is not None and kept[0] is terms else None
    if found is None:
        found = {}
        for form, term, _wordings, _game, _near in terms:
            if not form or form.isascii():
                continue
            r = reading(term)
            if len(r) >= tables.ROMAJI_NAME_KANA and form not in found.get(r, []):
                found.setdefault(r, []).append(form)
        _READINGS.clear()
        _READINGS[id(terms)] = (terms, found)
    return found


_READINGS: dict = {}


def _romaji_names(store, rest: str, by_form: dict, out: list[Concept]) -> str:
    """Romaji words in a row that each match nothing and together read as a glossary or
    lexicon name (ribaasu kouka: リバース効果, whose wording the 3rd-edition text says,
    表になったとき): that name's concept, the words cut out of ``rest``.  The longest
    run of words from each word first; each word read as :func:`romaji_kana` reads it."""
    from itertools import product

    from .analysis import kana_reading
    lowered = rest.lower()
    words = [m for m in _WORD_RUN.finditer(lowered)]
    if not words or len(lowered) != len(rest):
        return rest
    table = name_readings(store.corpus)
    m = store.matcher

    def unknown(word: str) -> bool:
        w = Word.of(word)
        return w is not None and not m.word_docs(w)

    i, cuts = 0, []
    while i < len(words):
        found = None
        for j in range(min(len(words), i + tables.ROMAJI_NAME_WORDS), i, -1):
            run = words[i:j]
            if any(lowered[a.end():b.start()].strip() for a, b in zip(run, run[1:])):
                continue        # words in a row: nothing but spaces between them
            kana = [romaji_kana(w.group()) for w in run]
            if not all(kana) or not all(unknown(w.group()) for w in run):
                continue
            forms = [f for combo in product(*kana)
                     for f in table.get(kana_reading("".join(combo)), ()) if f in by_form]
            if forms:
                found = (j, forms[0])
                break
        if found is None:
            i += 1
            continue
        j, form = found
        for row in by_form[form]:
            _add(out, row)
        cuts.append((words[i].start(), words[j - 1].end()))
        i = j
    for a, b in reversed(cuts):
        rest = rest[:a] + " " + rest[b:]
    return rest


def _add(out: list[Concept], row: tuple[str, list[str], str, bool]) -> None:
    """A glossary row (term, wordings, game, near) into the concepts: the term's concept
    (made when new) gets the wordings in their game; it is near only while every row
    naming it is."""
    term, wordings, term_game, near = row
    concept = next((c for c in out if c.label == term), None)
    if concept is None:
        concept = Concept(term, [(w, None) for w in [Word.of(term)] if w], near)
        out.append(concept)
    concept.near = concept.near and near
    concept.words += [(w, term_game) for w in (Word.of(x) for x in wordings) if w]


def _lemma(word: str) -> str:
    """A verb's lemma beneath its potential form (打てる -> 打つ, 出せる -> 出す), or ""."""
    words = list(_tagger()(word))
    if len(words) != 1 or words[0].feature.pos1 not in _INFLECTING:
        return ""
    return (words[0].feature.lemma or "").split("-")[0]


def _inflected(form: str) -> str:
    """A regular expression of an English name as whole words, its last word also
    inflected (pierce: piercing, pierced, pierces; tribute summon: tribute summoning)."""
    if form.endswith("e"):
        tail = re.escape(form[:-1]) + "(?:e|es|ed|ing)"
    else:
        tail = re.escape(form) + "(?:s|es|ed|ing)?"
    return rf"(?<![a-z0-9]){tail}(?![a-z0-9])"


def keyword(store, text: str, game: str | None = None) -> Concept | None:
    """A keyword the judge spaced apart as one concept: the word, and when it is a
    glossary or lexicon name (先攻, リリース) the text's wordings in that name's game
    (a text that says 先行 for 先攻), as a question's concepts have them."""
    from .wordings import glossary
    w = Word.of(text)
    if w is None:
        return None
    concept = Concept(text, [(w, None)])
    form = " ".join(normalize(text).split())
    # the name's rows in the glossary's order, looked up by their form (a scan of the
    # whole glossary, thousands of names at 100,000 entries, was 1 ms a keyword)
    rows = _forms(glossary(store.corpus), game)[0].get(form, ())
    for _term, wordings, term_game, _near in rows:
        concept.words += [(x, term_game) for x in (Word.of(v) for v in wordings) if x]
    concept.near = bool(rows) and all(row[3] for row in rows)
    return concept


def keywords(store, texts: list[str], game: str | None = None) -> list[Concept]:
    """Keywords the judge spaced apart, one concept each (:func:`keyword`); romaji words
    in a row that read as a glossary or lexicon name (ribaasu kouka) are that name's one
    concept, as in a question (:func:`concepts`)."""
    from .wordings import glossary
    out: list[Concept] = []
    by_form = _forms(glossary(store.corpus), game)[0]
    rest = _romaji_names(store, " ".join(texts), by_form, out)
    for text in rest.split():
        if is_phrase(text):
            # words joined by particles or an inflection (セットしたターン, アクセラレーシ
            # ョンの魔法): a fragment of a sentence, its content words each a concept
            seen = {c.label for c in out}
            out += [c for c in concepts(store, text, game)[0] if c.label not in seen]
        else:
            concept = keyword(store, text, game)
            if concept:
                out.append(concept)
    return out


def is_phrase(text: str) -> bool:
    """A spaced keyword that is a sentence's fragment, not one name: two content words
    or more with a particle or an inflection between them (セットしたターン: セット し た
    ターン), where a name's words follow each other (リバース効果, 禁呪デッキ)."""
    normal = normalize(text, fold_kana=False)
    # a word typed in hiragana (ぐれいず) is a reading, which MeCab cuts into question words
    if text.isascii() or _HIRAGANA.match(normal):
        return False
    analysis = content_words(text)
    return len(analysis.content) >= 2 and "".join(analysis.content) != normal


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


def form_roles() -> dict[str, list[list[str]]]:
    """Each common question ending (tables.QUESTION_FORMS) as the server reads it: its
    words' roles (:func:`role`), for the offline search to read such an ending alike."""
    out = {}
    for form in tables.QUESTION_FORMS:
        for p in pieces(normalize(form, fold_kana=False)):
            if p.kind == "ja" and not _KATAKANA_RUN.search(p.text):
                out[p.text] = [list(role(w)) for w in _tagger()(p.text)]
    return out
