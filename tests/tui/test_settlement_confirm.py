"""The app's settlement says which deals the opponents have not confirmed above
the plan: they count, and the screen says so before the plan is used."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Static

from ledger.service import Tally
from tui.screens.settlement import SettlementScreen

from .conftest import SIZE, TODAY, app_for, keys, settle
from .test_hachihachi import text

WON = {"ending": "scored", "winner": "Ann", "game_points": 1}


def test_the_settlement_names_the_deals_not_confirmed(tally: Tally, tmp_path: Path) -> None:
    for name in ("Ann", "Bea"):
        tally.add_player(name)
    night = tally.new_night(TODAY.isoformat(), "The Crown")
    table = tally.new_table(night, "schnapsen", ["Ann", "Bea"],
                            overrides={"confirm": "opponent"})
    tally.add_deal(table, WON, "Ann")
    disputed = tally.add_deal(table, WON, "Ann")
    tally.dispute_deal(disputed, "Bea", "one trick short")

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await keys(pilot, "enter", "s")
            screen = app.screen
            assert isinstance(screen, SettlementScreen)
            assert text(screen.query_one("#plan-note", Static)).splitlines() == [
                "1 deal to confirm at table 1 (deal 1): it counts as saved",
                "1 deal disputed at table 1 (deal 2): it counts as saved"]

    asyncio.run(flow())
