"""What the league use cases hand out: seasons, the league report (its table, each
player's record, the chart's series) and the league export's cells.

Kept apart from `service/league.py`, which every command imports with the service: only
a command that ranks a league loads these records and the arithmetic of `league.py`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..domain.league import (
    LeagueRow,
    NightResult,
    Scoring,
    cumulative,
    night_places,
    night_points,
    shown,
)
from ..store.league_rows import NightGame

LEAGUE = ["rank", "player", "nights", "deals", "net", "per_deal", "best", "worst", "last"]
PLACEMENT = ["points", "places"]  # after LEAGUE with placement scoring


@dataclass(frozen=True, slots=True)
class SeasonView:
    id: int
    name: str
    date_from: str
    date_to: str
    scoring: Scoring
    points: str  # the points table's name (data/league/<points>.toml)


@dataclass(frozen=True, slots=True)
class LeagueReport:
    """A league over a range: its table and the per night and game sums behind it."""

    date_from: str | None
    date_to: str | None
    game: str | None
    scoring: Scoring
    table: tuple[int, ...]  # points of places 1, 2, … (placement)
    rows: tuple[LeagueRow, ...]
    results: tuple[NightGame, ...]  # per (night, game, player), date order
    season: SeasonView | None = None

    def night_results(self) -> list[NightResult]:
        """Per (night, player): the games of a night added up."""
        return night_results(self.results)

    def record(self, player: str) -> list[RecordNight]:
        """The player's nights in the range, in date order: net, deals, place (and points
        with placement scoring) and the net at each game played."""
        mine = [r for r in self.results if r.player == player]
        nights = {r.night_id for r in mine}
        by_night: dict[int, dict[str, int]] = {}
        for r in self.night_results():
            if r.night_id in nights and r.deals > 0:
                by_night.setdefault(r.night_id, {})[r.player] = r.net
        out: list[RecordNight] = []
        for night_id in dict.fromkeys(r.night_id for r in mine):
            games = {r.game: r.net for r in mine if r.night_id == night_id}
            nets = by_night[night_id]
            points = (night_points(nets, self.table)[player]
                      if self.scoring == "placement" else None)
            out.append(RecordNight(night_id, next(r.date for r in mine
                                                  if r.night_id == night_id),
                                   night_places(nets)[player], nets[player],
                                   sum(r.deals for r in mine if r.night_id == night_id),
                                   points, games))
        return out

    def chart(self, top: int = 5) -> dict[str, list[Fraction]]:
        """Running net (chips) or points (placement) after each night of the range, for
        the `top` players of the table."""
        players = [r.player for r in self.rows[:top]]
        return cumulative(self.night_results(), players, self.scoring, self.table)


@dataclass(frozen=True, slots=True)
class RecordNight:
    """One night of a player's record."""

    night_id: int
    date: str
    place: int
    net: int
    deals: int
    points: Fraction | None
    games: dict[str, int]  # net per game played that night


def night_results(results: tuple[NightGame, ...] | list[NightGame]) -> list[NightResult]:
    """Per (night, player), the games of the night added up (most players sit at one
    table a night: their row passes through as it is)."""
    merged: dict[tuple[int, str], NightResult] = {}
    for night, day, _, player, net, deals in results:
        prev = merged.get((night, player))
        merged[(night, player)] = (NightResult(night, day, player, net, deals) if prev is None
                                   else NightResult(night, day, player, prev.net + net,
                                                    prev.deals + deals))
    return list(merged.values())


def league_cells(r: LeagueRow) -> list[Any]:
    """A league row as export cells: numbers as numbers, places as "1 2 2" (no dashes:
    a spreadsheet would read 1-2-2 as a date)."""
    cells: list[Any] = [r.rank, r.player, r.nights, r.deals, r.net, r.per_deal, r.best,
                        r.worst, r.last]
    if r.points is not None:
        cells += [shown(r.points), " ".join(map(str, r.places or ()))]
    return cells


def league_tag(report: LeagueReport) -> str:
    """The file name part: the season's name as a slug, else the range."""
    if report.season is not None:
        tag = "".join(c if c.isalnum() else "-" for c in report.season.name.lower())
        tag = "-".join(p for p in tag.split("-") if p) or f"season{report.season.id}"
    else:
        tag = f"{report.date_from or 'start'}-to-{report.date_to or 'end'}"
    return f"{tag}-{report.game}" if report.game else tag
