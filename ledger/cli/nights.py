"""`tally night new|list|show|close|delete|rate`."""

from __future__ import annotations

from typing import Annotated

import typer

from ..text.textwidth import grid
from .context import ctx_of, echo_json, heads, warn

app = typer.Typer(no_args_is_help=True)


@app.command("new")
def new(ctx: typer.Context,
        date: Annotated[str | None, typer.Option(help="YYYY-MM-DD (default today).")] = None,
        venue: Annotated[str | None, typer.Option()] = None) -> None:
    """Start a club night; prints its id (and warns on stderr when the date has another)."""
    service = ctx_of(ctx).service
    night_id = service.new_night(date, venue)
    typer.echo(night_id)
    warn(service.night_notices(night_id))


@app.command("list")
def list_(ctx: typer.Context, as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """Every night, newest first."""
    rows = ctx_of(ctx).service.nights()
    if as_json:
        echo_json([{"id": n.id, "date": n.date, "venue": n.venue, "closed": n.closed}
                   for n in rows])
    else:
        from ..text.i18n import t
        from ..text.i18n.formats import date_text

        typer.echo(grid(heads("id", "date", "venue", "state"),
                        [[n.id, date_text(n.date), n.venue or "",
                          t("cli.closed") if n.closed else t("cli.open")] for n in rows]))


@app.command("show")
def show(ctx: typer.Context, night: int,
         as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """A night's tables and standings."""
    service = ctx_of(ctx).service
    n = service.night(night)
    rows = service.standings(night_id=night)
    if as_json:
        echo_json({"id": n.id, "date": n.date, "venue": n.venue, "closed": n.closed,
                   "tables": [{"id": t.id, "number": t.number, "game": t.game,
                               "preset": t.preset, "seats": list(t.seats), "deals": t.deals,
                               "status": t.status} for t in n.tables],
                   "standings": [{"rank": r.rank, "player": r.player, "net": r.net,
                                  "deals": r.deals} for r in rows]})
        return
    from ..text.i18n import t
    from ..text.i18n.formats import date_text

    state = t("cli.closed") if n.closed else t("cli.open")
    typer.echo(t("cli.night_head", id=n.id, date=date_text(n.date))
               + (f" · {n.venue}" if n.venue else "") + f" · {state}")
    typer.echo("")
    typer.echo(grid(heads("table", "id", "game", "seats", "deals"),
                    [[t.number, t.id, t.game, ", ".join(t.seats), t.deals] for t in n.tables]))
    typer.echo("")
    typer.echo(grid(heads("#", "player", "net", "deals"),
                    [[r.rank, r.player, r.net, r.deals] for r in rows]))


@app.command("close")
def close(ctx: typer.Context, night: int,
          force: Annotated[bool, typer.Option("--force", help="Close with transfers still "
                                              "open (they are kept).")] = False) -> None:
    """Close a night: no more tables or deals. Refuses while settlement is open."""
    left = ctx_of(ctx).service.close_night_settled(night, force)
    if left:
        typer.echo(f"closed with {left} open settlement item(s)", err=True)


@app.command("delete")
def delete(ctx: typer.Context, night: int) -> None:
    """Delete a night opened by mistake: only while none of its tables has a deal."""
    ctx_of(ctx).service.delete_night(night)


@app.command("rate")
def rate(ctx: typer.Context, night: int,
         rate: Annotated[str | None, typer.Argument(help="Money per chip; omit to clear.")]
         = None,
         currency: Annotated[str, typer.Option(help="JPY, EUR, …")] = "EUR") -> None:
    """Set the night's money rate (1 chip = RATE CURRENCY)."""
    ctx_of(ctx).service.set_rate(night, rate, currency)
