"""`tally rating`: each player's rating (μ, σ, the ordinal μ − 3σ) from every table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from .context import ctx_of, echo_json, heads

if TYPE_CHECKING:
    from ..service.rating import RatingRow


def row_json(r: RatingRow) -> dict[str, Any]:
    """A rating as `--json` prints it: the numbers as computed; `game` null over every game."""
    return {"rank": r.rank, "player": r.player, "game": r.game or None, "mu": r.mu,
            "sigma": r.sigma, "ordinal": r.ordinal, "games": r.games, "last": r.last,
            "change": r.change, "provisional": r.provisional}


def rating(
    ctx: typer.Context,
    venue: Annotated[str | None, typer.Option(help="The players of one venue's nights.")]
    = None,
    season: Annotated[str | None, typer.Option(help="As after a season's last night, for "
                                               "the players of its nights.")] = None,
    game: Annotated[str | None, typer.Option(help="The rating at one game alone.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
) -> None:
    """Each player's rating from every table of every night (openskill, Weng–Lin)."""
    from ..text.i18n import t
    from ..text.i18n.formats import date_text
    from ..text.textwidth import grid

    report = ctx_of(ctx).service.rating(venue=venue, season=season, game=game)
    if as_json:
        echo_json([row_json(r) for r in report.rows])
        return
    each = any(r.game for r in report.rows) and game is None
    words = ["#", "player", *(["game"] if each else []), "rating", "mu", "sigma", "games",
             "last", "change", "note"]
    numeric = [True, False, *([False] if each else []), True, True, True, True, False,
               True, False]
    rows = [[r.rank, r.player, *([t(f"game.{r.game}", default=r.game)] if each else []),
             f"{r.ordinal:.2f}", f"{r.mu:.2f}", f"{r.sigma:.2f}", r.games,
             date_text(r.last) if r.last else "", f"{r.change:+.2f}",
             t("cli.rating.provisional") if r.provisional else ""] for r in report.rows]
    typer.echo(grid(heads(*words), rows, numeric))


def register(app: typer.Typer) -> None:
    app.command()(rating)
