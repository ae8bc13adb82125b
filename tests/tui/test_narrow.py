"""Narrow terminals never cut a number: the deal log's seat columns all fit at 80 columns
(the summary gives way), and a window made narrower or wider fits them again."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import DataTable

from ledger.service import Tally

from .conftest import app_for, open_first_table, settle
from .test_type_ahead import a_table

SEVEN = [f"P{i}" for i in range(1, 8)]


def seat_columns_fit(log: DataTable[object]) -> bool:
    """Every column drawn whole inside the log (cell padding 1 each side)."""
    used = sum(c.get_render_width(log) for c in log.ordered_columns)
    return used <= log.scrollable_content_region.width


def test_seven_seats_fit_at_80_columns_and_refit_on_resize(tally: Tally,
                                                          tmp_path: Path) -> None:
    table = a_table(tally, "hachihachi-trick", SEVEN)
    tally.add_deals(table, [{"indicator": "2C", "declarations": dict.fromkeys(
        SEVEN[i:] + SEVEN[:i], "out")} for i in range(3)])

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=(120, 36)) as pilot:
            screen = await open_first_table(pilot)
            log = screen.query_one("#deals", DataTable)
            assert seat_columns_fit(log)
            await pilot.resize_terminal(80, 24)
            await settle(pilot)
            log = screen.query_one("#deals", DataTable)
            assert seat_columns_fit(log), [c.width for c in log.ordered_columns]
            await pilot.resize_terminal(100, 30)
            await settle(pilot)
            assert seat_columns_fit(screen.query_one("#deals", DataTable))

    asyncio.run(flow())


def test_one_minus_sign_in_the_app_and_tonight_opens_by_itself(tally: Tally,
                                                               tmp_path: Path) -> None:
    """`tally` opens on tonight's open night (just one); a negative in a summary shows the
    app's minus sign (U+2212), while CSV/JSON keep '-'."""
    from tui.screens.night import NightScreen

    from .conftest import seed

    seed(tally, deals=4)  # deal 4: "Heart Solo ♥ Eve + Ann, 52 → -25"

    async def flow() -> None:
        app = app_for(tally, tmp_path, open_tonight=True)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, NightScreen)
            screen = await open_first_table_from_night(pilot)
            log = screen.query_one("#deals", DataTable)
            shown = str(log.get_row_at(3)[2])
            assert shown == "Heart Solo ♥ Eve + Ann, 52 → −25"

    asyncio.run(flow())


async def open_first_table_from_night(pilot: object) -> object:
    from tui.screens.table import TableScreen

    from .conftest import keys

    await keys(pilot, "enter")  # type: ignore[arg-type]
    screen = pilot.app.screen  # type: ignore[attr-defined]
    assert isinstance(screen, TableScreen)
    return screen
