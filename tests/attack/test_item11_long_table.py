"""Issue 28, item 11 (a 200,000-deal table): the board and a tab's table screen read what
they show, not the whole table. Here at 2,050 deals (the speed and memory at 200,000 are
measured by `python -m tests.bench_board`, not timed here): the board reads each table's
last deals and its count; the screen's log holds the last `LOG_WINDOW` deals, with totals
that go on from the deals before them, and a deal added is number 2,051."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.widgets import DataTable

from ledger.service import Tally
from tui.screens.table import LOG_WINDOW, TableScreen
from tui.screens.table_rows import stamp
from tui.serve.board import RECENT, read_board

from ..tui.conftest import FIVE, TODAY, app_for, keys, settle

DEALS = LOG_WINDOW + 50


@pytest.fixture
def long_table(tally: Tally) -> tuple[int, int]:
    for name in FIVE:
        tally.add_player(name)
    night = tally.new_night(TODAY.isoformat(), "Club")
    table = tally.new_table(night, "crazy-solo", FIVE)
    solo = {"contract": "solo", "caller": "Bea", "trump": "clubs", "partner": "Dan",
            "team_points": 73}
    tally.add_deals(table, [solo] + [{"contract": "pass"}] * (DEALS - 2) + [solo])
    return night, table


def test_item11_the_board_reads_the_last_deals_not_the_table(
        tally: Tally, long_table: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    night, _ = long_table
    monkeypatch.setattr(tally, "deals", lambda *_: pytest.fail("the whole table was read"))
    board = read_board(tally, night)
    assert board.deals == DEALS
    assert [d.number for _, d in board.recent] == list(range(DEALS, DEALS - RECENT, -1))


def test_item11_the_table_screen_holds_the_last_deals_with_true_totals(
        tally: Tally, long_table: tuple[int, int], tmp_path: Path) -> None:
    night, table = long_table
    nets = {r.player: r.net for r in tally.standings(table_id=table)}

    async def flow() -> None:
        app = app_for(tally, tmp_path, start_night=night, table_id=table, ask_scorekeeper=True,
                      scorekeeper="Mio")
        async with app.run_test(size=(120, 36)) as pilot:
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, TableScreen) and screen.data is not None
            log = screen.query_one("#deals", DataTable)
            assert log.row_count == LOG_WINDOW
            assert screen.data.deals[0].number == DEALS - LOG_WINDOW + 1
            assert {n: screen.data.running[n][-1] for n in FIVE} == nets  # all 2,050
            assert stamp(screen.data) == tuple(tally.table_stamp(table))
            await keys(pilot, "a", "p", "enter")  # a deal more: number 2,051
            assert [d.number for d in tally.deals(table)][-1] == DEALS + 1
            assert log.row_count == LOG_WINDOW + 1
            assert stamp(screen.data) == tuple(tally.table_stamp(table))

    asyncio.run(flow())
