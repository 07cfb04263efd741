"""What changed (変更履歴): the page and the Atom feed judges follow.

``/changes`` lists the revisions of rulings (rules, Q&A, terms): the rulings first, then
the rules texts, then the editorial changes (``?kind=rulings|texts|editorial`` keeps one),
each by date, newest first,
each with its word diff against the revision it replaced (the entry page's diff);
``/changes.atom`` is the same as an Atom feed, for every game or one
(``/changes.atom?game=<game>`` or ``/<game>/changes.atom``).  Both take ``?since=``.
Also the ``as_of`` argument of the search and entry pages (:func:`as_of_arg`).
"""
from __future__ import annotations

from datetime import date, datetime, timezone
from xml.etree import ElementTree as ET

from flask import Blueprint, Response, jsonify, render_template, request, url_for
from markupsafe import Markup

from judge.corpus.changes import changes_since

from judge.i18n import _

from judge.app.render import word_diff
from judge.app.services import services
from judge.platform.errors import fail

bp = Blueprint("changes", __name__)
ATOM = "http://www.w3.org/2005/Atom"
FEED_SIZE = 50


def as_of_arg(args, name: str = "as_of") -> date | None:
    """``?as_of=YYYY-MM-DD`` (None when absent; a 400 naming the field when malformed)."""
    raw = (args.get(name) or "").strip()
    if not raw:
        return None
    try:
        return date.fromisoformat(raw)
    except ValueError:
        fail(400, _("{name}={value!r}: {name} is a date YYYY-MM-DD.", name=name, value=raw[:20]),
             field=name, accepted="YYYY-MM-DD")


def _game_arg(game: str | None) -> str | None:
    if not game:
        return None
    known = sorted({e.game for e in services().corpus})
    if game not in known:
        fail(404, _("game {game!r}: no such game.", game=game[:20]), field="game",
             accepted=known)
    return game


# The kinds of change a judge filters by (?kind=), in the order the page shows them:
# the rulings first (a reversed Q&A is what changes a call at the table), then the rules
# texts, then the editorial ones (glossary terms, cards).
CHANGE_KINDS = ("rulings", "texts", "editorial")
ENTRY_KIND_OF = {"qa": "rulings", "ruling": "rulings", "rule": "texts"}


def change_kind(entry_kind: str) -> str:
    """``rulings``, ``texts`` or ``editorial``: which filter of /changes an entry's
    change falls under."""
    return ENTRY_KIND_OF.get(entry_kind, "editorial")


def _kind_arg(kind: str | None) -> str | None:
    if not kind:
        return None
    if kind not in CHANGE_KINDS:
        fail(400, _("kind {kind!r}: not a kind of change.", kind=kind[:20]), field="kind",
             accepted=list(CHANGE_KINDS))
    return kind


def _ordered(items: list[dict], kind: str | None) -> list[dict]:
    """Rulings first, then texts, then editorial changes, each newest first (the order
    the list already has); only ``kind``'s when given."""
    out = [i for k in CHANGE_KINDS for i in items if i["change_kind"] == k]
    return [i for i in out if i["change_kind"] == kind] if kind else out


def _items(game: str | None, since: date | None, limit: int | None = None) -> list[dict]:
    def make():
        out = []
        for c in changes_since(services().corpus, since, game):
            diff, counts = (word_diff(c.previous.text, c.revision.text) if c.previous
                            else (None, None))
            out.append({**c.as_json(), "diff": diff, "counts": counts,
                        "document": c.revision.source.get("document", ""),
                        "url": url_for("pages.entry", entry_id=c.entry.id,
                                       rev=c.revision.number),
                        "withdrawn_reason": c.revision.withdrawn_reason,
                        "change_kind": change_kind(c.entry.kind)})
        return out
    items = services().cache.get(("changes", game, since), make)
    return items[:limit] if limit else items


@bp.get("/changes")
def page():
    """The "what changed" page (``?game=``, ``?since=``, ``?format=json``)."""
    game = _game_arg(request.args.get("game"))
    since = as_of_arg(request.args, "since")
    kind = _kind_arg(request.args.get("kind"))
    every = _items(game, since)
    items = _ordered(every, kind)
    if request.args.get("format") == "json":
        return jsonify({"game": game, "since": since.isoformat() if since else None,
                        "kind": kind,
                        "changes": [{k: v for k, v in i.items() if k != "diff"}
                                    for i in items]})
    counts = {k: sum(1 for i in every if i["change_kind"] == k) for k in CHANGE_KINDS}
    return render_template("changes.html", items=items, game=game, since=since, kind=kind,
                           kinds=CHANGE_KINDS, counts=counts)


@bp.get("/changes.atom")
def feed():
    """The Atom feed of ruling changes, newest first (``?game=``)."""
    return _feed(_game_arg(request.args.get("game")))


@bp.get("/<game>/changes.atom")
def game_feed(game: str):
    """The Atom feed of one game's ruling changes."""
    return _feed(_game_arg(game))


def _feed(game: str | None) -> Response:
    since = as_of_arg(request.args, "since")
    # a feed reader orders by date: newest first, one kind when ?kind= says so
    kind = _kind_arg(request.args.get("kind"))
    # the newest FEED_SIZE of each kind of change: a day of editorial pages (the lexicon
    # gained 44 rows at once) must not push the rulings' changes out of a judge's feed
    taken = dict.fromkeys(CHANGE_KINDS, 0)
    items = []
    for i in _items(game, since):
        if (not kind or i["change_kind"] == kind) and taken[i["change_kind"]] < FEED_SIZE:
            taken[i["change_kind"]] += 1
            items.append(i)
    ET.register_namespace("", ATOM)
    root = ET.Element(f"{{{ATOM}}}feed")
    base = request.url_root.rstrip("/")

    def sub(parent, tag, text=None, **attrs):
        el = ET.SubElement(parent, f"{{{ATOM}}}{tag}", attrs)
        if text is not None:
            el.text = text
        return el

    from .viewmodels import game_labels
    title = _("judge: changes to rulings") + (f" ({game_labels().get(game, game)})"
                                              if game else "")
    sub(root, "title", title)
    sub(root, "id", f"{base}/changes.atom" + (f"?game={game}" if game else ""))
    sub(root, "link", href=request.url, rel="self")
    sub(root, "link", href=base + url_for("changes.page", game=game), rel="alternate")
    newest = items[0]["date"] if items else "2000-01-01"
    sub(root, "updated", _stamp(newest))
    for item in items:
        entry = sub(root, "entry")
        what = (_("withdrawn") if item["status"] == "withdrawn" else
                _("new") if item["previous"] is None else
                _("revision {old} → revision {new}", old=item["previous"], new=item["revision"]))
        sub(entry, "title", f"{item['title']} [{what}]")
        sub(entry, "id", f"{base}/entry/{item['id']}?rev={item['revision']}")
        sub(entry, "link", href=base + item["url"], rel="alternate")
        sub(entry, "updated", _stamp(item["date"]))
        sub(entry, "category", term=item["game"])
        # content type="html" is HTML the reader renders: every text an editor typed
        # (the document's name, the withdrawal notice) is escaped; the diff is made of
        # escaped words already (render.word_diff)
        body = (Markup("<p>{} · {}</p>").format(item["document"], item["date"]) +
                (Markup('<div class="diff">{}</div>').format(Markup(item["diff"]))
                 if item["diff"] is not None else "") +
                (Markup("<p>{}: {}</p>").format(_("withdrawn"), item["withdrawn_reason"])
                 if item["withdrawn_reason"] else ""))
        sub(entry, "content", str(body).replace("\n", "<br/>"), type="html")
    xml = ET.tostring(root, encoding="unicode", xml_declaration=False)
    return Response('<?xml version="1.0" encoding="utf-8"?>\n' + xml,
                    content_type="application/atom+xml; charset=utf-8")


def _stamp(day: str) -> str:
    return datetime.fromisoformat(day).replace(tzinfo=timezone.utc).isoformat()


def init_app(app) -> None:
    """Register the page and the feeds."""
    app.register_blueprint(bp)
