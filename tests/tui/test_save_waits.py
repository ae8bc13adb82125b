"""A save waits for the ledger's write lock off the app's thread: while
another process holds the lock (here for 5 s, as a `tally serve` device's long write might),
the app keeps drawing and its timers tick, the form says "Saving…", and the deal is saved
once the lock is released."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from itertools import pairwise
from pathlib import Path

from textual.widgets import Static

from ledger.service import Tally
from tui.forms.crazy_solo import CrazySoloForm
from tui.screens.table import TableScreen

from .conftest import SIZE, app_for, open_first_deal_form, seed, settle
from .test_type_ahead import burst

HOLD = 5.0  # seconds the other process keeps the write lock

LOCKER = """
import sqlite3, sys, time
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN IMMEDIATE")
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
conn.execute("COMMIT")
"""


def test_a_save_behind_another_process_s_write_lock_keeps_the_app_drawing(
        tally: Tally, tui_db: Path, tmp_path: Path) -> None:
    _, table = seed(tally, deals=0)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            form = await open_first_deal_form(pilot, CrazySoloForm)
            await burst(pilot, "p")  # all passed: a deal that can be saved
            ticks: list[float] = []
            loop = asyncio.get_running_loop()
            app.set_interval(0.05, lambda: ticks.append(loop.time()))
            locker = subprocess.Popen([sys.executable, "-c", LOCKER, str(tui_db), str(HOLD)],
                                      stdout=subprocess.PIPE, text=True)
            try:
                assert locker.stdout is not None and locker.stdout.readline() == "locked\n"
                started = loop.time()
                await pilot.press("ctrl+s")
                await pilot.pause(1.0)
                # a second in: the lock is still held, the save waits, the app does not
                assert app.screen is form and form.saving
                assert str(form.query_one("#form-status", Static).render()) == "Saving…"
                assert tally.deals(table) == []
                await asyncio.to_thread(locker.wait, 30)
                await settle(pilot)
                await burst(pilot)
            finally:
                locker.kill()
            ended = loop.time()
            assert ended - started >= HOLD - 0.5  # it did wait for the lock
            assert isinstance(app.screen, TableScreen)
            [deal] = tally.deals(table)
            assert deal.outcome is not None and deal.outcome["contract"] == "pass"
            # the timer ticked all through the wait (20 a second): no gap near the 5 s a UI
            # thread blocked on the lock leaves
            during = [started, *(t for t in ticks if started <= t <= ended), ended]
            assert max(b - a for a, b in pairwise(during)) < HOLD / 2

    asyncio.run(flow())
