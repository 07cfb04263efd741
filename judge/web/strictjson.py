"""The JSON body reader of the API: the same strictness as the scenario reader.

``json.loads`` alone accepts what the rest of the app cannot carry: a lone surrogate
(``"\\ud800"``: not encodable as UTF-8, so the answer fails), a number of 5,000 digits
(Python refuses to print it), ``NaN``/``Infinity`` (not JSON), nesting 1,000 levels deep
(a RecursionError).  :func:`loads` turns each into a :class:`BodyError` that says what
and where (a JSON pointer-like field path), answered 400.
"""
from __future__ import annotations

import json
import math
from typing import Any

from judge.engine.yamlsource import MAX_DEPTH, MAX_DIGITS, SURROGATE


class BodyError(ValueError):
    """A JSON body the API will not read: ``message``, ``field`` (a path) and ``accepted``."""

    def __init__(self, message: str, field: str | None = None, accepted: str | None = None):
        super().__init__(message)
        self.message, self.field, self.accepted = message, field, accepted


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise BodyError(f"a number of {len(text.lstrip('-'))} digits is too large",
                        accepted=f"at most {MAX_DIGITS} digits")
    return int(text)


def _float(text: str) -> float:
    if len(text) > 40:
        raise BodyError("a number written with more than 40 characters",
                        accepted="a number such as 3 or 0.5")
    value = float(text)
    if not math.isfinite(value):
        raise BodyError(f"{text[:20]} is not a finite number", accepted="a finite number")
    return value


def _constant(name: str) -> Any:
    raise BodyError(f"{name} is not JSON", accepted="a finite number")


def loads(raw: bytes) -> Any:
    """The body's JSON value; :class:`BodyError` for anything the app cannot carry."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BodyError(f"the body is not UTF-8 (byte {exc.start})",
                        accepted="UTF-8 JSON") from None
    try:
        value = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except RecursionError:
        raise BodyError(f"the JSON nests deeper than {MAX_DEPTH} levels") from None
    except json.JSONDecodeError as exc:
        raise BodyError(f"the body is not JSON: {exc}", accepted="application/json") from None
    _check(value)
    return value


def _check(value: Any) -> None:
    """Depth and lone surrogates, walked without recursion (the value may be deep)."""
    stack: list[tuple[Any, str, int]] = [(value, "", 0)]
    while stack:
        item, path, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise BodyError(f"the JSON nests deeper than {MAX_DEPTH} levels",
                            field=path or None)
        if isinstance(item, str):
            if SURROGATE.search(item):
                raise BodyError("the text holds a lone surrogate (half of a UTF-16 pair), "
                                "which is not a character", field=path or None,
                                accepted="UTF-8 text")
        elif isinstance(item, dict):
            for key, sub in item.items():
                where = f"{path}.{key}" if path else str(key)
                if SURROGATE.search(key):
                    raise BodyError("a key holds a lone surrogate", field=path or None,
                                    accepted="UTF-8 text")
                stack.append((sub, where, depth + 1))
        elif isinstance(item, list):
            stack.extend((sub, f"{path}[{i}]", depth + 1) for i, sub in enumerate(item))
