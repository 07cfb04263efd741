"""The command line in the reader's language: click's own words and every command's help.

click writes its words (Usage, Options, its errors) through :func:`gettext.gettext`,
bound in each of its modules; :func:`install` binds them to the judge's catalogue in the
reader's locale instead.  A command's help (its docstring) and an option's ``help`` are
looked up in the same catalogue, whose msgid is the English text with its whitespace
joined: :func:`localize` sets them for the locale before click reads them, keeping the
English in ``_judge_help`` for the next call.  ``scripts/catalogues update`` extracts the
help texts (:func:`add_to_pot`); ``CLICK`` lists click's words.
"""
from __future__ import annotations

import sys
from typing import Any

import click

from . import N_, gettext

# click's words a judge meets (help, usage errors), as click writes them (click 8).
CLICK = [
    N_("Aborted!"),
    N_("deprecated"),
    N_("Missing command."),
    N_("Options"),
    N_("Positional arguments"),
    N_("Got unexpected extra argument ({args})"),
    N_("Got unexpected extra arguments ({args})"),
    N_("Commands"),
    N_("env var: {var}"),
    N_("default: {default}"),
    N_("Takes {nargs} values but 1 was given."),
    N_("Takes {nargs} values but {len} were given."),
    N_("Do you want to continue?"),
    N_("Confirm the action without prompting."),
    N_("%(prog)s, version %(version)s"),
    N_("Show the version and exit."),
    N_("Show this message and exit."),
    N_("Did you mean {possibility}?"),
    N_("(Did you mean one of: {possibilities}?)"),
    N_("Missing argument"),
    N_("unknown error"),
    N_("Invalid value for {param_hint}: {message}"),
    N_("Missing option"),
    N_("Could not open file {filename!r}: {message}"),
    N_("Error: {message}"),
    N_("Try '{command} {option}' for help."),
    N_("Missing parameter"),
    N_("Missing parameter: {param_name}"),
    N_("No such option {name!r}."),
    N_("No such command {name!r}."),
    N_("Invalid value: {message}"),
    N_("Missing {param_type}"),
    N_("Usage:"),
    N_("Option {name!r} does not take a value."),
    N_("Option {name!r} requires an argument."),
    N_("Option {name!r} requires {nargs} arguments."),
    N_("Argument {name!r} takes {nargs} values."),
    N_("Press any key to continue..."),
    N_("Repeat for confirmation"),
    N_("Error: The two entered values do not match."),
    N_("Error: invalid input"),
    N_("file"),
    N_("Choose from:\n\t{choices}"),
    N_("{value!r} is not {choice}."),
    N_("{value!r} is not one of {choices}."),
    N_("directory"),
    N_("path"),
    N_("{value!r} does not match the format {format}."),
    N_("{value!r} does not match the formats {formats}."),
    N_("{value} is not in the range {range}."),
    N_("{value!r} is not a valid boolean. Recognized values: {states}"),
    N_("{value!r} is not a valid {number_type}."),
    N_("{name} {filename!r} is a file."),
    N_("{name} {filename!r} is a directory."),
    N_("{name} {filename!r} is not readable."),
    N_("{name} {filename!r} is not writable."),
    N_("{name} {filename!r} does not exist."),
    N_("required"),
    N_("integer"),
    N_("float"),
]
# The names of the values a command takes (its metavars), as click derives them from an
# argument's name or an option's type; a syntax (YYYY-MM-DD, NAME=VALUE) stays as it is.
METAVARS = [N_("DIRECTORY"), N_("TEXT"), N_("PATH"), N_("TARGET"), N_("COPY"), N_("NAME"),
            N_("GAME"), N_("SLUG"), N_("PATHS"), N_("SCENARIO"), N_("NUMBER"),
            N_("ENTRY_ID"), N_("QUERY"), N_("INTEGER RANGE"), N_("ADDRESS"), N_("INTEGER"),
            N_("N"), N_("TOKEN_ID"), N_("FILE"), N_("FILENAME"), N_("FLOAT")]
OPTIONS_METAVAR = N_("[OPTIONS]")
COMMAND_METAVAR = N_("COMMAND [ARGS]...")
CLICK_MODULES = ("core", "decorators", "exceptions", "formatting", "parser", "termui",
                 "types", "utils", "_termui_impl", "shell_completion")


def _gettext(message: str) -> str:
    return gettext(message)


def _ngettext(singular: str, plural: str, n: int) -> str:
    return gettext(singular if n == 1 else plural)


def install() -> None:
    """Bind click's ``_`` and ``ngettext`` to the judge's catalogue (once; idempotent)."""
    for name in CLICK_MODULES:
        module = sys.modules.get(f"click.{name}")
        if module is None:
            continue
        if hasattr(module, "_"):
            module._ = _gettext
        if hasattr(module, "ngettext"):
            module.ngettext = _ngettext


def msgid(text: str) -> str:
    """A help text's msgid: the English with its whitespace joined (docstrings wrap)."""
    return " ".join(str(text).split())


def _translate(obj: Any, attr: str) -> str | None:
    """Set ``obj.attr`` to its text in the reader's locale; the translation, if any."""
    kept = obj.__dict__.setdefault("_judge_help", {})
    if attr not in kept:
        kept[attr] = getattr(obj, attr, None)
    english = kept[attr]
    said = gettext(msgid(english)) if english else None
    translated = said if said and said != msgid(english) else None
    setattr(obj, attr, translated or english)
    return translated


def _first_sentence(text: str) -> str:
    """click cuts a command's short help at a space, which Japanese does not have: the
    list of commands shows the first sentence instead."""
    # a 。 inside brackets ends a sentence within them, not the help's first sentence:
    # cutting there left 「裁定記録のデータベース（$JUDGE_DATABASE_URL」 with its （ open
    depth = 0
    for i, ch in enumerate(text):
        if ch in _OPEN:
            depth += 1
        elif ch in _CLOSE:
            depth = max(0, depth - 1)
        elif ch == "。" and depth == 0:
            return text[:i]
    return text.rstrip("。")


_OPEN = "（(「『【［"
_CLOSE = "）)」』】］"


def commands(group: click.Command):
    """Every command under ``group`` (itself included), games' commands too."""
    ctx = click.Context(group, info_name=group.name)
    yield group
    if isinstance(group, click.Group):
        for name in group.list_commands(ctx):
            sub = group.get_command(ctx, name)
            if sub is not None:
                yield from commands(sub)


def localize(group: click.Command) -> None:
    """Set every help text under ``group`` to the reader's locale (see the module)."""
    for command in commands(group):
        localize_one(command)


def localize_one(command: click.Command) -> None:
    """Set ``command``'s own help texts (not those of the commands under it) to the
    reader's locale: a group localizes a subcommand when it is looked up, so running one
    command does not load every game's plugin to word the others' help."""
    install()
    said = _translate(command, "help")
    if not _translate(command, "short_help") and said and \
            not command.__dict__["_judge_help"]["short_help"]:
        command.short_help = _first_sentence(said)
    _translate(command, "epilog")
    command.options_metavar = gettext(OPTIONS_METAVAR)
    if "_help_option" in command.__dict__:     # click keeps its --help, worded once
        command._help_option = None
    if isinstance(command, click.Group):
        command.subcommand_metavar = gettext(COMMAND_METAVAR)
    for param in command.params:
        _translate(param, "help")
        _metavar(param)


def _metavar(param: click.Parameter) -> None:
    """Name the value a parameter takes in the reader's words (ENTRY_ID → 項目ID), as
    click would print it ([…] for an optional argument, … for several); a flag, a choice
    and a syntax keep click's own."""
    kept = param.__dict__.setdefault("_judge_help", {})
    if "metavar" not in kept:
        kept["metavar"] = param.metavar
    param.metavar = kept["metavar"]
    if isinstance(param, click.Option) and (param.is_flag or param.count) or \
            isinstance(param.type, click.Choice):
        return
    if kept["metavar"] is not None:
        english = kept["metavar"]
    elif isinstance(param, click.Argument):
        english = param.name.upper()
    else:
        english = param.type.name.upper()
    said = gettext(english)
    if said == english:
        return
    if isinstance(param, click.Argument) and not param.required:
        said = f"[{said}]"
    if param.nargs != 1:
        said += "..."
    param.metavar = said


def help_texts(group: click.Command) -> list[str]:
    """The msgids of every help text under ``group``, in order, once each."""
    found: dict[str, None] = {}
    for command in commands(group):
        kept = command.__dict__.get("_judge_help", {})
        for attr in ("help", "short_help", "epilog"):
            text = kept.get(attr, getattr(command, attr, None))
            if text:
                found[msgid(text)] = None
        for param in command.params:
            text = param.__dict__.get("_judge_help", {}).get("help", getattr(param, "help", None))
            if text:
                found[msgid(text)] = None
    return list(found)


def add_to_pot(pot: str, group: click.Command) -> None:
    """Append the help texts under ``group`` to a Babel template (scripts/catalogues
    update passes the judge command)."""
    from babel.messages.pofile import read_po, write_po
    with open(pot, "rb") as f:
        catalog = read_po(f)
    for text in help_texts(group):
        if text not in catalog:
            catalog.add(text, locations=[("judge/cli.py", 0)])
    with open(pot, "wb") as f:
        write_po(f, catalog, width=0, sort_by_file=True)
