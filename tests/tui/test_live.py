"""Live screens and club-room devices: a deal saved by another process shows
within 2 s with the cursor where it was; a table's device stays on its table and signs
every deal with its scorekeeper's name."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from pathlib import Path

from textual.widgets import DataTable, Input, Static

from ledger.service import Tally
from tui.forms.base import DealForm
from tui.forms.prompt import PromptModal
from tui.screens.night import NightScreen
from tui.screens.table import TableScreen

from .conftest import SIZE, app_for, keys, open_first_table, seed, settle, typed

ROOT = Path(__file__).resolve().parents[2]


def add_from_another_process(db: Path, table_id: int) -> None:
    """`tally round add` in its own process: its own connections, its own commit."""
    done = subprocess.run([sys.executable, "-m", "ledger.cli.main", "--db", str(db), "round",
                           "add", "--table", str(table_id), "--contract", "pass"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


async def rows_within(pilot: object, log: DataTable[object], n: int, seconds: float) -> float:
    """Seconds until the log has `n` rows (fails after `seconds`)."""
    start = time.monotonic()
    while log.row_count != n:
        assert time.monotonic() - start < seconds, f"{log.row_count} rows, not {n}"
        await asyncio.sleep(0.05)
    return time.monotonic() - start


def test_table_and_night_screens_show_a_deal_saved_elsewhere(tally: Tally, tmp_path: Path,
                                                             tui_db: Path) -> None:
    _, table_id = seed(tally, deals=3)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_first_table(pilot)
            log = screen.query_one("#deals", DataTable)
            log.move_cursor(row=1)
            add_from_another_process(tui_db, table_id)
            await rows_within(pilot, log, 4, 2.0)
            assert log.cursor_row == 1  # the scorer's place is kept
            await keys(pilot, "escape")
            night = app.screen
            assert isinstance(night, NightScreen)
            tables = night.query_one("#tables", DataTable)
            add_from_another_process(tui_db, table_id)
            start = time.monotonic()
            while str(tables.get_cell_at((0, 3))) != "5":
                assert time.monotonic() - start < 2.0, tables.get_cell_at((0, 3))
                await asyncio.sleep(0.05)

    asyncio.run(flow())


def test_a_table_device_stays_on_its_table_and_signs_its_deals(tally: Tally,
                                                               tmp_path: Path) -> None:
    night_id, table_id = seed(tally, deals=1)
    other = tally.new_table(night_id, "crazy-solo", ["Ann", "Bea", "Cid", "Dan", "Eve"])

    async def flow() -> None:
        app = app_for(tally, tmp_path, start_night=night_id, table_id=table_id,
                      ask_scorekeeper=True)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, PromptModal)
            await keys(pilot, *typed("Mio"), "enter")
            assert app.scorekeeper == "Mio"
            assert isinstance(app.screen, TableScreen)
            await keys(pilot, "escape")  # nowhere to go back to
            assert isinstance(app.screen, TableScreen)
            assert [s.table_id for s in app.screen_stack if isinstance(s, TableScreen)] == [
                table_id]
            await keys(pilot, "a", "p", "enter")
            deals = tally.deals(table_id)
            assert [(d.number, d.author) for d in deals] == [(1, None), (2, "Mio")]
            assert tally.deals(other) == []

    asyncio.run(flow())



def test_a_correction_of_a_deal_changed_elsewhere_is_refused_then_saved(
        tally: Tally, tmp_path: Path) -> None:
    _, table_id = seed(tally, deals=2)
    first = tally.deals(table_id)[0]

    async def flow() -> None:
        app = app_for(tally, tmp_path, live=False)
        async with app.run_test(size=SIZE) as pilot:
            log = (await open_first_table(pilot)).query_one("#deals", DataTable)
            log.move_cursor(row=0)
            await keys(pilot, "c")
            form = app.screen
            assert isinstance(form, DealForm)
            tally.void_deal(first.id, "misdeal", "Rin")  # another device, meanwhile
            form.query_one("#reason", Input).value = "recount"
            await pilot.pause()  # (set, not typed: its change message comes a moment later)
            await keys(pilot, "ctrl+s")
            assert app.screen is form  # refused: the form and what it holds stay
            assert str(form.query_one("#form-status", Static).render()) == (
                "deal 1 was just changed on another device: check and save again")
            assert [r.kind for r in tally.history(first.id)] == ["record", "void"]
            await keys(pilot, "ctrl+s")  # after a look: saved over the void
            assert isinstance(app.screen, TableScreen)
            assert [(r.kind, r.reason) for r in tally.history(first.id)] == [
                ("record", None), ("void", "misdeal"), ("correct", "recount")]

    asyncio.run(flow())


def test_a_live_reread_that_crosses_a_save_shows_each_deal_once(
        tally: Tally, tmp_path: Path) -> None:
    """A re-read fetched before a save but shown after it leaves the screen's data a deal
    behind its log; the next patch must update that row, not add it again (DuplicateKey
    crashed the app when deals were typed ahead)."""
    _, table_id = seed(tally, deals=2)

    async def flow() -> None:
        app = app_for(tally, tmp_path, live=False)
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_first_table(pilot)
            assert isinstance(screen, TableScreen)
            before = screen.fetch()  # the re-read, fetched before the save lands
            last = tally.deals(table_id)[-1]
            tally.add_deal(table_id, {k: v for k, v in (last.outcome or {}).items()
                                      if k != "dealer"})
            screen.patch(screen.fetch(), appended=True)  # the save shows deal 3
            screen.patch(before)  # the stale re-read is shown after it
            screen.patch(screen.fetch())  # the next look: deal 3 again
            await settle(pilot)
            log = screen.query_one("#deals", DataTable)
            assert log.row_count == 3
            assert [d.number for d in screen.data.deals] == [1, 2, 3]  # type: ignore[union-attr]

    asyncio.run(flow())


def test_the_watch_is_closed_only_once_a_look_on_its_way_is_done() -> None:
    """The app closes its watch as it stops, while the live poll's worker may still be asking
    it: the connection must not close under the running look (on SQLite that crashed the
    process with a segmentation fault)."""
    import threading
    from types import SimpleNamespace

    from tui.live import LiveLedger

    asking, answer = threading.Event(), threading.Event()
    order: list[str] = []

    class Watch:
        def changed(self) -> bool:
            asking.set()
            answer.wait(10)
            order.append("looked")
            return False

        def close(self) -> None:
            order.append("closed")

    def stopped(*_: object) -> None:
        raise RuntimeError("the app has stopped")

    db = SimpleNamespace(watch=Watch)
    app = SimpleNamespace(service=SimpleNamespace(db=db), call_from_thread=stopped)
    live = LiveLedger()
    look = threading.Thread(target=live._look, args=(app, db))
    look.start()
    assert asking.wait(10)
    closing = threading.Thread(target=live.close)
    closing.start()
    time.sleep(0.2)  # (the close has asked by now; on a slow machine it only asks later)
    answer.set()
    look.join(10)
    closing.join(10)
    assert order == ["looked", "closed"]
