"""`tally league` (the league table over a range or a season) and `tally season new|list`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from .context import ctx_of, echo_json

if TYPE_CHECKING:
    from ..domain.league import LeagueRow

season_app = typer.Typer(no_args_is_help=True, help="Seasons: named ranges of nights.")

From = Annotated[str | None, typer.Option("--from", help="First night's date (YYYY-MM-DD).")]
To = Annotated[str | None, typer.Option("--to", help="Last night's date (YYYY-MM-DD).")]
Scoring = Annotated[str | None, typer.Option(
    help="chips (rank by net) or placement (rank by points for each night's places).")]
Points = Annotated[str | None, typer.Option(
    help="Points table for placement: data/league/NAME.toml (default: default).")]


def row_json(r: LeagueRow) -> dict[str, Any]:
    """A league row as `--json` prints it: Decimals as text with 2 decimals, as the money
    figures elsewhere."""
    from ..service import shown

    out: dict[str, Any] = {"rank": r.rank, "player": r.player, "nights": r.nights,
                           "deals": r.deals, "net": r.net, "per_deal": str(r.per_deal),
                           "best": r.best, "worst": r.worst, "last": r.last}
    if r.points is not None:
        out["points"] = str(shown(r.points))
        out["places"] = list(r.places or ())
    return out


def league(
    ctx: typer.Context,
    date_from: From = None,
    date_to: To = None,
    game: Annotated[str | None, typer.Option(help="One game only.")] = None,
    scoring: Scoring = None,
    season: Annotated[str | None, typer.Option(help="A season's range and scoring.")] = None,
    points: Points = None,
    venue: Annotated[str | None, typer.Option(help="The nights of one venue only (else "
                                              "every venue's).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
) -> None:
    """The league: players ranked over a range of nights (all nights by default)."""
    from ..service import shown
    from ..text.textwidth import grid

    report = ctx_of(ctx).service.league(date_from=date_from, date_to=date_to, game=game,
                                        scoring=scoring, season=season, points=points,
                                        venue=venue, nights=False)
    if as_json:
        echo_json([row_json(r) for r in report.rows])
        return
    placed = report.scoring == "placement"
    heads = ["#", "player", "nights", "deals", "net", "per deal", "best", "worst", "last"]
    numeric = [True, False, True, True, True, True, True, True, False]
    if placed:
        heads += ["points", "places"]
        numeric += [True, False]
    rows = []
    for r in report.rows:
        row: list[object] = [r.rank, r.player, r.nights, r.deals, r.net, r.per_deal, r.best,
                             r.worst, r.last]
        if placed:
            row += [shown(r.points or 0), " ".join(map(str, r.places or ()))]
        rows.append(row)
    typer.echo(grid(heads, rows, numeric))


@season_app.command("new")
def season_new(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help='The season\'s name, e.g. "Autumn 2026".')],
    date_from: Annotated[str, typer.Option("--from", help="First date (YYYY-MM-DD).")],
    date_to: Annotated[str, typer.Option("--to", help="Last date (YYYY-MM-DD).")],
    scoring: Annotated[str, typer.Option(help="chips or placement.")] = "chips",
    points: Annotated[str, typer.Option(help="Points table (data/league/NAME.toml).")]
    = "default",
) -> None:
    """Name a range of nights as a season; prints its id."""
    typer.echo(ctx_of(ctx).service.new_season(name, date_from, date_to, scoring, points))


@season_app.command("list")
def season_list(
    ctx: typer.Context,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
) -> None:
    """The seasons, oldest first."""
    from ..text.textwidth import grid

    seasons = ctx_of(ctx).service.seasons()
    if as_json:
        echo_json([{"id": x.id, "name": x.name, "from": x.date_from, "to": x.date_to,
                    "scoring": x.scoring, "points": x.points} for x in seasons])
        return
    typer.echo(grid(["id", "name", "from", "to", "scoring"],
                    [[x.id, x.name, x.date_from, x.date_to,
                      x.scoring + (f" ({x.points})" if x.scoring == "placement" else "")]
                     for x in seasons]))


def register(app: typer.Typer) -> None:
    app.command()(league)
    app.add_typer(season_app, name="season", help="Seasons: named ranges of nights.")
