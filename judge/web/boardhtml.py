"""A board and its step log as HTML, drawn in Python (盤面と手順の HTML).

The board's zones and cards and the step log were Jinja macros (``_replay.html``): a
board's page called about forty of them, each through Jinja's macro machinery (a
context, its arguments, an escape of every value), half the time of a board never run
before (issue 27).  The same markup is written here with :mod:`markupsafe` (every value
a scenario or an engine message brings is escaped; the catalogue's own words are the
template's trusted text), once per call; the macros in ``_replay.html`` call these, so
the entry page, the workbench and the call record draw a board the same way, with the
classes and roles the browser tests and the scripts select.
"""
from __future__ import annotations

import re

from markupsafe import Markup, escape

from judge.i18n import N_, current_locale

from .i18n import _translations, code_spans, quoted_ja, short_code_spans

# The catalogue's words drawn here, marked for extraction: Babel does not look inside
# f-strings, where they are looked up (``t(…)``) at drawing time.
WORDS = (
    N_("%(count)s枚"),
    N_("この再現が頼る解釈:"),
    N_("エンジン"),
    N_("ターン"),
    N_("ダメージ"),
    N_("プレイヤー"),
    N_("ライフ"),
    N_("ルール文が沈黙・曖昧なため、エンジンが解釈で処理した手順"),
    N_("一致"),
    N_("不一致"),
    N_("不可"),
    N_("公式回答"),
    N_("勝利"),
    N_("勝者"),
    N_("手番"),
    N_("手順"),
    N_("手順はありません（行動のない盤面）。"),
    N_("手順を見る"),
    N_("枚"),
    N_("照合した項目"),
    N_("照合する答えはありません"),
    N_("照合元:"),
    N_("結果"),
    N_("結論"),
    N_("解釈"),
    N_("項目"),
    N_("（うち名前のないカード %(count)s枚）"),
    N_("（改訂%(n)s・旧版）"),
    N_("%(checked)s 項目中 %(failed)s 項目が公式回答と異なります"),
    N_("エンジンの結果は公式回答どおりです（%(checked)s 項目）"),
)


# Kana, kanji and full-width forms: a text of the corpus in Japanese.
_JAPANESE = re.compile("[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]")


def _ja(english: bool, text) -> str:
    """`` lang="ja"`` for a quotation of the corpus in Japanese on a page in another
    language (issue 29: the reader's language everywhere but in marked quotations, so a
    screen reader reads them as Japanese and a check can tell them apart)."""
    return ' lang="ja"' if english and text and _JAPANESE.search(str(text)) else ""


def _quote(english: bool, value) -> str:
    """A value escaped, inside ``<span lang="ja">`` when it quotes the corpus's Japanese
    on a page in another language (a card's 闇, アンデット族)."""
    return f'<span lang="ja">{_e(value)}</span>' if _ja(english, value) else _e(value)


def _english() -> bool:
    return current_locale() != "ja"


def _t():
    """The request's catalogue's gettext (looked up once per drawing)."""
    return _translations().ugettext


try:
    # markupsafe's C escaping of a str to a str (what escape() does inside its Markup)
    from markupsafe._speedups import _escape_inner as _escape_str
except ImportError:                  # pragma: no cover - markupsafe without its C part
    def _escape_str(value: str) -> str:
        return value.replace("&", "&amp;").replace(">", "&gt;").replace(
            "<", "&lt;").replace("'", "&#39;").replace('"', "&#34;")


def _e(value) -> str:
    """A value escaped as Jinja's autoescape writes it (None reads ``None``)."""
    if type(value) is str:
        # markupsafe's own replacements, without making a Markup of each of a board's
        # hundred-odd values only to make it a str again
        return _escape_str(value)
    if type(value) is int:          # a count, a turn, a stat: digits need no escaping
        return str(value)
    return str(escape(value))


def _card(c, t, en=False) -> str:
    out = [f'<div class="card {" ".join(_e(x) for x in c.classes)}" title="{_e(c.title)}">\n'
           f'  <span class="cname"{_ja(en, c.name)}>{_e(c.name)}</span>']
    if c.stats:
        out.append('<span class="stats">')
        out += [f'<span class="stat"><abbr title="{_e(long)}">{_e(short)}</abbr>{_e(value)}'
                f'</span>' for short, value, long in c.stats]
        out.append('</span>')
    if c.marks or c.damage:
        out.append('<span class="marks">')
        out += [f'<span class="mark">{_e(m)}</span>' for m in c.marks]
        if c.damage:
            out.append(f'<span class="mark dmg">{t("ダメージ")}{_e(c.damage)}</span>')
        out.append('</span>')
    if c.keywords:
        out.append('<span class="keywords">')
        out += [f'<span class="kw"{_ja(en, k)}>{_e(k)}</span>' for k in c.keywords]
        out.append('</span>')
    out += [f'<span class="extra">{_e(k)}: {_quote(en, v)}</span>' for k, v in c.extra]
    if c.change:
        out.append(f'<span class="change">{_e(c.change)}</span>')
    out.append('\n</div>')
    return "".join(out)


def _cards(cards, t, en=False) -> str:
    return ('<ul class="cards">' + "".join(f"<li>{_card(c, t, en)}</li>" for c in cards)
            + "</ul>")


# An empty zone's markup by catalogue, zone and label: most of a board's zones are empty
# (fourteen a board in Vision, two boards a run), and each was written out again.
_EMPTY_ZONES: dict = {}


def _zone(z, t, en=False) -> str:
    if not z.cards:
        key = (t, z.id, z.label, z.counted)
        html = _EMPTY_ZONES.get(key)
        if html is None:
            if len(_EMPTY_ZONES) > 4096:
                _EMPTY_ZONES.clear()
            html = _EMPTY_ZONES[key] = _draw_zone(z, t, en)
        return html
    return _draw_zone(z, t, en)


def _draw_zone(z, t, en=False) -> str:
    count = z.count
    many = t("%(count)s枚") % {"count": count}
    out = [f'<div class="zone zone-{_e(z.id)}{"" if z.cards else " empty"}" role="group" '
           f'aria-label="{_e(z.label)} {many}">\n'
           f'  <div class="zone-label"><span>{_e(z.label)}</span>'
           f'<span class="count">{count}</span></div>\n']
    if z.counted:
        if count:
            unnamed = (t("（うち名前のないカード %(count)s枚）") % {"count": z.anonymous}
                       if z.anonymous else "")
            out.append(f'  <div class="pile" title="{many}{unnamed}">{count}'
                       f'<small>{t("枚")}</small></div>\n')
        named = z.named
        if named:
            out.append("  " + _cards(named, t, en) + "\n")
    elif z.cards:
        out.append("  " + _cards(z.cards, t, en) + "\n")
    out.append("</div>")
    return "".join(out)


def _before(value) -> str:
    return f"<s>{_e(value)}</s> → " if value is not None else ""


def board(b) -> Markup:
    """One board (a :class:`~judge.app.boardview.BoardView`): its caption, then each
    player's side with its zones grouped as the table lays them out."""
    t, en = _t(), _english()
    out = [f'<figure class="board game-{_e(b.game)}">\n'
           f'  <figcaption><strong>{_e(b.caption)}</strong>\n'
           f'    <span>{t("ターン")} {_e(b.turn)}</span>'
           + (f'<span>{_e(b.phase)}</span>' if b.phase else "")
           + f'<span>{t("手番")} {_e(b.active)}</span>\n']
    if b.winner:
        out.append(f'    <span class="winner">{t("勝者")} {_e(b.winner)}</span>\n')
    for k, v in b.flags.items():
        out.append(f'    <span class="flag">{_quote(en, k)}: {_quote(en, v)}</span>\n')
    out.append("  </figcaption>\n")
    for p in b.players:
        out.append(f'  <section class="side{" active" if p.active else ""}" '
                   f'aria-label="{_e(b.caption)} {t("プレイヤー")} {_e(p.name)}">\n'
                   f'    <header class="side-head">\n'
                   f'      <span class="pname">{_e(p.name)}</span>\n')
        if p.active:
            out.append(f'      <span class="turn-mark">{t("手番")}</span>\n')
        if p.winner:
            out.append(f'      <span class="turn-mark win">{t("勝利")}</span>\n')
        if p.life is not None:
            out.append(f'      <span class="life">{t("ライフ")} {_before(p.life_before)}'
                       f'<strong>{_e(p.life)}</strong></span>\n')
        for name, value, before in p.counters:
            out.append(f'      <span class="counter">{_e(name)} {_before(before)}'
                       f'<strong>{_e(value)}</strong></span>\n')
        out.append('    </header>\n    <div class="zones">\n')
        for group in ("main", "hand", "piles"):
            zones = p.groups.get(group)
            if zones:
                out.append(f'      <div class="group {group}">'
                           + "".join(_zone(z, t, en) for z in zones) + "</div>\n")
        out.append("    </div>\n  </section>\n")
    out.append("</figure>")
    return Markup("".join(out))


def steps(items, cite, link) -> Markup:
    """The step log: each step's number, player, action and badges, its detail, the
    sentence it quotes with a link to the clause, and an interpretation's reason.
    ``cite(step)`` is the citation (clause label, title, old revision) and
    ``link(step)`` the clause's address (:mod:`judge.web.viewmodels`)."""
    t, en = _t(), _english()
    if not items:
        return Markup(f'<p class="muted">{t("手順はありません（行動のない盤面）。")}</p>')
    out = ['<ol class="steps">\n']
    for s in items:
        legal, interp = s.get("legal"), s.get("interpretation")
        out.append(f'  <li class="step{"" if legal else " illegal"}'
                   f'{" interp" if interp else ""}">\n    <div class="step-head">\n'
                   f'      <span class="n">{_e(s.get("n", ""))}</span>\n')
        if s.get("player"):
            out.append(f'      <span class="who">{_e(s["player"])}</span>\n')
        out.append(f'      <span class="act" data-action="{_e(s.get("action", ""))}" '
                   f'data-event="{_e(s.get("event", ""))}">'
                   f'{_e(s.get("action_label") or s.get("action", ""))}</span>\n')
        if not legal:
            out.append(f'      <span class="badge bad">{t("不可")}</span>\n')
        if interp:
            why = t("ルール文が沈黙・曖昧なため、エンジンが解釈で処理した手順")
            out.append(f'      <span class="badge interp" title="{why}">{t("解釈")}</span>\n')
        out.append("    </div>\n")
        if s.get("detail"):
            out.append(f'    <p class="detail">{code_spans(s["detail"])}</p>\n')
        c, href = cite(s), _e(link(s))
        clause = f'#{_e(s["clause"])}' if s.get("clause") else ""
        label = f'<span class="clause-ref">{_e(c["label"])}</span> ' if c.get("label") else ""
        title = c.get("title", "")
        if en and _ja(en, title):
            title = f'<span lang="ja">{_e(title)}</span>'
        else:
            title = _e(title)
        quote = s.get("quote", "")
        old = (f' <span class="rev-ref">{t("（改訂%(n)s・旧版）") % {"n": _e(c["old"])}}'
               f'</span>' if c.get("old") else "")
        out.append(f'    <div class="cite">\n'
                   f'      <blockquote class="quote" cite="{href}"{_ja(en, quote)}>「{_e(quote)}」'
                   f'</blockquote>\n'
                   f'      <a class="cite-link" href="{href}" title="{_e(s.get("rule", ""))}'
                   f'{clause}">{label}{title}{old}</a>\n    </div>\n')
        if interp:
            ident = (f'（<code>{_e(s["interpretation_id"])}</code>）'
                     if s.get("interpretation_id") else "")
            out.append(f'    <p class="interp-reason"><strong>{t("解釈")}{ident}:</strong> '
                       f'{code_spans(s.get("reason", ""))}</p>\n')
        out.append("  </li>\n")
    out.append("</ol>")
    return Markup("".join(out))


def _tr(t, text: str, **values) -> Markup:
    """A catalogue string with its values, as the templates' ``_()`` writes it: the
    translation trusted, each value escaped."""
    return Markup(t(text)) % values if values else Markup(t(text))


def _rule_code(v) -> str:
    clause = f'#{_e(v["clause"])}' if v.get("clause") else ""
    return f'<code>{_e(v.get("rule"))}{clause}</code>'


def conclusion(v, link=None) -> Markup:
    """The engine's verdict in one line (judge.engine.verdict); a refusal shows the
    sentence that refuses it, or the interpretation and its reason."""
    if not (v and v.get("text")):
        return Markup("")
    from .viewmodels import step_link
    t = _t()
    kind = v.get("kind")
    out = [f'\n<div class="conclusion {_e(kind)}" role="status">\n'
           f'  <p class="conclusion-line"><strong class="conclusion-label">{t("結論")}</strong> '
           f'{quoted_ja(v["text"])}'
           + (f' <a class="small" href="{_e(link)}">{t("手順を見る")}</a>' if link else "")
           + '</p>\n  ']
    if kind in ("refused", "failed") and v.get("rule"):
        href = _e(step_link(v))
        if v.get("interpretation"):
            out.append(f'\n  <p class="conclusion-why small"><span class="badge interp">'
                       f'{t("解釈")}</span> {short_code_spans(v.get("reason"), 160)} '
                       f'<a href="{href}">{_rule_code(v)}</a></p>\n  \n  ')
        else:
            quote = f'「{_e(v.get("quote"))}」'
            if _ja(_english(), v.get("quote")):
                quote = f'<span lang="ja">{quote}</span>'
            out.append(f'\n  <p class="conclusion-why small"><a href="{href}">{_rule_code(v)}'
                       f'</a>{quote}</p>\n  ')
    out.append("\n</div>\n")
    return Markup("".join(out))


def _json(value) -> str:
    from flask import current_app
    from jinja2.utils import htmlsafe_json_dumps
    return str(htmlsafe_json_dumps(value, dumps=current_app.json.dumps))


def verdict(v) -> Markup:
    """The check against the ruling: match, mismatch or nothing to check, with the table
    of the paths checked (in the reader's words) and where the expectation comes from."""
    from judge.app.replays import verdict_words
    t = _t()
    v = verdict_words(v)
    status = v.get("status")
    out = [f'\n<div class="verdict {_e(status)}" role="status">\n  <p class="verdict-head">\n  ']
    if status == "match":
        out.append(f'<span class="sym" aria-hidden="true">✓</span> <strong>{t("一致")}</strong> '
                   + str(_tr(t, "エンジンの結果は公式回答どおりです（%(checked)s 項目）",
                         checked=v.get("checked"))) + "\n  ")
    elif status == "mismatch":
        out.append(f'<span class="sym" aria-hidden="true">✗</span> <strong>{t("不一致")}</strong> '
                   + str(_tr(t, "%(checked)s 項目中 %(failed)s 項目が公式回答と異なります",
                         checked=v.get("checked"), failed=v.get("failed"))) + "\n  ")
    else:
        out.append(f'<span class="sym" aria-hidden="true">–</span> {t("照合する答えはありません")}'
                   "\n  ")
    out.append("\n  </p>\n  ")
    rows = v.get("rows")
    if rows:
        out.append(f'\n  <details class="checks-detail"><summary>{t("照合した項目")} ({len(rows)})'
                   f'</summary>\n  <table class="checks">\n    <thead><tr><th scope="col">'
                   f'{t("項目")}</th><th scope="col">{t("公式回答")}</th><th scope="col">'
                   f'{t("エンジン")}</th><th scope="col"><span class="visually-hidden">'
                   f'{t("結果")}</span></th></tr></thead>\n    <tbody>\n    ')
        for r in rows:
            # a path names the corpus's cards (A › 場 › 「戦士A」): quoted, as the values
            label = f'{quoted_ja(r["label"])} ' if r.get("label") else ""
            # a value names the corpus's cards (戦士A): a quotation on an English page
            expected = (quoted_ja(r["expected_text"]) if r.get("expected_text")
                        else quoted_ja(Markup(_json(r.get("expected")))))
            actual = (quoted_ja(r["actual_text"]) if r.get("actual_text")
                      else quoted_ja(Markup(_json(r.get("actual")))))
            ok = r.get("ok")
            out.append(f'\n      <tr class="{"ok" if ok else "bad"}"><th scope="row">{label}'
                       f'<code class="small">{_e(r.get("path"))}</code></th><td>{expected}</td>'
                       f'<td>{actual}</td><td>{"✓" if ok else "✗"}</td></tr>\n    ')
        out.append("\n    </tbody>\n  </table>\n  </details>\n  ")
    out.append("\n  ")
    if v.get("source"):
        out.append(f'<p class="small muted">{t("照合元:")} '
                   f'{_e(v.get("source_text") or v["source"])}</p>')
    out.append("\n</div>")
    return Markup("".join(out))


def run_block(run, prefix: str = "", lead: bool = True) -> Markup:
    """One run: its conclusion (with ``lead``), the step log, the check against the
    ruling, the board before and after, and the interpretations it relies on."""
    from .viewmodels import step_citation, step_link
    t = _t()
    d = run.data
    items = d.get("steps") or []
    out = ["\n", conclusion(run.verdict) if lead else "",
           f'\n<h3 class="steps-title">{t("手順")} ({len(items)})</h3>\n',
           steps(items, step_citation, step_link), "\n", verdict(run.verdict),
           '\n<div class="boards">\n', board(run.before), "\n", board(run.after), "\n</div>\n"]
    if d.get("interpretations"):
        out.append(f'<p class="small">{t("この再現が頼る解釈:")} '
                   + "、".join(f"<code>{_e(i)}</code>" for i in d["interpretations"]) + "</p>")
    return Markup("".join(out))
