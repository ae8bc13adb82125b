"""`tally db upgrade` and `tally db copy --from A --to B`: a ledger's schema, and a whole
ledger moved between any two databases (a SQLite file, a PostgreSQL server)."""

from __future__ import annotations

from typing import Annotated

import typer

from .context import ctx_of

app = typer.Typer(no_args_is_help=True, help="The database itself: its schema, copies.")


@app.command()
def upgrade(ctx: typer.Context) -> None:
    """Create or upgrade the database's schema (the same migrations on both engines)."""
    from ..service.inputs import describe_database as describe
    from ..service.moving import upgrade as run

    root = ctx_of(ctx)
    location = root.db_path
    head = run(location)
    typer.echo(f"{describe(location)[1]}: schema {head}")


@app.command()
def copy(
    source: Annotated[str, typer.Option("--from", help="The ledger copied: a file or a "
                                        "postgresql:// URL.")],
    target: Annotated[str, typer.Option("--to", help="Where it goes: a file or a "
                                        "postgresql:// URL (refused if it holds data).")],
    force: Annotated[bool, typer.Option(help="Replace what the target holds.")] = False,
) -> None:
    """Copy a whole ledger between two databases; both are then checked."""
    from ..service.inputs import database_path
    from ..service.moving import copy_between

    done = copy_between(database_path(source)[0], database_path(target)[0], force)
    typer.echo(f"copied {done.source} → {done.target}: {done.players} players, "
               f"{done.deals} deals; check ok on both, standings identical")


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="db", help="The database itself: its schema, copies.")
