"""The record's JSON API (DESIGN.md): ``POST /api/events/<slug>/calls``,
``GET /api/events/<slug>/calls``, ``GET /api/calls/<id>``.

Authenticated by ``Authorization: Bearer <token>`` only (``judge token NAME``); the
login cookie is not accepted here, so a page on another site cannot make a judge's
browser post calls.  No or a wrong token: 401.  A judge not on the event's staff: 404,
the same answer as for an event or call that does not exist, with nothing of it.
"""
from __future__ import annotations


from flask import Blueprint, g, jsonify, make_response, request, url_for

from judge.i18n import _
from judge.app.services import services
from judge.platform.accounts import user_of_token
from judge.platform.errors import fail
from judge.platform.login import db

from . import calls as C

bp = Blueprint("record_api", __name__, url_prefix="/api")


@bp.before_request
def _bearer():
    header = request.headers.get("Authorization", "")
    scheme, _space, token = header.partition(" ")
    user = user_of_token(db(), token.strip()) if scheme.lower() == "bearer" else None
    if user is None:
        message = (_("A valid API token is needed: Authorization: Bearer <token> "
                     "(`judge token NAME` makes one).")
                   if not header else _("The API token is not valid."))
        response = make_response(jsonify({"error": message, "status": 401}), 401)
        response.headers["WWW-Authenticate"] = 'Bearer realm="judge"'
        return response
    g.api_user = user
    return None


def _event(slug: str):
    event = C.event_by_slug(db(), slug[:80])
    role = C.role_of(db(), event, g.api_user) if event else None
    if role is None:
        fail(404, _("No event {slug!r} that you are on the staff of.", slug=slug[:40]))
    return event, role


def _url(call) -> str:
    return url_for("pages_record.call", call_id=call.id)


@bp.post("/events/<slug>/calls")
def create(slug: str):
    """Record a call: JSON ``{round, table, question, ruling, entries, scenario}``."""
    event, _role = _event(slug)
    if request.mimetype != "application/json":
        fail(415, _("send the call as JSON (Content-Type: application/json)"),
             accepted=["application/json"])
    from judge.app import strictjson
    try:     # the API's strict reader: no lone surrogate, huge number or deep nesting
        body = strictjson.loads(request.get_data(cache=False) or b"null")
    except strictjson.BodyError as exc:
        fail(400, exc.message, field=exc.field, accepted=exc.accepted_text)
    try:      # a call sent again with its client_key is answered with the one recorded
        call, new = C.take_call(db(), event, g.api_user, body, services().corpus)
    except C.CallInputError as exc:
        fail(exc.status, f"{exc.field}: {exc}", **exc.as_dict())
    response = jsonify({"id": call.id, "url": _url(call)})
    response.status_code = 201 if new else 200
    response.headers["Location"] = _url(call)
    return response


@bp.get("/events/<slug>/calls")
def list_(slug: str):
    """The event's calls, newest first; the page's filters apply (round, table, judge,
    status, entry, q)."""
    event, _role = _event(slug)
    try:
        filters = C.Filters.from_args(request.args, services().corpus)
    except C.CallInputError as exc:
        fail(exc.status, f"{exc.field}: {exc}", **exc.as_dict())
    found = C.list_calls(db(), event, filters)
    return jsonify({"event": event.slug, "calls": [C.call_json(c, _url(c)) for c in found]})


@bp.get("/calls/<int:call_id>")
def get(call_id: int):
    """One call with its replay's outcome and every revision."""
    call = C.get_call(db(), call_id)
    if call is None or C.role_of(db(), call.event, g.api_user) is None:
        fail(404, _("No call {id} that you may see.", id=call_id))
    return jsonify(C.call_json(call, _url(call), detail=True))
