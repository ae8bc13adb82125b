"""A save that lands while the log is being drawn again (the window was resized, or nets and
totals switched): its row is in the log when the drawing is done. Seen in tmux: widening the
window while typing deals fast left deal 3 out of the log (the table said 6 deals)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import DataTable

from ledger.service import Tally
from tui.screens.table import deal_rows

from .conftest import DEALS, SIZE, app_for, open_first_table, seed, settle


def test_a_save_during_a_redraw_keeps_its_row(tally: Tally, tmp_path: Path) -> None:
    _, table = seed(tally, deals=2)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_first_table(pilot)
            assert screen.data is not None
            screen.show(screen.data, deal_rows(screen.data, False))  # as a resize does
            deal_id = tally.add_deal(table, DEALS[2])  # saved before the redraw runs
            screen._appended(deal_id)
            await settle(pilot)
            log = screen.query_one("#deals", DataTable)
            assert [log.get_row_at(i)[0].plain for i in range(log.row_count)] == ["1", "2", "3"]

    asyncio.run(flow())
