"""Romaji read as kana in the browser, as the server reads it (jaconv, issue 24 and 28).

The server reads an ASCII word that matches nothing as kana with jaconv's
``alphabet2kana`` (:func:`judge.search.question.romaji_kana`).  That function is a fixed
sequence of string replacements, a final-``h`` rule, a character table and a rule that
turns a consonant left over into っ.  Here that sequence is read out of jaconv itself
(its source, with :mod:`ast`), so the bundle carries jaconv's own table and the browser
applies it in the same order: no hand-kept romaji table on either side.
"""
from __future__ import annotations

import ast
import inspect
import textwrap


def table() -> dict:
    """``{"steps": [[old, new], ...], "chars": {char: kana}, "consonants": str,
    "final_h": kana, "word": pattern, "long_vowel": pattern}``: jaconv's
    alphabet2kana as data, and question.romaji_kana's patterns."""
    import jaconv
    from jaconv import jaconv as impl

    from judge.search import question

    tree = ast.parse(textwrap.dedent(inspect.getsource(jaconv.alphabet2kana)))
    steps: list[list[str]] = []
    final_h = final = None
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "endswith" in ast.unparse(node.test):
            final_h = ast.literal_eval(node.body[0].value.right)       # text[:-1] + 'う'
            final = next(ast.literal_eval(call.args[0]) for call in ast.walk(node.test)
                         if getattr(getattr(call, "func", None), "attr", "") == "endswith")
    # every .replace(old, new) in the order jaconv applies them (a chain is applied
    # innermost first: walk each statement's chain from its receiver outwards)
    for stmt in tree.body[0].body:
        chain = []
        node = stmt.value if isinstance(stmt, ast.Assign) else None
        while isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "replace":
            chain.append([ast.literal_eval(a) for a in node.args])
            node = node.func.value
        steps += reversed(chain)
    # the character a doubled consonant becomes (char = 'っ', under "if char in consonants")
    sokuon = next((ast.literal_eval(node.body[0].value) for node in ast.walk(tree)
                   if isinstance(node, ast.If) and "consonants" in ast.unparse(node.test)),
                  None)
    if final_h is None or sokuon is None or len(steps) < 100:
        raise RuntimeError("jaconv.alphabet2kana is not the sequence of replacements "
                           "judge/offline/romaji.py reads; update it")
    return {"steps": steps,
            "chars": {chr(k): v for k, v in impl.HEP2KANA.items()},
            "consonants": "".join(sorted(impl.consonants)),
            "final": final, "final_h": final_h, "sokuon": sokuon,
            "word": question._ROMAJI.pattern,
            "long_vowel": question._LONG_VOWEL.pattern}


def alphabet2kana(text: str, table: dict) -> str:
    """The table applied as the browser applies it (what the tests compare with jaconv)."""
    text = text.lower()
    if text.endswith(table["final"]) and len(text) >= 2:
        text = text[:-1] + table["final_h"]
    for old, new in table["steps"]:
        text = text.replace(old, new)
    text = "".join(table["chars"].get(c, c) for c in text)
    return "".join(table["sokuon"] if c in table["consonants"] else c for c in text)
