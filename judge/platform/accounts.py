"""Judges' accounts: names, argon2 password hashes, API tokens, login throttling.

A password is kept only as an argon2id hash (argon2-cffi's defaults).  An API token is
a long random string shown once; only its SHA-256 is kept (a token has 256 bits of
randomness, so a fast hash is enough, and it keeps every API request cheap).  Failed
logins are counted in the database, so the limit holds across every worker.
"""
from __future__ import annotations

import base64
import hashlib
import re
import secrets
import unicodedata
from datetime import timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from judge.i18n import msg

from .models import NAME_MAX, ApiToken, LoginAttempt, User, utcnow

HASHER = PasswordHasher()
PASSWORD_MIN = 8
PASSWORD_MAX = 256
TOKEN_PREFIX = "jdg_"
# At most this many failed logins per name (or per address) in the window: then 429.
FAILURES_ALLOWED = 5
FAILURES_PER_IP = 20
FAILURE_WINDOW = timedelta(minutes=15)
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


def throttled(session: Session, name: str, ip: str) -> bool:
    """Whether logins for this name or from this address are blocked for now."""
    since = utcnow() - FAILURE_WINDOW
    by_name = session.scalar(select(func.count()).select_from(LoginAttempt).where(
        LoginAttempt.name == name[:NAME_MAX], LoginAttempt.ok.is_(False),
        LoginAttempt.at >= since))
    by_ip = session.scalar(select(func.count()).select_from(LoginAttempt).where(
        LoginAttempt.ip == ip[:64], LoginAttempt.ok.is_(False), LoginAttempt.at >= since))
    return by_name >= FAILURES_ALLOWED or by_ip >= FAILURES_PER_IP


def authenticate(session: Session, name: str, password: str, ip: str) -> User | None:
    """The user if the password is right; every attempt is recorded for throttling."""
    key = unicodedata.normalize("NFKC", name or "").strip()[:NAME_MAX]
    user = user_named(session, name)
    ok = False
    try:
        ok = HASHER.verify(user.password_hash if user else _dummy(), password[:PASSWORD_MAX])
        ok = ok and user is not None
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        ok = False
    session.add(LoginAttempt(name=key, ip=ip[:64], ok=ok))
    if ok and HASHER.check_needs_rehash(user.password_hash):
        user.password_hash = HASHER.hash(password)
    return user if ok else None


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token(session: Session, user: User) -> str:
    """A new API token for the user; only its hash is stored, so it is shown this once."""
    token = TOKEN_PREFIX + secrets.token_urlsafe(32)
    session.add(ApiToken(user_id=user.id, token_hash=_digest(token)))
    session.flush()
    return token


def user_of_token(session: Session, token: str) -> User | None:
    """The user an API token belongs to, or None."""
    if not token or len(token) > 200:
        return None
    found = session.scalar(select(ApiToken).where(ApiToken.token_hash == _digest(token)))
    return found.user if found else None
