"""Judges' accounts: names, argon2 password hashes, API tokens, login throttling, and
ending them: sessions (a version the cookie carries), tokens (revoked, expiring), users
(disabled).

A password is kept only as an argon2id hash (argon2-cffi's defaults).  An API token is
a long random string shown once; only its SHA-256 is kept (a token has 256 bits of
randomness, so a fast hash is enough, and it keeps every API request cheap).  Failed
logins are counted in the database, so the limit holds across every worker.
"""
from __future__ import annotations

import base64
import hashlib
import math
import re
import secrets
import unicodedata
from datetime import timedelta, timezone

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from sqlalchemy import delete, func, select, text
from sqlalchemy.orm import Session

from judge.i18n import msg

from .models import NAME_MAX, ApiToken, LoginAttempt, User, utcnow

HASHER = PasswordHasher()
PASSWORD_MIN = 8
PASSWORD_MAX = 256
TOKEN_PREFIX = "jdg_"
# Failed logins allowed in the window before each further try must wait (retry_after):
# per name and client together, per name, per client.
FAILURES_ALLOWED = 5
FAILURES_PER_NAME = 20
FAILURES_PER_IP = 100
FAILURE_WINDOW = timedelta(minutes=15)
BACKOFF_PAIR_MAX = timedelta(minutes=1)
BACKOFF_MAX = timedelta(minutes=5)
NAME = re.compile(r"^[\w.\-]+$")


def _dummy() -> str:
    """A hash to verify against when the name is unknown, so a wrong name takes as long
    as a wrong password and does not tell which names exist.  Written out with the
    hasher's own parameters (verifying it costs exactly what verifying a real one does,
    and no password matches its all-zero digest) rather than hashed at import: an argon2
    hash costs tenths of a second, which every process importing the record paid
    (`judge serve` and each gunicorn worker included)."""
    zeros = lambda n: base64.b64encode(bytes(n)).decode().rstrip("=")   # noqa: E731
    return (f"$argon2id$v=19$m={HASHER.memory_cost},t={HASHER.time_cost},"
            f"p={HASHER.parallelism}${zeros(HASHER.salt_len)}${zeros(HASHER.hash_len)}")


class AccountError(ValueError):
    """A name, password or token that cannot be used; the message (an i18n message id
    with its params, rendered when shown) says why."""


def clean_name(raw: str) -> str:
    """A user name as stored: NFKC, trimmed; letters, digits, ``._-`` (kana and kanji too)."""
    name = unicodedata.normalize("NFKC", raw or "").strip()
    if not name:
        raise AccountError(msg("name is empty: a user name is letters, digits, '.', '_' or '-'"))
    if len(name) > NAME_MAX:
        raise AccountError(msg("name is {length} characters long; at most {max}",
                               length=len(name), max=NAME_MAX))
    if not NAME.match(name):
        raise AccountError(msg("name {name!r}: use letters, digits, '.', '_' or '-' (no spaces)",
                               name=name))
    return name


def check_password(password: str) -> str:
    """The password if it can be used (8 to 256 characters), else AccountError."""
    if len(password) < PASSWORD_MIN:
        raise AccountError(msg("the password must have at least {min} characters",
                               min=PASSWORD_MIN))
    if len(password) > PASSWORD_MAX:
        raise AccountError(msg("the password must have at most {max} characters",
                               max=PASSWORD_MAX))
    return password


def add_user(session: Session, name: str, password: str) -> User:
    """Create a judge's account (AccountError if the name is taken or unusable)."""
    name = clean_name(name)
    check_password(password)
    if session.scalar(select(User).where(User.name == name)) is not None:
        raise AccountError(msg("user {name!r} already exists", name=name))
    user = User(name=name, password_hash=HASHER.hash(password))
    session.add(user)
    session.flush()
    return user


def user_named(session: Session, name: str) -> User | None:
    """The user of a name (typed any width), or None."""
    try:
        name = clean_name(name)
    except AccountError:
        return None
    return session.scalar(select(User).where(User.name == name))


def _backoff(failures: int, free: int, cap: timedelta) -> timedelta:
    """The wait after ``failures`` failed tries when ``free`` are allowed without one:
    1 s, 2 s, 4 s … up to ``cap``.  A wait, never a lock: the right password works
    again as soon as it has passed."""
    if failures < free:
        return timedelta(0)
    return min(cap, timedelta(seconds=2 ** min(failures - free, 20)))


def _serialise(session: Session, key: str) -> None:
    """Hold, until this transaction ends, a lock of the name being logged in to, so two
    tries at once are checked one after the other (PostgreSQL: an advisory lock; SQLite
    already writes one transaction at a time, BEGIN IMMEDIATE).  Only then is the time
    read: a try that waited must not see the tries before it as being in its future."""
    if session.get_bind().dialect.name == "postgresql":
        session.execute(text("SELECT pg_advisory_xact_lock(hashtextextended(:k, 26))"),
                        {"k": key})
    else:
        session.execute(text("SELECT 1"))     # begins the transaction: waits its turn


def retry_after(session: Session, name: str, ip: str) -> int:
    """Seconds this client must wait before trying this name again (0: it may now).

    Failures in the last 15 minutes are counted for the name and the client together
    (5 free, then a growing wait up to a minute), for the name from every client (20
    free, up to 5 minutes: a spread guess) and for the client whatever the name (100
    free, up to 5 minutes: a venue's NAT holds a whole event).  So a stranger's wrong
    passwords slow the stranger, not the head judge."""
    key = unicodedata.normalize("NFKC", name or "").strip()[:NAME_MAX]
    ip = ip[:64]
    _serialise(session, key)
    now = utcnow()
    since = now - FAILURE_WINDOW
    failed = (LoginAttempt.ok.is_(False), LoginAttempt.at >= since)
    wait = timedelta(0)
    for where, free, cap in (
            ((LoginAttempt.name == key, LoginAttempt.ip == ip), FAILURES_ALLOWED,
             BACKOFF_PAIR_MAX),
            ((LoginAttempt.name == key,), FAILURES_PER_NAME, BACKOFF_MAX),
            ((LoginAttempt.ip == ip,), FAILURES_PER_IP, BACKOFF_MAX)):
        count, last = session.execute(select(func.count(), func.max(LoginAttempt.at))
                                      .where(*failed, *where)).one()
        if count and last is not None:
            if last.tzinfo is None:              # SQLite keeps no zone: stored in UTC
                last = last.replace(tzinfo=timezone.utc)
            wait = max(wait, last + _backoff(count, free, cap) - now)
    return max(0, math.ceil(wait.total_seconds()))


def authenticate(session: Session, name: str, password: str, ip: str) -> User | None:
    """The user if the password is right; every attempt is recorded for throttling.
    A disabled user's right password is refused as a wrong one is."""
    key = unicodedata.normalize("NFKC", name or "").strip()[:NAME_MAX]
    user = user_named(session, name)
    ok = False
    try:
        ok = HASHER.verify(user.password_hash if user else _dummy(), password[:PASSWORD_MAX])
        ok = ok and user is not None and user.is_active
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        ok = False
    session.add(LoginAttempt(name=key, ip=ip[:64], ok=ok))
    if ok and HASHER.check_needs_rehash(user.password_hash):
        user.password_hash = HASHER.hash(password)
    return user if ok else None


def end_sessions(user: User) -> None:
    """Every session of the user ends (their cookies carry the old version)."""
    user.session_version = (user.session_version or 1) + 1


def set_password(session: Session, user: User, password: str) -> None:
    """A new password; every session of the user ends."""
    check_password(password)
    user.password_hash = HASHER.hash(password)
    end_sessions(user)
    session.flush()


def disable_user(session: Session, user: User) -> None:
    """No more logins, sessions or tokens for the user (the record keeps their name)."""
    if user.disabled_at is None:
        user.disabled_at = utcnow()
    end_sessions(user)
    session.flush()


def users(session: Session) -> list[User]:
    """Every account, by name."""
    return list(session.scalars(select(User).order_by(User.name)))


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token(session: Session, user: User, expires: timedelta | None = None) -> str:
    """A new API token for the user (valid for ``expires``, else until revoked); only
    its hash is stored, so it is shown this once."""
    token = TOKEN_PREFIX + secrets.token_urlsafe(32)
    session.add(ApiToken(user_id=user.id, token_hash=_digest(token),
                         expires_at=utcnow() + expires if expires else None))
    session.flush()
    return token


def tokens(session: Session, user: User | None = None) -> list[ApiToken]:
    """The API tokens (of one user), oldest first; the tokens themselves are not kept."""
    query = select(ApiToken).order_by(ApiToken.id)
    if user is not None:
        query = query.where(ApiToken.user_id == user.id)
    return list(session.scalars(query))


def revoke_tokens(session: Session, user: User, token_id: int | None = None) -> int:
    """Revoke one token of the user (by its id in ``judge token list``), or all of them;
    how many were revoked."""
    query = delete(ApiToken).where(ApiToken.user_id == user.id)
    if token_id is not None:
        query = query.where(ApiToken.id == token_id)
    return session.execute(query).rowcount


def user_of_token(session: Session, token: str) -> User | None:
    """The user an API token belongs to: None for an unknown, expired or revoked token,
    or a disabled user's."""
    if not token or len(token) > 200:
        return None
    found = session.scalar(select(ApiToken).where(ApiToken.token_hash == _digest(token)))
    if found is None or not found.user.is_active:
        return None
    if found.expires_at is not None:
        expires = found.expires_at
        if expires.tzinfo is None:
            expires = expires.replace(tzinfo=timezone.utc)
        if expires <= utcnow():
            return None
    return found.user
