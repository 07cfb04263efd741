"""Importing the lexicon of judges' words (用語辞典, ``sources/lexicon/<game>.yaml``).

First line ``lexicon: <game>``, then ``date``, ``document`` and ``terms``: one row per
term of the game's text (a zone, a card kind, a summon, a phase, a keyword, an action),
each with the text's own wording, the rules it occurs in, the seed lines, and its
``names`` (today's, an older text's, an English rendering, another game's), each with a
reason in Japanese and in English.  Each row becomes the term entry
``<game>/term/<key>`` (``key`` defaults to the term) whose ``data.lexicon`` holds the
row; :mod:`judge.corpus.lexicon` says what a row must hold and what search reads.
Nothing here is rules text, and the entry says so.
"""
from __future__ import annotations

from datetime import date, datetime

from judge.corpus.lexicon import (GROUNDS, KINDS, LANGS, MATCHES, USES, bilingual,
                                  row_problems)
from judge.corpus.model import RevisionDate
from judge.i18n import msg

from .drafts import Draft, make_entry, revision
from .glossary import _last_line, each_term, read_terms
from .sources import SourceFile

ROW_FIELDS = {"term", "key", "kind", "reading", "wording", "rules", "lines", "names", "date"}


def import_lexicon(src: SourceFile, drafts: dict[str, Draft],
                   games: dict[str, dict] | None = None) -> dict[str, Draft]:
    """The term entries of one lexicon file (``drafts``: the entries it may link to;
    ``games``: the games another game's name may name, id -> titles {ja, en})."""
    games = games or {}
    data, when = read_terms(
        src, msg("a lexicon holds `lexicon: <game>`, `date`, `document` and a list `terms`"),
        msg("`date: YYYY-MM-DD` (the day the lexicon was written) is required"))
    game = str(data["lexicon"])
    out: dict[str, Draft] = {}
    for i, item, term, line in each_term(src, data):
        row = _row(src, item, i, term, line, drafts, tuple(games))
        entry_id = f"{game}/term/{item.get('key') or term}"
        if entry_id in out or entry_id in drafts:
            raise src.error(msg("terms[{i}]: {entry_id} is given twice (another term, the "
                                "glossary or the texts made it; give this row a `key`)",
                                i=i, entry_id=entry_id), line)
        source = {"document": str(data.get("document") or "judge 用語辞典"),
                  "file": src.name, "lines": f"{line}-{_last_line(src, line)}",
                  "text_lines": str(item.get("lines") or "")}
        rev = revision(1, RevisionDate(_row_date(src, item, i, term, line, when)), source,
                       render(term, row, drafts, games))
        # titled 「<term>の呼び名」, not the term itself: a search for the text's word
        # names the text's own entries exactly, and this page comes after them
        entry = make_entry(entry_id, f"{term}の呼び名", [rev], cites=list(row["rules"]),
                           data={"lexicon": row})
        draft = Draft(entry)
        draft.sources.add(src.name)
        out[entry_id] = draft
    return out


def _row_date(src: SourceFile, item: dict, i: int, term: str, line: int, when: date) -> date:
    """The day a row was written: its own ``date`` (a row added after the file's first
    day says so, and /changes dates it truly), else the file's."""
    own = item.get("date")
    if own is None:
        return when
    if not isinstance(own, date) or isinstance(own, datetime) or own < when:
        raise src.error(msg("terms[{i}] ({term}): `date` must be a day (YYYY-MM-DD), not "
                            "before the lexicon's own date {when}", i=i, term=term,
                            when=when.isoformat()), line)
    return own


def _row(src: SourceFile, item: dict, i: int, term: str, line: int,
         drafts: dict[str, Draft], games: tuple[str, ...]) -> dict:
    """The row as its entry keeps it, or an import error naming what is wrong."""
    unknown = set(item) - ROW_FIELDS
    if unknown:
        raise src.error(msg("terms[{i}] ({term}): unknown field(s) {unknown}; accepted: "
                            "{accepted}", i=i, term=term, unknown=str(sorted(unknown)),
                            accepted=str(sorted(ROW_FIELDS))), line)
    if item.get("kind") not in KINDS:
        raise src.error(msg("terms[{i}] ({term}): kind {kind!r} is not one of {accepted}",
                            i=i, term=term, kind=item.get("kind"),
                            accepted=", ".join(KINDS)), line)
    rules = [str(r) for r in item.get("rules") or []]
    if not rules or not item.get("lines"):
        raise src.error(msg("terms[{i}] ({term}): `rules` (the entries whose text uses the "
                            "term) and `lines` (the seed lines) are required", i=i,
                            term=term), line)
    unknown_rules = [r for r in rules if r not in drafts]
    if unknown_rules:
        raise src.error(msg("terms[{i}] ({term}): {rules} is not an entry of the texts",
                            i=i, term=term, rules=", ".join(unknown_rules)), line)
    row = {"kind": item["kind"]}
    if item.get("reading"):
        row["reading"] = str(item["reading"])
    row.update({"wording": [str(w) for w in item.get("wording") or [term]], "rules": rules,
                "lines": str(item["lines"]), "names": item.get("names")})
    problems = row_problems(row, f"terms[{i}] ({term})", games)
    if problems:
        raise src.error(problems[0], line)
    row["names"] = [_name(n) for n in row["names"]]
    return row


def _name(name: dict) -> dict:
    out = {"name": str(name["name"]), "lang": name["lang"], "use": name["use"]}
    if name.get("game"):
        out["game"] = str(name["game"])
    if name.get("match", "same") != "same":
        out["match"] = name["match"]
    out["ground"] = name["ground"]
    out["reason"] = bilingual(name["reason"])
    return out


def render(term: str, row: dict, drafts: dict[str, Draft],
           games: dict[str, dict] | None = None) -> str:
    """The entry's text, in Japanese (the body a search and ``judge show`` read; another
    game named by its title, ``games``: id -> {ja, en}).  The English of every label and
    reason stays in ``data.lexicon``: the page says the row in its reader's language
    (:func:`judge.corpus.lexicon.lexicon_view`), never the two languages mixed."""
    games = games or {}
    said = "".join(f"「{w}」" for w in row["wording"])
    kind_ja = KINDS[row["kind"]][0]
    links = "、".join(f"[{drafts[r].entry.title}](judge:{r})" for r in row["rules"])
    reading = f"（{row['reading']}）" if row.get("reading") else ""
    lines = [f"**{term}**{reading}は、このゲームの本文の言葉です（{kind_ja}）。今日の呼び名、"
             "英語での言い方、他のゲームでの呼び名を、理由とともにまとめます"
             "（編集部の用語辞典。ルールの本文ではありません）。",
             "", f"- 本文での言い方: {said}",
             f"- その言い方が出てくる規則: {links}",
             f"- 本文の行（種資料）: {row['lines']}", "", "### 呼び名", ""]
    for n in row["names"]:
        use_ja = USES[n["use"]][0]
        if n.get("game"):
            titles = games.get(n["game"]) or {}
            use_ja = f"{use_ja}（{titles.get('ja') or n['game']}）"
        match_ja = MATCHES[n.get("match", "same")][0]
        lang_ja = LANGS[n["lang"]][0]
        ground_ja = GROUNDS[n["ground"]][0]
        lines.append(f"- **{n['name']}**（{lang_ja}・{use_ja}・{match_ja}）: "
                     f"{n['reason']['ja']}（根拠: {ground_ja}）")
    return "\n".join(lines)
