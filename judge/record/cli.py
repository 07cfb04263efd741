"""The record's commands: ``judge db upgrade``, ``judge db backup``, ``judge db restore``,
``judge user add``, ``judge event add``, ``judge staff add``, ``judge token``, and the
commands that end access: ``judge user list|disable|passwd``, ``judge staff list|remove``,
``judge token list|revoke`` (docs/contracts.md).

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


def _user_or_fail(session, name: str):
    from judge.platform.accounts import user_named
    found = user_named(session, name)
    if found is None:
        _fail(_("no user {name!r}: create it first with `judge user add {name}`", name=name))
    return found


@user.command("list")
def user_list() -> None:
    """Every account: name, created, disabled or not, API tokens, events on the staff of."""
    from judge.platform.accounts import tokens, users
    from .calls import events_of
    from judge.platform.db import transaction
    _ready()
    with transaction() as session:
        for one in users(session):
            state = (_("disabled {when}", when=_when(one.disabled_at)) if one.disabled_at
                     else _("active"))
            events = ", ".join(f"{e.slug}({role})" for e, role in events_of(session, one))
            click.echo(f"{one.name}\t{state}\t" + _("{count} token(s)",
                                                    count=len(tokens(session, one)))
                       + f"\t{events or '-'}")


@user.command("disable")
@click.argument("name")
def user_disable(name: str) -> None:
    """Disable an account at once: its sessions end, its tokens stop working, it cannot
    log in; its calls stay in the record under its name."""
    from judge.platform.accounts import disable_user
    from judge.platform.db import transaction
    _ready()
    with transaction() as session:
        found = _user_or_fail(session, name)
        disable_user(session, found)
        click.echo(_("user {name} disabled: sessions ended, tokens refused",
                     name=found.name))


@user.command("passwd")
@click.argument("name")
def user_passwd(name: str) -> None:
    """Set a judge's password (read as `judge user add` reads it); their sessions end."""
    from judge.platform.accounts import AccountError, set_password
    from judge.platform.db import transaction
    _ready()
    password = _read_password(sys.stdin.isatty())
    try:
        with transaction() as session:
            found = _user_or_fail(session, name)
            set_password(session, found, password)
            click.echo(_("password of {name} changed; their sessions ended",
                         name=found.name))
    except AccountError as exc:
        _fail(str(exc))


def _when(moment) -> str:
    if moment is None:
        return "-"
    from datetime import timezone
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


@click.group()
def event() -> None:
    """Events (tournaments) and their head judge."""


@event.command("add")
@click.argument("slug")
@click.option("--title", required=True, help="The event's name, as the staff sees it.")
@click.option("--head", "head", required=True, help="The head judge's user name.")
@click.option("--tz", "zone", default="Asia/Tokyo", show_default=True,
              help="The venue's time zone (IANA name): every time of the event is shown in it.")
def event_add(slug: str, title: str, head: str, zone: str) -> None:
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
            created = add_event(session, slug, title, judge, zone)
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
    from .calls import CallInputError, set_staff
    from judge.platform.db import transaction
    _ready()
    try:
        with transaction() as session:
            found = _event_or_fail(session, slug)
            judge = _user_or_fail(session, name)
            set_staff(session, found, judge, role)
            from .models import ROLE_LABELS
            click.echo(_("{name} is {role} of {slug}", name=judge.name,
                         role=_(ROLE_LABELS[role]), slug=found.slug))
    except CallInputError as exc:
        _fail(f"{exc.field}: {exc}")


@staff.command("list")
@click.argument("slug")
def staff_list(slug: str) -> None:
    """An event's judges and their roles."""
    from .calls import staff_of
    from judge.platform.db import transaction
    _ready()
    with transaction() as session:
        found = _event_or_fail(session, slug)
        from .models import ROLE_LABELS
        for member in staff_of(session, found):
            click.echo(f"{member.user.name}\t{member.role}\t{_(ROLE_LABELS[member.role])}")


@staff.command("remove")
@click.argument("slug")
@click.argument("name")
def staff_remove(slug: str, name: str) -> None:
    """Take a judge off an event's staff: at once, their pages and tokens see nothing
    of the event (the calls they recorded stay, under their name)."""
    from .calls import CallInputError, remove_staff
    from judge.platform.db import transaction
    _ready()
    try:
        with transaction() as session:
            found = _event_or_fail(session, slug)
            judge = _user_or_fail(session, name)
            remove_staff(session, found, judge)
            click.echo(_("{name} is no longer on the staff of {slug}", name=judge.name,
                         slug=found.slug))
    except CallInputError as exc:
        _fail(f"{exc.field}: {exc}")


def _event_or_fail(session, slug: str):
    from .calls import event_by_slug
    found = event_by_slug(session, slug)
    if found is None:
        _fail(_("no event {slug!r}: create it with `judge event add {slug} --title ... "
                "--head NAME`", slug=slug))
    return found


class _TokenGroup(click.Group):
    """``judge token NAME`` (as before) is ``judge token new NAME``; ``list`` and
    ``revoke`` are the other subcommands."""

    def parse_args(self, ctx, args):
        if args and args[0] not in self.commands and not args[0].startswith("-"):
            args = ["new", *args]
        return super().parse_args(ctx, args)


@click.group(cls=_TokenGroup)
def token() -> None:
    """API tokens: `judge token NAME` makes one; `list`, `revoke`."""


@token.command("new")
@click.argument("name")
@click.option("--days", type=click.IntRange(1, 3650), default=None,
              help="Valid for this many days (default: until revoked).")
def token_new(name: str, days: int | None) -> None:
    """Make an API token for a judge; it is printed once, as the last line."""
    from datetime import timedelta

    from judge.platform.accounts import new_token
    from judge.platform.db import transaction
    _ready()
    with transaction() as session:
        judge = _user_or_fail(session, name)
        value = new_token(session, judge, timedelta(days=days) if days else None)
    click.echo(_("API token for {name} (shown once; send it as "
                 "'Authorization: Bearer <token>'):", name=judge.name))
    click.echo(value)


@token.command("list")
@click.argument("name", required=False)
def token_list(name: str | None) -> None:
    """The API tokens (of one judge): id, judge, made, expires (the tokens themselves
    are not kept)."""
    from judge.platform.accounts import tokens
    from judge.platform.db import transaction
    from .models import utcnow
    _ready()
    with transaction() as session:
        owner = _user_or_fail(session, name) if name else None
        now = utcnow()
        for one in tokens(session, owner):
            expires = one.expires_at
            if expires is not None and expires.tzinfo is None:
                from datetime import timezone
                expires = expires.replace(tzinfo=timezone.utc)
            state = (_("expired") if expires is not None and expires <= now
                     else _("valid"))
            until = _when(expires) if expires else _("no expiry")
            click.echo(f"{one.id}\t{one.user.name}\t{_when(one.created_at)}\t{until}\t{state}")


@token.command("revoke")
@click.argument("name")
@click.argument("token_id", type=int, required=False)
def token_revoke(name: str, token_id: int | None) -> None:
    """Revoke a judge's token (its id from `judge token list`), or all of them."""
    from judge.platform.accounts import revoke_tokens
    from judge.platform.db import transaction
    _ready()
    with transaction() as session:
        judge = _user_or_fail(session, name)
        count = revoke_tokens(session, judge, token_id)
    if token_id is not None and count == 0:
        _fail(_("{name} has no token {id} (judge token list {name})", name=judge.name,
                id=token_id))
    click.echo(_("{count} token(s) of {name} revoked", count=count, name=judge.name))


COMMANDS = [db, user, event, staff, token]
