"""The reader's language in the web app (Flask-Babel): ja by default, en on request.

The locale of a request is, in order: ``?lang=ja|en`` (on every page and API route),
the ``lang`` cookie the header's language switch sets, then Accept-Language; Japanese
when none of them says.  A ``?lang=`` on a page also sets the cookie, so the choice
stays as the judge follows links.  Templates translate with ``_()``; engine messages
(:mod:`judge.i18n`) render in the same locale through the resolver set here.
"""
from __future__ import annotations

import re
from functools import lru_cache
from urllib.parse import urlencode

from flask import Flask, current_app, g, has_request_context, request
from flask_babel import Babel, get_translations
from jinja2 import pass_eval_context
from markupsafe import Markup, escape

from judge import i18n
from judge.common.lru import LRU
from judge.i18n import DEFAULT_LOCALE, LOCALES, normalize

from .assets import SAME_FOR_EVERYONE

try:
    from markupsafe._speedups import _escape_inner as _escape_str
except ImportError:                  # pragma: no cover - markupsafe without its C part
    def _escape_str(value: str) -> str:
        return str(escape(value))

COOKIE = "lang"
COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_NAMES = {"ja": "日本語", "en": "English"}


CODE_SPAN = re.compile(r"`([^`\n]+)`")


def code_spans(text) -> Markup:
    """A message's `identifiers` (a scenario's keys: `resolve: yes`) inside <code>, the
    rest escaped: the reader's words stay words, the file format's stay code.  On a page
    not in Japanese, the corpus's words the message quotes (a card's name, a rule's
    wording) are marked as Japanese quotations, as :func:`quoted_ja` does."""
    marked = quoted_ja(text) if current() != "ja" else escape(text)
    return Markup(CODE_SPAN.sub(lambda m: f"<code>{m.group(1)}</code>", str(marked)))


def short_code_spans(text, length: int = 160) -> Markup:
    """:func:`code_spans` of ``text`` cut to about ``length`` characters; a cut inside an
    `identifier` closes it, so the identifier stays code (not a raw backtick and a word)."""
    text = str(text or "")
    if len(text) > length:
        text = text[:length].rstrip()
        if text.count("`") % 2:
            text += "`"
        text += "…"
    return code_spans(text)


def select_locale() -> str:
    """``?lang=``, then the cookie, then Accept-Language, then ja."""
    asked = normalize(request.args.get("lang"))
    if asked:
        return asked
    kept = normalize(request.cookies.get(COOKIE)) if request.environ.get("HTTP_COOKIE") \
        else None
    if kept:
        return kept
    return _BY_ACCEPT.get_or(request.headers.get("Accept-Language"), lambda: normalize(
        request.accept_languages.best_match(LOCALES)) or DEFAULT_LOCALE)


# The language each Accept-Language header picks (a function of the header alone): a
# venue's browsers send a handful, and parsing one again was most of choosing the
# language of a request without ?lang= or the cookie.
_BY_ACCEPT = LRU(512)


def _translations():
    """The request's catalogue (Flask-Babel's), found once a request."""
    if not has_request_context():
        return get_translations()
    found = g.get("judge_translations")
    if found is None:
        # kept per app and locale: Flask-Babel's lookup parses the locale and finds the
        # domain again each request (a fifth of a millisecond), for the same catalogue
        kept = current_app.extensions.setdefault("judge_translations", {})
        lang = current()
        found = kept.get(lang)
        if found is None:
            found = kept[lang] = get_translations()
        g.judge_translations = found
    return found


def current() -> str:
    """The locale of the request being served (ja outside a request)."""
    if not has_request_context():
        return DEFAULT_LOCALE
    lang = g.get("judge_lang")
    if lang is None:
        # the selector Flask-Babel calls, without its parse into a babel Locale (a page
        # served from the cache never needs one)
        lang = g.judge_lang = select_locale()
    return lang


def switch_url(lang: str) -> str:
    """The current page in ``lang`` (same path and query, ``lang`` replaced)."""
    args = [(k, v) for k, v in request.args.items(multi=True) if k != "lang"]
    args.append(("lang", lang))
    return f"{request.path}?{urlencode(args)}"


@pass_eval_context
def _template_gettext(eval_ctx, string: str, **variables) -> str:
    """Jinja's newstyle gettext: the translation, escaped-safe when the template
    autoescapes, always used as a %-format (so a literal % is written %%)."""
    # the catalogue is looked up once a render (a render serves one request, in one
    # language), not once a string: ~90 strings on a board's page, 8 % of its time
    catalogue = eval_ctx.__dict__.get("judge_catalogue")
    if catalogue is None:
        catalogue = eval_ctx.judge_catalogue = _translations()
    rv = catalogue.ugettext(string)
    if eval_ctx.autoescape:
        rv = Markup(rv)
    return rv % variables


_JA = "\u3000-\u303f\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uff01-\uff9f"
# a run of Japanese: its brackets, a digit or Latin letter inside it (【自分ターン1枚制限】),
# and a space between two Japanese words (第２章 戦闘上のルール)
_WORD = f"[{_JA}]+(?:[0-9A-Za-z]+[{_JA}]+)*"
JAPANESE_RUN = re.compile(f"{_WORD}(?: {_WORD})*")


def quoted_ja(text) -> Markup:
    """A text of the reader's language that quotes Japanese words (a note: 「かち is a
    misprint of から」; a chapter title): on a page not in Japanese, each run of Japanese
    inside ``<span lang="ja">`` (a quotation, read as Japanese); the rest escaped."""
    # a plain text escaped by markupsafe's C escaping, without its Markup (most values)
    text = _escape_str(text) if type(text) is str else str(escape(text or ""))
    if current() == "ja":
        return Markup(text)
    return Markup(JAPANESE_RUN.sub(lambda m: f'<span lang="ja">{m.group(0)}</span>', text))


def plain_title(text) -> str:
    """A ``title`` attribute's text: on a page not in Japanese, nothing for a text that
    quotes Japanese (a card's name in a verdict), as a title cannot mark a quotation in
    it; the page shows that text in full elsewhere, its quotations marked (issue 29)."""
    text = str(text or "")
    return text if current() == "ja" or not JAPANESE_RUN.search(text) else ""


def init_app(app: Flask) -> None:
    """Install Flask-Babel with the judge catalogue and the locale selection above."""
    i18n.ensure_compiled(i18n.JUDGE_PACKAGE)
    app.config.setdefault("BABEL_DEFAULT_LOCALE", DEFAULT_LOCALE)
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES",
                          str(i18n.locale_dir(i18n.JUDGE_PACKAGE)))
    Babel(app, locale_selector=select_locale)
    i18n.set_resolver(lambda: current() if has_request_context() else None)
    # Flask-Babel looks the catalogue up again at every _() (its context, the locale,
    # the domain): a page with a replay says _() about a hundred times, a third of its
    # rendering.  The request's catalogue is found once, as current() keeps its locale.
    app.jinja_env.install_gettext_callables(
        gettext=lambda s: _translations().ugettext(s),
        ngettext=lambda s, p, n: _translations().ungettext(s, p, n),
        pgettext=lambda c, s: _translations().upgettext(c, s),
        npgettext=lambda c, s, p, n: _translations().unpgettext(c, s, p, n),
        newstyle=True)
    # ... and _() itself is called directly, not through Jinja's alias that resolves
    # "gettext" in the template's context and calls it through Context.call (half the
    # cost of the ~90 _() of a board's page); the result is the same newstyle one.
    app.jinja_env.globals["gettext"] = app.jinja_env.globals["_"] = _template_gettext
    app.jinja_env.filters["code_spans"] = code_spans
    app.jinja_env.filters["short_code_spans"] = short_code_spans
    app.jinja_env.filters["quoted_ja"] = quoted_ja
    app.jinja_env.filters["plain_title"] = plain_title
    from judge.app.replays import verdict_words
    app.jinja_env.filters["verdict_words"] = verdict_words

    @app.context_processor
    def _language():
        return {"lang": current(), "LOCALES": LOCALES, "LANGUAGE_NAMES": LANGUAGE_NAMES,
                "lang_url": switch_url, "script_text": script_text}

    @app.after_request
    def _remember(response):
        asked = normalize(request.args.get("lang"))
        if asked:
            response.set_cookie(COOKIE, asked, max_age=COOKIE_AGE, samesite="Lax",
                                httponly=True)
        # The same URL answers in two languages: caches must keep them apart.  (Written
        # as a header, not through response.vary, which parses and rebuilds it: a tenth
        # of a kept page's time.)  Static files and the offline bundle are the same in
        # every language: a phone's cache must not miss them when a cookie changes
        # (judge/web/assets.py).
        headers = response.headers
        if request.endpoint in SAME_FOR_EVERYONE:
            return response
        # one pass over the few headers the response has (werkzeug's get and ``in`` of
        # a header it lacks raise and catch an HTTP exception inside)
        vary, language = None, False
        for name, value in headers.items():
            low = name.lower()
            if low == "vary" and vary is None:
                vary = value
            language = language or low == "content-language"
        if not vary:
            headers["Vary"] = "Cookie, Accept-Language"
        else:
            have = {v.strip().lower() for v in vary.split(",")}
            missing = [v for v in ("Cookie", "Accept-Language") if v.lower() not in have]
            if missing:
                headers["Vary"] = ", ".join([vary, *missing])
        if not language:
            headers["Content-Language"] = current()
        return response


@lru_cache(maxsize=None)
def _script_text(lang: str, script: str) -> dict[str, str]:
    from babel.messages.pofile import read_po
    base = i18n.locale_dir(i18n.JUDGE_PACKAGE)
    path = base / lang / "LC_MESSAGES" / "messages.po" if base else None
    if path is None or not path.exists():
        return {}
    with path.open("rb") as f:
        catalogue = read_po(f)
    return {m.id: m.string for m in catalogue
            if m.id and m.string and any(loc.endswith(script) for loc, _ in m.locations)}


def script_text(script: str = "board.js", *more: str) -> dict[str, str]:
    """The translations of a script's messages (``t("…")`` in static/<script>) for the
    reader's locale, read from the catalogue where Babel extracted them; with ``more``,
    those of the other scripts of the page too."""
    out = dict(_script_text(current(), script))
    for other in more:
        out.update(_script_text(current(), other))
    return out
