"""What changed (変更履歴): the page and the Atom feed judges follow.

``/changes`` lists the revisions of rulings (rules, Q&A, terms) by date, newest first,
each with its word diff against the revision it replaced (the entry page's diff);
``/changes.atom`` is the same as an Atom feed, for every game or one
(``/changes.atom?game=<game>`` or ``/<game>/changes.atom``).  Both take ``?since=``.
Also the ``as_of`` argument of the search and entry pages (:func:`as_of_arg`).
"""
from __future__ import annotations

from datetime import date, datetime, timezone
from xml.etree import ElementTree as ET

from flask import Blueprint, Response, jsonify, render_template, request, url_for

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
                        "withdrawn_reason": c.revision.withdrawn_reason})
        return out
    items = services().cache.get(("changes", game, since), make)
    return items[:limit] if limit else items


@bp.get("/changes")
def page():
    """The "what changed" page (``?game=``, ``?since=``, ``?format=json``)."""
    game = _game_arg(request.args.get("game"))
    since = as_of_arg(request.args, "since")
    items = _items(game, since)
    if request.args.get("format") == "json":
        return jsonify({"game": game, "since": since.isoformat() if since else None,
                        "changes": [{k: v for k, v in i.items() if k != "diff"}
                                    for i in items]})
    return render_template("changes.html", items=items, game=game, since=since)


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
    items = _items(game, since, FEED_SIZE)
    ET.register_namespace("", ATOM)
    root = ET.Element(f"{{{ATOM}}}feed")
    base = request.url_root.rstrip("/")

    def sub(parent, tag, text=None, **attrs):
        el = ET.SubElement(parent, f"{{{ATOM}}}{tag}", attrs)
        if text is not None:
            el.text = text
        return el

    title = _("judge: changes to rulings") + (f" ({game})" if game else "")
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
        body = (f"<p>{item['document']} · {item['date']}</p>" +
                (f"<div class=\"diff\">{item['diff']}</div>" if item["diff"] is not None
                 else "") +
                (f"<p>撤回: {item['withdrawn_reason']}</p>" if item["withdrawn_reason"]
                 else ""))
        sub(entry, "content", body.replace("\n", "<br/>"), type="html")
    xml = ET.tostring(root, encoding="unicode", xml_declaration=False)
    return Response('<?xml version="1.0" encoding="utf-8"?>\n' + xml,
                    content_type="application/atom+xml; charset=utf-8")


def _stamp(day: str) -> str:
    return datetime.fromisoformat(day).replace(tzinfo=timezone.utc).isoformat()


def init_app(app) -> None:
    """Register the page and the feeds."""
    app.register_blueprint(bp)
