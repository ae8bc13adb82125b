"""Issue 27 item 11: no word or number cut at 80×24, in either language: the night screen's
Status column stays whole however long the seat lists (the seats give way, cut where a name
ends, "…")."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.coordinate import Coordinate
from textual.widgets import DataTable

from ledger.service import Tally
from tui.i18n import set_language
from tui.screens.night import NightScreen

from .conftest import TODAY, app_for, keys, settle

SEVEN = ["Annabel", "Beatrix", "Cidney", "Danielle", "Evelyn", "Fumiko", "Gustav"]


def night_of_long_tables(tally: Tally) -> None:
    for name in SEVEN:
        tally.add_player(name)
    night = tally.new_night(TODAY.isoformat(), "The Crown")
    tally.new_table(night, "hachihachi-trick", SEVEN)
    tally.new_table(night, "crazy-solo", SEVEN[:5])


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_night_screens_status_column_is_whole_at_80(tally: Tally, tmp_path: Path,
                                                         lang: str) -> None:
    night_of_long_tables(tally)

    async def flow() -> None:
        set_language(lang)
        try:
            app = app_for(tally, tmp_path)
            async with app.run_test(size=(80, 24)) as pilot:
                await settle(pilot)
                await keys(pilot, "enter")
                screen = app.screen
                assert isinstance(screen, NightScreen)
                table = screen.query_one("#tables", DataTable)
                widths = sum(c.width + 2 * table.cell_padding for c in table.ordered_columns)
                assert widths <= table.scrollable_content_region.width  # no column past
                status = table.columns["status"]
                cells = [str(table.get_cell_at(Coordinate(r, 5))) for r in range(table.row_count)]
                assert all(cells) and status.width >= max(map(cell_len, cells))
        finally:
            set_language("en")

    asyncio.run(flow())


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_removal_table_fits_the_new_table_form_at_80(tally: Tally, tmp_path: Path,
                                                          lang: str) -> None:
    """"none (24-card 9–A pack allowed)" wraps by words in its cell; Hand stays on screen."""
    from tui.widgets.removal import RemovalTable

    night_of_long_tables(tally)

    async def flow() -> None:
        set_language(lang)
        try:
            app = app_for(tally, tmp_path)
            async with app.run_test(size=(80, 24)) as pilot:
                await settle(pilot)
                await keys(pilot, "enter", "n")
                table = app.screen.query_one(RemovalTable)
                widths = sum(c.width + 2 * table.cell_padding for c in table.ordered_columns)
                assert table.region.x + widths <= 80
                note = str(table.get_cell_at(Coordinate(0, 1)))
                assert note.endswith((")", "）"))  # the whole note, wrapped in its cell
                assert table.columns["removed"].width < cell_len(note)
        finally:
            set_language("en")

    asyncio.run(flow())
