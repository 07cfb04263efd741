"""``judge editor grant|revoke|list``: who may submit and approve a game's rulings."""
from __future__ import annotations

import sys

import click

from judge.i18n import _


def _fail(message: str) -> None:
    click.echo(f"judge: {message}", err=True)
    sys.exit(2)


@click.group()
def editor() -> None:
    """Editors of published rulings, per game (they review each other's changes)."""


def _user_and_game(session, name: str, game: str):
    from judge.engine.registry import game_names

    from judge.platform.accounts import user_named
    user = user_named(session, name)
    if user is None:
        _fail(_("no user {name!r}: create it first with `judge user add {name}`",
                name=name))
    if game not in game_names():
        _fail(_("GAME {game!r} is not a game (accepted: {accepted})", game=game,
                accepted=", ".join(game_names())))
    return user


@editor.command("grant")
@click.argument("name")
@click.argument("game")
def grant(name: str, game: str) -> None:
    """Make NAME an editor of GAME."""
    from sqlalchemy import select

    from judge.platform import migrate
    from judge.platform.db import transaction
    from .models import EditorRole
    migrate.upgrade()
    with transaction() as session:
        user = _user_and_game(session, name, game)
        found = session.scalar(select(EditorRole).where(EditorRole.user_id == user.id,
                                                        EditorRole.game == game))
        if found is None:
            session.add(EditorRole(user_id=user.id, game=game))
        click.echo(_("{name} is an editor of {game}", name=user.name, game=game))


@editor.command("revoke")
@click.argument("name")
@click.argument("game")
def revoke(name: str, game: str) -> None:
    """NAME is no longer an editor of GAME."""
    from sqlalchemy import delete

    from judge.platform import migrate
    from judge.platform.db import transaction
    from .models import EditorRole
    migrate.upgrade()
    with transaction() as session:
        user = _user_and_game(session, name, game)
        session.execute(delete(EditorRole).where(EditorRole.user_id == user.id,
                                                 EditorRole.game == game))
        click.echo(_("{name} is not an editor of {game}", name=user.name, game=game))


@editor.command("list")
def list_editors() -> None:
    """Every editor and their games."""
    from sqlalchemy import select

    from judge.platform import migrate
    from judge.platform.db import transaction
    from .models import EditorRole
    migrate.upgrade()
    with transaction() as session:
        for role in session.scalars(select(EditorRole).order_by(EditorRole.game)):
            click.echo(f"{role.game}\t{role.user.name}")
