"""League use cases: seasons, the league table, its export (mixed into `Tally`).

The numbers come from `store/league_rows.py` (SQL sums over the current revision of each
deal) and are ranked by the pure functions of `league.py`.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import UTC, date, datetime
from fractions import Fraction
from pathlib import Path
from typing import Any

from . import exports
from .league import (
    SCORINGS,
    LeagueRow,
    NightResult,
    Scoring,
    cumulative,
    league,
    night_places,
    night_points,
)
from .rules import RuleError
from .rules.errors import show
from .store import league_rows
from .store.db import Connection, stamp
from .store.league_rows import NightGame

MAX_SEASON_NAME = 60
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
    merged: dict[tuple[int, str], list[Any]] = {}
    for r in results:
        cell = merged.setdefault((r.night_id, r.player), [r.date, 0, 0])
        cell[1] += r.net
        cell[2] += r.deals
    return [NightResult(night, d, player, net, deals)
            for (night, player), (d, net, deals) in merged.items()]


def _day(value: str | None, field: str) -> str | None:
    if value is None:
        return None
    try:
        return date.fromisoformat(value).isoformat()
    except (TypeError, ValueError):
        raise RuleError(field, f"{show(value)} is not a date (YYYY-MM-DD)") from None


def _range(date_from: str | None, date_to: str | None) -> tuple[str | None, str | None]:
    lo, hi = _day(date_from, "--from"), _day(date_to, "--to")
    if lo and hi and lo > hi:
        raise RuleError("--to", f"{hi} is before --from {lo}")
    return lo, hi


def _scoring(value: str) -> Scoring:
    if value not in SCORINGS:
        raise RuleError("--scoring", f"{show(value)} is not chips or placement")
    return value  # type: ignore[return-value]


def _season_view(row: Any) -> SeasonView:
    return SeasonView(row.id, row.name, row.date_from, row.date_to, row.scoring, row.points)


class LeagueMixin:
    """League use cases; relies on `Tally._read` and `_write`."""

    _read: Callable[[], AbstractContextManager[Connection]]
    _write: Callable[[], AbstractContextManager[Connection]]

    # ---- seasons ------------------------------------------------------------------------

    def new_season(self, name: object, date_from: str, date_to: str,
                   scoring: str = "chips", points: str = "default") -> int:
        """A named range of nights ranked together; returns its id."""
        from .league_points import points_table

        if not isinstance(name, str) or not name.strip():
            raise RuleError("name", f"{show(name)} is not a name")
        clean = " ".join(name.split())
        try:
            clean.encode("utf-8")
        except UnicodeEncodeError:
            raise RuleError("name", "is not valid UTF-8 text") from None
        if len(clean) > MAX_SEASON_NAME:
            raise RuleError("name", f"{show(clean)} is longer than {MAX_SEASON_NAME} "
                            "characters")
        if date_from is None or date_to is None:
            raise RuleError("--from" if date_from is None else "--to", "a season needs both "
                            "--from and --to")
        lo, hi = _range(date_from, date_to)
        kind = _scoring(scoring)
        points_table(points)  # a season names a points table that exists and is valid
        with self._write() as s:
            clash = league_rows.season_named(session=s, name=clean)
            if clash is not None:
                raise RuleError("name", f"{show(clean)} is already a season: {clash.name} "
                                f"({clash.date_from} to {clash.date_to})")
            return league_rows.add_season(session=s, name=clean, date_from=lo or "",
                                          date_to=hi or "", scoring=kind, points=points,
                                          now=stamp(datetime.now(UTC)))

    def seasons(self) -> list[SeasonView]:
        with self._read() as s:
            return [_season_view(r) for r in league_rows.seasons(session=s)]

    def season(self, name: object) -> SeasonView:
        if not isinstance(name, str) or not name.strip():
            raise RuleError("--season", f"{show(name)} is not a season name")
        with self._read() as s:
            row = league_rows.season_named(session=s, name=" ".join(name.split()))
            if row is None:
                known = [r.name for r in league_rows.seasons(session=s)]
                raise RuleError("--season", f"{show(name)} is not a season here ("
                                + (", ".join(known) if known else "none yet: tally season "
                                   "new") + ")")
            return _season_view(row)

    # ---- the league -----------------------------------------------------------------------

    def league(self, *, date_from: str | None = None, date_to: str | None = None,
               game: str | None = None, scoring: str | None = None,
               season: str | None = None, points: str | None = None) -> LeagueReport:
        """The league table over a date range or a season (whose range, scoring and points
        table apply unless given here), optionally for one game."""
        from .league_points import points_table

        chosen: SeasonView | None = None
        if season is not None:
            if date_from is not None or date_to is not None:
                raise RuleError("--season", "give either --season or --from/--to, not both")
            chosen = self.season(season)
            date_from, date_to = chosen.date_from, chosen.date_to
        lo, hi = _range(date_from, date_to)
        kind = _scoring(scoring or (chosen.scoring if chosen else "chips"))
        if game is not None:
            from .rules import game_named

            game = game_named(game, "--game").name
        table = points_table(points or (chosen.points if chosen else "default")) \
            if kind == "placement" else ()
        with self._read() as s:
            results = league_rows.night_games(session=s, date_from=lo, date_to=hi, game=game)
        rows = league(night_results(results), kind, table)
        return LeagueReport(lo, hi, game, kind, table, tuple(rows), tuple(results), chosen)

    def export_league(self, out: Path, report: LeagueReport, fmt: str = "csv") -> Path:
        """Write `league-<season or range>[-game].csv` (or .json); returns its path."""
        if fmt not in ("csv", "json"):
            raise RuleError("format", f"{show(fmt)} is not csv or json")
        placed = report.scoring == "placement"
        header = LEAGUE + (PLACEMENT if placed else [])
        rows = [league_cells(r) for r in report.rows]
        return exports.write(out, f"league-{league_tag(report)}", header, rows, fmt)


def league_cells(r: LeagueRow) -> list[Any]:
    """A league row as export cells: numbers as numbers, places as "1 2 2" (no dashes:
    a spreadsheet would read 1-2-2 as a date)."""
    from .league import shown

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
