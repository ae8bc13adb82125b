"""The Tournament screen: `t` on the night screen shows the round drawn on the
night's tables — its clock, where everyone sits (by name) and the ranking."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable, Static

from ledger.service import Tally, clock
from tui.screens.night import NightScreen
from tui.screens.tournament import TournamentScreen

from .conftest import NOW, SIZE, TODAY, app_for, keys, settle
from .test_flows import rows
from .test_hachihachi import text
from .test_snapshots import shoot


def cup(tally: Tally, monkeypatch: pytest.MonkeyPatch) -> None:
    night = tally.new_night(TODAY.isoformat(), "The Crown")
    tally.new_tournament("Cup", "schnapsen", 3, "swiss", round_minutes=30, seed="tui",
                         night=night)
    tally.register("Cup", ["Zoe", "Ada", "Mio", "Ben", "Kai"])
    d, _ = tally.draw("Cup")
    tally.start_round("Cup")  # at the tests' fixed 2024 clock
    first = d.tables[0]
    for points in (3, 3, 1):
        tally.add_deal(first.table_id, {"ending": "scored", "winner": first.seats[0],
                                        "game_points": points})
    monkeypatch.setattr(clock, "now", lambda: NOW + timedelta(minutes=31))  # time is up


def test_t_opens_the_round_where_everyone_sits(tally: Tally, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    cup(tally, monkeypatch)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await keys(pilot, "enter")
            assert isinstance(app.screen, NightScreen)
            await keys(pilot, "t")
            screen = app.screen
            assert isinstance(screen, TournamentScreen)
            assert text(screen.query_one("#tournament-title", Static)) == \
                "Cup · round 1 of 3"
            assert text(screen.query_one("#tournament-clock", Static)) == "Time is up"
            d = tally.tournament_rounds("Cup")[0]
            where = rows(screen.query_one("#where", DataTable))
            assert where == [[p, f"table {n}" if n else "bye"] for p, n in d.by_name()]
            assert [r[0] for r in where] == ["Ada", "Ben", "Kai", "Mio", "Zoe"]
            ranking = rows(screen.query_one("#ranking", DataTable))
            winner = d.tables[0].seats[0]
            assert ranking[0][1:3] in ([winner, "2"], [d.byes[0], "2"])
            assert [r[2] for r in ranking] == ["2", "2", "1", "1", "0"]  # a win, a bye, a
            # match at 0:0 when time was up (a draw: 1 each), the loser
            await keys(pilot, "escape")
            assert isinstance(app.screen, NightScreen)

    asyncio.run(flow())


def test_tournament_picture(snap_compare: Any, tally: Tally, tmp_path: Path,
                            monkeypatch: pytest.MonkeyPatch) -> None:
    cup(tally, monkeypatch)
    assert shoot(snap_compare, tally, tmp_path, "enter", "t")
