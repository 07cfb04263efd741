"""Safe YAML loading that remembers the line of every key, for errors that say where.

Only plain data is built (mappings, lists, strings, numbers, booleans, dates, null): the
document is composed with PyYAML's safe loader and converted node by node, so no tag can
construct an object.
"""
from __future__ import annotations

from typing import Any

import yaml
from yaml.constructor import SafeConstructor

from .errors import ScenarioError

# libyaml's composer when PyYAML has it (same nodes and marks, several times faster).
_COMPOSER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
MAX_SCENARIO_BYTES = 256 * 1024
MAX_NODES = 20_000


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


def read_source(path, what: str = "scenario") -> str:
    """A scenario (or deck) file's text; a file that cannot be read is a ScenarioError."""
    from pathlib import Path
    path = Path(path)
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScenarioError(f"no such {what} file", file=str(path)) from None
    except (UnicodeDecodeError, IsADirectoryError, PermissionError) as exc:
        raise ScenarioError(f"cannot read the file: {exc}", file=str(path)) from None


def load_located(text: str, source: str = "<scenario>") -> Located:
    """Parse YAML text; raise :class:`ScenarioError` with the line on any problem."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_SCENARIO_BYTES:
        raise ScenarioError(f"the scenario is larger than {MAX_SCENARIO_BYTES // 1024} KiB",
                            file=source)
    if "\x00" in text:
        raise ScenarioError("the scenario contains a NUL character", file=source)
    try:
        node = yaml.compose(text, Loader=_COMPOSER)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        problem = getattr(exc, "problem", None) or str(exc)
        raise ScenarioError(f"not valid YAML: {problem}", file=source,
                            line=(mark.line + 1) if mark else None) from None
    lines: dict[tuple, int] = {}
    counter = [0]
    data = _convert(node, (), lines, counter, source) if node is not None else None
    return Located(data, lines, source)


def _convert(node, path: tuple, lines: dict, counter: list, source: str,
             open_nodes: frozenset = frozenset()) -> Any:
    if id(node) in open_nodes:
        # An alias that refers to a node it is inside of (``a: &a [*a]``) never ends.
        raise ScenarioError("a YAML alias refers to itself", file=source,
                            line=node.start_mark.line + 1)
    open_nodes = open_nodes | {id(node)}
    counter[0] += 1
    if counter[0] > MAX_NODES:
        raise ScenarioError(f"the scenario has more than {MAX_NODES} values", file=source)
    lines.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        out: dict = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise ScenarioError("a mapping key must be a plain name", file=source,
                                    line=key_node.start_mark.line + 1)
            key = _scalar(key_node, source)
            key = str(key) if not isinstance(key, (int, bool)) else key
            if key in out:
                raise ScenarioError(f"the key {key!r} appears twice", file=source,
                                    line=key_node.start_mark.line + 1)
            lines[path + (key,)] = key_node.start_mark.line + 1
            out[key] = _convert(value_node, path + (key,), lines, counter, source, open_nodes)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_convert(item, path + (i,), lines, counter, source, open_nodes)
                for i, item in enumerate(node.value)]
    return _scalar(node, source)


def _scalar(node, source: str) -> Any:
    if node.tag.startswith("tag:yaml.org,2002:") is False and node.tag not in ("!",):
        raise ScenarioError(f"the tag {node.tag!r} is not allowed in a scenario", file=source,
                            line=node.start_mark.line + 1)
    # a constructor alone (the node's tag is already resolved): a whole loader per
    # scalar was most of the time of reading a scenario
    try:
        return SafeConstructor().construct_object(node, deep=True)
    except yaml.YAMLError as exc:
        raise ScenarioError(f"cannot read this value: {exc}", file=source,
                            line=node.start_mark.line + 1) from None
