"""Accounts in the web app: database sessions, logins, CSRF (the call record and the
editors are blueprints on these).

``init_app(app)`` (called by the app factory) sets up:

- ``DATABASE_URL`` (config; default ``$JUDGE_DATABASE_URL``, else SQLite in the
  instance folder), brought to the newest schema at start (``RECORD_UPGRADE``, default
  True), and one SQLAlchemy session per request, rolled back at the end unless the
  view committed;
- a ``SECRET_KEY`` for the session cookie: ``$JUDGE_SECRET_KEY``, else a random key
  kept in ``instance/secret_key`` (made once, shared by every worker);
- Flask-Login (``/login``, ``/logout``), failed logins throttled in the database;
- CSRF on every form (Flask-WTF's token; :func:`check_csrf`, which each blueprint
  runs before its views).
  The JSON API authenticates with a bearer token, never the cookie, so it needs none.
"""
from __future__ import annotations

import os
import secrets
from pathlib import Path
from urllib.parse import urlsplit

from flask import (Blueprint, Flask, current_app, g, redirect, render_template, request,
                   url_for)
from flask import session as flask_session
from flask_login import LoginManager, current_user, login_required, login_user, logout_user
from flask_wtf.csrf import CSRFError, generate_csrf, validate_csrf
from wtforms import ValidationError

from judge.i18n import _, render

from . import accounts
from .db import database_url, session_factory
from .errors import error_response, wants_json

bp = Blueprint("accounts", __name__)
login_manager = LoginManager()
login_manager.login_view = "accounts.login"
login_manager.login_message = "ログインしてください。Please log in."
# Flask-Login's "basic" protection marks a session not fresh (and so writes the cookie)
# whenever a request's session lacks its address-and-browser mark, as every session
# before a login does.  A page requested just before the login (the offline copy the
# login page starts downloading, a search) then answered after it, and its cookie, the
# session from before the login, logged the judge out again.  Nothing here asks for a
# fresh login, and "strong" would log out a phone that changes networks; so none.
login_manager.session_protection = None
RETRY_AFTER = 5          # seconds a client waits while the database is away


def db():
    """This request's database session."""
    if "record_db" not in g:
        g.record_db = current_app.extensions["record"]()
    return g.record_db


def _secret_key(app: Flask) -> str:
    if os.environ.get("JUDGE_SECRET_KEY"):
        return os.environ["JUDGE_SECRET_KEY"]
    folder = Path(app.instance_path)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "secret_key"
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text().strip()
    key = secrets.token_hex(32)
    with os.fdopen(fd, "w") as fh:
        fh.write(key)
    return key


def init_app(app: Flask) -> None:
    """Attach the database, login and CSRF to the app (the blueprints on them register
    themselves: judge.record, judge.editors)."""
    app.config.setdefault("DATABASE_URL", database_url(app.config.get("DATABASE_URL")))
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(app)
    app.config.setdefault("WTF_CSRF_TIME_LIMIT", None)   # a form may stay open all day
    # Flask's defaults hold these keys already (SameSite None), so setdefault kept None:
    # the cookie went out without SameSite.  Lax unless configured otherwise.
    app.config["SESSION_COOKIE_SAMESITE"] = app.config.get("SESSION_COOKIE_SAMESITE") or "Lax"
    app.config["SESSION_COOKIE_HTTPONLY"] = True
    app.extensions["record"] = session_factory(app.config["DATABASE_URL"])
    if app.config.get("RECORD_UPGRADE", True):
        _upgrade(app)
    # Flask-Login's own context processor looks the user up (the session, the user
    # loader: a query when a cookie is sent) for every template drawn; only the record's
    # and the editors' pages show who is logged in.  The templates get the lazy proxy,
    # which looks the user up when a template reads it (a twentieth of a new results page
    # went to it, issue 27).
    login_manager.init_app(app, add_context_processor=False)
    app.context_processor(lambda: {"current_user": current_user})
    app.teardown_appcontext(_close)
    app.register_blueprint(bp)
    app.jinja_env.globals["csrf_token"] = generate_csrf
    from sqlalchemy.exc import InterfaceError, OperationalError
    from sqlalchemy.exc import TimeoutError as PoolTimeout
    for away in (OperationalError, InterfaceError, PoolTimeout):
        app.register_error_handler(away, _database_away)


def _database_away(exc: Exception):
    """The database cannot be reached (stopped, restarting, a full pool): 503 with
    Retry-After, not 500: nothing was stored, and trying again shortly will work.  The
    pool drops its dead connections itself (pre-ping)."""
    current_app.logger.error("the call record's database is unavailable: %s", exc)
    # The error page must not ask the database who is logged in (it would fail again).
    g._login_user = login_manager.anonymous_user()
    response = error_response(503, _("The call record's database cannot be reached just "
                                     "now; nothing was saved. Try again in a few seconds."))
    response.headers["Retry-After"] = str(RETRY_AFTER)
    return response


def _upgrade(app: Flask) -> None:
    """Bring the schema up to date at start (gunicorn too; ``judge serve`` already has).

    A database that cannot be reached does not stop the app: the read-only workbench
    still serves, and the record's pages answer with an error until it is back."""
    from sqlalchemy.engine import make_url

    from . import migrate
    try:
        migrate.upgrade(app.config["DATABASE_URL"])
    except Exception as exc:     # noqa: BLE001 - reported, the rest of the app still runs
        url = make_url(app.config["DATABASE_URL"]).render_as_string(hide_password=True)
        app.logger.error("the call record's database %s cannot be upgraded: %s", url, exc)


def _close(_exc) -> None:
    session = g.pop("record_db", None)
    if session is not None:
        session.rollback()
        session.close()


@login_manager.user_loader
def _load_user(user_id: str):
    """The user of a session cookie, if the session has not ended: the cookie carries
    the user's session version, which a logout, a password change and a disable bump."""
    from .models import User
    number, _dot, version = user_id.partition(".")
    if not (number.isdigit() and version.isdigit()) or len(number) > 18:
        return None
    user = db().get(User, int(number))
    if user is None or not user.is_active or (user.session_version or 1) != int(version):
        return None
    return user


@login_manager.unauthorized_handler
def _unauthorized():
    if wants_json():
        return error_response(401, "ログインが必要です。Log in first.")
    return redirect(url_for("accounts.login", next=_here()))


def _here() -> str:
    return request.full_path.rstrip("?") if request.method == "GET" else request.path


def check_csrf() -> None:
    """400 unless the form carries this session's CSRF token."""
    try:
        validate_csrf(request.form.get("csrf_token"))
    except (ValidationError, CSRFError) as exc:
        from .errors import fail
        fail(400, _("The form's CSRF token is missing or wrong ({error}): reload the page "
                    "and send it again.", error=exc), field="csrf_token")


def _safe_next(target: str | None) -> str:
    """Only a path on this site (never another host) is followed after login."""
    if not target:
        return url_for("pages_record.events")
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not target.startswith("/") or target.startswith("//") \
            or "\\" in target or any(ord(c) < 0x20 or ord(c) == 0x7f for c in target):
        return url_for("pages_record.events")
    return target


@bp.before_request
def _csrf():
    if request.method == "POST":
        check_csrf()


def client_address() -> str:
    """The client's address (behind a proxy: as the proxy saw it, see ``PROXY_HOPS``)."""
    return (request.remote_addr or "-")[:64]


@bp.route("/login", methods=["GET", "POST"])
def login():
    """The login form; a wrong password is 401, too many failures 429 with Retry-After."""
    next_url = _safe_next(request.values.get("next"))
    if request.method == "GET":
        if current_user.is_authenticated:
            return redirect(next_url)
        # once, right after a logout: the phone forgets the calls that judge kept on it
        forget = flask_session.pop("forget_drafts", None)
        return render_template("record/login.html", next=next_url, name="", error=None,
                               forget_drafts=forget)
    name = (request.form.get("name") or "")[:80]
    password = request.form.get("password") or ""
    ip = client_address()
    session = db()
    wait = accounts.retry_after(session, name, ip)
    if wait:
        session.rollback()
        error = _("Too many failed logins: wait {seconds} seconds and try again.",
                  seconds=wait)
        return render_template("record/login.html", next=next_url, name=name,
                               error=error), 429, {"Retry-After": str(wait)}
    user = accounts.authenticate(session, name, password, ip)
    session.commit()
    if user is None:
        error = _("Wrong name or password.")
        return render_template("record/login.html", next=next_url, name=name,
                               error=error), 401
    # A new session: nothing a cookie held before the login is carried over.
    flask_session.clear()
    login_user(user)
    return redirect(next_url, code=303)


@bp.post("/logout")
def logout():
    """Log out: the session ends on the server too (a copy of the cookie opens nothing),
    and the login page it lands on has the phone forget the calls this judge kept on it
    unsent (record.js): the next judge to pick up the phone sees none of them."""
    # the account's id, not get_id(): that carries the session version, which this
    # logout (or a head judge ending a judge's sessions) moves on
    judge_id = str(current_user.id) if current_user.is_authenticated else None
    if current_user.is_authenticated:
        accounts.end_sessions(current_user)
        db().commit()
    logout_user()
    flask_session.clear()
    if judge_id:
        # in the session, not the address: a link from anywhere cannot wipe a phone's calls
        flask_session["forget_drafts"] = judge_id
    return redirect(url_for("accounts.login"), code=303)


@bp.route("/account/password", methods=["GET", "POST"])
@login_required
def password():
    """A judge changes their own password (the old one first); every other session of
    theirs ends, this one goes on."""
    if request.method == "GET":
        return render_template("record/password.html", error=None, done=False)
    session = db()
    user = current_user._get_current_object()
    wait = accounts.retry_after(session, user.name, client_address())
    if wait:
        session.rollback()
        return render_template("record/password.html", done=False, error=_(
            "Too many failed logins: wait {seconds} seconds and try again.",
            seconds=wait)), 429, {"Retry-After": str(wait)}
    if accounts.authenticate(session, user.name, request.form.get("old") or "",
                             client_address()) is None:
        session.commit()
        return render_template("record/password.html", done=False,
                               error=_("Wrong name or password.")), 401
    new = request.form.get("new") or ""
    if new != (request.form.get("again") or ""):
        return render_template("record/password.html", done=False,
                               error=_("the two passwords differ")), 400
    try:
        accounts.set_password(session, user, new)
    except accounts.AccountError as exc:
        return render_template("record/password.html", done=False,
                               error=render(exc.args[0])), 400
    session.commit()
    flask_session.clear()
    login_user(user)              # this session, under the new version
    return render_template("record/password.html", error=None, done=True)

