"""The results list drawn in Python (judge/web/resulthtml.py) is, byte for byte, what
the template's Jinja block wrote before it (kept below as the reference), for results
with every optional part: a clause, boards, badges, each kind of date, the words a
question held, an older wording, further passages, folded older revisions, and text
that needs escaping, in both languages."""
from __future__ import annotations

from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

# search.html's loop over the results before it was drawn in Python
REFERENCE = '{% for r in d.results %}\n      <li class="result{% if r.withdrawn %} withdrawn{% endif %}">\n        <h2 class="result-title"><a href="{{ r.url }}" lang="ja">{% if r.clause and r.clause != r.title.split(\' \')[0] %}<code class="clause-no">{{ r.clause }}</code> {% endif %}{{ r.title }}</a></h2>\n        {% set bs = boards_of(r.id, s.q) %}{% if bs %}\n        <p class="open-board"><a class="button board-link" href="{{ bs[0].url }}">{{ _("盤面で開く") }}: <span lang="ja">{{ bs[0].title|truncate(40) }}</span></a>{% if bs|length > 1 %} <a class="small" href="{{ r.url }}#replay-title">{{ _("ほか%(n)s件", n=bs|length - 1) }}</a>{% endif %}</p>\n        {% endif %}\n        <p class="result-meta">\n          <span class="badge game game-slot-{{ GAME_SLOT.get(r.game, 0) }}">{{ GAME_LABELS.get(r.game, r.game) }}</span>\n          <span class="badge kind">{{ KIND_LABELS.get(r.kind, r.kind) }}</span>\n          {% if r.exact == 3 %}<span class="badge exact">{{ _("完全一致") }}</span>{% endif %}\n          {% if not r.current %}<span class="badge old">{{ _("旧版（改訂%(n)s）", n=r.revision) }}</span>{% endif %}\n          {% if r.withdrawn %}<span class="badge withdrawn">{{ _("撤回") }}</span>{% endif %}\n          {% if r.date %}<span class="date">{% if r.date_known is false %}{{ _("日付不明（%(day)s 収集）", day=r.date.replace("before ", "")) }}{% elif r.date.startswith("before ") %}{{ _("%(day)s より前", day=r.date[7:]) }}{% else %}{{ r.date }}{% endif %}</span>{% endif %}\n          <code class="entry-id small">{{ r.id }}</code>\n        </p>\n        <p class="snippet" lang="ja">{{ r.snippet|safe }}</p>\n        {% if r.missing %}\n        <p class="small muted words">{{ _("含む語: %(held)s／含まない語: %(missing)s", held=r.matched|join(_("、")) or _("なし"), missing=r.missing|join(_("、"))) }}</p>\n        {% endif %}\n        {% if r.old_wording %}\n        <p class="small muted old-wording">{{ _("検索語は旧版の文言に一致しました（%(link)s）。上は現行の本文です。", link=(\'<a href="%s">%s</a>\'|format(r.old_wording.url|e, _("改訂%(n)s", n=r.old_wording.revision)|e))|safe) }}</p>\n        {% endif %}\n        {% if r.passages %}\n        <ul class="passages" aria-label="{{ _("%(title)s のほかの一致箇所", title=r.title if lang == \'ja\' else r.id) }}">\n          {% for p in r.passages %}\n          <li><a href="{{ p.url }}">{% if p.clause %}<code class="clause-no">{{ p.clause }}</code>{% else %}{{ _("本文") }}{% endif %}</a>{% if not p.current %} <span class="badge old">{{ _("旧版（改訂%(n)s）", n=p.revision) }}</span>{% endif %} <span class="snippet" lang="ja">{{ p.snippet|safe }}</span></li>\n          {% endfor %}\n        </ul>\n        {% endif %}\n        {% if r.old_matches %}\n        {% set olds %}{% for o in r.old[:3] %}<a href="{{ o.url }}">{{ _("改訂") }}{{ o.revision }}{% if o.clause %} <code>{{ o.clause }}</code>{% endif %}</a>{% if not loop.last %}{{ _("、") }}{% endif %}{% endfor %}{% endset %}\n        <p class="small muted old-folded">{{ _("旧版にも %(n)s 件一致（%(links)s）", n=r.old_matches, links=olds) }}{% if not d.old_included %} · <a href="{{ url_for(\'pages.search\', q=s.q, game=s.game, kind=s.kind, old=1, stay=1) }}">{{ _("旧版も並べて表示") }}</a>{% endif %}</p>\n        {% endif %}\n      </li>\n      {% endfor %}'

TEXT = st.sampled_from(["グレイズ", "6.5.3.b", 'a "quoted" <b>&', "QA-337", "攻撃 宣言", ""])
PASSAGE = st.fixed_dictionaries({
    "url": st.sampled_from(["/entry/vision/rule/6.5#6.5.1", "/entry/x?rev=1&a=<b>"]),
    "clause": st.one_of(st.none(), TEXT), "current": st.booleans(),
    "revision": st.integers(1, 3), "snippet": st.sampled_from(["<mark>グレイズ</mark>", "a &amp; b"])})
RESULT = st.fixed_dictionaries({
    "id": st.sampled_from(["vision/rule/6.5", "vision/qa/QA-337", "toy/rule/<x>"]),
    "game": st.sampled_from(["vision", "toy", "nogame"]),
    "kind": st.sampled_from(["rule", "qa", "term", "card", "other"]),
    "title": TEXT, "url": st.sampled_from(["/entry/vision/rule/6.5", "/entry/a?rev=2"]),
    "clause": st.one_of(st.none(), TEXT), "withdrawn": st.booleans(),
    "exact": st.sampled_from([0, 1, 2, 3]), "current": st.booleans(),
    "revision": st.integers(1, 4),
    "date": st.sampled_from([None, "2024-01-02", "before 2026-11-29"]),
    "date_known": st.sampled_from([True, False, None]), "snippet": st.sampled_from(["<mark>x</mark>", "plain"]),
    # a question's words the passage holds and misses (both lists, or neither asked)
    "matched": st.lists(TEXT, max_size=3), "missing": st.lists(TEXT, max_size=3),
    "old_wording": st.one_of(st.none(), st.fixed_dictionaries(
        {"url": st.sampled_from(["/entry/a?rev=1", "/entry/<b>"]), "revision": st.integers(1, 3)})),
    "passages": st.lists(PASSAGE, max_size=3), "old_matches": st.integers(0, 4),
    "old": st.lists(PASSAGE, max_size=4)})


@settings(deadline=None)
@given(st.lists(RESULT, max_size=4), TEXT, st.sampled_from(["ja", "en"]), st.booleans(),
       st.sampled_from([None, "vision"]))
def test_the_results_list_is_what_the_template_wrote(app, rows, q, lang, old_included, game):
    from flask import render_template_string
    with app.test_request_context("/search", query_string={"q": q, "lang": lang}):
        app.preprocess_request()
        s = SimpleNamespace(q=q, game=game, kind=None)
        d = {"old_included": old_included, "results": rows}
        before = render_template_string(REFERENCE, d=d, s=s)
        after = render_template_string("{{ draw_results(rows, s, d) }}", rows=rows, d=d, s=s)
    assert after == before
