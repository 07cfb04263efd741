"""Words in the reader's language: Japanese (the default) and English.

Every text a judge reads is a gettext message, looked up in Babel message catalogues
(``.po`` files, committed; ``.mo`` files compiled by ``scripts/setup`` or, on a fresh
clone that skipped it, here on first use).  A package that writes messages ships its own
catalogue in ``<package>/locale/<lang>/LC_MESSAGES/messages.po``: the engine and the web
in ``judge/locale``, each game in ``judge/games/<game>/locale``, so a game stays a plugin.

Code that explains something does not write prose: it makes a :class:`Message` (a
message id, the English source text with ``{named}`` fields, and its parameters) and the
CLI, the web pages and the API render it in the reader's locale.  The JSON keeps the id
and the parameters beside the rendered text, so a client can render it itself.

The locale of the moment is a context variable (the CLI sets it from ``--lang`` or the
environment; the web app resolves it per request: ``?lang=``, cookie, Accept-Language).
"""
from __future__ import annotations

import contextlib
import contextvars
import importlib
import os
import re
import string
import _string
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator

from judge.common.lru import LRU

if TYPE_CHECKING:
    from gettext import NullTranslations

LOCALES = ("ja", "en")
DEFAULT_LOCALE = "ja"
JUDGE_PACKAGE = "judge"

_locale: contextvars.ContextVar[str | None] = contextvars.ContextVar("judge_locale",
                                                                     default=None)
_resolver: Callable[[], str | None] | None = None
_card_labels: dict[str, Callable[[Any], str]] = {}
# every package that makes messages (a game's catalogue names its zones)
_packages: list[str] = []


# --- the locale of the moment -----------------------------------------------------------

def normalize(lang: str | None) -> str | None:
    """``ja``, ``en`` or None for what we do not have (``ja_JP.UTF-8`` → ``ja``)."""
    if not lang:
        return None
    code = str(lang).strip().replace("-", "_").split(".")[0].split("_")[0].lower()
    return code if code in LOCALES else None


def environment_locale() -> str | None:
    """The locale the environment asks for (LC_ALL, LC_MESSAGES, LANG, LANGUAGE)."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(var)
        if value and value not in ("C", "POSIX", "C.UTF-8"):
            for part in value.split(":"):
                found = normalize(part)
                if found:
                    return found
            return None
    return None


def set_resolver(resolver: Callable[[], str | None] | None) -> None:
    """Let the web app say the locale of the request being served."""
    global _resolver
    _resolver = resolver


def current_locale() -> str:
    """The locale to render in now: the context's, else the resolver's, else ja."""
    value = _locale.get()
    if value:
        return value
    if _resolver is not None:
        found = normalize(_resolver())
        if found:
            return found
    return DEFAULT_LOCALE


def set_locale(lang: str | None) -> None:
    """Render in ``lang`` from now on in this context (None: back to the default)."""
    _locale.set(normalize(lang))


@contextlib.contextmanager
def use_locale(lang: str | None) -> Iterator[str]:
    """Render in ``lang`` inside the ``with`` block."""
    token = _locale.set(normalize(lang) or DEFAULT_LOCALE)
    try:
        yield current_locale()
    finally:
        _locale.reset(token)


# --- catalogues -------------------------------------------------------------------------

def locale_dir(package: str) -> Path | None:
    """Where ``package`` keeps its catalogues (None for a module that is no package)."""
    # the package's folder, from the module itself: importlib.resources would import
    # zipfile and its readers (3-5 ms of a one-shot command) for packages
    # that are always plain folders here
    try:
        module = importlib.import_module(package)
    except (ModuleNotFoundError, ValueError, TypeError):
        return None
    if not hasattr(module, "__path__") or not getattr(module, "__file__", None):
        return None
    return Path(module.__file__).parent / "locale"


def compile_catalogue(po: Path, mo: Path) -> None:
    """Compile one ``.po`` into its ``.mo`` (what ``pybabel compile`` does)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    with po.open("rb") as f:
        catalog = read_po(f)
    tmp = mo.with_suffix(".mo.tmp")
    with tmp.open("wb") as f:
        write_mo(f, catalog, use_fuzzy=False)
    tmp.replace(mo)


def ensure_compiled(package: str) -> None:
    """Compile any catalogue of ``package`` whose ``.mo`` is missing or older than its .po.

    ``scripts/setup`` compiles them all; this keeps a fresh clone (or an edited .po)
    working without that step.  A read-only install just uses what is there.
    """
    base = locale_dir(package)
    if base is None:
        return
    for po in base.glob("*/LC_MESSAGES/*.po"):
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            try:
                compile_catalogue(po, mo)
            except OSError:
                pass


@lru_cache(maxsize=None)
def translations(package: str, lang: str) -> NullTranslations:
    """The compiled catalogue of ``package`` for ``lang`` (empty if it has none)."""
    # The standard library reads the compiled .mo (Babel writes it, GNU format,
    # contexts included): a command's start-up does not pay for importing Babel
    import gettext as stdlib_gettext
    ensure_compiled(package)
    base = locale_dir(package)
    if base is None:
        return stdlib_gettext.NullTranslations()
    return stdlib_gettext.translation("messages", str(base), [lang], fallback=True)


def gettext(message: str, package: str = JUDGE_PACKAGE, *, context: str | None = None,
            lang: str | None = None) -> str:
    """``message`` in the locale of the moment (or ``lang``), from ``package``'s catalogue."""
    t = translations(package, lang or current_locale())
    if context is not None:
        return t.pgettext(context, message)
    return t.gettext(message)


def _(message: str, **params: Any) -> str:
    """The judge catalogue's translation of ``message``, formatted with ``params`` now."""
    text = gettext(message)
    return text.format(**params) if params else text


def N_(message: str) -> str:
    """Mark ``message`` for extraction; it is translated where it is shown."""
    return message


def list_separator(lang: str | None = None) -> str:
    return "、" if (lang or current_locale()) == "ja" else ", "


# --- messages with parameters -----------------------------------------------------------

@dataclass(frozen=True)
class Term:
    """A word of a game's vocabulary (a zone, a phase, a position, an action, a field).

    ``key`` is the file-format word (``graveyard``); ``kind`` the msgctxt in the
    package's catalogue (``zone``), so the same key can mean different things.
    """

    kind: str
    key: str
    package: str = JUDGE_PACKAGE

    def render(self, lang: str | None = None) -> str:
        return gettext(str(self.key), self.package, context=self.kind, lang=lang)

    def as_json(self) -> dict:
        return {"term": self.key, "kind": self.kind}

    def __str__(self) -> str:
        return self.render()


class _Formatter(string.Formatter):
    def __init__(self, lang: str, package: str):
        self.lang = lang
        self.package = package

    def format_field(self, value: Any, spec: str) -> str:
        return super().format_field(render_value(value, self.lang, self.package), spec)


# A template's literal texts and plain ``{name}`` fields, in order, read once per
# template; None for a template with anything else (a conversion, a format spec, an index
# or attribute, a positional field), which string.Formatter renders as before.
_PIECES = LRU(8192)


def _pieces(template: str) -> tuple | None:
    return _PIECES.get_or(template, lambda: _read_pieces(template))


def _read_pieces(template: str) -> tuple | None:
    out: list = []
    try:
        for literal, name, spec, conversion in _string.formatter_parser(template):
            if literal:
                out.append((literal, None))
            if name is not None:
                if spec or conversion or not name.isidentifier():
                    return None
                out.append(("", name))
    except ValueError:                 # a stray brace: the formatter raises it again
        return None
    return tuple(out)


def render_value(value: Any, lang: str | None = None, package: str = JUDGE_PACKAGE) -> Any:
    """How a parameter reads in a sentence: a card as 「name」, a term in the locale…"""
    lang = lang or current_locale()
    if isinstance(value, (Message, Term)):
        return value.render(lang)
    label = getattr(value, "label", None)
    if callable(label) and hasattr(value, "uid"):
        unnamed = anonymous_card_label(getattr(value, "name", ""), lang, package)
        if unnamed is not None:
            return unnamed
        own = _card_labels.get(package)
        return own(value) if own else label()
    if isinstance(value, (list, tuple)):
        return list_separator(lang).join(str(render_value(v, lang, package)) for v in value)
    if isinstance(value, bool):
        return gettext(N_("yes"), lang=lang) if value else gettext(N_("no"), lang=lang)
    return value


# The name the engine gives a card a scenario only counts (``deck: 5`` makes deck-1 …
# deck-5, judge.engine.game.Game.anonymous_card): its zone's key and its place there.
_ANONYMOUS = re.compile(r"([a-z][a-z_]*)-([1-9][0-9]*)")


def anonymous_card_label(name: str, lang: str | None = None,
                         package: str = JUDGE_PACKAGE) -> str | None:
    """How a judge reads a card the scenario did not name (``nodes-1``): 「ノードエリアの
    1枚目」, "node area card 1"; None for a card with a name of its own.

    The zone is the game's word for it (the message's own catalogue first, then every
    other that names it); a name whose first part is no zone's key is a real name.
    """
    found = _ANONYMOUS.fullmatch(str(name or ""))
    if found is None:
        return None
    key, n = found.groups()
    lang = lang or current_locale()
    word = None
    for pkg in dict.fromkeys((package, *_packages)):
        text = gettext(key, pkg, context="zone", lang=lang)
        if text != key:
            word = text
            break
    if word is None:
        if lang == "ja" or not any(gettext(key, pkg, context="zone", lang="ja") != key
                                   for pkg in _packages):
            return None
        word = key.replace("_", " ")
    return Message(N_("{zone} card {n}"), {"zone": word, "n": int(n)}).render(lang)


def json_value(value: Any) -> Any:
    """A parameter as JSON: a card ``{"card": name}``, a term ``{"term", "kind"}``…"""
    if isinstance(value, (Message, Term)):
        return value.as_json()
    if hasattr(value, "uid") and hasattr(value, "name"):
        return {"card": value.name}
    if isinstance(value, (list, tuple)):
        return [json_value(v) for v in value]
    if isinstance(value, dict):
        return {str(k): json_value(v) for k, v in value.items()}
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


@dataclass(frozen=True)
class Message:
    """A sentence to say: its id (the English source, ``{named}`` fields) and params.

    ``package`` says whose catalogue translates it (``judge.games.<game>``).
    Rendering looks the id up in the reader's locale and fills the fields; a card
    parameter reads as 「name」, a :class:`Term` in the locale's word for it.
    """

    id: str
    # compared (two sentences with other cards are not equal), not hashed (dicts are not)
    params: dict = field(default_factory=dict, hash=False)
    package: str = JUDGE_PACKAGE

    def render(self, lang: str | None = None) -> str:
        lang = lang or current_locale()
        template = gettext(self.id, self.package, lang=lang)
        try:
            pieces = _pieces(template)
            if pieces is not None:
                # what the formatter does for plain {name} fields, without its Python
                # loop and its calls per field (a board's run renders ~100 sentences)
                return "".join([format(render_value(self.params[name], lang, self.package),
                                       "") if name is not None else literal
                                for literal, name in pieces])
            return _Formatter(lang, self.package).vformat(template, (), self.params)
        except (KeyError, IndexError, ValueError):
            # A translation that names a field the code does not give: say the source.
            return _Formatter(lang, self.package).vformat(self.id, (), self.params)

    def as_json(self) -> dict:
        return {"message": self.id, "params": {k: json_value(v) for k, v in
                                               self.params.items()},
                "domain": self.package}

    def __str__(self) -> str:
        return self.render()

    def __bool__(self) -> bool:
        return bool(self.id)


def render(text: "Message | Term | dict | str | None", lang: str | None = None) -> str:
    """Any text as the reader reads it: a message rendered, a ``{ja, en}`` note in the
    reader's language, a string as it is."""
    if text is None:
        return ""
    if isinstance(text, (Message, Term)):
        return text.render(lang)
    if isinstance(text, dict):                 # a corpus note {ja, en} (bilingual.py)
        from .bilingual import pick
        return pick(text, lang)
    return str(text)


class Messages:
    """The message factory of one package: ``msg = Messages(__package__)``.

    ``msg("{player} draws a card", player=p)`` makes a :class:`Message`;
    ``msg.term("zone", "graveyard")`` a :class:`Term`.  Babel extracts ``msg(...)``.
    """

    def __init__(self, package: str, card_label: Callable[[Any], str] | None = None):
        self.package = package
        if package not in _packages:
            _packages.append(package)
        if card_label is not None:
            _card_labels[package] = card_label

    def card_label(self, label: Callable[[Any], str]) -> None:
        """How this package names a card in its sentences (Vision adds the number)."""
        _card_labels[self.package] = label

    def __call__(self, message: str, **params: Any) -> Message:
        return Message(message, params, self.package)

    def term(self, kind: str, key: Any) -> Term:
        return Term(kind, str(key), self.package)

    def zone(self, key: str) -> Term:
        return self.term("zone", key)

    def phase(self, key: str) -> Term:
        return self.term("phase", key)


msg = Messages(JUDGE_PACKAGE)


def located(path: str | None, line: int | None, text: "Message | str") -> str:
    """``file:line: what`` in the reader's locale (the form every input error takes)."""
    where = f"{path}:{line}" if path and line else (path or "")
    return f"{where}: {render(text)}" if where else render(text)


def message_json(text: Any) -> dict:
    """``message`` and ``params`` of a text for JSON (a plain string: no id, no params)."""
    if isinstance(text, Message):
        return text.as_json()
    return {"message": None, "params": {}}


def joined(items) -> Message:
    """Several messages read as one (a list of reasons): 「…」、「…」 / "…, …"."""
    return msg("{items}", items=list(items))


def pgettext(context: str, key: str) -> tuple[str, str]:
    """Mark a term (``kind``, ``key``) for extraction; :class:`Term` translates it."""
    return (context, key)
