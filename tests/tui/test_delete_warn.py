"""In the app: a table or a night opened by mistake is deleted with `d` after a question,
and only while it holds no deal (else an inline line says why it is kept); the same player
at two open tables, or a second night on one date, is warned about (and still done)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Static

from ledger.service import Tally
from tui.forms.new_table import NewTableModal
from tui.forms.prompt import ConfirmModal, PromptModal
from tui.screens.night import NightScreen
from tui.screens.nights import NightsScreen
from tui.screens.table import TableScreen

from .conftest import FIVE, SIZE, TODAY, app_for, keys, seed, settle, toasts, typed


def note(screen: object, id_: str) -> str:
    widget = screen.query_one(id_, Static)  # type: ignore[attr-defined]
    return str(widget.render()) if widget.display else ""


def test_delete_an_empty_table_and_refuse_one_with_deals(tally: Tally, tmp_path: Path) -> None:
    night, played = seed(tally, deals=2)
    empty = tally.new_table(night, "sixty-six", ["Ann", "Bea"])

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await keys(pilot, "enter")
            screen = app.screen
            assert isinstance(screen, NightScreen)
            await keys(pilot, "d")  # table 1 has two deals: kept, and said so
            assert not isinstance(app.screen, ConfirmModal)
            assert note(screen, "#night-note") == (
                "Kept: table 1 (Crazy Solo) has 2 deal(s), and nothing recorded is ever "
                "deleted.")
            await keys(pilot, "down", "d")
            assert isinstance(app.screen, ConfirmModal)
            assert note(screen, "#night-note") == ""
            await keys(pilot, "n")  # no: kept
            assert [t.id for t in tally.night(night).tables] == [played, empty]
            await keys(pilot, "d", "y")
            await settle(pilot)  # the delete and the re-read run in workers
            assert app.screen is screen
            assert [t.id for t in tally.night(night).tables] == [played]
            assert screen.query_one("#tables").row_count == 1  # type: ignore[attr-defined]

    asyncio.run(flow())


def test_delete_a_night_opened_by_mistake(tally: Tally, tmp_path: Path) -> None:
    seed(tally, deals=1)  # the night of 2024-11-15, a deal at its table
    mistake = tally.new_night("2024-11-20", "Oops")
    tally.new_table(mistake, "sixty-six", ["Ann", "Bea"])  # a table, but no deal

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, NightsScreen)
            await keys(pilot, "down", "d")  # the night with a deal: kept
            assert note(screen, "#nights-note") == (
                "The night of 2024-11-15 · The Crown has 1 deal(s): it is kept (nothing "
                "recorded is ever deleted).")
            await keys(pilot, "up", "d")
            assert isinstance(app.screen, ConfirmModal)
            await keys(pilot, "y")
            assert [n.date for n in tally.nights()] == ["2024-11-15"]
            assert screen.query_one("#nights").row_count == 1  # type: ignore[attr-defined]

    asyncio.run(flow())


def test_two_nights_on_one_date_and_a_player_seated_twice_warn(tally: Tally,
                                                                tmp_path: Path) -> None:
    night, _ = seed(tally, deals=0)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await settle(pilot)
            await keys(pilot, "n")  # today's date again, prefilled
            assert isinstance(app.screen, PromptModal)
            await keys(pilot, "enter", *typed("Annex"), "enter")
            assert isinstance(app.screen, NightScreen)
            # said as people read it, without the command line's field ids
            assert await toasts(pilot, "warning") == [
                f"Check this\n{TODAY.isoformat()} already has night {night} "
                "(two nights on one date)"]
            second = app.screen.night_id
            assert len(tally.nights()) == 2  # warned, not refused
            app.clear_notifications()

            tally.new_table(second, "sixty-six", ["Cid", "Dan"])  # an open table
            await keys(pilot, "n")
            assert isinstance(app.screen, NewTableModal)
            for name in FIVE:
                await keys(pilot, *typed(name), "enter")
            await keys(pilot, "ctrl+s")
            assert isinstance(app.screen, TableScreen)
            assert await toasts(pilot, "warning") == [
                "Check this\nCid is also seated at open table 1",
                "Check this\nDan is also seated at open table 1"]
            assert len(tally.night(second).tables) == 2

    asyncio.run(flow())


def test_a_table_deleted_on_another_device_goes_back(tally: Tally, tmp_path: Path) -> None:
    """A device shows an empty table that another one deletes: the next read says so and
    goes back to the night (no traceback)."""
    night, table = seed(tally, deals=0)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await settle(pilot)
            await keys(pilot, "enter", "enter")
            screen = app.screen
            assert isinstance(screen, TableScreen)
            tally.delete_table(table)  # the other device
            screen.ledger_changed()  # what the live poll calls
            await settle(pilot)
            assert isinstance(app.screen, NightScreen)
            # said (once for this call, once more if the live poll saw the delete first)
            assert set(await toasts(pilot)) == {"It was deleted on another device."}
            tally.delete_night(night)
            app.screen.ledger_changed()
            await settle(pilot)
            assert isinstance(app.screen, NightsScreen)

    asyncio.run(flow())
