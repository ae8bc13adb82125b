"""League use cases: seasons, the league table, its export.

The numbers come from `store/league_rows.py` (SQL sums over the current revision of each
deal), are ranked by the pure functions of `league.py` and handed out as the records of
`league_report.py`; those are imported by the methods that need them, so that every other
command starts without them.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..domain.rules import RuleError
from ..domain.rules.errors import show
from ..store import league_rows
from ..store.db import stamp
from .store import Store

if TYPE_CHECKING:
    from ..domain.league import Scoring
    from .league_report import LeagueReport, SeasonView

MAX_SEASON_NAME = 60


def _day(value: str | None, field: str) -> str | None:
    if value is None:
        return None
    try:
        return date.fromisoformat(value).isoformat()
    except (TypeError, ValueError):
        raise RuleError(field, "not_date", value=show(value)) from None


def _range(date_from: str | None, date_to: str | None) -> tuple[str | None, str | None]:
    lo, hi = _day(date_from, "--from"), _day(date_to, "--to")
    if lo and hi and lo > hi:
        raise RuleError("--to", "before_from", hi=hi, lo=lo)
    return lo, hi


def _scoring(value: str) -> Scoring:
    from ..domain.league import SCORINGS

    if value not in SCORINGS:
        raise RuleError("--scoring", "not_scoring", value=show(value))
    return value


def _season_view(row: Any) -> SeasonView:
    from .league_report import SeasonView

    return SeasonView(row.id, row.name, row.date_from, row.date_to, row.scoring, row.points)


class League:
    def __init__(self, store: Store) -> None:
        self.store = store

    # ---- seasons ------------------------------------------------------------------------

    def new_season(self, name: object, date_from: str, date_to: str,
                   scoring: str = "chips", points: str = "default") -> int:
        """A named range of nights ranked together; returns its id."""
        from ..config.league_points import points_table

        if not isinstance(name, str) or not name.strip():
            raise RuleError("name", "not_name", value=show(name))
        clean = " ".join(name.split())
        try:
            clean.encode("utf-8")
        except UnicodeEncodeError:
            raise RuleError("name", "not_utf8") from None
        if len(clean) > MAX_SEASON_NAME:
            raise RuleError("name", "too_long", value=show(clean), n=MAX_SEASON_NAME)
        if date_from is None or date_to is None:
            raise RuleError("--from" if date_from is None else "--to", "season_both")
        lo, hi = _range(date_from, date_to)
        kind = _scoring(scoring)
        points_table(points)  # a season names a points table that exists and is valid
        with self.store.write() as s:
            clash = league_rows.season_named(session=s, name=clean)
            if clash is not None:
                raise RuleError("name", "season_clash", value=show(clean), name=clash.name,
                                lo=clash.date_from, hi=clash.date_to)
            return league_rows.add_season(session=s, name=clean, date_from=lo or "",
                                          date_to=hi or "", scoring=kind, points=points,
                                          now=stamp(datetime.now(UTC)))

    def seasons(self) -> list[SeasonView]:
        with self.store.read() as s:
            return [_season_view(r) for r in league_rows.seasons(session=s)]

    def season(self, name: object) -> SeasonView:
        if not isinstance(name, str) or not name.strip():
            raise RuleError("--season", "not_season_name", value=show(name))
        with self.store.read() as s:
            row = league_rows.season_named(session=s, name=" ".join(name.split()))
            if row is None:
                known = [r.name for r in league_rows.seasons(session=s)]
                if not known:
                    raise RuleError("--season", "no_seasons_yet", value=show(name))
                raise RuleError("--season", "not_season_here", value=show(name),
                                known=", ".join(known))
            return _season_view(row)

    # ---- the league -----------------------------------------------------------------------

    def league(self, *, date_from: str | None = None, date_to: str | None = None,
               game: str | None = None, scoring: str | None = None,
               season: str | None = None, points: str | None = None,
               venue: str | None = None, nights: bool = True) -> LeagueReport:
        """The league table over a date range or a season (whose range, scoring and points
        table apply unless given here), optionally for one game or the nights of one venue
        (else every venue's nights, as a league spanning venues ranks them). Without
        `nights` (the table alone: `tally league`), a league by chips is added up by the
        store and the report holds no per-night results."""
        from ..config.league_points import points_table
        from ..domain.league import league
        from .league_report import LeagueReport, night_results

        chosen: SeasonView | None = None
        if season is not None:
            if date_from is not None or date_to is not None:
                raise RuleError("--season", "season_or_range")
            chosen = self.season(season)
            date_from, date_to = chosen.date_from, chosen.date_to
        lo, hi = _range(date_from, date_to)
        kind = _scoring(scoring or (chosen.scoring if chosen else "chips"))
        if game is not None:
            from ..domain.rules import game_named

            game = game_named(game, "--game").name
        table = points_table(points or (chosen.points if chosen else "default")) \
            if kind == "placement" else ()
        at = " ".join(venue.split()) if venue else None
        if not nights and kind == "chips":
            from ..domain.league import chips_league

            with self.store.read() as s:
                totals = league_rows.player_totals(session=s, date_from=lo, date_to=hi,
                                                   game=game, venue=at)
            return LeagueReport(lo, hi, game, kind, table, tuple(chips_league(totals)), (),
                                chosen)
        with self.store.read() as s:
            results = league_rows.night_games(session=s, date_from=lo, date_to=hi, game=game,
                                              venue=at)
        rows = league(night_results(results), kind, table)
        return LeagueReport(lo, hi, game, kind, table, tuple(rows), tuple(results), chosen)

    def export_league(self, out: Path, report: LeagueReport, fmt: str = "csv") -> Path:
        """Write `league-<season or range>[-game].csv` (or .json); returns its path."""
        from ..io import exports
        from .league_report import LEAGUE, PLACEMENT, league_cells, league_tag

        if fmt not in ("csv", "json"):
            raise RuleError("format", "not_csv_json", value=show(fmt))
        placed = report.scoring == "placement"
        header = LEAGUE + (PLACEMENT if placed else [])
        rows = [league_cells(r) for r in report.rows]
        with exports.batch(out) as files:  # whole or not at all, as every export
            return files.write(f"league-{league_tag(report)}", header, rows, fmt)


