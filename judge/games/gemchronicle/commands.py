"""Gem Chronicle's own ``judge`` subcommands (the CLI mounts ``GemChronicleGame.commands``)."""
from __future__ import annotations

import json
from pathlib import Path

import click


@click.command("check-deck")
@click.argument("path", type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.pass_context
def check_deck(ctx: click.Context, path: Path, as_json: bool) -> None:
    """Check a Gem Chronicle deck list (or a before-the-game scenario): every violation."""
    from judge.corpus import Corpus, CorpusError
    from judge.engine.errors import ScenarioError

    from .deck import check_deck_file
    try:
        report = check_deck_file(path)
        corpus = Corpus.load(ctx.find_root().obj["corpus"])
    except (ScenarioError, CorpusError) as exc:
        click.echo(f"judge: {exc}", err=True)
        ctx.exit(2)
    if as_json:
        click.echo(json.dumps(report.as_json(corpus), ensure_ascii=False, indent=2))
    else:
        click.echo(report.text(corpus))
    if not report.ok:
        ctx.exit(1)
