"""`tally tournament new|register|draw|start-round|standings|list`: a tournament night."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from .context import ctx_of, echo_json, heads, warn

if TYPE_CHECKING:
    from ..domain.tournament.ranking import Standing, TableResult
    from ..service.tournament_views import DrawView

app = typer.Typer(no_args_is_help=True, help="Tournaments: registration, draws, ranking.")

Name = Annotated[str, typer.Argument(help="The tournament's name.")]
Json = Annotated[bool, typer.Option("--json", help="Machine-readable output.")]


@app.command("new")
def new(
    ctx: typer.Context,
    name: Name,
    game: Annotated[str, typer.Option(help="schnapsen, crazy-solo, hachihachi-trick, …")],
    rounds: Annotated[int, typer.Option(help="How many rounds.")],
    draw: Annotated[str, typer.Option(help="random, mix, swiss or schedule.")],
    table_size: Annotated[int | None, typer.Option(help="Players a table seats.")] = None,
    round_minutes: Annotated[int | None, typer.Option(help="A round's clock.")] = None,
    points: Annotated[str | None, typer.Option(help="Points file: data/tournament/NAME.toml "
                                               "(default: the game's, else chips).")] = None,
    night: Annotated[int | None, typer.Option(help="The night (default: the newest open "
                                              "one).")] = None,
    seed: Annotated[str | None, typer.Option(help="The draws' seed (default: drawn now, "
                                             "and recorded).")] = None,
    schedule: Annotated[Path | None, typer.Option(help="With --draw schedule: the TOML file "
                                                  "of each round's tables.")] = None,
) -> None:
    """Make a tournament on a night; prints its id."""
    typer.echo(ctx_of(ctx).service.new_tournament(
        name, game, rounds, draw, table_size, round_minutes, points, night, seed, schedule))


@app.command("register")
def register(
    ctx: typer.Context,
    name: Name,
    players: Annotated[list[str] | None, typer.Argument(help="Roster members or new "
                                                        "names.")] = None,
    withdraw: Annotated[list[str] | None, typer.Option(
        "--withdraw", help="A player who plays no more from the next round on.")] = None,
    csv_file: Annotated[Path | None, typer.Option("--csv", help="Pre-registrations: a CSV "
                                                  "whose first column is the name.")] = None,
) -> None:
    """Register players (from the next round to be drawn), or withdraw them."""
    from ..service import RuleError
    from ..text.i18n import t

    service = ctx_of(ctx).service
    names = list(players or [])
    if csv_file is not None:
        from ..service.inputs import read_names

        names += read_names(csv_file)
    if not names and not withdraw:
        raise RuleError("player", "tn_no_player")
    if names:
        for player, number, first in service.register(name, names):
            typer.echo(t("tn.registered", player=player, number=number, round=first))
    for player in withdraw or []:
        typer.echo(t("tn.withdrawn", player=player, round=service.withdraw(name, player)))


def draw_json(d: DrawView) -> dict[str, Any]:
    return {"tournament": d.tournament, "round": d.round, "seed": d.seed,
            "tables": [{"table": x.number, "id": x.table_id, "seats": list(x.seats)}
                       for x in d.tables],
            "byes": list(d.byes),
            "started_at": d.started_at.isoformat() if d.started_at else None,
            "ends_at": d.ends_at.isoformat() if d.ends_at else None}


def _score(x: TableResult, place_by: str) -> str:
    """"Hana 3 – Fay 2": a match's seats with their game points (or net chips, "+115") so
    far."""
    from ..text.i18n.formats import signed

    if place_by == "games":
        return " – ".join(f"{p} {x.game_points.get(p, 0)}" for p in x.seats)
    return " – ".join(f"{p} {signed(x.chips.get(p, 0))}" for p in x.seats)


def print_draw(d: DrawView) -> None:
    from ..text.i18n import t
    from ..text.textwidth import grid

    typer.echo(t("tn.round_of", round=d.round, rounds=d.rounds, name=d.tournament))
    rows: list[list[object]] = [[x.number, x.table_id, ", ".join(x.seats)] for x in d.tables]
    rows += [[t("tn.bye"), "", p] for p in d.byes]
    typer.echo(grid(heads("table", "id", "seats"), rows, [True, True, False]))


@app.command("draw")
def draw_(
    ctx: typer.Context,
    name: Name,
    redraw: Annotated[bool, typer.Option("--redraw", help="Draw the newest round again "
                                         "(only before its first deal).")] = False,
    night: Annotated[int | None, typer.Option(help="Put the round's tables on this night "
                                              "(a tournament over days).")] = None,
    round_: Annotated[int | None, typer.Option("--round", help="Show a drawn round.")] = None,
    force: Annotated[bool, typer.Option("--force", help="Draw although a match of the newest "
                                        "round is under way: it scores as it stands.")] = False,
    seed_by: Annotated[str | None, typer.Option("--seed-by", help="rating: ties of a swiss "
                                                "ranking (round 1: all) by rating; a mix "
                                                "round 1 spreads the strong.")] = None,
    as_json: Json = False,
) -> None:
    """Draw the next round (its tables are made), or show the one drawn and not begun."""
    from ..service import RuleError
    from ..text.i18n import t

    service = ctx_of(ctx).service
    forced = service.tournament_unfinished(name) if force and round_ is None else []
    if round_ is not None:
        made = service.tournament_rounds(name)
        if not 1 <= round_ <= len(made):
            raise RuleError("--round", "tn_round_drawn", value=round_, hi=len(made))
        d, fresh = made[round_ - 1], True
    else:
        d, fresh = service.draw(name, redraw=redraw, night=night, force=force,
                                seed_by=seed_by)
    for x in forced if fresh and not redraw else []:
        typer.echo("warning: draw: " + t("tn.forced", round=x.round, table=x.number, score=_score(
            x, service.tournament_rules(name).place_by)), err=True)
    if not fresh:
        typer.echo(t("tn.drawn_already", round=d.round), err=True)
    warn(service.tournament_notices(name))  # the results this draw was made on
    if as_json:
        echo_json(draw_json(d))
    else:
        print_draw(d)


@app.command("start-round")
def start_round(ctx: typer.Context, name: Name) -> None:
    """Start the newest round's clock; prints when time is up."""
    from ..text.i18n import t
    from ..text.i18n.formats import time_text

    d = ctx_of(ctx).service.start_round(name)
    end = d.ends_at
    typer.echo(t("tn.clock_started", round=d.round,
                 at=time_text(end.strftime("%Y-%m-%d %H:%M:%S.%f") if end else "")))


@app.command("standings")
def standings(
    ctx: typer.Context,
    name: Name,
    after: Annotated[int | None, typer.Option(help="The ranking after this round.")] = None,
    as_json: Json = False,
) -> None:
    """The ranking: points, then the points file's tie-breaks."""
    from ..service.tournament_views import figure
    from ..text.i18n import t
    from ..text.textwidth import grid

    service = ctx_of(ctx).service
    rows = service.tournament_standings(name, after)
    gone = service.tournament_withdrawn(name, after)
    warn(service.tournament_notices(name))
    if as_json:
        echo_json([{"rank": x.rank, "player": x.player, "points": str(figure(x.points)),
                    **{k: str(figure(v)) for k, v in x.tie_breaks[1:]}, "rounds": x.rounds,
                    "playing": x.playing, "withdrawn": x.withdrawn} for x in rows])
        return
    breaks = [k for k, _ in rows[0].tie_breaks[1:]] if rows else []
    marks = [_marks(x) for x in rows]
    more = [""] if any(marks) else []  # a column only when a row is marked
    typer.echo(grid(heads("#", "player", "points") + [t(f"tn.tb.{k}") for k in breaks]
                    + heads("rounds") + more,
                    [[x.rank, x.player, figure(x.points), *[figure(v) for _, v in
                                                            x.tie_breaks[1:]], x.rounds,
                      *([m] if more else [])] for x, m in zip(rows, marks, strict=True)],
                    [True, False, True, *[True] * len(breaks), True, *[False] * len(more)]))
    if gone:
        typer.echo(t("tn.withdrawn_unplayed", players=", ".join(gone)))


def _marks(x: Standing) -> str:
    """What the ranking says of a row besides its figures: a match under way (provisional),
    a withdrawal."""
    from ..text.i18n import t

    return " ".join(t(k) for k, on in (("tn.mark_playing", x.playing),
                                        ("tn.mark_withdrawn", x.withdrawn)) if on)


@app.command("list")
def list_(ctx: typer.Context, as_json: Json = False) -> None:
    """The tournaments."""
    from ..text.textwidth import grid

    rows = ctx_of(ctx).service.tournaments()
    if as_json:
        echo_json([{"id": x.id, "name": x.name, "game": x.game, "rounds": x.rounds,
                    "draw": x.method, "drawn": x.drawn, "players": len(x.entries)}
                   for x in rows])
        return
    typer.echo(grid(heads("id", "name", "game", "rounds", "draw", "drawn", "players"),
                    [[x.id, x.name, x.game, x.rounds, x.method, x.drawn, len(x.entries)]
                     for x in rows]))
