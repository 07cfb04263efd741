"""Recording, editing and reading judge calls (裁定記録).

Everything the pages, the API and the CLI do to the record goes through here, in one
session whose transaction the caller commits: a call and its first revision are stored
together or not at all.  Input is checked before anything is written
(:func:`clean_call`): an unknown entry, a scenario that does not read or run, a text over
its cap is a :class:`CallInputError` naming the field, and nothing is stored.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import date, datetime, timezone
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy import func, or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, selectinload

from judge.i18n import _ as translate, message_json, msg

from .models import (CLIENT_KEY_MAX, DEFAULT_TZ, ENTRIES_MAX, PLAYERS_MAX, QUESTION_MAX, ROLES, RULING_MAX, SCENARIO_MAX, SLUG_MAX,
                     STATUS_LABELS, STATUSES, TITLE_MAX, Call, CallEntry, CallRevision,
                     Event, Staff, User, utcnow)

SLUG = re.compile(r"^[a-z0-9][a-z0-9-]*$")
ROUND_MAX = 99
TABLE_MAX = 9999
# What an edit may change, by role: a floor judge edits the calls they took, and marks
# one appealed; the head judge edits any call and rules on appeals.
FLOOR_FIELDS = {"round", "table", "players", "question", "ruling", "entries", "scenario",
                "ruleset", "status"}
HEAD_FIELDS = FLOOR_FIELDS | {"appeal_ruling"}


class CallInputError(ValueError):
    """Input that cannot be stored; ``field`` says which, ``status`` the HTTP status."""

    def __init__(self, field: str, message: str, status: int = 400, **extra):
        super().__init__(message)
        self.field, self.status, self.extra = field, status, extra

    def as_dict(self) -> dict:
        said = message_json(self.args[0])
        return {"field": self.field, "error_id": said["message"],
                "error_params": said["params"], **self.extra}


# --- events and staff -----------------------------------------------------------------

def add_event(session: Session, slug: str, title: str, head: User,
              zone: str = DEFAULT_TZ) -> Event:
    """A new event with ``head`` as its head judge, in time zone ``zone``."""
    slug = (slug or "").strip()
    if not SLUG.match(slug) or len(slug) > SLUG_MAX:
        raise CallInputError("slug", msg("event slug {slug!r}: lower-case letters, digits and '-', at most {max} "
                                     "characters (e.g. 2026-12-tokyo)", slug=slug[:60], max=SLUG_MAX))
    title = unicodedata.normalize("NFC", title or "").strip()
    if not title or len(title) > TITLE_MAX:
        raise CallInputError("title", msg("the title must have 1 to {max} characters", max=TITLE_MAX))
    if session.scalar(select(Event).where(Event.slug == slug)) is not None:
        raise CallInputError("slug", msg("event {slug!r} already exists", slug=slug), status=409)
    event = Event(slug=slug, title=title, timezone=check_zone(zone))
    session.add(event)
    session.flush()
    session.add(Staff(event_id=event.id, user_id=head.id, role="head"))
    session.flush()
    return event


def event_by_slug(session: Session, slug: str) -> Event | None:
    return session.scalar(select(Event).where(Event.slug == slug))


def set_staff(session: Session, event: Event, user: User, role: str) -> Staff:
    """Put a judge on the event's staff with a role (changing the role if already there)."""
    if role not in ROLES:
        raise CallInputError("role", msg("role {role!r}: one of {roles}", role=role, roles=", ".join(ROLES)))
    staff = session.scalar(select(Staff).where(Staff.event_id == event.id,
                                               Staff.user_id == user.id))
    if staff is None:
        staff = Staff(event_id=event.id, user_id=user.id, role=role)
        session.add(staff)
    else:
        if staff.role == "head" and role != "head":
            _keep_a_head(session, event, user)
        staff.role = role
    session.flush()
    return staff


def remove_staff(session: Session, event: Event, user: User) -> None:
    """Take a judge off the event's staff (at once: every page and the API check the
    staff on each request).  The last head judge stays: an event needs one."""
    staff = session.scalar(select(Staff).where(Staff.event_id == event.id,
                                               Staff.user_id == user.id))
    if staff is None:
        raise CallInputError("name", msg("{name} is not on the staff of {slug}",
                                         name=user.name, slug=event.slug), status=404)
    if staff.role == "head":
        _keep_a_head(session, event, user)
    session.delete(staff)
    session.flush()


def _keep_a_head(session: Session, event: Event, user: User) -> None:
    """Refuse to take the event's last head judge away, by removal or by a new role: an
    event without one has nobody to rule on an appeal or to add staff."""
    heads = session.scalar(select(func.count()).select_from(Staff).where(
        Staff.event_id == event.id, Staff.role == "head"))
    if heads <= 1:
        raise CallInputError("name", msg("{name} is the only head judge of {slug}: make "
                                         "another judge head first (judge staff add {slug} "
                                         "NAME --role head)", name=user.name,
                                         slug=event.slug), status=409)


def role_of(session: Session, event: Event, user: User | None) -> str | None:
    """``head``, ``floor``, or None for someone not on the event's staff."""
    if user is None:
        return None
    return session.scalar(select(Staff.role).where(Staff.event_id == event.id,
                                                   Staff.user_id == user.id))


def events_of(session: Session, user: User) -> list[tuple[Event, str]]:
    """The events a judge is on the staff of, with their role, newest first."""
    rows = session.execute(select(Event, Staff.role).join(Staff, Staff.event_id == Event.id)
                           .where(Staff.user_id == user.id).order_by(Event.id.desc()))
    return [(e, r) for e, r in rows]


def staff_of(session: Session, event: Event) -> list[Staff]:
    return list(session.scalars(select(Staff).where(Staff.event_id == event.id)
                                .options(selectinload(Staff.user)).order_by(Staff.id)))


# --- input ----------------------------------------------------------------------------

# C0 controls but tab and line breaks, DEL, and the bidirectional overrides and isolates
# (U+202A-U+202E, U+2066-U+2069), which would show a ruling's words in another order on
# the head judge's list than the one they were written in
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u202a-\u202e\u2066-\u2069]")


def _text(data: dict, name: str, cap: int, required: bool) -> str:
    raw = data.get(name)
    if raw is None:
        raw = ""
    if not isinstance(raw, str):
        raise CallInputError(name, msg("{name} must be text", name=name))
    text = unicodedata.normalize("NFC", raw.replace("\r\n", "\n")).strip()
    control = _CONTROL.search(text)
    if control:
        # no judge types one; and PostgreSQL's text cannot hold a NUL (a 500 before)
        raise CallInputError(name, msg("{name} holds the control character {code}, which "
                                       "is not text", name=name,
                                       code=f"U+{ord(control.group()):04X}"))
    if required and not text:
        raise CallInputError(name, msg("{name} is empty: write it", name=name))
    if len(text) > cap:
        raise CallInputError(name, msg("{name} is {length} characters long; at most {max}",
                                            name=name, length=len(text), max=cap),
                             limit=cap)
    return text


def _number(data: dict, name: str, high: int) -> int:
    raw = data.get(name)
    if isinstance(raw, str):
        raw = unicodedata.normalize("NFKC", raw).strip()
        if not re.fullmatch(r"\d{1,6}", raw):
            raise CallInputError(name, msg("{name} must be a whole number from 1 to {high}",
                                           name=name, high=high))
        raw = int(raw)
    if not isinstance(raw, int) or isinstance(raw, bool) or not 1 <= raw <= high:
        raise CallInputError(name, msg("{name} must be a whole number from 1 to {high}",
                                       name=name, high=high),
                             accepted=f"1-{high}")
    return raw


def clean_entries(raw: Any, corpus) -> list[str]:
    """Entry ids (any spelling) as canonical ids; an unknown one is an error naming it."""
    if raw is None or raw == "":
        return []
    if isinstance(raw, str):
        raw = [p for p in re.split(r"[\s,、]+", raw) if p]
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise CallInputError("entries", msg("entries must be a list of entry ids"))
    if len(raw) > ENTRIES_MAX:
        raise CallInputError("entries", msg("{count} entries cited; at most {max}",
                                                  count=len(raw), max=ENTRIES_MAX))
    out: list[str] = []
    for ref in raw:
        ref = ref.strip()[:200]
        found = corpus.resolve(ref) if ref else []
        base, _, clause = found[0].partition("#") if found else ("", "", "")
        entry = corpus.entries.get(base)
        if entry is None or (clause and clause not in entry.current.clauses):
            raise CallInputError("entries", msg("unknown entry {ref!r}: no such entry in the corpus "
                                                 "(search for it and pick it from the results)",
                                                 ref=ref),
                                 entry=ref)
        if found[0] not in out:
            out.append(found[0])
    return out


def _ruleset(data: dict, scenario_data: Any, today: date) -> date:
    raw = data.get("ruleset")
    if raw in (None, "", "latest") and isinstance(scenario_data, dict):
        raw = scenario_data.get("ruleset")
    if raw in (None, "", "latest"):
        return today
    if isinstance(raw, date):
        return raw
    try:
        return date.fromisoformat(str(raw).strip())
    except ValueError:
        raise CallInputError("ruleset", msg("ruleset {value!r}: a date YYYY-MM-DD (the rules in force "
                                             "that day)", value=str(raw)[:40]), accepted="YYYY-MM-DD") from None


def replay(scenario: str, ruleset: date, corpus, board=None) -> tuple[str | None, dict]:
    """Run a call's board under its pinned ruleset: ``(game, outcome)``.

    The outcome is the engine's JSON (DESIGN.md) with the verdict; a scenario that does
    not read or run is a CallInputError with the engine's line, field and accepted values.
    ``board``: the text already read (:func:`judge.app.boards.read_board`), if it was.
    """
    from judge.engine.errors import ScenarioError
    from judge.app import boards
    from judge.app.replays import verdict
    board = board or boards.read_board(scenario, corpus, source="scenario")
    error = board.error
    if error is None:
        try:
            result = boards.run(scenario, corpus, source="scenario", scenario=board.scenario,
                                as_of=ruleset)
        except ScenarioError as exc:
            error = exc.as_dict()
        except RecursionError:
            error = {"error": str(msg("the scenario is nested too deeply"))}
    if error is not None:
        where = str(msg("line {line}: ", line=error["line"])) if error.get("line") else ""
        field = f"{error['field']}: " if error.get("field") else ""
        raise CallInputError("scenario", msg("the board (scenario) cannot be run: {where}{field}{error}",
                                               where=where, field=field, error=error.get("error", "")),
                             scenario=error)
    out = result.as_json()
    out["verdict"] = verdict(result)
    return out.get("game"), out


def clean_call(data: dict, corpus, today: date | None = None,
               event: Event | None = None) -> dict:
    """A new call's fields, checked; the board run and its outcome attached.  The
    ruleset defaults to ``today``, else the day at the event's venue."""
    if not isinstance(data, dict):
        raise CallInputError("body", msg("the call must be an object with round, table, question, "
                                           "ruling, entries and scenario"))
    today = today or local_time(utcnow(), event).date()
    out = {"round": _number(data, "round", ROUND_MAX),
           "table": _number(data, "table", TABLE_MAX),
           "players": _text(data, "players", PLAYERS_MAX, False),
           "question": _text(data, "question", QUESTION_MAX, True),
           "ruling": _text(data, "ruling", RULING_MAX, True),
           "entries": clean_entries(data.get("entries"), corpus),
           "scenario": _scenario_text(data),
           "client_key": client_key(data)}
    out.update(_board(out["scenario"], data, corpus, today))
    return out


_CLIENT_KEY = re.compile(r"[A-Za-z0-9_-]{8,%d}" % CLIENT_KEY_MAX)


def client_key(data: dict) -> str | None:
    """The key the call was sent with (the form writes a new one into every form it
    draws; an API client may send its own), or None: a call sent again with the same
    key is the call already recorded (:func:`recorded_with`)."""
    raw = data.get("client_key")
    if raw is None or raw == "":
        return None
    if not isinstance(raw, str) or not _CLIENT_KEY.fullmatch(raw):
        raise CallInputError("client_key", msg("client_key {value!r}: 8 to {max} letters, digits, '-' "
                                               "or '_'", value=str(raw)[:80], max=CLIENT_KEY_MAX))
    return raw


def recorded_with(session: Session, event: Event, key: str | None) -> Call | None:
    """The event's call recorded with this client key, if one was."""
    if not key:
        return None
    return session.scalars(select(Call).where(Call.event_id == event.id,
                                              Call.client_key == key)).first()


def _scenario_text(data: dict) -> str:
    raw = data.get("scenario")
    if raw is None:
        return ""
    if not isinstance(raw, str):
        raise CallInputError("scenario", msg("scenario must be the board's YAML text"))
    text = raw.replace("\r\n", "\n")
    if len(text) > SCENARIO_MAX:
        raise CallInputError("scenario", msg("the scenario is {length} characters long; at most {max}",
                                               length=len(text), max=SCENARIO_MAX), limit=SCENARIO_MAX)
    return text if text.strip() else ""


def _board(scenario: str, data: dict, corpus, today: date) -> dict:
    board = None
    if scenario:
        from judge.app import boards
        board = boards.read_board(scenario, corpus, source="scenario")   # read once
    ruleset = _ruleset(data, board.data if board else None, today)
    game, outcome = replay(scenario, ruleset, corpus, board) if scenario else (None, None)
    return {"ruleset": ruleset, "game": game, "outcome": outcome}


# --- storing --------------------------------------------------------------------------

def _norm(text: str) -> str:
    text = unicodedata.normalize("NFKC", text or "").casefold()
    return "".join(chr(ord(c) - 0x60) if "ァ" <= c <= "ヶ" else c for c in text)


def _search_text(call: Call, judge: str) -> str:
    return _norm(" ".join([call.players or "", call.question, call.ruling,
                           call.appeal_ruling or "",
                           " ".join(e.entry_id for e in call.entries), judge]))


def event_zone(event: Event | None) -> ZoneInfo:
    """The event's time zone (Asia/Tokyo unless the event says otherwise)."""
    try:
        return ZoneInfo((event.timezone if event is not None else "") or DEFAULT_TZ)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo(DEFAULT_TZ)


def check_zone(name: str) -> str:
    """An IANA time zone name (Asia/Tokyo), else CallInputError."""
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise CallInputError("timezone", msg("time zone {name!r}: an IANA name such as "
                                             "Asia/Tokyo or Europe/Paris", name=name[:60])) from None
    return name


def local_time(moment: datetime | None, event: Event | None) -> datetime | None:
    """A stored time (UTC) as the clock at the event's venue shows it."""
    if moment is None:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)      # SQLite gives back naive UTC
    return moment.astimezone(event_zone(event))


def _value(v: Any, event: Event | None = None) -> Any:
    if isinstance(v, datetime):
        v = local_time(v, event)
    return v.isoformat() if isinstance(v, (date, datetime)) else v


def _state(call: Call) -> dict:
    return {"round": call.round, "table": call.table_no, "players": call.players or "",
            "question": call.question,
            "ruling": call.ruling, "entries": call.entry_ids, "scenario": call.scenario,
            "ruleset": call.ruleset.isoformat(), "status": call.status,
            "appeal_ruling": call.appeal_ruling or ""}


def record_call(session: Session, event: Event, judge: User, clean: dict) -> Call:
    """Store a new call (status 解決) and its first revision, in the caller's transaction."""
    now = utcnow()
    call = Call(event_id=event.id, round=clean["round"], table_no=clean["table"],
                judge_id=judge.id, created_at=now, updated_at=now,
                players=clean.get("players", ""), question=clean["question"], ruling=clean["ruling"],
                scenario=clean["scenario"], game=clean["game"], ruleset=clean["ruleset"],
                outcome=clean["outcome"], status="resolved", appeal_ruling="", version=1,
                client_key=clean.get("client_key"))
    call.entries = [CallEntry(position=i, entry_id=e) for i, e in enumerate(clean["entries"])]
    call.search_text = _search_text(call, judge.name)
    session.add(call)
    session.flush()
    session.add(CallRevision(call_id=call.id, number=1, author_id=judge.id, at=now,
                             changes={k: [None, v] for k, v in _state(call).items()}))
    session.flush()
    return call


def take_call(session: Session, event: Event, judge: User, data: dict, corpus) -> tuple[Call, bool]:
    """Record a call sent by a door (the form, the API): ``(call, True)`` for a new one;
    ``(call, False)`` when its client key was recorded before (the answer lost on the
    way, a second tap, the draft a phone kept), or by a send that committed first while
    this one was being checked (two at once).  A bad field raises
    :class:`CallInputError` and stores nothing."""
    earlier = recorded_with(session, event, client_key(data if isinstance(data, dict) else {}))
    if earlier is not None:
        return earlier, False
    # End the read transaction before the engine runs the board, so SQLite's write lock
    # (taken at BEGIN, see platform/db.py) is not held while it does.
    session.commit()
    clean = clean_call(data, corpus, event=event)
    try:
        call = record_call(session, event, judge, clean)
        session.commit()
        return call, True
    except IntegrityError:
        session.rollback()
        earlier = recorded_with(session, event, clean.get("client_key"))
        if earlier is None:
            raise
        return earlier, False


def edit_call(session: Session, call: Call, user: User, role: str, data: dict, corpus,
              version: int | None = None) -> CallRevision | None:
    """Apply an edit as a new revision (None if nothing changed).

    ``version`` is the revision the editor saw: if the call changed since, 409 rather
    than silently undoing the other judge's change.  A floor judge may edit only calls
    they took and cannot write the appeal ruling; writing one makes the call 上訴裁定.
    """
    if role != "head" and call.judge_id != user.id:
        raise CallInputError("call", msg("only the judge who took this call or a head judge can edit it"),
                             status=403)
    if role != "head" and call.status == "appeal_ruled":
        raise CallInputError("status", msg("the head judge has ruled on this call's appeal: only a "
                                           "head judge can change it now"), status=403)
    if version is not None and version != call.version:
        raise CallInputError("version", msg("this call was changed meanwhile (now revision {now}, you edited "
                                              "revision {version}): reload it and edit again",
                                              now=call.version, version=version), status=409, current=call.version)
    allowed = HEAD_FIELDS if role == "head" else FLOOR_FIELDS
    refused = sorted(k for k in data if k in HEAD_FIELDS and k not in allowed)
    if refused:
        raise CallInputError(refused[0], msg("only a head judge can set {field}", field=refused[0]),
                             status=403)
    old = _state(call)
    new = dict(old)
    if "round" in data:
        new["round"] = _number(data, "round", ROUND_MAX)
    if "table" in data:
        new["table"] = _number(data, "table", TABLE_MAX)
    for name, cap, required in (("players", PLAYERS_MAX, False),
                                ("question", QUESTION_MAX, True), ("ruling", RULING_MAX, True),
                                ("appeal_ruling", RULING_MAX, False)):
        if name in data:
            new[name] = _text(data, name, cap, required)
    if "entries" in data:
        new["entries"] = clean_entries(data["entries"], corpus)
    if "scenario" in data:
        new["scenario"] = _scenario_text(data)
    if "status" in data:
        status = _status(data["status"])
        if role != "head" and (status == "appeal_ruled" or (
                old["status"] == "appeal_ruled" and status != old["status"])):
            raise CallInputError("status", msg("only a head judge rules on an appeal or reopens a ruled one"),
                                 status=403)
        new["status"] = status
    if new["appeal_ruling"] and new["appeal_ruling"] != old["appeal_ruling"]:
        new["status"] = "appeal_ruled"
    if new["status"] == "appeal_ruled" and not new["appeal_ruling"]:
        raise CallInputError("appeal_ruling", msg("write the head judge's ruling on the appeal"))
    board_changed = new["scenario"] != old["scenario"] or (
        "ruleset" in data and str(data["ruleset"] or "") not in ("", old["ruleset"]))
    if board_changed:
        board = _board(new["scenario"], data, corpus, call.ruleset)
        new["ruleset"] = board["ruleset"].isoformat()
    changes = {k: [old[k], new[k]] for k in new if new[k] != old[k]}
    if not changes:
        return None
    now = utcnow()
    call.round, call.table_no, call.players = new["round"], new["table"], new["players"]
    call.question, call.ruling, call.scenario = new["question"], new["ruling"], new["scenario"]
    call.status, call.appeal_ruling = new["status"], new["appeal_ruling"]
    if "appeal_ruling" in changes:
        call.appeal_judge_id = user.id
    if board_changed:
        call.ruleset, call.game, call.outcome = board["ruleset"], board["game"], board["outcome"]
    if "entries" in changes:
        call.entries = [CallEntry(position=i, entry_id=e) for i, e in enumerate(new["entries"])]
    call.version += 1
    call.updated_at = now
    call.search_text = _search_text(call, call.judge.name)
    revision = CallRevision(call_id=call.id, number=call.version, author_id=user.id, at=now,
                            changes=changes)
    session.add(revision)
    session.flush()
    return revision


def _status(raw: Any) -> str:
    by_label = {v: k for k, v in STATUS_LABELS.items()}
    value = by_label.get(str(raw), str(raw))
    if value not in STATUSES:
        labels = ", ".join(f"{k} ({translate(v)})" for k, v in STATUS_LABELS.items())
        raise CallInputError("status", msg("status {value!r}: one of {accepted}",
                                           value=str(raw)[:30], accepted=labels),
                             accepted=list(STATUSES))
    return value


# --- reading --------------------------------------------------------------------------

@dataclass
class Filters:
    """The call list's filters (all optional)."""

    round: int | None = None
    table: int | None = None
    judge: str | None = None
    status: str | None = None
    entry: str | None = None
    q: str = ""

    @classmethod
    def from_args(cls, args, corpus) -> "Filters":
        def num(name, high):
            raw = (args.get(name) or "").strip()
            return _number({name: raw}, name, high) if raw else None
        entry = (args.get("entry") or "").strip()
        if entry:
            entry = clean_entries([entry], corpus)[0]
        status = (args.get("status") or "").strip()
        q = _text({"q": args.get("q") or ""}, "q", 200, False)
        return cls(num("round", ROUND_MAX), num("table", TABLE_MAX),
                   (args.get("judge") or "").strip()[:40] or None,
                   _status(status) if status else None, entry or None, q)

    def as_args(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if v not in (None, "")}


def list_calls(session: Session, event: Event, f: Filters | None = None,
               limit: int = 500, offset: int = 0) -> list[Call]:
    """The event's calls matching the filters, newest first."""
    f = f or Filters()
    query = (select(Call).where(Call.event_id == event.id)
             .options(selectinload(Call.entries), selectinload(Call.judge),
                      selectinload(Call.appeal_judge)))
    if f.round:
        query = query.where(Call.round == f.round)
    if f.table:
        query = query.where(Call.table_no == f.table)
    if f.status:
        query = query.where(Call.status == f.status)
    if f.judge:
        query = query.join(User, User.id == Call.judge_id).where(User.name == f.judge)
    if f.entry:
        query = query.where(Call.id.in_(select(CallEntry.call_id).where(or_(
            CallEntry.entry_id == f.entry, CallEntry.entry_id.startswith(f.entry + "#",
                                                                         autoescape=True)))))
    for word in _norm(f.q).split():
        query = query.where(Call.search_text.contains(word, autoescape=True))
    query = query.order_by(Call.created_at.desc(), Call.id.desc()).limit(limit).offset(offset)
    return list(session.scalars(query))


def count_calls(session: Session, event: Event) -> int:
    return session.scalar(select(func.count()).select_from(Call)
                          .where(Call.event_id == event.id))


def latest_change(session: Session, event: Event) -> str:
    """A token that changes whenever a call of the event is added or edited (polling)."""
    row = session.execute(select(func.count(Call.id), func.max(Call.updated_at),
                                 func.sum(Call.version)).where(Call.event_id == event.id)).one()
    return f"{row[0]}-{row[2] or 0}-{_value(row[1]) or ''}"


def get_call(session: Session, call_id: int) -> Call | None:
    return session.scalar(select(Call).where(Call.id == call_id).options(
        selectinload(Call.entries), selectinload(Call.revisions), selectinload(Call.judge),
        selectinload(Call.event)))


def call_json(call: Call, url: str, detail: bool = False) -> dict:
    """A call as the API and the exports give it."""
    out = {"id": call.id, "url": url, "event": call.event.slug if call.event else None,
           "round": call.round, "table": call.table_no, "players": call.players or "",
           "judge": call.judge.name,
           "time": _value(call.created_at, call.event),
           "updated": _value(call.updated_at, call.event),
           "question": call.question, "entries": call.entry_ids,
           "scenario": call.scenario, "game": call.game,
           "ruleset": call.ruleset.isoformat(), "ruling": call.ruling,
           "status": call.status, "status_label": STATUS_LABELS[call.status],
           "appeal_ruling": call.appeal_ruling or "",
           "appeal_judge": call.appeal_judge.name if call.appeal_judge else None,
           "outcome": outcome_summary(call.outcome), "revision": call.version}
    if detail:
        out["outcome"] = call.outcome
        out["revisions"] = [{"number": r.number, "author": r.author.name,
                             "at": _value(r.at, call.event), "changes": r.changes}
                            for r in call.revisions]
    return out


def outcome_summary(outcome: dict | None) -> dict | None:
    """The replay's outcome in brief: steps, the last step, life totals, the verdict."""
    if not outcome:
        return None
    steps = outcome.get("steps") or []
    last = steps[-1] if steps else {}
    players = (outcome.get("state") or {}).get("players") or {}
    return {"steps": len(steps), "legal": last.get("legal", True),
            "last": last.get("detail", ""), "rule": last.get("rule", ""),
            "life": {p: v.get("life") for p, v in players.items()},
            "verdict": (outcome.get("verdict") or {}).get("status")}


# The export's columns and their headers (Japanese: the report is written in Japanese).
CSV_COLUMNS = [("id", "番号"), ("time", "日時"), ("round", "ラウンド"), ("table", "卓"),
               ("players", "プレイヤー"), ("judge", "ジャッジ"), ("status_label", "状態"),
               ("question", "質問"), ("ruling", "裁定"), ("appeal_ruling", "上訴裁定"),
               ("appeal_judge", "上訴を裁定したジャッジ"), ("entries", "根拠"),
               ("game", "ゲーム"), ("ruleset", "ルールの日付"), ("outcome", "盤面の結果"),
               ("revision", "改訂"), ("url", "URL")]
CSV_FIELDS = [name for name, _header in CSV_COLUMNS]
CSV_HEADERS = [header for _name, header in CSV_COLUMNS]
VERDICTS = {"match": "裁定どおり", "mismatch": "裁定と異なる", "none": "期待値なし"}


def csv_row(call_data: dict) -> list[str]:
    """A call's JSON as one CSV row: entries joined by spaces, the time as the venue's
    clock shows it (YYYY-MM-DD HH:MM), the status and the board's outcome in Japanese."""
    out = []
    for name in CSV_FIELDS:
        v = call_data.get(name)
        if name == "entries":
            v = " ".join(v or [])
        elif name == "time" and v:
            v = datetime.fromisoformat(v).strftime("%Y-%m-%d %H:%M")
        elif name == "status_label":
            v = STATUS_LABELS.get(call_data.get("status"), v)
        elif name == "outcome":
            v = (f"{v['steps']}手順・{'合法' if v.get('legal', True) else '不正な手順あり'}"
                 f"・{VERDICTS.get(v.get('verdict') or 'none', '')}"
                 + (f"・{v['last']}" if v.get("last") else "")) if v else ""
        text = "" if v is None else str(v)
        # A cell starting with = + - @ would run as a formula in a spreadsheet.
        if text[:1] in ("=", "+", "-", "@", "\t", "\r"):
            text = "'" + text
        out.append(text)
    return out
