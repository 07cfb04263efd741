"""One search, not two (issue 28): the offline search scripts restate none of the
search's constants.

Every literal of the six per-query scripts (judge/web/static/offline-{analysis,text,
search,plan,question,shaping}.js) is read here (no browser, no Node: a small lexer) and
must be one of:

* a name Python defines, checked against the Python object it names: a table, pattern
  or constant of the bundle (``T.MAX_TERMS``, ``re("PIECE")``), a field of the index, a
  kind or filter of the query language, a kind of piece, an operator word, a message
  id the server's ``msg()`` says;
* a piece of JavaScript itself (``"use strict"``, a memo key's separator, NFKC, the bit
  tricks of a bitset), listed below with why;
* a number of no tuning: 0, 1, 2, an index into a row the bundle writes, or one listed
  below with why.

Any other string (a Japanese character above all), regular expression or number fails
the test, naming it: a constant of the search belongs in Python (judge/search/tables.py,
judge/offline/constants.py, judge/offline/patterns.py), which the bundle carries.  A
second test changes the Python constants and finds the change in the bundle, and in
what the offline search answers.
"""
from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "judge" / "web" / "static"
# the scripts that answer a query (the page's and the service worker's are not searched)
SCRIPTS = ("offline-analysis.js", "offline-text.js", "offline-search.js", "offline-plan.js",
           "offline-question.js", "offline-shaping.js")

# --- a lexer of the scripts' literals -----------------------------------------------------

_BEFORE_REGEX = {"return", "typeof", "case", "in", "of", "new", "delete", "void", "throw",
                 "else", "do"}
_NUMBER = re.compile(r"0[xX][0-9a-fA-F]+|\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|\.\d+")
_NAME = re.compile(r"[A-Za-z_$][\w$]*")


def literals(source: str) -> list[tuple[str, str, int]]:
    """(kind, literal as written, line) of every string, regular expression and number
    of a script, comments skipped; a ``/`` starts a regular expression where an operand
    may begin (after an operator, a bracket or ``return``), as JavaScript reads it."""
    out: list[tuple[str, str, int]] = []
    i, n, line, prev = 0, len(source), 1, ""
    while i < n:
        c = source[i]
        if c == "\n":
            line, i = line + 1, i + 1
        elif c.isspace():
            i += 1
        elif source.startswith("//", i):
            j = source.find("\n", i)
            i = n if j < 0 else j
        elif source.startswith("/*", i):
            j = source.index("*/", i + 2)
            line += source.count("\n", i, j)
            i = j + 2
        elif c in "'\"`":
            j = i + 1
            while source[j] != c:
                j += 2 if source[j] == "\\" else 1
            out.append(("string", source[i:j + 1], line))
            prev, i = "operand", j + 1
        elif c == "/" and prev not in ("operand", "name", ")", "]"):
            j, in_class = i + 1, False
            while source[j] != "/" or in_class:
                if source[j] == "\\":
                    j += 1
                elif source[j] in "[]":
                    in_class = source[j] == "["
                j += 1
            flags = re.match(r"[a-z]*", source[j + 1:]).end()
            out.append(("regex", source[i:j + 1 + flags], line))
            prev, i = "operand", j + 1 + flags
        elif (m := _NUMBER.match(source, i)) and not (i and (source[i - 1].isalnum()
                                                              or source[i - 1] in "_$")):
            out.append(("number", m.group(), line))
            prev, i = "operand", m.end()
        elif m := _NAME.match(source, i):
            prev = "op" if m.group() in _BEFORE_REGEX else "name"
            i = m.end()
        else:
            prev = c if c in ")]" else "op"
            i += 1
    return out


def _value(literal: str) -> str:
    """A JavaScript string literal's text (the scripts' escapes are Python's too)."""
    return ast.literal_eval(literal)


# --- what a literal may be -----------------------------------------------------------------

# Strings of JavaScript itself: why each is no constant of the search.
JS_STRINGS = {
    "use strict": "the scripts' mode",
    "undefined": "typeof's answer (the scripts run in a page, a worker and Node)",
    "string": "typeof's answer",
    "NFKC": "String.prototype.normalize's form (analysis.normalize is NFKC)",
    "NFD": "String.prototype.normalize's form (analysis.devoice decomposes)",
    "": "the empty text",
    " ": "one space: Python's ' '.join and .split(' ') of the same texts",
    "\n": "joins a title to its passage as Searcher._text_of does",
    "\u0000": "separates the parts of a memo key (no text holds NUL)",
    "\u0001": "separates the words of a memo key",
    "p\u0000": "a memo key's kind: postings", "c\u0000": "... champions",
    "f\u0000": "... a phrase's passages", "m\u0000": "... morphemes' passages",
    "forms\u0000": "... a game's glossary forms", "g": "... bigrams' passages",
    "y": "... readings' passages", "wordPages": "... the glossary's pages",
    "matched": "a result's property the page reads (not in the JSON)",
    "others": "a result's property the page reads (not in the JSON)",
    "asked": "a search's depth and exact count, as a results page asks (not in the JSON)",
    "restOf": "a result's further passages of entries (run._rest_of_entries; not in the JSON)",
    "complete": "whether a search gave every hit it had (shaping._grouped; not in the JSON)",
    "d": "a hit's passage number (not in the JSON)",
    "held": "a hit's exact-tier text (not in the JSON)",
    "$1": "String.prototype.replace's first group (Python's \\1)",
    "\\$&": "String.prototype.replace's whole match (escapeRe)",
    # Python's repr of a notice's {name!r} field, as say() writes it (pyRepr)
    "'": "repr's quote", '"': "repr's other quote; a phrase's quotes as Term.__str__",
    "\\\\": "repr's escape", "\\n": "repr's escape", "\\r": "repr's escape",
    "\\t": "repr's escape", "\\'": "repr's escape",
    "-": "an excluded word's prefix (query._lex) and a day's separator (date.isoformat)",
    ":": "a filter's name ends with it (query._FILTER_PREFIX)",
    "/": "an entry id's separator (<game>/<kind>/<key>, corpus.ids)",
    "#": "an entry id's clause separator (<id>#<clause>, corpus.ids)",
    ".": "a rule number's separator (6.5.3, corpus.ids.RULE_REF)",
    ", ": "a notice lists its known values so (searcher.py, query.py)",
    " / ": "a page's notices joined (SearchResult.notice)",
    "<": "the neighbour before, in a context key of offline/morph.py",
    ">": "the neighbour after, in a context key of offline/morph.py",
    "?": "the part of speech of an unknown word, in a context key of offline/morph.py",
    "0": "the zero a key's digits are filled with (format's 0 flag, corpus.ids.id_key)",
    "[": "a character class built of a table's characters",
    "]": "a character class built of a table's characters",
    # Left alone: question.py writes it inline (concepts, _inflected: three times)
    "e": "an English name's silent e, dropped before an inflection (question._inflected)",
    "content": "a question role's kind (offline/morph.py)",
    "dropped": "a question role's kind (offline/morph.py)",
}

# Regular expressions of JavaScript itself (any pattern of the search is the bundle's).
JS_REGEXES = {
    r"/\s+/g": "white space (Python's str.split() and \\s+)",
    r"/\s+/": "white space (Python's str.split())",
    r"/\s/": "one white-space character (str.isspace)",
    r"/^\s+|\s+$/g": "str.strip()",
    r"/^-+|-+$/g": "str.strip('-') of a day (query.parse_day)",
    r"/\D/g": "the digits of a number (re.sub(r'\\D', ...) in analysis.id_form)",
    r"/^\d+$/": "str.isdigit() (corpus.ids.candidate_ids)",
    r"/^[\x00-\x7f]*$/": "str.isascii()",
    r"/^[0-9a-z]+$/": "str.isascii() and str.isalnum() of a normal form (highlight._alnum)",
    r"/[\ud800-\udfff]/": "a surrogate: JavaScript's strings are UTF-16, Python's code points",
    r"/[^\S\u0000]+/g": "white space but the NUL that separates the texts",
    r"/[\\^$.*+?()[\]{}|\/-]/g": "re.escape, for JavaScript",
    r"/\\/g": "repr's escapes (pyRepr)", r"/\n/g": "repr's escapes",
    r"/\r/g": "repr's escapes", r"/\t/g": "repr's escapes", r"/'/g": "repr's escapes",
    r"/\{(\w+)(!r)?\}/g": "a message's {field} and {field!r}, as str.format reads them",
}

# Numbers beyond 0, 1, 2 and an index into a row: (script, number) -> why.
JS_NUMBERS = {
    # JavaScript itself
    ("offline-analysis.js", "4096"): "String.fromCharCode.apply's arguments per call",
    ("offline-analysis.js", "10"): "parseInt's radix",
    ("offline-search.js", "10"): "parseInt's radix",
    ("offline-shaping.js", "10"): "parseInt's radix",
    ("offline-search.js", "5"): "a bitset's word is 2**5 bits",
    ("offline-search.js", "31"): "a bitset's word's last bit",
    ("offline-search.js", "24"): "a popcount's bit tricks",
    ("offline-search.js", "4"): "a popcount's bit tricks",
    ("offline-search.js", "0x55555555"): "a popcount's bit tricks",
    ("offline-search.js", "0x33333333"): "a popcount's bit tricks",
    ("offline-search.js", "0x0f0f0f0f"): "a popcount's bit tricks",
    ("offline-search.js", "0x01010101"): "a popcount's bit tricks",
    ("offline-text.js", "2000"): "the sentence starts remembered (memory, not behaviour)",
    # a calendar, not a tuning: a day as the number YYYYMMDD (indexer._day, parse_day)
    ("offline-analysis.js", "10000"): "a day's year in YYYYMMDD",
    ("offline-analysis.js", "100"): "a day's month in YYYYMMDD",
    ("offline-analysis.js", "12"): "a year's months",
    ("offline-analysis.js", "1231"): "a year's last day (MMDD)",
    ("offline-analysis.js", "101"): "a year's first day (MMDD)",
    ("offline-analysis.js", "4"): "YYYY of YYYYMMDD (date.isoformat)",
    ("offline-analysis.js", "6"): "MM of YYYYMMDD",
    ("offline-analysis.js", "8"): "DD of YYYYMMDD",
    # formulas
    ("offline-search.js", "0.5"): "BM25's idf, log(1 + (N - df + 0.5) / (df + 0.5)), "
                                  "the formula itself (matching.py, run.py)",
    ("offline-question.js", "0.5"): "the same idf of a question's concepts (run.py)",
    # an entry id is <game>/<kind>/<key>: its three parts (corpus.ids.candidate_ids)
    ("offline-plan.js", "3"): "an entry id's three parts",
    # Left alone: Python writes these inline in modules being changed elsewhere
    # (shaping.py, run.py, results.py, grouping.py), so there is no object to read
    ("offline-search.js", "1e4"): "round(score, 4) (results.py, run.py, grouping.py)",
    ("offline-shaping.js", "3"): "shaping._exact_tier's tiers and one_edit's 3 kana",
    ("offline-shaping.js", "5"): "shaping.one_edit's limit=5 (rapidfuzz's extract)",
}


def _message_ids() -> set[str]:
    """Every message id judge/search says (``msg("…")``, the first argument)."""
    ids = set()
    for path in (ROOT / "judge" / "search").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "msg"
                    and node.args and isinstance(node.args[0], ast.Constant)):
                ids.add(node.args[0].value)
    return ids


def python_names() -> dict[str, str]:
    """{name: what defines it}: the strings an offline script may write because Python
    defines them, each read from the object itself."""
    from judge.offline.bundle import FIELDS
    from judge.offline.constants import constants
    from judge.offline.patterns import js_patterns
    from judge.search import tables
    from judge.search.analysis import normalize, pieces

    names = {}
    for name in tables.as_json():
        names[name] = "a table of judge/search/tables.py"
    for name in js_patterns():
        names[name] = "a pattern of judge/offline/patterns.py"
    for name in constants():
        names[name] = "a constant of judge/offline/constants.py"
    for field in FIELDS:
        names[field] = "a field of the index (offline/bundle.py FIELDS)"
    for kind in tables.KINDS:
        names[kind] = "an entry's kind (tables.KINDS)"
        names[f"/{kind}/"] = "an entry id's kind (tables.KINDS)"
    for name in tables.FILTERS:
        names[name] = "a filter of the query language (tables.FILTERS)"
        names[name + ":"] = "a filter as the query language writes it (tables.FILTERS)"
    for kind, _pattern in tables.PIECE_IDS:
        names[kind] = "a kind of id piece (tables.PIECE_IDS)"
    for piece in pieces(normalize("QA-337 word 日本語")):
        names[piece.kind] = "a kind of piece (analysis.pieces)"
    for word, rule in tables.QUERY_OPERATORS.items():
        names[rule] = "an operator's rule (tables.QUERY_OPERATORS)"
    for value in (*tables.FILTER_EXAMPLES.values(), tables.ENGLISH_NAME,
                  *tables.NUMBERED_FORMS):
        for field in re.findall(r"\{\w+\}", value):
            names[field] = "a field of a table's text"
    for message in _message_ids():
        names[message] = "a message id of judge/search (msg)"
    return names


def restated(scripts: dict[str, str], names: dict[str, str]) -> list[str]:
    """The literals of the scripts that are neither a name Python defines nor JavaScript's
    own, each as ``script:line: literal``."""
    found = []
    for script, source in scripts.items():
        lines = source.split("\n")
        for kind, literal, line in literals(source):
            where = f"{script}:{line}: {literal}"
            if kind == "string":
                value = _value(literal)
                if value not in JS_STRINGS and value not in names:
                    found.append(where)
            elif kind == "regex":
                if literal not in JS_REGEXES:
                    found.append(where)
            elif literal not in ("0", "1", "2", "0.0", "1.0"):
                indexed = re.search(r"\[\s*" + re.escape(literal) + r"\s*\]", lines[line - 1])
                if not indexed and (script, literal) not in JS_NUMBERS:
                    found.append(where)
    return found


def _scripts() -> dict[str, str]:
    return {name: (STATIC / name).read_text(encoding="utf-8") for name in SCRIPTS}


def test_the_lexer_reads_strings_patterns_and_numbers_apart():
    source = ('var a = "x/y" + \'it\\\'s\', b = 6 / 2 / c, r = /[/]"+/g; // "no"\n'
              '/* 7 "no" */ if (x) return /\\d+/.test(s) ? 0x1f : 1e4;')
    assert literals(source) == [
        ("string", '"x/y"', 1), ("string", "'it\\'s'", 1), ("number", "6", 1),
        ("number", "2", 1), ("regex", '/[/]"+/g', 1), ("regex", "/\\d+/", 2),
        ("number", "0x1f", 2), ("number", "1e4", 2)]


def test_the_offline_scripts_restate_no_constant_of_the_search():
    """Each literal of the per-query scripts is a name Python defines (checked against
    it), JavaScript's own, or a number of no tuning; a Japanese character, a pattern or
    a weight written out again fails here."""
    found = restated(_scripts(), python_names())
    assert not found, "\n".join(["restated in the offline scripts (move them to Python: "
                                 "judge/search/tables.py or judge/offline/constants.py):",
                                 *found])


def _written(literal: str, kind: str) -> str:
    """The characters a string or a pattern names, its escapes read (a UTF-16 surrogate
    of a pattern, JavaScript's own, is left out); a Unicode class as a character."""
    if kind == "string":
        return _value(literal)
    codes = [int(h, 16) for h in re.findall(r"\\u([0-9a-fA-F]{4})", literal)]
    named = "\u3000" if re.search(r"\\p\{", literal) else ""
    return literal + named + "".join(chr(c) for c in codes if not 0xD800 <= c <= 0xDFFF)


def test_no_japanese_text_is_written_in_the_offline_scripts():
    """Not one Japanese (or other non-ASCII) character in a string or a pattern, written
    or escaped: every kana, particle, punctuation mark and character class is Python's,
    in the bundle."""
    found = [f"{script}:{line}: {literal}" for script, source in _scripts().items()
             for kind, literal, line in literals(source)
             if kind != "number" and not _written(literal, kind).isascii()]
    assert not found, found
    assert not _written("/[\\u3041-\\u309f]/", "regex").isascii()
    assert not _written('"\\u3063"', "string").isascii()


def test_the_allow_lists_hold_only_what_the_scripts_use():
    """A reason kept for a literal no script writes any more is removed, so that the
    lists say what is left and why."""
    used = Counter()
    for script, source in _scripts().items():
        for kind, literal, _line in literals(source):
            if kind == "string":
                used[("string", _value(literal))] += 1
            elif kind == "regex":
                used[("regex", literal)] += 1
            else:
                used[("number", script, literal)] += 1
    assert [s for s in JS_STRINGS if ("string", s) not in used] == []
    assert [r for r in JS_REGEXES if ("regex", r) not in used] == []
    assert [k for k in JS_NUMBERS if ("number", *k) not in used] == []


def test_the_offline_search_takes_the_servers_steps_in_their_order():
    """Searcher.search and the offline search both answer a query by the steps of
    tables.SEARCH_STEPS, in its order: each side has a step of each name (Node runs
    the list the bundle carries; a step it lacked would fail every parity query)."""
    from judge.search import tables
    from judge.search.searcher import Searcher
    source = (STATIC / "offline-search.js").read_text(encoding="utf-8")
    steps = re.search(r"var STEPS = \{(.*?)\n  \};", source, re.S).group(1)
    assert re.findall(r"^    (\w+): function", steps, re.M) == tables.SEARCH_STEPS
    assert list(Searcher._STEPS) == tables.SEARCH_STEPS


def test_the_scripts_say_only_the_servers_messages():
    """A notice the offline search says is one judge/search says, by the same id (the
    page translates it by that id: judge/offline/notices.py)."""
    from judge.offline.notices import notice_ids
    assert set(notice_ids()) <= _message_ids(), set(notice_ids()) - _message_ids()
    assert len(notice_ids()) >= 15


@pytest.mark.parametrize("script", SCRIPTS)
def test_each_script_is_read_whole(script):
    """The lexer reads every script to its end (a literal it misread would hide the rest)."""
    source = (STATIC / script).read_text(encoding="utf-8")
    found = literals(source)
    assert found and found[-1][2] >= source.rstrip().count("\n") - 2


# --- a constant changed in Python reaches the bundle and both searches ----------------------

def test_each_constant_is_read_from_the_object_the_server_uses(monkeypatch):
    """The bundle's constants, patterns and tables are read from the server's modules
    when a bundle is built: change one there and the bundle has the change."""
    import re as _re

    from judge.corpus import ids
    from judge.offline import bundle, morph, romaji
    from judge.offline.constants import constants
    from judge.offline.patterns import js_patterns
    from judge.search import analysis, indexer, question, tables
    monkeypatch.setattr(indexer, "RANK_OLDER", 7)
    monkeypatch.setattr(question, "_CUT", "|")
    monkeypatch.setattr(ids, "ID_KEYS", {**ids.ID_KEYS, "qa": ("Q#", 4)})
    monkeypatch.setattr(morph, "LONGEST_WORD", 9)
    monkeypatch.setattr(bundle, "LENGTH_FIELDS", ("body_bi",))
    monkeypatch.setattr(analysis, "_VOICED", _re.compile("[x]"))
    monkeypatch.setattr(tables, "ELLIPSIS", "[...]")
    monkeypatch.setattr(tables, "QUERY_OPERATORS", {"ODER": "or"})
    got = constants()
    assert (got["RANK_OLDER"], got["QUESTION_CUT"], got["ID_KEYS"]["qa"],
            got["LENGTH_FIELDS"]) == (7, "|", ["Q#", 4], ["body_bi"])
    # the MeCab stand-in's longest word is its vocabulary's (format 8), within the limit
    assert morph._split_sizes({"あいうえおかきくけこさしすせそたち": [1, None, 3], "で": [0, None, 2]},
                              {"ります": ["ります", "る"]}) == {
        "total": 5, "longest": 9, "ending_longest": 3}
    assert js_patterns()["VOICED"] == ["[x]", "g"]
    assert tables.as_json()["ELLIPSIS"] == "[...]"
    assert tables.as_json()["QUERY_OPERATORS"] == {"ODER": "or"}
    assert romaji.table()["sokuon"] == "っ"


NODE = __import__("shutil").which("node") or __import__("shutil").which("nodejs")


@pytest.mark.skipif(NODE is None, reason="Node is not installed")
def test_a_constant_changed_in_python_changes_the_offline_search_too(
        sample_corpus, sample_searcher, monkeypatch, tmp_path):
    """Change the query language's operator words, a snippet's marks, ellipsis and width
    and the search's steps in judge/search/tables.py alone: the server's page and the
    offline page (Node, on the bundle built after) both follow, and still agree."""
    import json
    import subprocess

    from judge.offline.bundle import build
    from judge.search import tables
    from test_offline_parity import golden

    monkeypatch.setattr(tables, "QUERY_OPERATORS", {**tables.QUERY_OPERATORS, "ODER": "or"})
    monkeypatch.setattr(tables, "MARK", ["<b>", "</b>"])
    monkeypatch.setattr(tables, "ELLIPSIS", "[...]")
    monkeypatch.setattr(tables, "SNIPPET_CHARS", 30)
    # no did-you-mean respelling (グレイヅ is otherwise searched as グレイズ: 10 passages)
    monkeypatch.setattr(tables, "SEARCH_STEPS", ["words", "concepts", "some_words"])
    queries = ["貫通 ODER ノード", "貫通 OR ノード", "ノード", "グレイヅ"]
    bundle = build(sample_corpus, sample_searcher)
    (tmp_path / "bundle.json").write_text(json.dumps(bundle, ensure_ascii=False),
                                          encoding="utf-8")
    (tmp_path / "queries.json").write_text(json.dumps(queries, ensure_ascii=False),
                                           encoding="utf-8")
    run = subprocess.run([NODE, str(Path(__file__).with_name("offline_parity.js")),
                          str(STATIC), str(tmp_path / "bundle.json"),
                          str(tmp_path / "queries.json")],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    offline = dict(zip(queries, json.loads(run.stdout)))
    server = golden(sample_searcher, sample_corpus, queries)
    for q in queries:
        assert offline[q]["entries"] == server[q]["entries"], q
        assert offline[q]["snippets"] == server[q]["snippets"], q
    snippets = " ".join(server["ノード"]["snippets"])
    assert "<b>" in snippets and "[...]" in snippets and "<mark>" not in snippets
    # ODER is OR now, on both sides: read as the operator, not as a third word to find
    # (which no passage holds: nothing would match)
    for side in (server, offline):
        assert side["貫通 ODER ノード"]["passages"] == side["貫通 OR ノード"]["passages"]
        assert side["貫通 ODER ノード"]["passages"]
        assert side["グレイヅ"]["passages"] == []
