"""Safe YAML loading that remembers the line of every key, for errors that say where.

Only plain data is built (mappings, lists, strings, numbers, booleans, dates, null): the
document is composed with PyYAML's safe loader and converted node by node, so no tag can
construct an object.  This is the strict layer every scenario goes through: a tag outside
:data:`ALLOWED_TAGS` (on a scalar, a list or a mapping alike: ``!!binary``,
``!!python/...``), an invalid date (``2014-02-30``), a number of more than
:data:`MAX_DIGITS` digits, ``.inf``/``.nan``, a lone surrogate, nesting deeper than
:data:`MAX_DEPTH` are each a :class:`ScenarioError` with the line.
"""
from __future__ import annotations

from typing import Any

import math
import re

import yaml

from judge.i18n import Messages, pgettext

from .errors import ScenarioError

msg = Messages("judge")

# libyaml's composer when PyYAML has it (same nodes and marks, several times faster).
_BASE = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
# A plain scalar's tag depends only on its text (the safe loader has no path resolvers):
# the tags of the short texts seen are kept, instead of trying the resolvers' patterns
# on every key and value of every board again.
_TAGS: dict[str, str] = {}


class _Composer(_BASE):
    def resolve(self, kind, value, implicit):
        if kind is yaml.ScalarNode and implicit[0] and len(value) <= 64:
            tag = _TAGS.get(value)
            if tag is None:
                tag = super().resolve(kind, value, implicit)
                if len(_TAGS) >= 20_000:
                    _TAGS.clear()
                _TAGS[value] = tag
            return tag
        return super().resolve(kind, value, implicit)
MAX_SCENARIO_BYTES = 256 * 1024
MAX_NODES = 20_000
MAX_DEPTH = 32
MAX_DIGITS = 15
_Y = "tag:yaml.org,2002:"
# What a judge writes: text, numbers, yes/no, null, dates, mappings and lists.
ALLOWED_TAGS = {_Y + t for t in ("str", "int", "float", "bool", "null", "timestamp",
                                 "map", "seq")}
_STR = _Y + "str"
_SCALAR = yaml.ScalarNode
SURROGATE = re.compile("[\ud800-\udfff]")
_NOT_DIGITS = re.compile(r"^[-+]?(0[xob])?|_")      # an int's sign, base and separators


class Located:
    """Parsed YAML data plus ``lines``: a path tuple (``("setup", "players", "A")``) -> line."""

    def __init__(self, data: Any, lines: dict[tuple, int], source: str):
        self.data, self.lines, self.source = data, lines, source

    def line(self, *path) -> int | None:
        """The line of the deepest known prefix of ``path`` (1-based)."""
        path = tuple(path)
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return self.lines.get((), None)

    def where(self, *path) -> dict:
        """``{"file", "line"}`` for a path, to pass to :class:`ScenarioError`."""
        return {"file": self.source, "line": self.line(*path)}


# What a file read here is (the ``what`` of read_source), in the reader's words.
FILE_KINDS = [pgettext("file", "scenario"), pgettext("file", "deck")]


def read_source(path, what: str = "scenario") -> str:
    """A scenario (or deck) file's text; a file that cannot be read is a ScenarioError."""
    from pathlib import Path
    path = Path(path)
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScenarioError(msg("no such {what} file", what=msg.term("file", what)),
                            file=str(path)) from None
    except (UnicodeDecodeError, IsADirectoryError, PermissionError) as exc:
        raise ScenarioError(msg("cannot read the file: {error}", error=str(exc)),
                            file=str(path)) from None


def load_located(text: str, source: str = "<scenario>", precheck=None) -> Located:
    """Parse YAML text; raise :class:`ScenarioError` with the line on any problem.

    ``precheck(node, source)``, if given, sees the composed node tree before any value
    is built (a scenario's budgets refuse an oversized board there, cheaply).
    """
    if len(text.encode("utf-8", "surrogatepass")) > MAX_SCENARIO_BYTES:
        raise ScenarioError(msg("the scenario is larger than {kib} KiB",
                                kib=MAX_SCENARIO_BYTES // 1024),
                            file=source)
    if "\x00" in text:
        raise ScenarioError(msg("the scenario contains a NUL character"), file=source)
    bad = SURROGATE.search(text)
    if bad:
        raise ScenarioError(msg("the text holds a lone surrogate (half of a UTF-16 pair), "
                                "which is not a character"), file=source,
                            line=text.count("\n", 0, bad.start()) + 1,
                            accepted="UTF-8 text")
    try:
        node = yaml.compose(text, Loader=_Composer)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        problem = getattr(exc, "problem", None) or str(exc)
        raise ScenarioError(msg("not valid YAML: {problem}", problem=problem), file=source,
                            line=(mark.line + 1) if mark else None) from None
    if precheck is not None and node is not None:
        precheck(node, source)
    lines: dict[tuple, int] = {}
    # [values seen, the one constructor of this document's scalars] (a fresh
    # constructor per value made reading a large scenario several times slower).
    counter = [0, yaml.SafeLoader("")]
    try:
        data = _convert(node, (), lines, counter, source) if node is not None else None
    finally:
        counter[1].dispose()
    return Located(data, lines, source)


def _convert(node, path: tuple, lines: dict, counter: list, source: str,
             open_nodes: frozenset = frozenset()) -> Any:
    if id(node) in open_nodes:
        # An alias that refers to a node it is inside of (``a: &a [*a]``) never ends.
        raise ScenarioError(msg("a YAML alias refers to itself"), file=source,
                            line=node.start_mark.line + 1)
    depth = len(open_nodes) + 1          # the node's ancestors and itself
    if depth > MAX_DEPTH:
        raise ScenarioError(msg("the scenario nests deeper than {max} levels", max=MAX_DEPTH),
                            file=source,
                            line=node.start_mark.line + 1, field=field_label(path))
    _check_tag(node, source, path)
    counter[0] += 1
    if counter[0] > MAX_NODES:
        raise ScenarioError(msg("the scenario has more than {max} values", max=MAX_NODES),
                            file=source)
    lines.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        open_nodes = open_nodes | {id(node)}
        out: dict = {}
        for key_node, value_node in node.value:
            if key_node.tag == _STR and type(key_node) is _SCALAR:
                # a text key (nearly every key): what the checks below make of it
                key = key_node.value
            else:
                if not isinstance(key_node, yaml.ScalarNode):
                    raise ScenarioError(msg("a mapping key must be a plain name"),
                                        file=source, line=key_node.start_mark.line + 1)
                _check_tag(key_node, source, path)
                key = _scalar(key_node, source, path, counter[1])
                key = str(key) if not isinstance(key, (int, bool)) else key
            if key in out:
                raise ScenarioError(msg("the key {key!r} appears twice", key=key), file=source,
                                    line=key_node.start_mark.line + 1)
            lines[path + (key,)] = key_node.start_mark.line + 1
            if value_node.tag == _STR and depth < MAX_DEPTH and \
                    isinstance(value_node, yaml.ScalarNode):
                # a text value: what _convert would do (its line is its key's, set above)
                counter[0] += 1
                if counter[0] > MAX_NODES:
                    raise ScenarioError(msg("the scenario has more than {max} values",
                                            max=MAX_NODES), file=source)
                out[key] = value_node.value
                continue
            out[key] = _convert(value_node, path + (key,), lines, counter, source, open_nodes)
        return out
    if isinstance(node, yaml.SequenceNode):
        open_nodes = open_nodes | {id(node)}
        items = []
        for i, item in enumerate(node.value):
            if item.tag == _STR and depth < MAX_DEPTH and type(item) is _SCALAR:
                # a text item (a hand's card names): what _convert would do
                counter[0] += 1
                if counter[0] > MAX_NODES:
                    raise ScenarioError(msg("the scenario has more than {max} values",
                                            max=MAX_NODES), file=source)
                lines.setdefault(path + (i,), item.start_mark.line + 1)
                items.append(item.value)
            else:
                items.append(_convert(item, path + (i,), lines, counter, source, open_nodes))
        return items
    return _scalar(node, source, path, counter[1])


def field_label(path: tuple) -> str | None:
    """``("actions", 0, "do")`` -> ``actions[0].do`` (the field an error names)."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or None


def _check_tag(node, source: str, path: tuple = ()) -> None:
    if node.tag in ALLOWED_TAGS:
        return
    where = {"file": source, "line": node.start_mark.line + 1, "field": field_label(path)}
    if node.tag == _Y + "merge":
        raise ScenarioError(msg("merge keys (<<) are not supported in a scenario; write "
                                "the fields out"), **where)
    tag = node.tag[len(_Y):] if node.tag.startswith(_Y) else node.tag
    tag = "!!" + tag if node.tag.startswith(_Y) else tag
    raise ScenarioError(msg("the YAML tag {tag!r} is not allowed in a scenario", tag=tag[:60]),
                        **where,
                        accepted=msg("no tag, or {tags}",
                                     tags="!!str !!int !!float !!bool !!null !!timestamp "
                                          "!!map !!seq"))


def _scalar(node, source: str, path: tuple = (), loader=None) -> Any:
    if node.tag == _STR:
        return node.value           # what the constructor would do, without its cost
    where = {"file": source, "line": node.start_mark.line + 1, "field": field_label(path)}
    if node.tag == _Y + "int":
        digits = _NOT_DIGITS.sub("", str(node.value).lower())
        if len(digits) > MAX_DIGITS:
            raise ScenarioError(msg("a number of {count} digits is too large for a scenario",
                                    count=len(digits)), **where,
                                accepted=msg("at most {max} digits", max=MAX_DIGITS))
    own = loader is None
    loader = loader or yaml.SafeLoader("")
    try:
        value = loader.construct_object(node, deep=True)
    except yaml.YAMLError as exc:
        raise ScenarioError(msg("cannot read this value: {error}", error=str(exc)), **where) from None
    except (ValueError, OverflowError) as exc:
        if node.tag == _Y + "timestamp":
            # Python's own reason ("month must be in 1..12") is English whatever the
            # reader's language: the value and what is accepted say it all
            raise ScenarioError(msg("{value!r} is not a valid date",
                                    value=str(node.value)[:40]),
                                **where, accepted=msg("a real date YYYY-MM-DD; quote it "
                                                      "to mean text")) from None
        raise ScenarioError(msg("cannot read the value {value!r} ({error})",
                                value=str(node.value)[:40], error=str(exc)),
                            **where) from None
    finally:
        if own:
            loader.dispose()
        else:
            loader.constructed_objects.clear()
    if isinstance(value, float) and not math.isfinite(value):
        raise ScenarioError(msg("{value!r} is not a finite number", value=str(node.value)[:40]),
                            **where,
                            accepted=msg("a number such as 3 or 0.5"))
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**MAX_DIGITS:
        raise ScenarioError(msg("the number is too large for a scenario"), **where,
                            accepted=msg("at most {max} digits", max=MAX_DIGITS))
    return value
