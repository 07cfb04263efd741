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
from flask_login import LoginManager, current_user, login_user, logout_user
from flask_wtf.csrf import CSRFError, generate_csrf, validate_csrf
from wtforms import ValidationError

from judge.i18n import _

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
    app.config.setdefault("SESSION_COOKIE_SAMESITE", "Lax")
    app.config.setdefault("SESSION_COOKIE_HTTPONLY", True)
    app.extensions["record"] = session_factory(app.config["DATABASE_URL"])
    if app.config.get("RECORD_UPGRADE", True):
        _upgrade(app)
    login_manager.init_app(app)
    app.teardown_appcontext(_close)
    app.register_blueprint(bp)
    app.jinja_env.globals["csrf_token"] = generate_csrf


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
    from .models import User
    if not user_id.isdigit():
        return None
    return db().get(User, int(user_id))


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
            or "\\" in target:
        return url_for("pages_record.events")
    return target


@bp.before_request
def _csrf():
    if request.method == "POST":
        check_csrf()


@bp.route("/login", methods=["GET", "POST"])
def login():
    """The login form; a wrong password is 401, too many failures 429."""
    next_url = _safe_next(request.values.get("next"))
    if request.method == "GET":
        if current_user.is_authenticated:
            return redirect(next_url)
        return render_template("record/login.html", next=next_url, name="", error=None)
    name = (request.form.get("name") or "")[:80]
    password = request.form.get("password") or ""
    ip = request.remote_addr or "-"
    session = db()
    if accounts.throttled(session, name, ip):
        error = _("Too many failed logins: wait about 15 minutes and try again.")
        return render_template("record/login.html", next=next_url, name=name,
                               error=error), 429
    user = accounts.authenticate(session, name, password, ip)
    session.commit()
    if user is None:
        error = _("Wrong name or password.")
        return render_template("record/login.html", next=next_url, name=name,
                               error=error), 401
    login_user(user)
    return redirect(next_url, code=303)


@bp.post("/logout")
def logout():
    logout_user()
    return redirect(url_for("accounts.login"), code=303)

