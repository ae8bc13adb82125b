"""`tally player add|list|rename`."""

from __future__ import annotations

from typing import Annotated

import typer

from ..text.textwidth import grid
from .context import ctx_of, echo_json, heads

app = typer.Typer(no_args_is_help=True)


@app.command("add")
def add(ctx: typer.Context, names: Annotated[list[str], typer.Argument(help="Names.")]) -> None:
    """Add members to the roster; prints each new id."""
    for pid in ctx_of(ctx).service.add_players(names):  # all or none
        typer.echo(pid)


@app.command("list")
def list_(ctx: typer.Context,
          as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """The roster."""
    rows = ctx_of(ctx).service.players()
    if as_json:
        echo_json([{"id": p.id, "name": p.name} for p in rows])
    else:
        typer.echo(grid(heads("id", "name"), [[p.id, p.name] for p in rows]))


@app.command("rename")
def rename(ctx: typer.Context, old: str, new: str) -> None:
    """Rename a member (their history follows them)."""
    ctx_of(ctx).service.rename_player(old, new)
