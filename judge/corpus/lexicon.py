"""The lexicon of judges' words (用語辞典): what each term of a game's text is called today,
in other games, in Japanese and in English, each name with its reason.

A lexicon row (one term of the text: a zone, a card kind, a summon, a phase, a keyword,
an action, a position, a number, a game's outcome, a timing word, a player) is kept in ``sources/lexicon/<game>.yaml`` and imported as the term entry
``<game>/term/<key>``; its ``data.lexicon`` holds the row.  This module is what the
importer and ``judge lint`` both check a row against, and what search reads a row by:
a name judges use in this game (today's word, an older text's word, an English
rendering) is also searched as the text's own wording, within the game; another game's
name for the same thing is recorded on the page, never searched as this game's text.

A pairing is never rules text: it says which word of the text a name refers to, and the
reason says where the name is only near the text's word (リリース is wider than 生け贄).
"""
from __future__ import annotations

import re
import unicodedata

from judge.i18n import msg

# The kinds of term a row is (what the chapter names): label in Japanese, in English.
KINDS = {
    "zone": ("置き場・領域", "zone"),
    "card-kind": ("カードの種類", "card kind"),
    "summon": ("召喚・場に出す方法", "summon"),
    "phase": ("フェイズ", "phase"),
    "keyword": ("キーワード・能力", "keyword"),
    "action": ("行為・処理", "action"),
    "position": ("表示形式・状態", "position or state"),
    "stat": ("数値", "number on a card or player"),
    # how a game ends (勝利, 敗北): a judge asks "do I lose when...", the text says 敗北
    "outcome": ("勝敗", "win or loss"),
    # when something may be done (ターン, 自分ターン, 相手ターン): the texts' timing words
    "timing": ("ターン・タイミング", "turn or timing"),
    # who a text speaks of (敵, 持ち主): the words for the players and owners
    "player": ("プレイヤー", "player"),
}
# What a name is beside the text's word; the first three are searched as the text's
# word in this game, another game's name is not (冥界 means the game whose text says it).
USES = {
    "today": ("今日の呼び名", "the name in use today"),
    "older": ("古い版の本文の呼び名", "an older text's name"),
    "translation": ("英語での言い方（編集部の訳）", "an English rendering (the editors')"),
    "other-game": ("他のゲームでの呼び名", "another game's name"),
}
SEARCHED = ("today", "older", "translation")
LANGS = {"ja": ("日本語", "Japanese"), "en": ("英語", "English")}
# How near the name is to the text's word: the same thing, or near (wider, narrower).
MATCHES = {"same": ("同じもの", "the same thing"),
           "near": ("近いが同じではない", "near, not the same")}
# What a name rests on: the seeds' own lines, a fact of public-facts.md, the board's
# label in this project, or the editors' knowledge of how judges speak (no text says it).
GROUNDS = {
    "text": ("本文（種資料）", "the seed text"),
    "public-facts": ("公開資料の事実（public-facts.md）", "a public fact (public-facts.md)"),
    "board": ("盤面の表示名（本プロジェクト）", "the board's label in this project"),
    "usage": ("編集部の知見（文書の根拠なし）", "the editors' knowledge of usage (no text)"),
}
NAME_FIELDS = {"name", "lang", "use", "game", "match", "ground", "reason"}


def bilingual(value) -> dict[str, str]:
    """A reason or basis as ``{"ja": ..., "en": ...}`` (missing languages left out).

    A mapping is read as it is; a plain string (an older entry's note, written in one
    language) is kept readable under the language its characters are in.
    """
    if isinstance(value, dict):
        return {lang: " ".join(str(value[lang]).split()) for lang in LANGS
                if value.get(lang) is not None and str(value[lang]).strip()}
    text = " ".join(str(value or "").split())
    if not text:
        return {}
    return {"ja" if re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", text) else "en": text}


def name_problems(name, where: str, games: tuple[str, ...] = ()) -> list:
    """What is wrong with one name of a row (message ids), or []."""
    if not isinstance(name, dict) or not str(name.get("name") or "").strip():
        return [msg("{where}: each name is a mapping with `name`", where=where)]
    said = str(name["name"])
    out = []
    unknown = set(name) - NAME_FIELDS
    if unknown:
        out.append(msg("{where} ({name}): unknown field(s) {unknown}; accepted: {accepted}",
                       where=where, name=said, unknown=str(sorted(unknown)),
                       accepted=", ".join(sorted(NAME_FIELDS))))
    for field_name, accepted in (("lang", LANGS), ("use", USES), ("ground", GROUNDS),
                                 ("match", MATCHES)):
        value = name.get(field_name, "same" if field_name == "match" else None)
        if value not in accepted:
            out.append(msg("{where} ({name}): {field} {value!r} is not one of {accepted}",
                           where=where, name=said, field=field_name, value=value,
                           accepted=", ".join(accepted)))
    if name.get("use") == "other-game" and (not name.get("game") or
                                            (games and name["game"] not in games)):
        out.append(msg("{where} ({name}): another game's name says which game (`game`: "
                       "{accepted})", where=where, name=said, accepted=", ".join(games)))
    reason = bilingual(name.get("reason"))
    missing = [lang for lang in LANGS if lang not in reason]
    if missing or not isinstance(name.get("reason"), dict):
        out.append(msg("{where} ({name}): the reason is required in Japanese and in English "
                       "(`reason: {{ja: ..., en: ...}}`); missing: {missing}", where=where,
                       name=said, missing=", ".join(missing) or "ja, en"))
    return out


def row_problems(row: dict, where: str, games: tuple[str, ...] = ()) -> list:
    """What is wrong with a row as its entry holds it (``data.lexicon``), or []."""
    names = row.get("names")
    if not isinstance(names, list) or not names:
        return [msg("{where}: a lexicon row lists its `names` (at least one)", where=where)]
    out = []
    seen: set[str] = set()
    for i, name in enumerate(names):
        out += name_problems(name, f"{where}.names[{i}]", games)
        if isinstance(name, dict) and name.get("name"):
            key = fold(str(name["name"]))
            if key in seen:
                out.append(msg("{where}: the name {name!r} is given twice", where=where,
                               name=str(name["name"])))
            seen.add(key)
    return out


def fold(name: str) -> str:
    """The form two names are compared in (NFKC, lower case, no spaces)."""
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", name)).lower()


def searched_names(row: dict) -> list[str]:
    """The names of a row a search also looks for as the text's wording (this game's)."""
    wording = {fold(w) for w in row.get("wording") or []}
    # one character (場) is too short to look for inside a query: it is in 場合; a name
    # that is the text's only wording adds nothing, but one of two (the chapter says
    # both 墓場 and 墓地) brings the other
    return [str(n["name"]) for n in row.get("names") or []
            if isinstance(n, dict) and n.get("use") in SEARCHED
            and len(fold(str(n.get("name") or ""))) >= 2
            and (fold(str(n["name"])) not in wording or wording - {fold(str(n["name"]))})]


def near_names(row: dict) -> set[str]:
    """The names of a row marked ``match: near`` (勝ち beside 勝利: also said of one
    fight): a search looks for them as the text's word, but they do not say which game
    a question is about, since the text itself does not use them so."""
    return {str(n["name"]) for n in row.get("names") or []
            if isinstance(n, dict) and n.get("name") and n.get("match") == "near"}


def lexicon_problems(corpus) -> list[tuple[str, str, object]]:
    """(entry id, code, message) of every lexicon row that is wrong as the corpus holds
    it: a name without its reason in both languages, an unknown field or value
    (``lexicon-row``), a rule it names that is not an entry (``lexicon-rule``), or a
    name two rows of one game give (``lexicon-duplicate``: a search for it could not
    tell which of the text's words is meant)."""
    out: list[tuple[str, str, object]] = []
    # another game's name says which game; whether that game is in this corpus is not
    # asked (a corpus of one game keeps its rows' other games)
    games: tuple[str, ...] = ()
    owner: dict[tuple[str, str], str] = {}
    for entry in sorted(corpus.of_kind("term"), key=lambda e: e.id):
        row = (entry.data or {}).get("lexicon")
        if row is None:
            continue
        if not isinstance(row, dict):
            out.append((entry.id, "lexicon-row",
                        msg("{where}: a lexicon row lists its `names` (at least one)",
                            where="data.lexicon")))
            continue
        out += [(entry.id, "lexicon-row", p)
                for p in row_problems(row, "data.lexicon", games)]
        out += [(entry.id, "lexicon-rule",
                 msg("data.lexicon names the rule {rule}, which is not an entry", rule=r))
                for r in row.get("rules") or [] if str(r) not in corpus.entries]
        for name in row.get("names") or []:
            if not isinstance(name, dict) or not name.get("name"):
                continue
            key = (entry.game, fold(str(name["name"])))
            if key in owner and owner[key] != entry.id:
                out.append((entry.id, "lexicon-duplicate",
                            msg("the name {name!r} is also a name of {other}: one name, "
                                "one row of a game", name=str(name["name"]),
                                other=owner[key])))
            owner.setdefault(key, entry.id)
    return out


def lexicon_view(entry, lang: str, titles=lambda entry_id: entry_id) -> dict | None:
    """A term entry's row as its page says it in ``lang`` (ja or en), or None when the
    entry is no lexicon row: ``kind``, ``wording``, ``rules`` ((id, title)), ``lines``
    and ``names`` (:func:`names_view`).  The page shows this rather than the Japanese
    body, so a reader meets one language, each name marked with its own."""
    row = (entry.data or {}).get("lexicon")
    if not isinstance(row, dict):
        return None
    at = 0 if lang == "ja" else 1
    return {"term": entry.id.rsplit("/", 1)[-1], "reading": row.get("reading"),
            "kind": KINDS.get(row.get("kind"), (row.get("kind"),) * 2)[at],
            "wording": [str(w) for w in row.get("wording") or []],
            "rules": [(str(r), titles(str(r))) for r in row.get("rules") or []],
            "lines": row.get("lines"), "names": names_view(row, lang)}


def names_view(row: dict, lang: str) -> list[dict]:
    """Each name of a row in ``lang``: ``name`` and ``name_lang`` (the language the name
    is in, for the page's ``lang`` attribute), ``lang``, ``use``, ``game`` (an id),
    ``match``, ``ground`` and ``reason`` in the reader's language (the other language's
    reason where the row lacks the reader's, ``reason_lang`` saying which)."""
    at = 0 if lang == "ja" else 1
    out = []
    for n in row.get("names") or []:
        if not isinstance(n, dict) or not n.get("name"):
            continue
        reason = bilingual(n.get("reason"))
        said = reason.get(lang) or next(iter(reason.values()), "")
        out.append({"name": str(n["name"]), "name_lang": n.get("lang") or "ja",
                    "lang": LANGS.get(n.get("lang"), ("", ""))[at],
                    "use": USES.get(n.get("use"), ("", ""))[at], "game": n.get("game"),
                    "match": MATCHES.get(n.get("match", "same"), ("", ""))[at],
                    "ground": GROUNDS.get(n.get("ground"), ("", ""))[at],
                    "reason": said,
                    "reason_lang": lang if reason.get(lang) else
                    next(iter(reason), lang)})
    return out
