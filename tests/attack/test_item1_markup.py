"""Issue 28, item 1: square brackets in what people type are text, never markup.

A player `[/]`, `Ann [guest]`, a venue `[/]…`, an author `[/]x` (a tab's `&by=`) and a void
reason with brackets: every screen that shows them opens (no MarkupError) and shows them as
typed, in tables, titles, panels and toasts.
"""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from ledger.service import Tally
from tui.screens.history import HistoryScreen
from tui.screens.night import NightScreen
from tui.screens.roster import RosterScreen
from tui.screens.table import TableScreen

from ..tui.conftest import SIZE, TODAY, app_for, keys, screen_text, settle

SEATS = ["[/]x", "Ann [guest]", "[b]Bea", "Cid[", "Dan"]
OLD = "[/]"  # a name with no letter or digit: refused since item 4, kept in older ledgers
VENUE = "[/]Crown [red]"


def seeded(tally: Tally) -> int:
    tally.add_players(SEATS)
    con = sqlite3.connect(tally.db.path)
    with con:
        con.execute("INSERT INTO player (name, created_at) SELECT ?, created_at FROM player "
                    "LIMIT 1", (OLD,))
    con.close()
    night = tally.new_night(TODAY.isoformat(), VENUE)
    table = tally.new_table(night, "crazy-solo", SEATS)
    tally.add_deal(table, {"contract": "solo", "caller": "Ann [guest]", "trump": "clubs",
                           "partner": "[/]x", "team_points": 73}, "[/]x")
    tally.add_deal(table, {"contract": "pass"}, "[b]y")
    deal = tally.deals(table)[1]
    tally.void_deal(deal.id, "[/] wrong [i]table", "[/]z")
    return table


def test_item1_brackets_in_names_venue_authors_reasons_show_as_typed(
        tally: Tally, tmp_path: Path) -> None:
    seeded(tally)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=(140, 40), notifications=True) as pilot:
            await settle(pilot)
            assert VENUE in screen_text(app)  # the first screen: the nights
            await keys(pilot, "enter")
            assert isinstance(app.screen, NightScreen)
            shown = screen_text(app)
            assert "Ann [guest]" in shown and "[b]Bea" in shown and "[/]" in shown
            await keys(pilot, "enter")
            assert isinstance(app.screen, TableScreen)
            shown = screen_text(app)
            assert "Ann [guest]" in shown and "Cid[" in shown and "[/]" in shown
            await keys(pilot, "up", "h")
            assert isinstance(app.screen, HistoryScreen)
            shown = screen_text(app)
            assert "[/]x" in shown, shown
            await keys(pilot, "escape", "down", "h")
            shown = screen_text(app)
            assert "[/]z" in shown and "[/] wrong [i]table" in shown, shown
            await keys(pilot, "escape", "escape", "r")
            assert isinstance(app.screen, RosterScreen)
            shown = screen_text(app)
            assert all(name in shown for name in [*SEATS, OLD]), shown
            app.screen.notify("saved by [/]x")  # a toast with a name in it
            await pilot.pause(0.3)
            assert "saved by [/]x" in screen_text(app)

    asyncio.run(flow())


def test_item1_a_scorekeeper_named_with_brackets_opens_the_table(
        tally: Tally, tmp_path: Path) -> None:
    """`&by=[/]x`: the tab's app shows its scorekeeper and opens its table."""
    table = seeded(tally)

    async def flow() -> None:
        app = app_for(tally, tmp_path, start_night=1, table_id=table, scorekeeper="[/]x",
                      ask_scorekeeper=True)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, TableScreen)
            await keys(pilot, "a", "p", "enter")
            assert [d.author for d in tally.deals(table)][-1] == "[/]x"
            await keys(pilot, "h")
            assert isinstance(app.screen, HistoryScreen)
            assert "[/]x" in screen_text(app)

    asyncio.run(flow())
