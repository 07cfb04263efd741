"""The record's tables (SQLAlchemy 2 declarative).  The schema itself is made by the
Alembic migrations in ``migrations/versions``; a test checks the two agree.

A call's current state is on :class:`Call`; every change, the first recording included,
is a :class:`CallRevision` with its author, time and the fields it changed (old and new),
so nothing a call ever said is lost.
"""
from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import (JSON, Date, ForeignKey, Index, Integer, String, Text,
                        UniqueConstraint)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from judge.i18n import N_
from judge.platform.models import NAME_MAX, Base, User, utcnow  # noqa: F401 - shared

# Limits of every text a judge types (characters); the forms and the API check them.
SLUG_MAX = 40
TITLE_MAX = 120
QUESTION_MAX = 4000
RULING_MAX = 4000
SCENARIO_MAX = 64 * 1024
ENTRIES_MAX = 20
PLAYERS_MAX = 200
CLIENT_KEY_MAX = 64
DEFAULT_TZ = "Asia/Tokyo"

ROLES = ("head", "floor")
ROLE_LABELS = {"head": N_("ヘッドジャッジ"), "floor": N_("フロアジャッジ")}
STATUSES = ("resolved", "appealed", "appeal_ruled")
STATUS_LABELS = {"resolved": N_("解決"), "appealed": N_("上訴中"), "appeal_ruled": N_("上訴裁定")}


class Event(Base):
    """A tournament (大会)."""

    __tablename__ = "events"
    id: Mapped[int] = mapped_column(primary_key=True)
    slug: Mapped[str] = mapped_column(String(SLUG_MAX), unique=True)
    title: Mapped[str] = mapped_column(String(TITLE_MAX))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    # the venue's time zone (IANA name): every time of the event is shown in it
    timezone: Mapped[str] = mapped_column(String(64), default=DEFAULT_TZ,
                                          server_default=DEFAULT_TZ)


class Staff(Base):
    """A judge on an event's staff, as head (ヘッド) or floor (フロア) judge."""

    __tablename__ = "staff"
    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    role: Mapped[str] = mapped_column(String(8))
    added_at: Mapped[datetime] = mapped_column(default=utcnow)
    event: Mapped[Event] = relationship()
    user: Mapped[User] = relationship()
    __table_args__ = (UniqueConstraint("event_id", "user_id", name="uq_staff_event_user"),)


class Call(Base):
    """A judge call (裁定): its current state.  Its history is in :class:`CallRevision`."""

    __tablename__ = "calls"
    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"))
    round: Mapped[int] = mapped_column(Integer)
    table_no: Mapped[int] = mapped_column(Integer)
    judge_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)
    question: Mapped[str] = mapped_column(Text)
    # the players at the table (names or ids, as the judge wrote them)
    players: Mapped[str] = mapped_column(String(PLAYERS_MAX), default="", server_default="")
    scenario: Mapped[str] = mapped_column(Text, default="")
    game: Mapped[str | None] = mapped_column(String(40), nullable=True)
    ruleset: Mapped[date] = mapped_column(Date)
    outcome: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    ruling: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(16), default="resolved")
    appeal_ruling: Mapped[str] = mapped_column(Text, default="")
    appeal_judge_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True)
    version: Mapped[int] = mapped_column(Integer, default=1)
    search_text: Mapped[str] = mapped_column(Text, default="")
    # the key the call form (or an API client) sent the call with: the same call sent
    # again (a weak signal's retry, a second tap, a draft kept on the phone) is found by
    # it and recorded once
    client_key: Mapped[str | None] = mapped_column(String(CLIENT_KEY_MAX), nullable=True)
    event: Mapped[Event] = relationship()
    judge: Mapped[User] = relationship(foreign_keys=[judge_id])
    appeal_judge: Mapped[User | None] = relationship(foreign_keys=[appeal_judge_id])
    entries: Mapped[list["CallEntry"]] = relationship(
        order_by="CallEntry.position", cascade="all, delete-orphan")
    revisions: Mapped[list["CallRevision"]] = relationship(
        order_by="CallRevision.number", cascade="all, delete-orphan")
    __table_args__ = (Index("ix_calls_event_created", "event_id", "created_at"),
                      UniqueConstraint("event_id", "client_key", name="uq_calls_event_client_key"))

    @property
    def entry_ids(self) -> list[str]:
        return [e.entry_id for e in self.entries]


class CallEntry(Base):
    """An entry a call cites (kept as rows so the list can be filtered by it)."""

    __tablename__ = "call_entries"
    id: Mapped[int] = mapped_column(primary_key=True)
    call_id: Mapped[int] = mapped_column(ForeignKey("calls.id", ondelete="CASCADE"))
    position: Mapped[int] = mapped_column(Integer)
    entry_id: Mapped[str] = mapped_column(String(200))
    __table_args__ = (Index("ix_call_entries_entry", "entry_id"),)


class CallRevision(Base):
    """One change to a call: who, when, and each changed field's old and new value."""

    __tablename__ = "call_revisions"
    id: Mapped[int] = mapped_column(primary_key=True)
    call_id: Mapped[int] = mapped_column(ForeignKey("calls.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(Integer)
    author_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    at: Mapped[datetime] = mapped_column(default=utcnow)
    changes: Mapped[dict] = mapped_column(JSON)
    author: Mapped[User] = relationship()
    __table_args__ = (UniqueConstraint("call_id", "number", name="uq_call_revision_number"),)

