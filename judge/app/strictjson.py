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
from judge.i18n import msg, render


class BodyError(ValueError):
    """A JSON body the API will not read: ``message``, ``field`` (a path) and ``accepted``.

    ``message`` and ``accepted`` are message ids with params, rendered in the request's
    locale where the error is answered (``accepted_text``).
    """

    def __init__(self, message, field: str | None = None, accepted=None):
        super().__init__(message)
        self.message, self.field, self.accepted = message, field, accepted

    @property
    def accepted_text(self) -> str | None:
        return render(self.accepted) if self.accepted is not None else None


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise BodyError(msg("a number of {digits} digits is too large",
                            digits=len(text.lstrip("-"))),
                        accepted=msg("at most {max} digits", max=MAX_DIGITS))
    return int(text)


def _float(text: str) -> float:
    if len(text) > 40:
        raise BodyError(msg("a number written with more than 40 characters"),
                        accepted=msg("a number such as 3 or 0.5"))
    value = float(text)
    if not math.isfinite(value):
        raise BodyError(msg("{number} is not a finite number", number=text[:20]),
                        accepted=msg("a finite number"))
    return value


def _constant(name: str) -> Any:
    raise BodyError(msg("{name} is not JSON", name=name), accepted=msg("a finite number"))


def loads(raw: bytes) -> Any:
    """The body's JSON value; :class:`BodyError` for anything the app cannot carry."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BodyError(msg("the body is not UTF-8 (byte {offset})", offset=exc.start),
                        accepted="UTF-8 JSON") from None
    try:
        value = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except RecursionError:
        raise BodyError(msg("the JSON nests deeper than {max} levels", max=MAX_DEPTH)) \
            from None
    except json.JSONDecodeError as exc:
        raise BodyError(msg("the body is not JSON: {problem}", problem=str(exc)),
                        accepted="application/json") from None
    _check(value)
    return value


def _check(value: Any) -> None:
    """Depth and lone surrogates, walked without recursion (the value may be deep)."""
    stack: list[tuple[Any, str, int]] = [(value, "", 0)]
    while stack:
        item, path, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise BodyError(msg("the JSON nests deeper than {max} levels", max=MAX_DEPTH),
                            field=path or None)
        if isinstance(item, str):
            if SURROGATE.search(item):
                raise BodyError(msg("the text holds a lone surrogate (half of a UTF-16 "
                                    "pair), which is not a character"), field=path or None,
                                accepted="UTF-8 text")
        elif isinstance(item, dict):
            for key, sub in item.items():
                where = f"{path}.{key}" if path else str(key)
                if SURROGATE.search(key):
                    raise BodyError(msg("a key holds a lone surrogate"), field=path or None,
                                    accepted="UTF-8 text")
                stack.append((sub, where, depth + 1))
        elif isinstance(item, list):
            stack.extend((sub, f"{path}[{i}]", depth + 1) for i, sub in enumerate(item))
