"""The Season screen: from the nights list, the league table of the newest season, the
highlighted player's nights, the chart of the top players, chips or placement, the next
season; and its pictures in English and Japanese (tests/season_data.py is the season)."""

from __future__ import annotations

import asyncio
from decimal import Decimal
from pathlib import Path
from typing import Any

from textual.widgets import DataTable, Static

from ledger.service import Tally
from tests.season_data import SEASON, build
from tui.i18n import set_language
from tui.screens.nights import NightsScreen
from tui.screens.season import SeasonScreen
from tui.widgets.chart import RunningChart

from .conftest import SIZE, app_for, keys, settle
from .test_flows import rows
from .test_hachihachi import text
from .test_snapshots import shoot


def series(chart: RunningChart) -> dict[str, tuple[object, ...]]:
    """The totals the chart draws (it keeps the lists it is given)."""
    return {name: tuple(values) for name, values in chart.series.items()}


def season(tally: Tally, scoring: str = "chips") -> None:
    build(tally)
    tally.new_season(*SEASON, scoring=scoring)


def test_the_season_at_the_keyboard(tally: Tally, tmp_path: Path) -> None:
    season(tally)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, NightsScreen)
            assert "Season" in {c.title for c in app.get_system_commands(app.screen)}
            await keys(pilot, "s")
            screen = app.screen
            assert isinstance(screen, SeasonScreen)
            assert text(screen.query_one("#season-title", Static)) == (
                "Season Autumn 2026 · 2026-09-01 to 2026-11-30 · ranked by net chips")
            league = rows(screen.query_one("#league", DataTable))
            # the last column: the rating (μ − 3σ) after the season's last night (
            # from every night up to it: Ann's alone of 08-29 too)
            assert league == [
                ["1", "Bea", "3", "5", "+30", "6.00", "+50", "−25", "2026-09-19", "1.56"],
                ["2", "Eve", "2", "3", "+25", "8.33", "+50", "−25", "2026-09-19", "1.45"],
                ["3", "Ann", "3", "5", "+5", "1.00", "+55", "−25", "2026-09-19", "2.83"],
                ["3", "Cid", "3", "5", "+5", "1.00", "+25", "−25", "2026-09-19", "1.36"],
                ["5", "Flo", "1", "2", "−25", "−12.50", "−25", "−25", "2026-09-12", "0.75"],
                ["6", "Dan", "3", "5", "−40", "−8.00", "+25", "−40", "2026-09-19", "−1.69"]]
            record = screen.query_one("#record", DataTable)
            assert rows(record) == [["2026-09-05", "1", "+50", "+50"],
                                    ["2026-09-12", "2", "+5", "+5"],
                                    ["2026-09-19", "3", "−25", "−25"]]
            chart = screen.query_one("#season-chart", RunningChart)
            assert series(chart) == {"Bea": (50, 55, 30), "Eve": (-25, -25, 25),
                                    "Ann": (-25, 30, 5), "Cid": (-25, -20, 5)}

            await keys(pilot, "down", "down", "down", "down")  # Flo: sat in one night
            assert text(screen.query_one("#record-title", Static)) == "Flo: night by night"
            assert rows(record) == [["2026-09-12", "4", "−25", "−25"]]

            await keys(pilot, "p")  # placement points
            assert "ranked by placement points" in text(screen.query_one("#season-title",
                                                                          Static))
            league = rows(screen.query_one("#league", DataTable))
            assert [(r[0], r[1], r[9]) for r in league] == [
                ("1", "Bea", "19.00"), ("2", "Ann", "16.00"), ("2", "Cid", "16.00"),
                ("4", "Eve", "13.00"), ("5", "Dan", "11.00"), ("6", "Flo", "3.00")]
            assert rows(record) == [["2026-09-12", "4", "−25", "3.00", "−25"]]  # Flo still
            assert series(chart) == {"Bea": (10, 16, 19), "Ann": (3, 13, 16),
                                    "Cid": (3, 9, 16), "Eve": (3, 3, 13)}

            await keys(pilot, "n")  # after the last season: every night, by chips again
            assert text(screen.query_one("#season-title", Static)) == (
                "Every night · ranked by net chips")
            assert rows(screen.query_one("#league", DataTable))[0][:5] == [
                "1", "Ann", "5", "7", "+185"]  # the nights before and after count too
            await keys(pilot, "n")
            assert "Autumn 2026" in text(screen.query_one("#season-title", Static))
            await keys(pilot, "escape")
            assert isinstance(app.screen, NightsScreen)

    asyncio.run(flow())


def test_no_nights_yet_says_so(tally: Tally, tmp_path: Path) -> None:
    tally.new_night("2024-11-15")

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await keys(pilot, "s")
            screen = app.screen
            assert isinstance(screen, SeasonScreen)
            assert screen.query_one("#league-empty").display
            assert not screen.query_one("#league", DataTable).display
            assert text(screen.query_one("#record-title", Static)) == "A player's nights"

    asyncio.run(flow())


def test_season_picture(snap_compare: Any, tally: Tally, tmp_path: Path) -> None:
    season(tally)
    assert shoot(snap_compare, tally, tmp_path, "s")


def test_season_picture_in_japanese_by_places(snap_compare: Any, tally: Tally,
                                              tmp_path: Path) -> None:
    """Placement scoring, a tied second place, and Cid's nights; labels in Japanese."""
    set_language("ja")
    season(tally, "placement")
    for name in ("健二", "真理"):
        tally.add_player(name)
    night = tally.new_night("2026-09-26", "倶楽部")
    table = tally.new_table(night, "crazy-solo", ["健二", "真理", "Ann", "Bea", "Cid"])
    tally.add_deal(table, {"contract": "alone", "caller": "健二", "trump": "clubs",
                           "team_points": 70})
    assert shoot(snap_compare, tally, tmp_path, "s", "down", "down")


def test_the_highlighted_players_rating_trend(tally: Tally, tmp_path: Path) -> None:
    """Issue 40: under the record, the highlighted player's rating (μ − 3σ) after each of
    their nights up to the season's last, Ann's night before the season too."""
    season(tally)
    after = {}  # each night's ratings after it, as the board shows them
    for night in sorted(tally.nights(), key=lambda n: (n.date, n.id)):
        if night.date > SEASON[2]:
            continue  # the night after the season: not in its trend
        for r in tally.night_rating(night.id):
            after.setdefault(r.player, []).append(Decimal(f"{r.ordinal:.2f}"))

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await keys(pilot, "s")
            screen = app.screen
            assert isinstance(screen, SeasonScreen)
            chart = screen.query_one("#rating-trend", RunningChart)
            title = screen.query_one("#trend-title", Static)
            assert text(title) == "Bea: rating night by night"
            assert series(chart) == {"Bea": tuple(after["Bea"])}
            assert series(chart)["Bea"][-1] == Decimal("1.56")  # the league's column
            await keys(pilot, "down", "down")  # Ann: her night of 08-29 first
            assert text(title) == "Ann: rating night by night"
            assert series(chart) == {"Ann": tuple(after["Ann"])}
            assert series(chart)["Ann"][-1] == Decimal("2.83")

    asyncio.run(flow())
