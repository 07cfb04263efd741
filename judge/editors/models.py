"""The editors' tables: who may edit which game's rulings, and the changes awaiting review.

An editor role (編集者) is per game.  A change an editor submits (a newly published Q&A,
a new answer, a withdrawal) waits as a :class:`PendingChange` until a second editor of
that game approves it; approval writes the source file and the corpus
(judge/editors/pages.py).  The rows are kept after the decision: who submitted, who
approved or rejected, when, and the source file it became.
"""
from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import Date, ForeignKey, Index, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from judge.platform.models import Base, User, utcnow



class EditorRole(Base):
    """A user's right to submit and approve changes to one game's rulings."""

    __tablename__ = "editor_roles"
    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    game: Mapped[str] = mapped_column(String(40))
    granted_at: Mapped[datetime] = mapped_column(default=utcnow)
    user: Mapped[User] = relationship()
    __table_args__ = (UniqueConstraint("user_id", "game", name="uq_editor_role_user_game"),)


class PendingChange(Base):
    """A published ruling an editor submitted, waiting for (or past) a second editor."""

    __tablename__ = "pending_changes"
    id: Mapped[int] = mapped_column(primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    entry_id: Mapped[str] = mapped_column(String(200))
    action: Mapped[str] = mapped_column(String(16))          # qa | withdrawal
    document: Mapped[str] = mapped_column(String(200))
    url: Mapped[str] = mapped_column(String(500))
    published: Mapped[date] = mapped_column(Date)
    retrieved: Mapped[date] = mapped_column(Date)
    question: Mapped[str] = mapped_column(Text, default="")
    answer: Mapped[str] = mapped_column(Text, default="")
    reason: Mapped[str] = mapped_column(Text, default="")
    status: Mapped[str] = mapped_column(String(16), default="pending")  # approved, rejected
    submitted_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    submitted_at: Mapped[datetime] = mapped_column(default=utcnow)
    decided_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True)
    decided_at: Mapped[datetime | None] = mapped_column(nullable=True)
    source_path: Mapped[str] = mapped_column(String(500), default="")
    submitter: Mapped[User] = relationship(foreign_keys=[submitted_by])
    decider: Mapped[User | None] = relationship(foreign_keys=[decided_by])
    __table_args__ = (Index("ix_pending_changes_status_game", "status", "game"),)
