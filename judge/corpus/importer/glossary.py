"""The judge's glossary (用語集): today's terms beside the words of an older text.

A glossary source (``sources/glossary/<game>.yaml``, first line ``glossary: <game>``)
pairs a term judges use now (リバース効果, 裏側守備表示) with the wording the game's text
uses (表になったとき, 裏表示), and names the basis of each pairing: the seed's lines and
public facts, never invented rules text.  Each term becomes a term entry
(``<game>/term/<term>``) whose ``data.glossary`` holds the wordings, which search uses
to expand a query for the term.
"""
from __future__ import annotations

import re
from datetime import date

import yaml

from judge.corpus.model import RevisionDate
from judge.i18n import msg
from judge.i18n.bilingual import missing, pick

from .drafts import Draft, make_entry, revision
from .sources import SourceFile

TERM_FIELDS = {"term", "reading", "wording", "rules", "lines", "basis", "usage"}
# What the term is beside the text's wording (``usage``; modern when not given): a word
# judges use today, the common word for it, an older revision's word, or another way the
# texts themselves write it.  Each says so on the term's page.
USAGES = {
    "modern": "は、今日の用語です。このゲームの本文では{said}と書かれています",
    "common": "は、一般的な言い方です。このゲームの本文では{said}と書かれています",
    "older": "は、このゲームの古い版の本文の言い方です。現行の本文では{said}と書かれています",
    "variant": "は、このゲームの本文にある別の書き方です。本文は同じものを{said}とも書いています",
}


def _line_of(src: SourceFile, term: str) -> int:
    for number, line in enumerate(src.lines, 1):
        if re.match(rf"^\s*-\s*term:\s*{re.escape(term)}\s*$", line):
            return number
    return 1


def _last_line(src: SourceFile, first: int) -> int:
    """The last line of the term that starts at ``first`` (before the next, or the end)."""
    last = first
    for number, line in enumerate(src.lines[first:], first + 1):
        if re.match(r"^\s*-\s*term:", line):
            break
        if line.strip():
            last = number
    return last


def read_terms(src: SourceFile, shape, undated) -> tuple[dict, date]:
    """A glossary's or a lexicon's YAML and its date, or the import error that says what
    the file must hold (``shape``) or that its date is missing (``undated``)."""
    try:
        data = yaml.safe_load(src.text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise src.error(msg("not valid YAML: {problem}",
                            problem=str(getattr(exc, "problem", exc))),
                        mark.line + 1 if mark else None) from None
    if not isinstance(data, dict) or not isinstance(data.get("terms"), list):
        raise src.error(shape, 1)
    when = data.get("date")
    if not isinstance(when, date):
        raise src.error(undated, 1)
    return data, when


def each_term(src: SourceFile, data: dict):
    """(index, item, term, the line it starts on) of every term of a read file."""
    for i, item in enumerate(data["terms"]):
        if not isinstance(item, dict) or not item.get("term"):
            raise src.error(msg("terms[{i}]: each term is a mapping with `term`", i=i), 1)
        term = str(item["term"])
        yield i, item, term, _line_of(src, term)


def import_glossary(src: SourceFile, drafts: dict[str, Draft]) -> dict[str, Draft]:
    """The term entries of one glossary file (``drafts``: the entries it may link to)."""
    data, when = read_terms(
        src, msg("a glossary holds `glossary: <game>`, `date`, `document` and a list "
                 "`terms`"),
        msg("`date: YYYY-MM-DD` (the day the glossary was written) is required"))
    game = str(data["glossary"])
    out: dict[str, Draft] = {}
    for i, item, term, line in each_term(src, data):
        unknown = set(item) - TERM_FIELDS
        if unknown:
            raise src.error(msg("terms[{i}] ({term}): unknown field(s) {unknown}; accepted: "
                                "{accepted}", i=i, term=term, unknown=str(sorted(unknown)),
                                accepted=str(sorted(TERM_FIELDS))), line)
        wording = [str(w) for w in item.get("wording") or []]
        basis = _basis(item.get("basis"))
        if not wording or not basis:
            raise src.error(msg("terms[{i}] ({term}): `wording` (the text's own words) and "
                                "`basis` (why they mean the term) are required", i=i,
                                term=term), line)
        lacking = missing(basis) if isinstance(basis, dict) else []
        if lacking:
            raise src.error(msg("terms[{i}] ({term}): `basis` is written in Japanese and "
                                "English ({{ja: …, en: …}}); {missing} is missing", i=i,
                                term=term, missing=", ".join(lacking)), line)
        usage = str(item.get("usage") or "modern")
        if usage not in USAGES:
            raise src.error(msg("terms[{i}] ({term}): usage {usage!r} is not one of "
                                "{accepted}", i=i, term=term, usage=usage,
                                accepted=", ".join(sorted(USAGES))), line)
        rules = [str(r) for r in item.get("rules") or []]
        entry_id = f"{game}/term/{term}"
        if entry_id in out or entry_id in drafts:
            raise src.error(msg("terms[{i}]: {entry_id} is given twice", i=i,
                                entry_id=entry_id), line)
        text = _text(term, str(item.get("reading") or ""), wording, rules, drafts,
                     pick(basis, "ja"), usage)
        source = {"document": str(data.get("document") or "judge 用語集"),
                  "file": src.name, "lines": f"{line}-{_last_line(src, line)}",
                  "text_lines": str(item.get("lines") or "")}
        rev = revision(1, RevisionDate(when), source, text)
        glossary = {"wording": wording, "reading": str(item.get("reading") or ""),
                    "basis": basis}
        if usage != "modern":
            glossary["usage"] = usage
        entry = make_entry(entry_id, term, [rev], cites=rules, data={"glossary": glossary})
        draft = Draft(entry)
        draft.sources.add(src.name)
        out[entry_id] = draft
    return out


def _basis(raw) -> dict | str:
    """A pairing's basis, its lines joined: ``{ja, en}`` (a plain string still reads)."""
    if isinstance(raw, dict):
        return {str(k): " ".join(str(v or "").split()) for k, v in raw.items()}
    return " ".join(str(raw or "").split())


def _text(term: str, reading: str, wording: list[str], rules: list[str],
          drafts: dict[str, Draft], basis: str, usage: str = "modern") -> str:
    said = "".join(f"「{w}」" for w in wording)
    links = "、".join(f"[{drafts[r].entry.title if r in drafts else r}](judge:{r})"
                     for r in rules)
    lines = [f"**{term}**{f'（{reading}）' if reading else ''}"
             + USAGES[usage].format(said=said) + "（編集部の用語集。ルールの本文ではありません）。",
             "", f"- 本文での言い方: {said}"]
    if links:
        lines.append(f"- その言い方が出てくる規則: {links}")
    lines.append(f"- 対応の根拠: {basis}")
    return "\n".join(lines)
