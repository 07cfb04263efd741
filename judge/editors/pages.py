"""Editors (編集者): a newly published ruling submitted, previewed, approved by a second editor.

An editor of a game (``judge editor grant NAME GAME``) fills in the form of a published
Q&A (new, or a new answer to an existing one) or a withdrawal.  It waits as a pending
change; its page shows the entry as it will read (the new revision and its word diff),
the lint findings it brings and the replays that change (judge/app/editorial/impact.py).  A
second editor of the same game approves it: the source file is written into
``sources/published/<game>/`` and ``judge import`` runs on the sources, writing the
corpus (each file atomically; the source file is removed again if the import fails);
the app then reloads the corpus and updates the search index for that entry only.
"""
from __future__ import annotations

import copy
import functools
import os
from datetime import date
from pathlib import Path

from flask import (Blueprint, current_app, redirect, render_template, request, url_for)
from flask_login import current_user, login_required
from sqlalchemy import select, update

from judge.corpus import Corpus
from judge.corpus.ids import qa_key
from judge.corpus.lock import corpus_lock
from judge.corpus.published import (Document, Item, PublishedError, apply_documents,
                                    qa_text)
from judge.app.editorial import landing
from judge.app.render import Renderer, word_diff
from judge.app.services import LRU, services
from judge.i18n import _, msg
from judge.platform.errors import fail
from judge.platform.models import utcnow

from .models import EditorRole, PendingChange

bp = Blueprint("editors", __name__, url_prefix="/editor")
_previews = LRU(64)


def _db():
    from judge.platform.login import db
    return db()


def _csrf() -> None:
    from judge.platform.login import check_csrf
    check_csrf()


def games_of(session, user) -> list[str]:
    """The games a user is an editor of."""
    return sorted(session.scalars(select(EditorRole.game)
                                  .where(EditorRole.user_id == user.id)))


def sources_dir() -> Path:
    """Where the published sources live (``SOURCES_DIR``; default sources/ beside the corpus)."""
    given = current_app.config.get("SOURCES_DIR")
    # the corpus's own root object (services().root makes a new Path each time, which
    # the cache would hash afresh): every request asks
    return Path(given) if given else _sources_beside(services().corpus.root)


@functools.lru_cache(maxsize=16)
def _sources_beside(root) -> Path:
    # resolved once per corpus folder: every request looks for interrupted landings
    # there, and resolving the path again was four lstat calls a request
    return Path(root).resolve().parent / "sources"


@functools.lru_cache(maxsize=16)
def _journal_dir(sources: Path) -> str:
    # the folder landing.journals lists, as text: every request asks whether it exists,
    # and making its Path again was most of that check's time
    return str(landing.journal_path(sources, 0).parent)


@bp.get("/")
@login_required
def index():
    """The changes waiting for review in the editor's games, and the latest decisions."""
    session = _db()
    games = games_of(session, current_user)
    changes = list(session.scalars(select(PendingChange)
                                   .where(PendingChange.game.in_(games or [""]))
                                   .order_by(PendingChange.submitted_at.desc()).limit(100)))
    return render_template("editor/index.html", games=games, changes=changes)


def _form_values(form) -> dict:
    keys = ("game", "number", "action", "published", "retrieved", "url", "document",
            "question", "answer", "reason")
    return {k: (form.get(k) or "").strip() for k in keys}


def _check(values: dict, games: list[str]) -> tuple[PendingChange | None, str | None]:
    """A PendingChange from the form's values, or the first thing wrong with them."""
    corpus = services().corpus
    if values["game"] not in games:
        return None, _("game: you are not an editor of {game} (yours: {games}).",
                       game=values["game"] or "-", games=", ".join(games) or "-")
    number = values["number"]
    key = qa_key(f"QA-{number}" if number.isdigit() else number)
    if key is None:
        return None, _("number: {number!r} is not a Q&A number (QA-337, 337).", number=number)
    action = values["action"] if values["action"] in ("qa", "withdrawal") else "qa"
    try:
        published = date.fromisoformat(values["published"])
        retrieved = date.fromisoformat(values["retrieved"] or date.today().isoformat())
    except ValueError:
        return None, _("published / retrieved: dates are YYYY-MM-DD.")
    entry_id = f"{values['game']}/qa/{key}"
    entry = corpus.entries.get(entry_id)
    document = values["document"] or (entry.current.source.get("document") if entry else "") \
        or next((e.current.source.get("document") for e in corpus
                 if e.game == values["game"] and e.kind == "qa"), "")
    change = PendingChange(game=values["game"], entry_id=entry_id, action=action,
                           document=document, url=values["url"], published=published,
                           retrieved=retrieved, question=values["question"],
                           answer=values["answer"], reason=values["reason"])
    try:
        preview_entry(change)
    except PublishedError as exc:
        return None, exc.message
    return change, None


def _document(change: PendingChange) -> Document:
    key = change.entry_id.rsplit("/", 1)[1]
    item = (Item(1, qa=key, withdrawn=change.reason or None) if change.action == "withdrawal"
            else Item(1, qa=key, question=change.question or None,
                      answer=change.answer or None))
    if change.action == "withdrawal" and not change.reason:
        raise PublishedError(msg("reason: the withdrawal notice is required."))
    if change.action == "qa" and not (change.question and change.answer):
        raise PublishedError(msg("question / answer: the question and the answer as published "
                                 "are required."))
    if not change.document:
        raise PublishedError(msg("document: name the published document."))
    if not change.url.startswith(("http://", "https://")):
        raise PublishedError(msg("url: where it was published (an http or https address)."))
    if change.retrieved < change.published:
        raise PublishedError(msg("retrieved: retrieved before it was published."))
    return Document(f"sources/published/{change.game}/(pending)", change.document,
                    change.game, change.url, change.published, change.retrieved, [item])


def preview_entry(change: PendingChange):
    """The entry as it will read once the change is imported (PublishedError if it cannot)."""
    corpus = services().corpus
    entries = {}
    if change.entry_id in corpus.entries:
        entries[change.entry_id] = copy.deepcopy(corpus.entries[change.entry_id])
    found = apply_documents(entries, [_document(change)])
    if found[0].action == "unchanged":
        raise PublishedError(msg("{entry}: revision {n} already says this.",
                                 entry=change.entry_id, n=found[0].revision))
    return entries[change.entry_id]


@bp.route("/new", methods=["GET", "POST"])
@login_required
def new():
    """The form of a newly published Q&A, a new answer or a withdrawal."""
    session = _db()
    games = games_of(session, current_user)
    if not games:
        fail(403, _("You are not an editor of any game (`judge editor grant NAME GAME`)."))
    if request.method == "GET":
        values = _form_values(request.args)
        values["game"] = values["game"] or games[0]
        values["retrieved"] = values["retrieved"] or date.today().isoformat()
        return render_template("editor/form.html", games=games, v=values, error=None)
    _csrf()
    values = _form_values(request.form)
    change, error = _check(values, games)
    if error:
        return render_template("editor/form.html", games=games, v=values, error=error), 400
    change.submitted_by = current_user.id
    change.status = "pending"
    session.add(change)
    session.commit()
    return redirect(url_for("editors.pending", change_id=change.id), code=303)


def _change(change_id: int) -> PendingChange:
    change = _db().get(PendingChange, change_id)
    if change is None or change.game not in games_of(_db(), current_user):
        fail(404, _("No pending change {id} in your games.", id=change_id))
    return change


def preview(change: PendingChange) -> dict:
    """What the pending page shows: the new revision, its diff, lint and replays."""
    def make():
        from judge.app.editorial.impact import effect_report
        corpus = services().corpus
        try:
            entry = preview_entry(change)
        except PublishedError as exc:
            return {"error": exc.message}
        new_rev = entry.current
        older = entry.revisions[1] if len(entry.revisions) > 1 else None
        diff = word_diff(older.text, new_rev.text) if older else (None, None)
        entries = dict(corpus.entries)
        entries[entry.id] = entry
        effect = effect_report(corpus, Corpus(entries.values(), corpus.root), [entry.id])
        return {"entry": entry, "revision": new_rev, "older": older,
                "html": Renderer(exists=lambda i: i in entries).render(new_rev.text),
                "diff": diff[0], "counts": diff[1], "effect": effect,
                "effect_text": effect.text()}
    if change.status != "pending":
        return {}
    key = (change.id, services().corpus_version)
    return _previews.get(key, make)


@bp.get("/pending/<int:change_id>")
@login_required
def pending(change_id: int):
    """A pending change with its preview, and the approve / reject buttons."""
    change = _change(change_id)
    view = preview(change)
    if request.args.get("format") == "json":
        from flask import jsonify
        effect = view.get("effect")
        return jsonify({"id": change.id, "status": change.status, "entry": change.entry_id,
                        "error": view.get("error"),
                        "revision": view["revision"].number if view.get("revision") else None,
                        "effect": effect.as_json() if effect else None,
                        "source_path": change.source_path})
    can_decide = change.status == "pending" and change.submitted_by != current_user.id
    return render_template("editor/pending.html", c=change, view=view, can_decide=can_decide)


def _decide(change_id: int, status: str, **where) -> None:
    """Mark a pending change ``status`` if, and only if, it is still pending: one
    conditional UPDATE, so of two editors deciding at once (in two workers, or two
    threads) exactly one does; the other is answered 409.  Not committed here."""
    session = _db()
    done = session.execute(
        update(PendingChange)
        .where(PendingChange.id == change_id, PendingChange.status == "pending",
               *[getattr(PendingChange, k) != v for k, v in where.items()])
        .values(status=status, decided_by=current_user.id, decided_at=utcnow())
        .execution_options(synchronize_session=False)).rowcount
    if done != 1:
        session.rollback()
        change = _change(change_id)
        fail(409, _("Change {id} is already {status}.", id=change_id, status=change.status))


@bp.post("/pending/<int:change_id>/reject")
@login_required
def reject(change_id: int):
    """Reject a pending change (a second editor, or the submitter withdrawing it)."""
    _csrf()
    _change(change_id)
    _decide(change_id, "rejected")
    _db().commit()
    return redirect(url_for("editors.pending", change_id=change_id), code=303)


@bp.post("/pending/<int:change_id>/approve")
@login_required
def approve(change_id: int):
    """A second editor approves: source file, corpus, index and the change's status, as one.

    Landing holds the corpus lock (a file lock: every worker and ``judge import``
    queue on it).  Inside it, the change is marked approved by a conditional update
    (still pending, not the submitter's), the ruling lands, and the database commits;
    if any step fails, what landed is taken back and the change stays pending."""
    _csrf()
    change = _change(change_id)
    if change.submitted_by == current_user.id:
        fail(403, _("A second editor approves a change, not the one who submitted it."))
    if change.status != "pending":
        fail(409, _("Change {id} is already {status}.", id=change_id, status=change.status))
    session = _db()
    # End this request's transaction first: on SQLite it holds the write lock, which
    # the worker holding the corpus lock needs to finish.
    session.rollback()
    with corpus_lock(services().root):
        _recover()
        _decide(change_id, "approved", submitted_by=current_user.id)
        change = session.get(PendingChange, change_id)
        new_entry = _is_new(change.entry_id)
        try:
            path = land(change)
        except PublishedError as exc:
            session.rollback()
            fail(409, _("Cannot approve: {error}", error=exc.message))
        except BaseException:
            session.rollback()
            raise
        change.source_path = str(path)
        try:
            session.commit()
        except BaseException:
            session.rollback()
            _take_back(path, change.entry_id, new_entry)
            raise
        landing.finished(sources_dir(), change_id)
    return redirect(url_for("editors.pending", change_id=change_id), code=303)


@bp.before_app_request
def _recover_interrupted_landings() -> None:
    """A worker killed mid-landing left a journal (judge/app/editorial/landing.py): the
    next request of any worker finishes it, unless a landing is running right now (the
    corpus lock is held: its journal is not an orphan, and no page should wait on it)."""
    sources = sources_dir()
    if not os.path.isdir(_journal_dir(sources)) or not landing.journals(sources):
        return
    lock = corpus_lock(services().root)
    try:
        lock.acquire(timeout=0)
    except TimeoutError:
        return
    try:
        _recover()
    finally:
        lock.release()


def _recover() -> None:
    """Finish what dead workers' landings left (the corpus lock held by the caller)."""
    session = _db()

    def approved(change_id: int) -> bool:
        change = session.get(PendingChange, change_id)
        return change is not None and change.status == "approved"
    landing.recover(services(), sources_dir(), approved, current_app.logger)
    session.rollback()


def land(change: PendingChange) -> Path:
    """Land an approved change (:func:`judge.app.editorial.landing.land`): this app's
    corpus and index, the sources folder it is configured with, its log."""
    return landing.land(change, services(), sources_dir(), current_app.logger)


def _is_new(entry_id: str) -> bool:
    return landing.is_new(services().root, entry_id)


def _take_back(path: Path, entry_id: str, new_entry: bool) -> None:
    landing.take_back(services(), sources_dir(), path, entry_id, new_entry,
                      current_app.logger)


def init_app(app) -> None:
    """Register the editors' pages (they need the call record's accounts)."""
    app.register_blueprint(bp)
    # Another worker may have approved a change: every request sees the corpus on disk.
    app.before_request(lambda: services().refresh())
