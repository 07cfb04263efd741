"""The record's pages: my events, an event's calls (filters, search, live refresh), a new
call, a call (board replayed beside the cited text, revisions, edit, appeal), exports.

Who sees what: only an event's staff sees anything of it.  Anyone else gets the same
404 as for an event that does not exist, so a URL tells nothing.  Every page has a JSON
twin (``?format=json``) with the same permissions.
"""
from __future__ import annotations

import csv
import functools
import io
import json
import uuid

from flask import Blueprint, Response, abort, jsonify, redirect, render_template, request, url_for
from flask_login import current_user, login_required

from judge.app.services import services
from judge.i18n import _, current_locale, use_locale
from judge.platform.errors import fail
from judge.platform.login import check_csrf, db

from . import calls as C
from .models import ROLE_LABELS, STATUS_LABELS, Event

bp = Blueprint("pages_record", __name__)


# Views that change nothing and so take no CSRF token (the board's button posts its text
# here, from a form the table engineer owns; the new call form it leads to has a token).
CSRF_EXEMPT = {"pages_record.from_board"}


@bp.before_request
def _csrf():
    # Before anything else, login included: a forged form learns nothing.
    if request.method == "POST" and request.endpoint not in CSRF_EXEMPT:
        check_csrf()


def _json() -> bool:
    return request.args.get("format") == "json"


def staff_event(slug: str) -> tuple[Event, str]:
    """The event and the current judge's role in it; 404 for anyone not on its staff."""
    event = C.event_by_slug(db(), slug[:80])
    role = C.role_of(db(), event, current_user) if event else None
    if role is None:
        fail(404, _("No event {slug!r} that you are on the staff of.", slug=slug[:40]))
    return event, role


def staff_call(call_id: int):
    """The call, its event and the judge's role; 404 unless on that event's staff."""
    call = C.get_call(db(), call_id)
    role = C.role_of(db(), call.event, current_user) if call else None
    if role is None:
        fail(404, _("No call {id} that you may see.", id=call_id))
    return call, role


def call_url(call) -> str:
    return url_for("pages_record.call", call_id=call.id)


def _input_error(exc: C.CallInputError):
    fail(exc.status, f"{exc.field}: {exc}", **exc.as_dict())


@bp.app_context_processor
def _labels():
    # the labels are Japanese msgids; the reader sees them in their own language
    return _labels_in(current_locale())


@functools.lru_cache(maxsize=8)
def _labels_in(lang: str) -> dict:
    """The labels in one language, translated once (every page of the app renders
    with them, a search page included: seven look-ups a page), never changed."""
    with use_locale(lang):
        return {"STATUS_LABELS": {k: _(v) for k, v in STATUS_LABELS.items()},
                "ROLE_LABELS": {k: _(v) for k, v in ROLE_LABELS.items()}}


@bp.app_template_filter("local")
def _local(moment, event, fmt: str = "%Y-%m-%d %H:%M %Z") -> str:
    """A stored time as the venue's clock shows it (``%Z``: its zone, 12:29 JST)."""
    shown = C.local_time(moment, event)
    return shown.strftime(fmt) if shown else ""


@bp.get("/events")
@login_required
def events():
    """The events I am on the staff of."""
    mine = C.events_of(db(), current_user)
    if _json():
        return jsonify({"events": [{"slug": e.slug, "title": e.title, "role": r,
                                    "calls": url_for(".calls", slug=e.slug)} for e, r in mine]})
    return render_template("record/events.html", mine=mine)


@bp.get("/events/<slug>/calls")
@login_required
def calls(slug: str):
    """The event's calls, newest first, filtered; the search box searches them."""
    event, role = staff_event(slug)
    try:
        filters = C.Filters.from_args(request.args, services().corpus)
    except C.CallInputError as exc:
        _input_error(exc)
    found = C.list_calls(db(), event, filters)
    change = C.latest_change(db(), event)
    if _json():
        return jsonify({"event": event.slug, "change": change, "filters": filters.as_args(),
                        "calls": [C.call_json(c, call_url(c)) for c in found]})
    judges = [s.user.name for s in C.staff_of(db(), event)]
    staff = C.staff_of(db(), event) if role == "head" else []
    return render_template("record/calls.html", event=event, role=role, found=found,
                           f=filters, judges=judges, staff=staff, change=change,
                           total=C.count_calls(db(), event))


@bp.get("/events/<slug>/calls.<fmt>")
@login_required
def export(slug: str, fmt: str):
    """The event's calls (filters apply) as CSV or JSON, for the tournament report."""
    event, _role = staff_event(slug)
    if fmt not in ("csv", "json"):
        fail(404, _("export as calls.csv or calls.json"), accepted=["csv", "json"])
    try:
        filters = C.Filters.from_args(request.args, services().corpus)
    except C.CallInputError as exc:
        _input_error(exc)
    rows = [C.call_json(c, url_for(".call", call_id=c.id, _external=True), detail=fmt == "json")
            for c in C.list_calls(db(), event, filters, limit=100_000)]
    name = f"calls-{event.slug}.{fmt}"
    if fmt == "json":
        body = json.dumps({"event": {"slug": event.slug, "title": event.title},
                           "calls": rows}, ensure_ascii=False, indent=1)
        response = Response(body, content_type="application/json; charset=utf-8")
    else:
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(C.CSV_HEADERS)
        for row in rows:
            writer.writerow(C.csv_row(row))
        # A BOM, so a spreadsheet opened by double-click reads the Japanese as UTF-8.
        response = Response("\ufeff" + out.getvalue(), content_type="text/csv; charset=utf-8")
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@bp.post("/events/<slug>/staff")
@login_required
def add_staff(slug: str):
    """The head judge adds a judge to the staff (or changes a role)."""
    from judge.platform.accounts import user_named
    event, role = staff_event(slug)
    if role != "head":
        fail(403, _("Only a head judge adds staff."))
    name = request.form.get("name", "")
    judge = user_named(db(), name)
    if judge is None:
        fail(400, _("No user {name!r}: create it with `judge user add`.", name=name[:40]),
             field="name")
    try:
        C.set_staff(db(), event, judge, request.form.get("role", "floor"))
    except C.CallInputError as exc:
        _input_error(exc)
    db().commit()
    return redirect(url_for(".calls", slug=slug), code=303)


@bp.post("/events/<slug>/staff/remove")
@login_required
def remove_staff(slug: str):
    """The head judge takes a judge off the staff: at once, pages and tokens alike."""
    from judge.platform.accounts import user_named
    event, role = staff_event(slug)
    if role != "head":
        fail(403, _("Only a head judge adds staff."))
    judge = user_named(db(), request.form.get("name", ""))
    if judge is None:
        fail(404, _("No user {name!r}: create it with `judge user add`.",
                    name=request.form.get("name", "")[:40]), field="name")
    try:
        C.remove_staff(db(), event, judge)
    except C.CallInputError as exc:
        _input_error(exc)
    db().commit()
    return redirect(url_for(".calls", slug=slug), code=303)


def _board_text() -> str:
    from judge.app import permalink
    token = request.args.get("s")
    if not token:
        return ""
    try:
        return permalink.decode(token)
    except permalink.PermalinkError as exc:
        fail(400, _("The board link cannot be read: {error}", error=exc), field="s")


@bp.get("/calls/new")
@login_required
def new_call_any():
    """From the board editor: choose the event (straight on if the judge has one)."""
    mine = C.events_of(db(), current_user)
    args = {"s": request.args["s"]} if request.args.get("s") else {}
    if len(mine) == 1:
        return redirect(url_for(".new_call", slug=mine[0][0].slug, **args))
    return render_template("record/pick_event.html", mine=mine, args=args)


@bp.get("/events/<slug>/calls/new")
@login_required
def new_call(slug: str):
    """The new call form (the board filled in when it comes from the board editor)."""
    event, role = staff_event(slug)
    values = {"scenario": _board_text(), "round": request.args.get("round", ""),
              "table": request.args.get("table", ""), "players": "", "question": "",
              "ruling": "", "entries": "",
              # this form's own key: sent twice, it is one call (calls.recorded_with)
              "client_key": uuid.uuid4().hex}
    return render_template("record/call_form.html", event=event, role=role, v=values,
                           error=None, run=_form_run(values["scenario"]))


@bp.post("/events/<slug>/calls")
@login_required
def create_call(slug: str):
    """Store a new call; a bad field re-shows the form with the error (nothing stored)."""
    event, role = staff_event(slug)
    form = {k: request.form.get(k, "") for k in ("round", "table", "players", "question",
                                                  "ruling", "entries", "scenario",
                                                  "client_key")}
    try:
        call, _new = C.take_call(db(), event, current_user, form, services().corpus)
    except C.CallInputError as exc:
        return render_template("record/call_form.html", event=event, role=role, v=form,
                               error=exc, run=_form_run(form["scenario"])), exc.status
    return redirect(call_url(call), code=303)


@bp.get("/calls/<int:call_id>")
@login_required
def call(call_id: int):
    """A call: question, ruling, appeal; the board replayed beside the cited text."""
    found, role = staff_call(call_id)
    if _json():
        return jsonify(C.call_json(found, call_url(found), detail=True))
    return render_template("record/call.html", c=found, role=role, run=_run_view(found),
                           cited=_cited(found), error=None, can_edit=_can_edit(found, role))


@bp.post("/calls/<int:call_id>")
@login_required
def edit(call_id: int):
    """An edit (a new revision); the head judge's appeal ruling is one too."""
    found, role = staff_call(call_id)
    # Every known field is passed on: one a floor judge may not set is refused (403),
    # not silently dropped.
    data = {k: request.form[k] for k in C.HEAD_FIELDS if k in request.form}
    version = request.form.get("version", "")
    try:
        C.edit_call(db(), found, current_user, role, data, services().corpus,
                    version=int(version) if version.isdigit() else None)
    except C.CallInputError as exc:
        db().rollback()
        found, role = staff_call(call_id)
        return render_template("record/call.html", c=found, role=role, run=_run_view(found),
                               cited=_cited(found), error=exc,
                               can_edit=_can_edit(found, role)), exc.status
    db().commit()
    return redirect(call_url(found), code=303)


def _can_edit(call, role: str) -> bool:
    """The head judge edits any call; a floor judge their own, until its appeal is ruled."""
    return role == "head" or (call.judge_id == current_user.id
                              and call.status != "appeal_ruled")


def _run_view(call):
    """The stored board replayed under its pinned ruleset, as the entry page shows one."""
    if not call.scenario:
        return None
    from judge.i18n import current_locale       # the boards' words are the reader's
    return services().cache.get(("call-run", call.id, call.version, current_locale()),
                                lambda: _replay(call.scenario, f"call {call.id}", call.ruleset))


def _form_run(text: str):
    """The board a new call carries, replayed as it will be recorded (None if it has
    none or does not run: the form then shows the YAML and, on saving, the error)."""
    if not text.strip():
        return None
    import hashlib
    from judge.i18n import current_locale
    key = ("form-run", hashlib.sha256(text.encode("utf-8")).hexdigest(), current_locale())
    return services().cache.get(key, lambda: _replay(text, "board"))


def _replay(text: str, source: str, as_of=None):
    """The board run (at ``as_of``, a call's pinned day, if given) as a run's view."""
    from judge.engine.errors import ScenarioError
    from judge.app import boards
    from judge.app.replays import run_view
    try:
        result = boards.run(text, services().corpus, source=source, as_of=as_of)
    except ScenarioError:
        return None
    return run_view(result, source, None, tuple(result.scenario.game.zones))


def _cited(call) -> list[dict]:
    """Each cited entry's text as in force on the call's ruleset day."""
    from judge.app.rulings import revision_html
    corpus = services().corpus
    out = []
    for ref in call.entry_ids:
        base, _, clause = ref.partition("#")
        entry = corpus.entries.get(base)
        if entry is None:
            out.append({"id": ref, "missing": True})
            continue
        rev = entry.in_force(call.ruleset)
        out.append({"id": ref, "entry": entry, "clause": clause, "revision": rev.number,
                    "date": _date_label(rev), "missing": False,
                    "html": revision_html(entry, rev.number),
                    "newest": rev.number == entry.current.number})
    return out


@bp.get("/calls/<int:call_id>/board")
@login_required
def call_board(call_id: int):
    """Open the call's board in the board editor (to try a variation)."""
    found, _role = staff_call(call_id)
    if not found.scenario:
        abort(404)
    from judge.app import permalink
    return redirect(url_for("pages.board", s=permalink.encode(found.scenario)))


@bp.post("/calls/new")
def from_board():
    """The board editor's 「この盤面で裁定を記録」: carry the board to a new call form.

    Nothing is stored: the board's text goes on as a permalink token in the URL, so the
    form opens after a login too."""
    from judge.app import permalink
    text = request.form.get("yaml", "")
    token = permalink.encode(text) if text.strip() else None
    return redirect(url_for("pages_record.new_call_any", s=token), code=303)


def _date_label(rev) -> str:
    """A cited revision's date as the entry page says it (2014-04-10 より前; 日付不明 with
    the day the text was collected), not the corpus's "before D"."""
    from judge.app.rulings import date_view
    if rev.date is None:
        return ""
    when = date_view(rev)
    return when.get("short") or when["text"]
