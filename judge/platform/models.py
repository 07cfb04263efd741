"""The platform's tables: the declarative base every table of judge shares, and the
accounts (users, API tokens, login attempts).  The call record's tables
(judge/record/models.py) and the editors' (judge/editors/models.py) are declared on the
same :class:`Base`; the schema itself is made by the Alembic migrations in
``migrations/versions``, and a test checks the two agree.
"""
from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import DateTime, ForeignKey, Index, Integer, String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

# The longest user name (characters); the forms and the API check it.
NAME_MAX = 40


def utcnow() -> datetime:
    """Now, in UTC (every time in the record is the server's, in UTC)."""
    return datetime.now(timezone.utc)


class Base(DeclarativeBase):
    type_annotation_map = {datetime: DateTime(timezone=True)}


class User(Base):
    """A judge who can log in (ジャッジ)."""

    __tablename__ = "users"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME_MAX), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    # Bumped by a logout, a password change and a disable: every session cookie made
    # before (it carries the number, see get_id) then opens nothing.
    session_version: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    disabled_at: Mapped[datetime | None] = mapped_column(nullable=True)

    # Flask-Login's user protocol
    is_authenticated = True
    is_anonymous = False

    @property
    def is_active(self) -> bool:
        """False once disabled (``judge user disable``): no login, no session, no token."""
        return self.disabled_at is None

    def get_id(self) -> str:
        """What the session cookie keeps: the id and the session version."""
        return f"{self.id}.{self.session_version or 1}"


class ApiToken(Base):
    """An API token: only its SHA-256 is kept; the token itself is shown once."""

    __tablename__ = "api_tokens"
    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[datetime | None] = mapped_column(nullable=True)
    user: Mapped[User] = relationship()


class LoginAttempt(Base):
    """A login attempt, kept to throttle password guessing across every worker."""

    __tablename__ = "login_attempts"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME_MAX))
    ip: Mapped[str] = mapped_column(String(64))
    ok: Mapped[bool] = mapped_column()
    at: Mapped[datetime] = mapped_column(default=utcnow)
    __table_args__ = (Index("ix_login_attempts_name_at", "name", "at"),
                      Index("ix_login_attempts_ip_at", "ip", "at"))
