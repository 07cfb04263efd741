"""The corpus's MeCab vocabulary, for splitting a query into words in the browser.

The server splits a query with MeCab (fugashi + unidic-lite, see
:func:`judge.search.analysis.morph_words`).  A phone has no MeCab, and the morpheme
field only holds words that occur in the corpus, so the browser needs only the words
MeCab found *in the corpus*: every surface with whether it is a content word (particles
and symbols are dropped, as on the server) and its dictionary form (``し`` -> ``する``),
for every katakana word its lemma (``プレイ`` -> ``プレー``) and its noun parts
(``スペルカード`` -> ``スペル``, ``カード``), and MeCab's words for the hiragana spelling of
each katakana word (ぷれい), of the reading of each word in kanji (しょうかん) and of the
names a judge types whole.  ``offline-search.js``
splits a run by the
likeliest split into known surfaces; a word the corpus never uses matches no morpheme anyway.
"""
from __future__ import annotations

import re
from collections import Counter, defaultdict

from judge.search import analysis as an
from judge.search import tables

_KANJI = re.compile(tables.KANJI)
# The browser's split (offline-analysis.js, Morph.split) tries words of at most this
# many characters (the corpus's longest are names of dozens; a query's words are short),
# and reads a stretch no word covers as one unknown word of one script, as MeCab's
# character classes do: hiragana, katakana (code point ranges), anything else
LONGEST_WORD = 16
SCRIPTS = [["h", 0x3041, 0x309F], ["k", 0x30A1, 0x30FF]]
_KANA_OR_KANJI = re.compile(r"[\u3041-\u30ff]|" + tables.KANJI)


def vocabulary(texts, names=()) -> dict:
    """``{"words": {surface: [content 0|1, base, count, role?]}, "kata": {word: [lemma, *parts]},
    "runs": {run: [[surface, base?], …]}}``; the counts let the browser split a run
    into the likeliest known words (a unigram model, like MeCab's word costs).

    ``names``: what a judge types whole or a search is sent as (titles, aliases, the
    glossary's terms and wordings): their runs, as typed and kana-folded, go in ``runs``
    as the server reads them."""
    seen: dict[str, Counter] = defaultdict(Counter)
    roles: dict[str, Counter] = defaultdict(Counter)
    kata: dict[str, list[str]] = {}
    lemmas: set[str] = set()
    said: list[list[tuple[str, str, tuple]]] = []     # each run's words: surface, pos1, role
    tagger = an._tagger()
    for text in texts:
        for p in an.pieces(an.normalize(text, fold_kana=False)):
            if p.kind != "ja":
                continue
            run = p.text
            at = 0
            for m in an._KATAKANA_RUN.finditer(run):
                if m.start() > at:
                    _note(tagger, run[at:m.start()], seen, roles, lemmas, said=said)
                word = m.group()
                if word not in kata:
                    kata[word] = _katakana(tagger, word)
                at = m.end()
            if at < len(run):
                _note(tagger, run[at:], seen, roles, lemmas, said=said)
    # A question inflects the corpus's verbs in ways its texts never write (足りない,
    # 選べますか, 決まりますか): every form MeCab reads of each inflecting word the corpus
    # uses, learned as the corpus's own words are (once each: a rare word to the split).
    inflected: dict[str, Counter] = defaultdict(Counter)
    forms: list = []
    candidates = inflections(tagger, lemmas)
    for text in candidates:
        _note(tagger, text, inflected, roles, None, first_only=True, said=forms)
    # ... and the words a question asks or frames with (tables.STOP_JA, ASKING_JA), as
    # MeCab reads them, where the corpus never writes them (いくら: the split would
    # read ライフはいくら as はい + くら, a word the corpus does write)
    from judge.search.question import ASKING_JA, STOP_JA
    for text in sorted(STOP_JA | ASKING_JA):
        if not _KANA_OR_KANJI.match(text):
            continue
        for w in tagger(text):
            if w.surface not in seen and w.surface not in inflected:
                _note(tagger, w.surface, inflected, roles, None, first_only=True, said=forms)
    for surface, counts in inflected.items():
        if surface not in seen:
            seen[surface][counts.most_common(1)[0][0]] = 1
    words = {}
    for surface, counts in seen.items():
        (content, base), _ = counts.most_common(1)[0]
        words[surface] = [content, base, sum(counts.values())]
        # its role in a question (question.role), when it is not a content word read
        # as its base form or itself: 0 skipped, a string the label it is dropped as
        kind, form = _role(roles[surface])
        if kind == "skip":
            words[surface].append(0)
        elif kind == "dropped":
            words[surface].append(form)
        elif form != (base or surface):
            words[surface].append([form])
    # A judge types a katakana word in hiragana (ぐれいず), and a glossary search is sent
    # kana-folded (もんすたーかーど置き場): MeCab reads such a run its own way, which no
    # corpus surface predicts, so the server's reading (analysis._words: a lone ー is a
    # katakana word there) of the hiragana spelling of every katakana word of the
    # corpus, and of every name as typed and folded, is kept as it is.
    runs: dict[str, list] = {}
    folded = [an.fold_kana(word) for word in kata]
    # ... and of the reading of every word of the corpus written in kanji, typed in kana
    # (しょうかん, shoukan read as kana: MeCab cuts it しょう + かん, no corpus surface
    # predicts that)
    readings = sorted({_reading(tagger, surface) for surface in seen if _KANJI.search(surface)})
    folded += readings
    # ... and the same reading in katakana, which a word typed in kana is looked up as
    # too (matching.Word.of: ショウカン, which MeCab cuts into ショウ and カン)
    for r in readings:
        word = an.to_katakana(r)
        if an._KATAKANA_RUN.fullmatch(word) and word not in kata:
            kata[word] = _katakana(tagger, word)
    for name in names:
        folded += [an.normalize(name, fold_kana=False), an.normalize(name)]
    for text in folded:
        for p in an.pieces(text):
            if p.kind == "ja" and p.text not in runs:
                runs[p.text] = [[s, b] if b else [s] for s, b in an._words(p.text)]
    pos, context = _contexts(said, roles, forms)
    endings = okurigana(tagger, [*candidates, *sorted(lemmas)], _particles(said))
    return {"words": words, "kata": {k: v for k, v in kata.items() if any(v)}, "runs": runs,
            "pos": pos, "context": context, "okurigana": endings, **_split_sizes(words, endings)}


def _utf16(text: str) -> int:
    """A text's length as JavaScript counts it (UTF-16 units: the browser's slices)."""
    return len(text.encode("utf-16-le")) // 2


def _split_sizes(words: dict, endings: dict) -> dict:
    """What the browser's split reads of the vocabulary as a whole: ``total``, every
    word's count together (a word's cost is -log(count / total)); ``longest``, the
    longest word it looks for (at most LONGEST_WORD); ``ending_longest``, the longest
    okurigana (UTF-16 units, as the browser slices)."""
    return {"total": sum(w[2] or 1 for w in words.values()),
            "longest": min(max(map(_utf16, words), default=1), LONGEST_WORD),
            "ending_longest": max(map(_utf16, endings), default=0)}


def _reading(tagger, surface: str) -> str:
    """A surface's reading in hiragana, as MeCab reads it alone (召喚: しょうかん)."""
    return an.fold_kana("".join(w.feature.kana if w.feature.kana not in (None, "*")
                                else w.surface for w in tagger(surface)))


def _particles(said) -> set[str]:
    """The words MeCab reads as particles (助詞) in most of their uses in the corpus."""
    counts: dict[str, Counter] = defaultdict(Counter)
    for run in said:
        for surface, pos1, _role_ in run:
            counts[surface][pos1 == "助詞"] += 1
    return {s for s, c in counts.items() if c[True] > c[False]}


# An ending is read as most of the corpus's verb forms that show it read it, however few
# agree (ったら: 取る, 言う, 持つ): a verb the corpus never uses matches none of its
# passages by either form, and the one read is at least one word, as MeCab's (減る), not
# its kanji alone (減: a word of its own to the split).


def okurigana(tagger, candidates, particles) -> dict[str, list[str]]:
    """How a verb the corpus never uses (足りない, 決めますか) is read by its kana: for what
    follows its kanji (りない), the kana that belong to the verb as written (り) and as its
    dictionary form (りる), learned from MeCab's inflections of the corpus's own verbs
    (借りない, 決まります) and their dictionary forms (治る, 効く: an ending with nothing
    after it, at a question's end).  The browser reads a kanji stretch it does not know,
    followed by such kana, as that verb.  An ending whose first kana is a particle or an
    particle by itself (が, で) is left out: after a noun, it is that."""
    seen: dict[str, Counter] = defaultdict(Counter)
    for text in candidates:
        parsed = list(tagger(text))
        if not parsed:
            continue
        # a verb's form alone (治る at a question's end) is an ending too, with nothing after
        first, after = parsed[0], parsed[1].surface if len(parsed) > 1 else ""
        surface, base = first.surface, first.feature.orthBase or ""
        k = 0
        while k < len(surface) and _KANJI.match(surface[k]):
            k += 1
        if not 0 < k < len(surface) or base[:k] != surface[:k]:
            continue
        okuri = surface[k:]
        if okuri[0] in particles:
            continue
        seen[okuri + after][(okuri, base[k:])] += 1
    out = {}
    for key, counts in seen.items():
        out[key] = list(counts.most_common(1)[0][0])
    return out


# A neighbour-dependent role is kept when MeCab read the word so at least this many
# times, and in at least this share of its uses between such neighbours.
_SUPPORT = (3, 2 / 3)
_CLOSED = ("助詞", "助動詞")


def _matters(role: tuple[str, str]):
    """What of a role changes a question's plan: the content word it adds, or whether
    it is a word that asks (tables.ASKING_JA); a skipped word and one dropped are alike."""
    from judge.search.question import ASKING_JA
    kind, form = role
    return form if kind == "content" else ("asks" if form in ASKING_JA else None)


def _encoded(role: tuple[str, str]):
    """A role as the bundle writes it: 0 skipped, a string the label it is dropped as,
    [form] a content word read as form."""
    kind, form = role
    return 0 if kind == "skip" else form if kind == "dropped" else [form]


def _contexts(said, roles, forms) -> tuple[dict, dict]:
    """Where a word's role in a question depends on its neighbours (使い is the noun in
    魔法使い and the verb before ます or 終わる; 値 a suffix after a noun; 同じ content
    before なら, a pre-noun adjectival before a noun), as MeCab read the corpus:
    ``pos`` each word's commonest part of speech (a particle's or auxiliary's: itself),
    ``context`` {word: {key: role}} with
    the keys ``<prev>next``, ``>next`` and ``<prev`` (the neighbours' parts of speech,
    "" at a run's edge), only where the role differs from the word's own (``words``)
    and from what a shorter key already says (and a ``>next`` that keeps the word's own
    role where a ``<prev`` changes it); the browser tries them in this order.
    ``forms``: the inflections' words, for their parts of speech only."""
    counts: dict[str, Counter] = defaultdict(Counter)
    for run in said:
        for surface, pos1, _role_ in run:
            counts[surface][pos1] += 1
    # a particle or an auxiliary is its own class (より is a verb after に, not after の)
    pos = {s: s if c.most_common(1)[0][0] in _CLOSED else c.most_common(1)[0][0]
           for s, c in counts.items()}
    for run in forms:
        for surface, pos1, _role_ in run:
            pos.setdefault(surface, pos1)
    seen: dict[str, dict[str, Counter]] = defaultdict(lambda: defaultdict(Counter))
    for run in said:
        classes = [""] + [pos[s] for s, _p, _r in run] + [""]
        for i, (surface, _pos1, role) in enumerate(run):
            if len(roles[surface]) < 2:
                continue
            before, after = "<" + classes[i], ">" + classes[i + 2]
            for key in (before + after, after, before):
                seen[surface][key][role] += 1
    context: dict[str, dict] = {}

    def supported(counts: Counter):
        role, n = counts.most_common(1)[0]
        return role if n >= _SUPPORT[0] and n >= _SUPPORT[1] * sum(counts.values()) else None

    for surface, keys in seen.items():
        own = _role(roles[surface])
        chosen: dict[str, tuple] = {}
        single = sorted(k for k in keys if k.count("<") + k.count(">") == 1)
        for key in single:
            role = supported(keys[key])
            if role is not None and _matters(role) != _matters(own):
                chosen[key] = role
        # the browser tries what follows before what precedes: where a word's role after
        # some word differs from its own, what follows that keeps its own role is said
        # too (同じ is content after が, a pre-noun adjectival before a noun: が同じ同士)
        before = {_matters(r) for k, r in chosen.items() if k.startswith("<")}
        for key in single:
            role = supported(keys[key])
            if (key.startswith(">") and key not in chosen and role is not None
                    and before - {_matters(role)}):
                chosen[key] = role
        for key in sorted(k for k in keys if k.count("<") + k.count(">") == 2):
            after, prev = key[key.index(">"):], key[:key.index(">")]
            fallback = chosen.get(after) or chosen.get(prev) or own
            role = supported(keys[key])
            if role is not None and _matters(role) != _matters(fallback):
                chosen[key] = role
        if chosen:
            context[surface] = {k: _encoded(r) for k, r in chosen.items()}
    return pos, context


def _role(counts: Counter) -> tuple[str, str]:
    """A surface's role in a question: a content word wherever MeCab reads it so in a
    third of its uses or more (直接 is an adverb in most sentences, the noun a question
    means in 直接できますか), else its commonest role."""
    content = [(n, r) for r, n in counts.items() if r[0] == "content"]
    if content and max(content)[0] * 3 >= sum(counts.values()):
        return max(content)[1]
    return counts.most_common(1)[0][0]


def _note(tagger, text: str, seen, roles, lemmas, first_only: bool = False,
          said=None) -> None:
    from judge.search.question import role
    run = []
    if said is not None:
        said.append(run)
    for w in tagger(text):
        if first_only and w.surface in roles:
            break
        r = role(w)
        roles[w.surface][r] += 1
        run.append((w.surface, w.feature.pos1, r))
        pos1 = w.feature.pos1
        content = 0 if pos1 in an._SKIP_POS else 1
        base = w.feature.orthBase if pos1 in an._INFLECTING else None
        base = base if base and base != w.surface else ""
        seen[w.surface][(content, base)] += 1
        if lemmas is not None and pos1 in an._INFLECTING and w.feature.cType not in (None, "*"):
            lemmas.add(w.feature.orthBase or w.surface)
        if first_only:
            break


# What follows a verb's or adjective's stem in a question: negative, polite, past,
# conditional, potential, passive and causative endings (MeCab decides what each
# candidate form is; a candidate it reads otherwise adds nothing).
_ENDINGS = ["ない", "ます", "た", "だ", "て", "で", "ば", "る", "れる", "られる", "せる",
            "させる", "う", "よう", "ず", "たら"]
_STEM_TAILS = ["", "っ", "ん", "い", "く", "かっ", "けれ"]


def inflections(tagger, lemmas) -> list[str]:
    """Candidate inflected forms of each lemma whose first word MeCab reads as a form of
    it (or of its potential verb: 出す -> 出せる): the lemma's stem, a kana of its last
    kana's row (決ま|ら り る れ ろ) or a tail of the stem, and an ending."""
    out = []
    for lemma in sorted(lemmas):
        stem = lemma[:-1]
        if not stem:
            continue
        for tail in [*_row(lemma[-1]), *_STEM_TAILS]:
            for ending in _ENDINGS:
                text = stem + tail + ending
                first = next(iter(tagger(text)), None)
                f = first.feature if first is not None else None
                if (f is not None and f.pos1 in an._INFLECTING and first.surface.startswith(stem)
                        and (f.orthBase or "").startswith(stem)):
                    out.append(text)
    return out


def _row(kana: str) -> list[str]:
    """The hiragana of a kana's row of the syllabary (る: ら り る れ ろ; う: あ い う え お わ),
    by their Unicode names (HIRAGANA LETTER RA ...)."""
    import unicodedata

    def consonant(c: str) -> str | None:
        name = unicodedata.name(c, "")
        if not name.startswith("HIRAGANA LETTER ") or "SMALL" in name:
            return None
        return name.split()[-1][:-1]

    own = consonant(kana)
    if own is None:
        return []
    row = [c for c in map(chr, range(0x3041, 0x3097)) if consonant(c) == own]
    return row + (["わ"] if own == "" else [])


def _katakana(tagger, word: str) -> list[str]:
    """The lemma ("" when none) and the noun parts of a katakana word, as _words gives."""
    parsed = list(tagger(word))
    lemma = parsed[0].feature.lemma if len(parsed) == 1 else None
    lemma = lemma.split("-")[0] if lemma else None
    lemma = lemma if lemma and lemma != word and an._KATAKANA_RUN.fullmatch(lemma) else ""
    parts = [(w.surface, w.feature.pos1) for w in parsed]
    out = [lemma]
    if len(parts) > 1 and all(p == "名詞" and len(s) > 1 for s, p in parts):
        out += [s for s, _ in parts]
    return out if any(out) else [""]
