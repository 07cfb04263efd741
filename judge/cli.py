"""The ``judge`` command: one subcommand per job (see DESIGN.md, "Commands").

Each subcommand is a thin shell over a function of the package that does the work, so
the web app and the tests call the same code.  Errors the user can fix are printed as
one clear message (what, where, what would be accepted) with exit status 2, never a
traceback.
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from judge.corpus import DEFAULT_CORPUS
from judge.i18n import _


def _print_json(data) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


def _fail(message: str, status: int = 2) -> None:
    click.echo(f"judge: {message}", err=True)
    sys.exit(status)


class JudgeGroup(click.Group):
    """The ``judge`` group: its own commands, then each registered game's (``commands``
    on the game's class, e.g. ``check-deck``), so a game adds a subcommand without an
    edit here."""

    def _game_commands(self) -> dict[str, click.Command]:
        from judge.engine.registry import game_classes
        found: dict[str, click.Command] = {}
        for cls in game_classes().values():
            for command in cls.commands:
                if command.name in self.commands or command.name in found:
                    raise RuntimeError(f"game {cls.name!r} declares the command "
                                       f"{command.name!r}, which another command has")
                found[command.name] = command
        return found

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self._game_commands()})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        from judge.i18n.clicktext import localize
        command = super().get_command(ctx, name) or self._game_commands().get(name)
        if command is not None:
            localize(command)          # worded when looked up (run, or listed by --help)
        return command

    def main(self, args=None, *rest, **kwargs):
        """Choose the language before click reads a word (``--help`` is parsed first):
        ``--lang``, then $JUDGE_LANG, then the environment's locale; then every help
        text and click's own words read in it (judge/i18n/clicktext.py)."""
        from judge.i18n import environment_locale, normalize, set_locale
        from judge.i18n.clicktext import localize_one
        argv = list(sys.argv[1:] if args is None else args)
        set_locale(_lang_arg(argv) or normalize(os.environ.get("JUDGE_LANG"))
                   or environment_locale())
        localize_one(self)             # the subcommands: when get_command finds them
        try:
            return super().main(argv, *rest, **kwargs)
        finally:
            if args is None:
                # The command's own process (not a test's runner) is about to end: the
                # collector's passes over everything it read (the corpus's tables, the
                # index) would be a sixth of a one-shot `judge search`.  Finalizers,
                # atexit and the streams' flush still run as usual.
                import gc
                gc.freeze()


def _lang_arg(argv: list[str]) -> str | None:
    """The value of ``--lang`` in the command line, if it is one of the languages."""
    from judge.i18n import normalize
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return normalize(argv[i + 1])
        if arg.startswith("--lang="):
            return normalize(arg.split("=", 1)[1])
    return None


@click.group(cls=JudgeGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--corpus", "corpus_dir", type=click.Path(file_okay=False, path_type=Path),
              default=None, envvar="JUDGE_CORPUS",
              help="The corpus folder (default: corpus/ of this checkout).")
@click.option("--lang", type=click.Choice(["ja", "en"]), default=None, envvar="JUDGE_LANG",
              help="Language of what judge prints (default: the environment's locale, "
                   "else ja).")
@click.pass_context
def main(ctx: click.Context, corpus_dir: Path | None, lang: str | None) -> None:
    """judge: search rules and official Q&A, read rulings, replay them in the engine."""
    from judge.i18n import environment_locale, set_locale
    set_locale(lang or environment_locale())
    ctx.obj = {"corpus": corpus_dir or DEFAULT_CORPUS}


BUDGET_HELP = ("Raise a run budget, NAME=VALUE (actions, steps, cards, seconds); "
               "repeatable. Defaults: docs/budgets.md.")


def _budget(values: tuple[str, ...]):
    """The run budget: the environment's, with ``--budget NAME=VALUE`` applied."""
    from judge.engine.budget import Budget
    pairs = {}
    for item in values:
        name, sep, value = item.partition("=")
        if not sep:
            _fail(_("--budget {item!r}: write NAME=VALUE, e.g. --budget actions=1000",
                    item=item))
        pairs[name.strip()] = value
    try:
        return Budget.from_env().with_values(pairs, origin="--budget")
    except ValueError as exc:
        _fail(str(exc))


def _load_corpus(ctx: click.Context):
    from judge.corpus import Corpus, CorpusError
    try:
        return Corpus.load(ctx.obj["corpus"])
    except CorpusError as exc:
        _fail(str(exc))


# --- corpus --------------------------------------------------------------------------

@main.command("import")
@click.argument("paths", nargs=-1, required=True,
                type=click.Path(exists=True, dir_okay=True, path_type=Path))
@click.option("--force", is_flag=True, help="Overwrite corpus files edited by hand.")
@click.option("--dry-run", is_flag=True,
              help="Show what the import would change (published rulings, lint, replays); "
                   "write nothing.")
@click.pass_context
def import_cmd(ctx: click.Context, paths: tuple[Path, ...], force: bool,
               dry_run: bool) -> None:
    """Read source documents (seeds, card list, published rulings) into corpus/."""
    from judge.corpus.importer import ImportError_, import_paths
    from judge.app.editorial.impact import corpus_before, effect_of_import
    before = corpus_before(ctx.obj["corpus"])
    try:
        report = import_paths(list(paths), ctx.obj["corpus"], force=force, dry_run=dry_run)
    except ImportError_ as exc:
        _fail(str(exc))
    click.echo(report.summary())
    effect = effect_of_import(before, report, ctx.obj["corpus"])
    if effect:
        click.echo(effect)
    if report.conflicts:
        sys.exit(1)


def _day(value: str | None, option: str):
    from datetime import date
    if value is None:
        return None
    try:
        return date.fromisoformat(value.strip())
    except ValueError:
        _fail(_("{option} {value!r} is not a date (YYYY-MM-DD)", option=option, value=value))


def _resolve(corpus, typed: str) -> list[str]:
    """The ids a typed reference finds, a katakana name typed in hiragana too (ぐれいず:
    グレイズ), as the search box finds it: `judge show ぐれいず` said no entry matched."""
    found = corpus.resolve(typed)
    if not found:
        from judge.search.analysis import to_katakana   # the search's own folding
        kana = to_katakana(typed)
        if kana != typed:
            found = corpus.resolve(kana)
    return found


def _ruleset(value: str | None) -> str | None:
    """``--ruleset``: latest, or a real date, refused here as the option it is (not as
    a field of the scenario file, which does not hold it)."""
    if value is None or value.strip() == "latest":
        return value
    return _day(value, "--ruleset").isoformat()


@main.command()
@click.argument("entry_id")
@click.option("--json", "as_json", is_flag=True, help="Print the entry as JSON.")
@click.option("--as-of", "as_of", default=None, metavar="YYYY-MM-DD",
              help="The entry as it stood that day (the revisions up to the one in force).")
@click.pass_context
def show(ctx: click.Context, entry_id: str, as_json: bool, as_of: str | None) -> None:
    """Show an entry with all its revisions (any spelling: ＱＡ－３３７, qa337, 6.5.3.b)."""
    from judge.corpus.present import entry_json, entry_text
    day = _day(as_of, "--as-of")
    corpus = _load_corpus(ctx)
    found = _resolve(corpus, entry_id)
    if not found:
        _fail(_("no entry matches {id!r}; try `judge search {id}`", id=entry_id))
    if len(found) > 1 and as_json is False:
        click.echo(_("({count} entries match; showing the first: {ids})", count=len(found),
                     ids=", ".join(found)), err=True)
    entry = corpus.get(found[0])
    clause = found[0].partition("#")[2]
    if day is not None:
        from judge.corpus.changes import entry_as_of
        entry, head = entry_as_of(entry, day)
        if entry is None:
            _fail(head, 1)
        if as_json:
            _print_json({**entry_json(entry, corpus), "as_of": day.isoformat(),
                         **_clause_json(entry, clause)})
        else:
            click.echo(head)
            _echo_clause(entry, clause)
            click.echo(entry_text(entry, corpus))
        return
    if as_json:
        _print_json({**entry_json(entry, corpus), **_clause_json(entry, clause)})
    else:
        _echo_clause(entry, clause)
        click.echo(entry_text(entry, corpus))


def _clause_json(entry, clause: str) -> dict:
    """The clause asked for (``6.5.3.b``): its id and text in the revision shown, the
    text None where that revision has no such clause."""
    if not clause:
        return {}
    return {"clause": {"id": clause, "text": entry.current.clauses.get(clause)}}


def _echo_clause(entry, clause: str) -> None:
    """A judge who typed ``6.5.3.b`` reads that clause first, then the whole entry; a
    clause the entry does not have (``6.5.3.z``) is said so, not passed over."""
    if not clause:
        return
    text = entry.current.clauses.get(clause)
    if text is not None:
        if text.startswith(clause):          # Vision's clauses begin with their number
            text = text[len(clause):].lstrip()
        click.echo(_("clause {clause}: {text}", clause=clause, text=text))
        click.echo("")
        return
    click.echo(_("{entry} has no clause {clause} (its clauses: {clauses}); showing the "
                 "whole entry", entry=entry.id, clause=clause,
                 clauses=", ".join(entry.current.clauses) or "-"), err=True)


@main.command()
@click.option("--json", "as_json", is_flag=True)
@click.pass_context
def lint(ctx: click.Context, as_json: bool) -> None:
    """Broken links, entries without revisions or sources, conflicting rulings."""
    from judge.corpus.derived import remembered
    corpus = _load_corpus(ctx)

    def check() -> dict:
        from judge.corpus.lint import lint_corpus
        from judge.app.editorial.conflicts import ruling_conflicts
        problems = lint_corpus(corpus) + ruling_conflicts(corpus)
        errors = sum(p.severity == "error" for p in problems)
        return {"json": [p.as_dict() for p in problems], "lines": [str(p) for p in problems],
                "summary": _("{entries} entries, {errors} errors, {warnings} warnings",
                             entries=len(corpus), errors=errors,
                             warnings=len(problems) - errors),
                "errors": errors}
    # kept keyed on every file and line of code it reads, and on the language the lines
    # are written in (judge/corpus/derived.py)
    found = remembered("lint", corpus, check)
    if as_json:
        _print_json(found["json"])
    else:
        for line in found["lines"] + [found["summary"]]:
            click.echo(line)
    if found["errors"]:
        sys.exit(1)


@main.command()
@click.option("--since", required=True, metavar="YYYY-MM-DD",
              help="Revisions dated on or after this day.")
@click.option("--game", default=None, help="Only this game.")
@click.option("--kind", multiple=True, type=click.Choice(["rule", "qa", "term", "card"]),
              help="Only these kinds (default: rule, qa, term: the rulings).")
@click.option("--json", "as_json", is_flag=True)
@click.pass_context
def changes(ctx: click.Context, since: str, game: str | None, kind: tuple, as_json) -> None:
    """What changed since a day: new rulings, new answers, withdrawals, newest first."""
    from judge.corpus.changes import RULING_KINDS, changes_since
    day = _day(since, "--since")
    corpus = _load_corpus(ctx)
    if game is not None and game not in {e.game for e in corpus}:
        _fail(_("--game {game!r}: no such game in the corpus (accepted: {accepted})",
                game=game, accepted=", ".join(sorted({e.game for e in corpus}))))
    items = changes_since(corpus, day, game, tuple(kind) or RULING_KINDS)
    if as_json:
        _print_json({"since": day.isoformat(), "changes": [c.as_json() for c in items]})
        return
    for c in items:
        if c.revision.status == "withdrawn":
            what = _("withdrawn")
        elif c.previous is None:
            what = _("new")
        else:
            what = _("replaces revision {n}", n=c.previous.number)
        click.echo(f"{c.date}  {c.entry.id}  {_('revision {n}', n=c.revision.number)} · "
                   f"{what} · {c.revision.source.get('document', '')}")
        click.echo(f"            {c.entry.title}")
    click.echo(_("{count} change(s) since {day}", count=len(items), day=day.isoformat()))


@main.group()
def new() -> None:
    """Write the source file of a newly published ruling (then run `judge import sources`)."""


def _sources_dir(ctx: click.Context, given: Path | None) -> Path:
    return given or Path(ctx.obj["corpus"]).resolve().parent / "sources"


def _new_qa(ctx, game, number, date_, url, retrieved, document, sources, **texts):
    from datetime import date as _date

    from judge.corpus.changes import write_published_qa
    from judge.corpus.ids import qa_key
    from judge.corpus.published import PublishedError
    corpus = _load_corpus(ctx)
    key = qa_key(f"QA-{number}" if number.strip().isdigit() else number)
    if key is None:
        _fail(_("NUMBER {number!r} is not a Q&A number (QA-337, 337)", number=number))
    if game not in {e.game for e in corpus}:
        _fail(_("GAME {game!r}: no such game in the corpus (accepted: {accepted})",
                game=game, accepted=", ".join(sorted({e.game for e in corpus}))))
    try:
        path = write_published_qa(_sources_dir(ctx, sources), corpus, game, key,
                                  _day(date_, "--date"), url,
                                  _day(retrieved, "--retrieved") or _date.today(),
                                  document, **texts)
    except PublishedError as exc:
        _fail(exc.message)
    entry_id = f"{game}/qa/{key}"
    if texts.get("withdrawn"):
        click.echo(_("wrote the published withdrawal {id}; review it, then run "
                     "`judge import sources`", id=entry_id))
    else:
        click.echo(_("wrote the published Q&A {id}; review it, then run "
                     "`judge import sources`", id=entry_id))
    click.echo(str(path))


_NEW_OPTIONS = [
    click.option("--date", "date_", required=True, metavar="YYYY-MM-DD",
                 help="The day the document was published."),
    click.option("--source-url", "url", required=True, help="Where it was published."),
    click.option("--retrieved", default=None, metavar="YYYY-MM-DD",
                 help="The day it was read (default: today)."),
    click.option("--document", default=None,
                 help="The document's name (default: that of the game's Q&A)."),
    click.option("--sources", type=click.Path(file_okay=False, path_type=Path), default=None,
                 help="The sources folder (default: sources/ beside the corpus)."),
]


def _with_new_options(f):
    for option in reversed(_NEW_OPTIONS):
        f = option(f)
    return f


@new.command("qa")
@click.argument("game")
@click.argument("number")
@click.option("--question", required=True, help="The question as published.")
@click.option("--answer", required=True, help="The answer as published.")
@_with_new_options
@click.pass_context
def new_qa(ctx, game, number, question, answer, date_, url, retrieved, document, sources):
    """A published Q&A: new, or a new answer to NUMBER (prints the file's path last)."""
    _new_qa(ctx, game, number, date_, url, retrieved, document, sources,
            question=question, answer=answer)


@new.command("withdrawal")
@click.argument("game")
@click.argument("number")
@click.option("--reason", required=True, help="The withdrawal notice as published.")
@_with_new_options
@click.pass_context
def new_withdrawal(ctx, game, number, reason, date_, url, retrieved, document, sources):
    """A published withdrawal of Q&A NUMBER (prints the file's path last)."""
    _new_qa(ctx, game, number, date_, url, retrieved, document, sources, withdrawn=reason)


# --- search --------------------------------------------------------------------------

@main.command()
@click.option("--rebuild", is_flag=True, help="Rebuild from scratch.")
@click.option("--offline/--no-offline", default=True, show_default=True,
              help="Also build the offline files (the phone's search bundle and pages).")
@click.pass_context
def index(ctx: click.Context, rebuild: bool, offline: bool) -> None:
    """(Re)build what serving reads: the compiled corpus, the search index (with a
    progress bar) and the offline files."""
    from judge.search import build_index
    from judge.search.indexer import index_base
    try:
        stats = build_index(_load_corpus(ctx), rebuild=rebuild, progress=True)
    except OSError as exc:
        # a full disk: the new index is not written, the one before (if any) is kept
        _fail(_("the search index was not written in {folder} ({error}); the index "
                "before it, if any, is kept as it was. Free some space and run judge "
                "index again", folder=index_base(None), error=exc.strerror or exc))
    click.echo(stats.summary())
    if offline:
        from judge.web.serving import build_offline
        for line in build_offline(ctx.obj["corpus"]):
            click.echo(line)


@main.command()
@click.argument("query", nargs=-1, required=True)
@click.option("--game", help="One game of the corpus (its id, title or alias).")
@click.option("--kind", metavar="rule|qa|term|card",
              help="One kind of entry: rule, qa, term, card, or a word the query's kind: takes.")
@click.option("--limit", default=10, show_default=True, type=click.IntRange(1, 500),
              help="Entries per page.")
@click.option("--page", default=1, show_default=True, type=click.IntRange(1, 10000))
@click.option("--old", is_flag=True, help="List older revisions' passages instead of "
                                          "folding them into a count.")
@click.option("--json", "as_json", is_flag=True, help="The JSON /api/search answers with.")
@click.option("--as-of", "as_of", default=None, metavar="YYYY-MM-DD",
              help="Search the corpus as it stood that day.")
@click.pass_context
def search(ctx: click.Context, query: tuple[str, ...], game, kind, limit, page, old,
           as_json, as_of) -> None:
    """Search rules, Q&A, terms and cards (Japanese, typed any way), as the search page
    does: one result per entry with its best passages, exact matches first, a kana typo
    corrected, glossary terms also searched as the text words them."""
    from judge.app.search import SearchQuery, game_named, kind_named, paged
    from judge.app.search import search as run_search
    from judge.search import Searcher
    from judge.search.terminal import shaped_text
    text = " ".join(query).strip()
    if not text:
        _fail(_("the query is empty: give words, a number (QA-337, 6.5.3.b) or a phrase"))
    corpus = _load_corpus(ctx)
    if game is not None:
        named = game_named(corpus, game)
        if named is None:
            _fail(_("--game {game!r} is not a game of the corpus (one of {accepted})",
                    game=game, accepted=", ".join(corpus.game_ids)))
        game = named
    if kind is not None:
        # the words kind: takes in the query (ルール, 裁定, Q&A), not only the four keys
        named = kind_named(kind)
        if named is None:
            _fail(_("--kind {kind!r} is not a kind of entry (one of {accepted})", kind=kind,
                    accepted="rule, qa, term, card"))
        kind = named
    query = SearchQuery(text, game, kind, _day(as_of, "--as-of"), page, limit, old)
    searcher = Searcher.open(corpus)
    try:
        data = run_search(searcher, corpus, query)
    except Exception as exc:  # noqa: BLE001 - the boundary: one clear line, no traceback
        problem = f"{type(exc).__name__}: {exc}"
        _fail(_("the search failed on this query ({problem}); rebuild the index with "
                "`judge index --rebuild` if this repeats", problem=problem), 1)
    data = paged(data, query)
    if as_json:
        _print_json(data)
    else:
        click.echo(shaped_text(data))


# --- engine --------------------------------------------------------------------------

@main.command()
@click.argument("scenario", type=click.Path(path_type=Path))
@click.option("--ruleset", default=None, help="latest, or a date YYYY-MM-DD.")
@click.option("--json", "as_json", is_flag=True)
@click.option("--budget", "budget", multiple=True, metavar="NAME=VALUE", help=BUDGET_HELP)
@click.pass_context
def run(ctx: click.Context, scenario: Path, ruleset: str | None, as_json: bool,
        budget: tuple[str, ...]) -> None:
    """Run a scenario file and print the cited step log."""
    from judge.engine.budget import use
    from judge.engine.errors import ScenarioError
    from judge.engine.report import result_text
    from judge.engine.runner import run_file
    ruleset = _ruleset(ruleset)
    try:
        with use(_budget(budget)):
            result = run_file(scenario, _load_corpus(ctx), ruleset=ruleset)
    except ScenarioError as exc:
        _fail(str(exc))
    if as_json:
        _print_json(result.as_json())
    else:
        click.echo(result_text(result))
    if result.expect_failed:
        sys.exit(1)


@main.command()
@click.argument("scenario", type=click.Path(path_type=Path))
@click.option("--ruleset", default=None, help="latest, or a date YYYY-MM-DD.")
@click.option("--refused", is_flag=True, help="Also list the refused actions and why.")
@click.option("--json", "as_json", is_flag=True)
@click.pass_context
def moves(ctx: click.Context, scenario: Path, ruleset: str | None, refused: bool,
          as_json: bool) -> None:
    """The legal actions of each player after the file's actions (with their rules)."""
    from judge.engine.errors import ScenarioError
    from judge.engine.moves import moves_after
    from judge.engine.scenario import load_scenario
    ruleset = _ruleset(ruleset)
    corpus = _load_corpus(ctx)
    try:
        _result, found = moves_after(load_scenario(scenario, corpus), corpus,
                                     "scenario" if ruleset is None else ruleset)
    except ScenarioError as exc:
        _fail(str(exc))
    if as_json:
        _print_json(found.as_json())
        return
    from judge.engine.report import moves_text
    click.echo(moves_text(found, refused))


@main.command()
@click.argument("entry_id")
@click.option("--ruleset", default=None, help="Only this ruleset (latest or a date).")
@click.option("--json", "as_json", is_flag=True)
@click.option("--budget", "budget", multiple=True, metavar="NAME=VALUE", help=BUDGET_HELP)
@click.pass_context
def replay(ctx: click.Context, entry_id: str, ruleset: str | None, as_json: bool,
           budget: tuple[str, ...]) -> None:
    """Replay the scenarios linked to a ruling, under each of its revisions' dates."""
    from judge.engine.budget import use
    from judge.engine.errors import ScenarioError
    from judge.engine.report import result_text
    from judge.engine.runner import replay_entry
    ruleset = _ruleset(ruleset)
    corpus = _load_corpus(ctx)
    found = _resolve(corpus, entry_id)
    if not found:
        _fail(_("no entry matches {id!r}", id=entry_id))
    try:
        with use(_budget(budget)):
            results = replay_entry(corpus.get(found[0]), corpus, ruleset=ruleset)
    except ScenarioError as exc:
        _fail(str(exc))
    if as_json:
        _print_json([r.as_json() for r in results])
    else:
        if not results:
            click.echo(_("{id} has no linked scenario.", id=found[0]))
        for r in results:
            click.echo(result_text(r))
            click.echo()


@main.command()
@click.option("--json", "as_json", is_flag=True)
@click.pass_context
def verify(ctx: click.Context, as_json: bool) -> None:
    """Replay every linked scenario against its `expect`; non-zero exit on a mismatch."""
    from judge.corpus.derived import remembered
    corpus = _load_corpus(ctx)

    def replay() -> dict:
        from judge.app.editorial.impact import review_rows
        from judge.engine.report import verify_table
        from judge.engine.runner import verify_all
        review = review_rows(corpus)
        rows = verify_all(corpus) + review
        return {"json": [r.as_dict() for r in rows], "table": verify_table(rows),
                "review": [r.error for r in review],
                "ok": bool(rows) and all(r.ok for r in rows)}
    # kept keyed on every scenario, entry and line of engine code (judge/corpus/derived.py);
    # the table is kept as written, in the language that is part of the key
    done = remembered("verify", corpus, replay)
    if as_json:
        _print_json(done["json"])
    else:
        click.echo(done["table"])
        for error in done["review"]:
            click.echo(_("review: {problem}", problem=error))
    if not done["ok"]:
        sys.exit(1)


# --- web -----------------------------------------------------------------------------

@main.command()
@click.option("--host", default=None, metavar="ADDRESS",
              help="Address to listen on [default: 127.0.0.1; with --lan: 0.0.0.0, every "
                   "address of this machine].")
@click.option("--port", default=5000, show_default=True, type=int)
@click.option("--lan", is_flag=True,
              help="Serve the venue's network: print the address phones open, with its QR "
                   "code (also on /venue).")
@click.option("--threads", default=None, type=click.IntRange(1, 64), metavar="N",
              help="Threads answering requests [default: JUDGE_THREADS or 8].")
@click.option("--debug", is_flag=True, help="Flask's development server (reloads nothing, "
                                            "shows tracebacks): never at an event.")
@click.pass_context
def serve(ctx: click.Context, host: str | None, port: int, lan: bool, threads: int | None,
          debug: bool) -> None:
    """Start the web app (builds the search index first if it is missing or stale)."""
    from judge.web import create_app, server as serving, venue
    from judge.web.serving import build_before_serve
    # Built here, with progress bars, rather than silently inside the app's startup.
    _load_corpus(ctx)
    for line in build_before_serve(ctx.obj["corpus"], offline=False):
        click.echo(line)
    from judge.platform import migrate
    migrate.upgrade()          # the call record's schema, before the first request
    host = host or ("0.0.0.0" if lan else "127.0.0.1")
    app = create_app({"CORPUS_DIR": str(ctx.obj["corpus"])})
    if debug:
        click.echo(_("judge: serving on http://{host}:{port}/ (Ctrl-C to stop)", host=host,
                     port=port))
        app.run(host=host, port=port, debug=True, use_reloader=False)
        return
    server = serving.make_server(app, host, port, threads or serving.threads_default())
    port = serving.bound(server)[0][1]
    if lan:
        urls = venue.urls(host, port)
        app.config["VENUE_URLS"] = urls
        if urls:
            click.echo(_("judge: phones on the venue's network open {url} (or scan the code; "
                         "the same code is on {url}venue):", url=urls[0]))
            click.echo(venue.terminal_qr(urls[0]), nl=False)
            for other in urls[1:]:
                click.echo(_("judge: also reachable at {url}", url=other))
        else:
            click.echo(_("judge: this machine has no address on a network: join the venue's "
                         "Wi-Fi (or start a hotspot) and start again"), err=True)
    click.echo(_("judge: serving on http://{host}:{port}/ (Ctrl-C to stop)", host=host,
                 port=port), nl=True)
    sys.stdout.flush()
    serving.serve_until_signalled(
        server, on_stop=lambda: click.echo(_("judge: stopping: answering the requests in "
                                             "progress, then closing"), err=True))
    click.echo(_("judge: stopped"), err=True)


@main.command("export-site")
@click.argument("directory", type=click.Path(path_type=Path))
@click.option("--base", default=None, metavar="PATH",
              help="Links start with this path (e.g. /judge/); default: relative links.")
@click.pass_context
def export_site_cmd(ctx: click.Context, directory: Path, base: str | None) -> None:
    """Write the read-only site (entries, replays, offline search) as static files."""
    from judge.offline.export import ExportError, export_site
    from judge.web import create_app
    _load_corpus(ctx)
    app = create_app({"CORPUS_DIR": str(ctx.obj["corpus"]), "OFFLINE_WARM": False})
    try:
        stats = export_site(app, directory, base)
    except ExportError as exc:
        _fail(str(exc))
    except OSError as exc:
        _fail(_("{directory}: cannot write the site ({reason})", directory=directory,
                reason=exc.strerror or exc))
    click.echo(stats.summary())


# --- the call record (judge/record/cli.py) ---------------------------------------------

from judge.record.cli import COMMANDS as _RECORD_COMMANDS  # noqa: E402

for _command in _RECORD_COMMANDS:
    main.add_command(_command)

from judge.editors.cli import editor as _editor_command  # noqa: E402

main.add_command(_editor_command)


if __name__ == "__main__":  # pragma: no cover
    main()
