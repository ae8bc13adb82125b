"""The root `tally` command: global options, and the sub-commands per noun."""

from __future__ import annotations

from typing import Annotated

import typer

from . import (
    db,
    league,
    night_end,
    nights,
    players,
    rating,
    rounds,
    serve,
    sync,
    tables,
    tournament,
)
from .context import Ctx, ctx_of, echo_json, heads, read_stdin_json
from .errors import TallyGroup

app = typer.Typer(cls=TallyGroup, no_args_is_help=False, add_completion=False,
                  pretty_exceptions_enable=False, rich_markup_mode=None,
                  help="Tally: scores and payouts for club nights of card games.")
app.add_typer(players.app, name="player", help="The club roster.")
app.add_typer(nights.app, name="night", help="Club nights.")
app.add_typer(tables.app, name="table", help="Tables within a night.")
app.add_typer(rounds.app, name="round", help="Deals (rounds) at a table.")
app.add_typer(tournament.app, name="tournament",
              help="Tournaments: registration, draws, ranking.")
night_end.register(app)
league.register(app)
rating.register(app)
serve.register(app)
db.register(app)
sync.register(app)


@app.callback(invoke_without_command=True)
def root(
    ctx: typer.Context,
    db: Annotated[str | None, typer.Option("--db", help="Database: a file, or a league's "
                                           "server (postgresql://user@host/dbname); else "
                                           "TALLY_DB, else the user data directory.")] = None,
    demo: Annotated[bool, typer.Option("--demo", help="Use the demo night's own database "
                                       "(built on first use).")] = False,
    lang: Annotated[str | None, typer.Option(
        "--lang", help="Language for this run: en or ja (else the saved setting, else the "
        "locale: LC_ALL, LC_MESSAGES, LANG).")] = None,
) -> None:
    """With no command, open the app."""
    check_lang(lang)
    ctx.obj = Ctx(db_option=db, demo=demo, lang=lang)
    if ctx.invoked_subcommand is None:
        from tui.launch import run_app

        run_app(None if demo else ctx.obj.db_path, lang=lang, demo=demo)


def check_lang(lang: str | None) -> None:
    from ..service import RuleError

    if lang is not None and lang not in ("en", "ja"):
        raise RuleError("--lang", code="cli.bad_lang", lang=repr(lang))


@app.command()
def tui(
    ctx: typer.Context,
    db: Annotated[str | None, typer.Option("--db", help="Database file for this run.")] = None,
    lang: Annotated[str | None, typer.Option(
        "--lang", help="Language of the app for this run: en or ja (else the saved setting, "
        "else the locale).")] = None,
) -> None:
    """Open the app (on another database with --db)."""
    check_lang(lang)
    from tui.launch import run_app

    root = ctx_of(ctx)
    lang = lang or root.lang
    if root.demo and db is None:
        run_app(None, lang=lang, demo=True)
        return
    from ..service.inputs import database_path

    run_app(database_path(db)[0] if db else root.db_path, lang=lang)


@app.command()
def where(ctx: typer.Context) -> None:
    """Print the paths in use: database (and its engine), presets and exports."""
    from ..service import exports_dir
    from ..service.inputs import data_dir, database_path, describe_database

    root = ctx_of(ctx)
    path, source = (root.db_path, "--demo") if root.demo else database_path(root.db_option)
    engine, shown = describe_database(path)
    typer.echo(f"database  {shown}  ({source})")
    typer.echo(f"engine    {engine}")
    typer.echo(f"data      {data_dir()}")
    typer.echo(f"exports   {exports_dir()}")


@app.command()
def calc() -> None:
    """Settle one deal given as JSON on stdin (see calc-contract.md); records nothing."""
    from ..service.calc import calc as run

    echo_json(run(read_stdin_json()))


@app.command()
def standings(
    ctx: typer.Context,
    night: Annotated[int | None, typer.Option(help="One night.")] = None,
    table: Annotated[int | None, typer.Option(help="One table.")] = None,
    all_: Annotated[bool, typer.Option("--all", help="Every night.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
) -> None:
    """Players ranked by net chips."""
    from ..service import RuleError
    from ..text.textwidth import grid

    if sum(x is not None and x is not False for x in (night, table, all_ or None)) != 1:
        raise RuleError("standings", "one_of_scopes")
    rows = ctx_of(ctx).service.standings(night_id=night, table_id=table)
    if as_json:
        echo_json([{"rank": r.rank, "player": r.player, "net": r.net, "deals": r.deals}
                   for r in rows])
        return
    typer.echo(grid(heads("#", "player", "net", "deals"),
                    [[r.rank, r.player, r.net, r.deals] for r in rows]))


@app.command()
def check(ctx: typer.Context) -> None:
    """Re-derive every transfer from the stored deals; exit 1 if anything is wrong."""
    from ..text.problems import problem_text

    problems = ctx_of(ctx).service.check()
    for p in problems:
        typer.echo(f"problem: {problem_text(p)}")
    if problems:
        raise typer.Exit(1)
    typer.echo("ok: every deal re-derives to its stored transfers")


def main() -> None:
    import sys

    from ..text.terminal import fit_terminal
    from .one_command import for_args
    from .quick_exit import quick_exit

    fit_terminal()  # a latin-1 or cp932 terminal gets C for ♣, EUR for €: no traceback
    try:
        for_args(app, sys.argv[1:])()  # the command asked for is built, not all of them
    except SystemExit as done:
        quick_exit(done.code)  # without the interpreter's teardown, when nothing is owed
    quick_exit(0)


if __name__ == "__main__":
    main()
