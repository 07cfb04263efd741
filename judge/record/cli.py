"""The record's commands: ``judge db upgrade``, ``judge db backup``, ``judge db restore``, ``judge user add``, ``judge event add``,
``judge staff add``, ``judge token`` (DESIGN.md, "Contracts added with the second round").

Each works on ``$JUDGE_DATABASE_URL`` (SQLite in the instance folder when unset) and
brings the schema up to date first, so a fresh install needs no separate step.
"""
from __future__ import annotations

import sys
from pathlib import Path

import click

from judge.i18n import _


def _fail(message: str) -> None:
    click.echo(f"judge: {message}", err=True)
    sys.exit(2)


def _ready() -> None:
    from judge.platform import migrate
    migrate.upgrade()


@click.group()
def db() -> None:
    """The call record's database ($JUDGE_DATABASE_URL; SQLite in instance/ if unset)."""


@db.command("upgrade")
def db_upgrade() -> None:
    """Bring the database to the newest schema."""
    from judge.platform import migrate
    from judge.platform.db import database_url
    from sqlalchemy.engine import make_url
    before = migrate.current()
    migrate.upgrade()
    url = make_url(database_url()).render_as_string(hide_password=True)
    after = migrate.current()
    if before != after:
        click.echo(_("{url}: schema {before} -> {after}", url=url,
                     before=before or _("(empty)"), after=after))
    else:
        click.echo(_("{url}: schema {after} (newest)", url=url, after=after))


@db.command("backup")
@click.argument("target", type=click.Path(dir_okay=False, path_type=Path))
def db_backup(target) -> None:
    """Copy the record (SQLite) to TARGET, safely while the app is serving."""
    from judge.platform.backup import BackupError, backup
    try:
        size = backup(target)
    except BackupError as exc:
        _fail(str(exc))
    except OSError as exc:
        _fail(_("{path}: cannot write the copy ({reason})", path=target,
                reason=exc.strerror or exc))
    click.echo(_("{path}: the record copied ({size} bytes)", path=target, size=size))


@db.command("restore")
@click.argument("copy", type=click.Path(dir_okay=False, path_type=Path))
def db_restore(copy) -> None:
    """Put the record back as it is in COPY (from `judge db backup`); stop the app first."""
    from judge.platform.backup import BackupError, restore
    try:
        restore(copy)
    except BackupError as exc:
        _fail(str(exc))
    click.echo(_("{path}: the record restored from this copy", path=copy))


@click.group()
def user() -> None:
    """Judges' accounts."""


def _read_password(prompt: bool) -> str:
    if not prompt:
        line = sys.stdin.readline()
        return line.rstrip("\r\n")
    return click.prompt(_("password"), hide_input=True,
                        confirmation_prompt=_("Repeat for confirmation"))


@user.command("add")
@click.argument("name")
def user_add(name: str) -> None:
    """Create an account; the password is read from standard input when it is not a
    terminal (first line), else asked for twice."""
    from judge.platform.accounts import AccountError, add_user
    from judge.platform.db import transaction
    _ready()
    password = _read_password(sys.stdin.isatty())
    try:
        with transaction() as session:
            created = add_user(session, name, password)
            click.echo(_("user {name} created", name=created.name))
    except AccountError as exc:
        _fail(str(exc))


@click.group()
def event() -> None:
    """Events (tournaments) and their head judge."""


@event.command("add")
@click.argument("slug")
@click.option("--title", required=True, help="The event's name, as the staff sees it.")
@click.option("--head", "head", required=True, help="The head judge's user name.")
def event_add(slug: str, title: str, head: str) -> None:
    """Create an event with its head judge."""
    from judge.platform.accounts import user_named
    from .calls import CallInputError, add_event
    from judge.platform.db import transaction
    _ready()
    try:
        with transaction() as session:
            judge = user_named(session, head)
            if judge is None:
                _fail(_("no user {name!r}: create it first with `judge user add {name}`",
                        name=head))
            created = add_event(session, slug, title, judge)
            click.echo(_("event {slug} created; head judge {name}; calls at "
                         "/events/{slug}/calls", slug=created.slug, name=judge.name))
    except CallInputError as exc:
        _fail(f"{exc.field}: {exc}")


@click.group()
def staff() -> None:
    """An event's judges."""


@staff.command("add")
@click.argument("slug")
@click.argument("name")
@click.option("--role", type=click.Choice(["floor", "head"]), default="floor",
              show_default=True)
def staff_add(slug: str, name: str, role: str) -> None:
    """Put a judge on an event's staff (or change their role)."""
    from judge.platform.accounts import user_named
    from .calls import event_by_slug, set_staff
    from judge.platform.db import transaction
    _ready()
    with transaction() as session:
        found = event_by_slug(session, slug)
        if found is None:
            _fail(_("no event {slug!r}: create it with `judge event add {slug} --title ... "
                    "--head NAME`", slug=slug))
        judge = user_named(session, name)
        if judge is None:
            _fail(_("no user {name!r}: create it first with `judge user add {name}`",
                    name=name))
        set_staff(session, found, judge, role)
        from .models import ROLE_LABELS
        click.echo(_("{name} is {role} of {slug}", name=judge.name,
                     role=_(ROLE_LABELS[role]), slug=found.slug))


@click.command()
@click.argument("name")
def token(name: str) -> None:
    """Make an API token for a judge; it is printed once, as the last line."""
    from judge.platform.accounts import new_token, user_named
    from judge.platform.db import transaction
    _ready()
    with transaction() as session:
        judge = user_named(session, name)
        if judge is None:
            _fail(_("no user {name!r}: create it first with `judge user add {name}`",
                    name=name))
        value = new_token(session, judge)
    click.echo(_("API token for {name} (shown once; send it as "
                 "'Authorization: Bearer <token>'):", name=judge.name))
    click.echo(value)


COMMANDS = [db, user, event, staff, token]
