"""`tally table new|list|show|presets|delete`."""

from __future__ import annotations

from typing import Annotated

import typer

from ..text.textwidth import grid
from .context import ctx_of, echo_json, heads, warn

app = typer.Typer(no_args_is_help=True)


@app.command("new")
def new(ctx: typer.Context,
        night: Annotated[int, typer.Option(help="The night's id.")],
        game: Annotated[str, typer.Option(help="crazy-solo, hachihachi-trick, sixty-six, …")],
        seats: Annotated[str, typer.Option(help="Players in clockwise order: A,B,C,D.")],
        preset: Annotated[str, typer.Option(help="Rule preset (tally table presets).")]
        = "default",
        set_: Annotated[list[str] | None, typer.Option("--set", help="key=value option "
                                                       "change for this table.")] = None,
        ) -> None:
    """Open a table; prints its id."""
    from ..service.inputs import table_options

    names = [s for s in (x.strip() for x in seats.split(",")) if s]
    service = ctx_of(ctx).service
    table_id = service.new_table(night, game, names, preset, table_options(set_ or []))
    typer.echo(table_id)
    warn(service.table_notices(table_id))  # a player also at another open table


@app.command("delete")
def delete(ctx: typer.Context, table: int) -> None:
    """Delete a table opened by mistake: only while it has no deal."""
    ctx_of(ctx).service.delete_table(table)


@app.command("list")
def list_(ctx: typer.Context, night: Annotated[int, typer.Option()],
          as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """A night's tables."""
    tables = ctx_of(ctx).service.night(night).tables
    if as_json:
        echo_json([{"id": t.id, "number": t.number, "game": t.game, "preset": t.preset,
                    "seats": list(t.seats), "deals": t.deals, "status": t.status}
                   for t in tables])
    else:
        typer.echo(grid(heads("table", "id", "game", "preset", "seats", "deals"),
                        [[t.number, t.id, t.game, t.preset, ", ".join(t.seats), t.deals]
                         for t in tables]))


@app.command("show")
def show(ctx: typer.Context, table: int,
         as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """A table's seats, frozen options and status."""
    t = ctx_of(ctx).service.table(table)
    if as_json:
        echo_json({"id": t.id, "night": t.night_id, "number": t.number, "game": t.game,
                   "preset": t.preset, "seats": list(t.seats), "options": t.options,
                   "deals": t.deals, "status": t.status})
        return
    from ..text.i18n import t as say

    typer.echo(say("cli.table_head", n=t.number, id=t.id, game=t.game, preset=t.preset))
    typer.echo(say("cli.seats") + ", ".join(t.seats))
    typer.echo(say("cli.options") + ", ".join(f"{k}={v}" for k, v in sorted(t.options.items())
                                              if k != "hand_roles"))
    typer.echo(say("cli.status") + ", ".join(f"{k}={v}" for k, v in t.status.items()))
    removal = ctx_of(ctx).service.setup_facts(t.game).get("removal")
    if removal:  # Crazy Solo: the cards removed by table size
        from ..text.setup_facts import removed_text

        typer.echo("")
        typer.echo(grid(heads("players", "removed", "in play", "hand"),
                        [[r.players, removed_text(r.removed, r.short_pack), r.in_play, r.hand]
                         for r in removal]))


@app.command("presets")
def presets_(game: Annotated[str, typer.Option(help="The game.")]) -> None:
    """The presets of a game, and which of its options are house rules."""
    from ..service.games import house_rules_of, presets_of, readings_of

    typer.echo(grid(heads("preset", "description"), [list(p) for p in presets_of(game)]))
    house = house_rules_of(game)
    if house:
        typer.echo("")
        typer.echo("house rules (from outside the rules documents; a club sets its own with "
                   "--set key=value):")
        typer.echo("  " + ", ".join(f"{key}={_shown(key, value)}" for key, value in house))
    chosen = readings_of(game)
    if chosen:
        typer.echo("")
        typer.echo("readings (where the seed is silent, the reading the rules documents "
                   "chose; --set key=value takes the other):")
        typer.echo("  " + ", ".join(f"{key}={_shown(key, value)}" for key, value in chosen))


def _shown(key: str, value: object) -> str:
    """An option's value as `--set` takes it (true, 10, scale); the hand-role table's file."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if key == "hand_roles":
        return f"{value} (data/hand-roles/{value}.toml)"
    return str(value)
