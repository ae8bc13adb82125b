"""The deal form on a connection lost mid-save, against the real PostgreSQL:
the form says "connection lost while saving — checking…" while its worker asks the
database, by the form's key, whether the save went through (the app keeps drawing: its
timers tick), then "deal 1 was saved" or "deal 1 was not saved — Save again"; a second
Save is saved once either way. Never a traceback."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static

from ledger.service import Tally
from tests.test_lost_save import cut_once, kill_backend
from tui.forms.crazy_solo import CrazySoloForm
from tui.screens.table import TableScreen

from .conftest import SIZE, app_for, open_first_deal_form, seed, settle
from .test_type_ahead import burst

CHECKING = "connection lost while saving — checking…"


async def status_becomes(pilot: Any, form: CrazySoloForm, text: str) -> None:
    for _ in range(600):  # a bound, not a timing: a loaded machine only makes it slower
        if str(form.query_one("#form-status", Static).render()) == text:
            return
        await pilot.pause(0.05)
    raise AssertionError(str(form.query_one("#form-status", Static).render()))


def run(tally: Tally, tmp_path: Path, table: int, expect: str,
        down: threading.Event | None = None) -> None:
    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            form = await open_first_deal_form(pilot, CrazySoloForm)
            await burst(pilot, "p")  # all passed: a deal that can be saved
            ticks_down: list[bool] = []  # the app's timer, while the server is stopped
            app.set_interval(0.05, lambda: ticks_down.append(bool(down and down.is_set())))
            await pilot.press("ctrl+s")
            if down is not None:  # said while the server is stopped (else it may be brief)
                await status_becomes(pilot, form, CHECKING)
            await status_becomes(pilot, form, expect)
            if down is not None:  # the save's worker waited for the server; the app did not
                assert ticks_down.count(True) >= 10
            assert app.screen is form
            saved = len(tally.deals(table))
            await pilot.press("ctrl+s")  # saved once, whichever it was
            await settle(pilot)
            assert isinstance(app.screen, TableScreen)
            [deal] = tally.deals(table)
            assert saved == (1 if "was saved" in expect else 0)
            assert deal.number == 1 and deal.outcome["contract"] == "pass"

    asyncio.run(flow())


def test_the_server_stopped_after_commit_the_form_says_the_deal_was_saved(
        pg_cluster: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tally = Tally.open(pg_cluster.new_database())
    _, table = seed(tally, deals=0)
    down = threading.Event()
    back = threading.Timer(2.0, lambda: (pg_cluster.start_server(), down.clear()))

    def stop(session: Any) -> None:
        pg_cluster.stop_server()
        down.set()
        back.start()

    cut_once(monkeypatch, "answer", stop)
    try:
        run(tally, tmp_path, table, "deal 1 was saved", down)
    finally:
        back.join()
        tally.db.dispose()


def test_the_line_cut_before_commit_the_form_says_not_saved_and_saves_again(
        pg_cluster: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tally = Tally.open(pg_cluster.new_database())
    _, table = seed(tally, deals=0)
    cut_once(monkeypatch, "commit", kill_backend)
    try:
        run(tally, tmp_path, table, "deal 1 was not saved — Save again")
    finally:
        tally.db.dispose()
