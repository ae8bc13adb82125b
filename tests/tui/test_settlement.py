"""The night's settlement at the keyboard (why, money, mark paid, direct mode, export) and
the app switching to Japanese and back, the choice saved."""

from __future__ import annotations

import asyncio
import csv
import json
from pathlib import Path

from textual.widgets import DataTable, Static

from ledger.service import Tally
from tui.forms.prompt import PromptModal
from tui.i18n import language
from tui.screens.night import NightScreen
from tui.screens.nights import NightsScreen
from tui.screens.settlement import SettlementScreen
from tui.screens.table import TableScreen

from .conftest import SIZE, app_for, keys, open_first_table, seed, settle, typed
from .test_flows import rows
from .test_hachihachi import text


def test_settle_a_night_mark_paid_and_export(tally: Tally, tmp_path: Path) -> None:
    night, _ = seed(tally)  # nets: Ann −170, Bea +90, Cid +130, Dan +120, Eve −170

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await keys(pilot, "enter")
            commands = {c.title for c in app.get_system_commands(app.screen)}
            assert "Settle the night" in commands  # in the palette too
            await keys(pilot, "s")
            screen = app.screen
            assert isinstance(screen, SettlementScreen)
            open_rows = rows(screen.query_one("#open", DataTable))
            assert open_rows == [["Ann", "Bea", "40"], ["Ann", "Cid", "130"],
                                 ["Eve", "Bea", "50"], ["Eve", "Dan", "120"]]
            why = text(screen.query_one("#why", Static))
            assert why.splitlines()[:2] == ["Ann pays Bea 40 chips.",
                                            "Ann lost 170 chips in all: −170 at table 1."]

            # €0.05 a chip: Enter in the rate saves, the currency (EUR) being right already
            await keys(pilot, "r", *typed("0.05"), "enter")
            assert isinstance(app.screen, SettlementScreen)
            assert "€0.05 per chip" in text(screen.query_one("#settle-title", Static))
            assert rows(screen.query_one("#open", DataTable))[0] == ["Ann", "Bea", "40", "€2.00"]
            nets = rows(screen.query_one("#nets", DataTable))
            assert nets[0] == ["Cid", "+130", "€6.50"] and nets[-1][2] == "−€8.50"

            await keys(pilot, "p")  # mark paid: the whole 40 is offered; pay 25 of it
            assert isinstance(app.screen, PromptModal)
            await keys(pilot, "backspace", "backspace", "2", "5", "ctrl+s")
            assert isinstance(app.screen, SettlementScreen)
            paid = tally.settlement(night).paid
            assert [(p.payer, p.payee, p.amount) for p in paid] == [("Ann", "Bea", 25)]
            # paid with its money at the night's rate, at the local time (UTC+1 in tests)
            assert rows(screen.query_one("#paid", DataTable)) == [
                ["Ann", "Bea", "25", "€1.25", "2024-11-15 21:30"]]
            assert sum(i.amount for i in tally.settlement(night).open) == 340 - 25

            await keys(pilot, "d")  # direct mode: each table on its own, a table column
            assert screen.data is not None and screen.data.mode == "direct"
            assert "direct" in text(screen.query_one("#open-title", Static))
            assert all(r[-1] == "1" for r in rows(screen.query_one("#open", DataTable)))

            await keys(pilot, "e")
            await settle(pilot)
            folder = tmp_path / "exports"
            names = sorted(p.name for p in folder.iterdir())
            assert names == [f"{kind}-2024-11-15-night{night}.csv"
                             for kind in ("chain", "deals", "revisions", "settlement",
                                          "standings", "transfers")]
            with (folder / f"settlement-2024-11-15-night{night}.csv").open() as fh:
                lines = list(csv.reader(fh))
            assert [line[-1] for line in lines[1:]].count("paid") == 1

    asyncio.run(flow())


def test_the_app_speaks_japanese_and_remembers(tally: Tally, tmp_path: Path) -> None:
    seed(tally, deals=2)
    settings = tmp_path / "config" / "settings.json"

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await open_first_table(pilot)  # down to a table, then switch there
            commands = {c.title: c for c in app.get_system_commands(app.screen)}
            app.call_later(commands["日本語で表示 (Japanese)"].callback)
            await settle(pilot)
            assert language() == "ja"
            assert json.loads(settings.read_text()) == {"lang": "ja"}
            table = app.screen
            assert isinstance(table, TableScreen)  # the same screens, built again
            assert [type(s) for s in app.screen_stack] == [NightsScreen, NightScreen,
                                                           TableScreen]
            assert "2ディール" in text(table.query_one("#table-title", Static))
            assert table.query_one("#deals", DataTable).row_count == 2
            await keys(pilot, "escape", "escape")
            assert isinstance(app.screen, NightsScreen)
            assert "クラブの夜" in text(app.screen.query("Static.screen-title").first())
            await keys(pilot, "l")  # back to English from the nights screen
            assert language() == "en"
            assert json.loads(settings.read_text()) == {"lang": "en"}
            assert "Club nights" in text(app.screen.query("Static.screen-title").first())

    asyncio.run(flow())


def test_item6_part_payment_keeps_the_plan_and_R_replans(tally: Tally, tmp_path: Path) -> None:
    """Issue 14, items 6 and 7 in the app: a part payment changes only its own line (the
    rest of the plan stands), re-planning is the R key, the rate shows exactly, and each
    player's money is the sum of the money of their transfers."""
    night, _ = seed(tally)  # nets: Ann −170, Bea +90, Cid +130, Dan +120, Eve −170
    tally.set_rate(night, "0.125", "EUR")

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await keys(pilot, "enter", "s")
            screen = app.screen
            assert isinstance(screen, SettlementScreen)
            assert "€0.125 per chip" in text(screen.query_one("#settle-title", Static))
            assert not screen.query_one("#plan-note").display
            assert "R" not in {key for key, b in screen.active_bindings.items()
                               if b.enabled}  # nothing kept yet: nothing to re-plan
            money = {r[0]: r[2] for r in rows(screen.query_one("#nets", DataTable))}
            # Ann pays 40 (€5.00) and 130 (€16.25): −€21.25; Bea gets 40 and 50:
            # €5.00 + €6.25 = €11.25; Eve pays 50 and 120: €6.25 + €15.00
            assert money == {"Cid": "€16.25", "Dan": "€15.00", "Bea": "€11.25",
                             "Ann": "−€21.25", "Eve": "−€21.25"}

            await keys(pilot, "down", "down", "down", "p")  # Eve → Dan: pay 100 of 120
            await keys(pilot, "backspace", "backspace", "backspace", *typed("100"), "ctrl+s")
            assert [r[:3] for r in rows(screen.query_one("#open", DataTable))] == [
                ["Ann", "Bea", "40"], ["Ann", "Cid", "130"], ["Eve", "Bea", "50"],
                ["Eve", "Dan", "20 of 120"]]
            assert "kept" in text(screen.query_one("#plan-note", Static))

            await keys(pilot, "d")  # direct: a proposal now, not payable until R
            assert screen.data is not None and screen.data.proposal
            assert "proposal" in text(screen.query_one("#plan-note", Static))
            await keys(pilot, "R")
            st = tally.settlement(night)
            assert st.mode == "direct" and st.kept and not st.proposal
            # made afresh from what is left (Eve −70, Dan +20 after her 100)
            assert [(i.payer, i.payee, i.amount) for i in st.open] == [
                ("Ann", "Bea", 20), ("Ann", "Cid", 130), ("Ann", "Dan", 20),
                ("Eve", "Bea", 70)]
            assert screen.data is not None and screen.data.mode == "direct"

    asyncio.run(flow())
