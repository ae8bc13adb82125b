"""No store call on the app's thread once a screen has loaded: the
service the app is given records every call made on the event loop's thread (its
database's too) from the moment the first screen has shown; the main flows are then
driven by keys, and nothing may have been recorded. Each read and write runs in a thread
worker that posts its answer back."""

from __future__ import annotations

import asyncio
import sys
import threading
from pathlib import Path
from typing import Any

from ledger.service import Tally
from tui.forms.crazy_solo import CrazySoloForm
from tui.forms.new_table import NewTableModal
from tui.forms.prompt import ConfirmModal, PromptModal
from tui.screens.history import HistoryScreen
from tui.screens.night import NightScreen
from tui.screens.nights import NightsScreen
from tui.screens.roster import RosterScreen
from tui.screens.season import SeasonScreen
from tui.screens.settlement import SettlementScreen
from tui.screens.table import TableScreen

from .conftest import SIZE, app_for, keys, seed, settle, typed


def caller() -> str:
    """Where in the app the call was made (its innermost `tui` frame)."""
    frame = sys._getframe(2)
    while frame is not None and "/tui/" not in frame.f_code.co_filename:
        frame = frame.f_back  # type: ignore[assignment]
    if frame is None:
        return "?"
    return f"{Path(frame.f_code.co_filename).name}:{frame.f_lineno} {frame.f_code.co_name}"


class Calls:
    """Store calls made on the app's thread while `armed`."""

    def __init__(self) -> None:
        self.armed = False
        self.on_ui_thread: list[str] = []
        self.made: set[str] = set()  # every call made while armed, on any thread


class Watched:
    """`target` (the service, its database) as the app sees it, every call noted."""

    def __init__(self, target: Any, calls: Calls, name: str) -> None:
        self._target, self._calls, self._name = target, calls, name
        self._db: Watched | None = None

    def __getattr__(self, attr: str) -> Any:
        value = getattr(self._target, attr)
        if attr == "db":  # (one wrapper: the app compares it with the one it saw)
            if self._db is None or self._db._target is not value:
                self._db = Watched(value, self._calls, f"{self._name}.db")
            return self._db
        if not callable(value):
            return value
        calls, name = self._calls, f"{self._name}.{attr}"

        def call(*args: Any, **kwargs: Any) -> Any:
            if calls.armed:
                calls.made.add(name)
                if threading.current_thread() is threading.main_thread():
                    calls.on_ui_thread.append(f"{name} (from {caller()})")
            answer = value(*args, **kwargs)
            if attr == "watch":  # the live poll's watch: its looks are store calls too
                return Watched(answer, calls, name)
            return answer

        return call


def test_no_store_call_on_the_app_s_thread_after_a_screen_has_loaded(
        tally: Tally, tmp_path: Path) -> None:
    night, _ = seed(tally, deals=3)
    calls = Calls()
    service = Watched(tally, calls, "service")

    async def flow() -> None:
        app = app_for(service, tmp_path)  # type: ignore[arg-type]
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, NightsScreen)
            calls.armed = True  # the first screen has loaded: from now on, workers only
            await keys(pilot, "enter")  # the night
            assert isinstance(app.screen, NightScreen)
            await keys(pilot, "enter")  # its table
            assert isinstance(app.screen, TableScreen)
            await keys(pilot, "a")  # a new deal, saved
            assert isinstance(app.screen, CrazySoloForm)
            await keys(pilot, "p", "enter", "y")  # (All passed again: asked first)
            assert isinstance(app.screen, TableScreen)
            await keys(pilot, "up", "c")  # a correction: opened, then left unchanged
            assert isinstance(app.screen, CrazySoloForm)
            await keys(pilot, "escape")
            assert isinstance(app.screen, TableScreen)
            await keys(pilot, "h")  # the deal's history
            assert isinstance(app.screen, HistoryScreen)
            assert app.screen.revisions
            await keys(pilot, "escape", "v", *typed("misdeal"), "enter")  # a void
            assert isinstance(app.screen, TableScreen)
            await keys(pilot, "u", "y")  # an undo
            assert isinstance(app.screen, TableScreen)
            await keys(pilot, "escape", "s")  # the settlement: re-planned, exported
            assert isinstance(app.screen, SettlementScreen)
            await keys(pilot, "p", "enter")  # a payment: the plan is kept from now on
            await keys(pilot, "R", "e")
            assert list((tmp_path / "exports").iterdir())
            await keys(pilot, "escape", "n")  # a new table: a new member added from its box
            assert isinstance(app.screen, NewTableModal)
            await keys(pilot, *typed("Gus"), "enter")
            assert app.screen.seats == ["Gus"]
            await keys(pilot, "escape", "y")
            await keys(pilot, "r", "a", *typed("Flo"), "enter")  # the roster: a member added
            assert isinstance(app.screen, RosterScreen)
            await keys(pilot, "escape", "escape", "s")  # the season
            assert isinstance(app.screen, SeasonScreen)
            await keys(pilot, "escape", "n")  # a new night, from the nights screen
            assert isinstance(app.screen, PromptModal)
            await keys(pilot, "enter", *typed("Crown"), "enter")
            assert isinstance(app.screen, NightScreen)
            await asyncio.sleep(2.5)  # the live poll and the file check have looked
            await settle(pilot)
            assert not isinstance(app.screen, ConfirmModal)
            await keys(pilot, "escape", "d", "y")  # the new night, deleted (it is empty)
            assert isinstance(app.screen, NightsScreen)
            assert [n.id for n in tally.nights()] == [night]
            await keys(pilot, "c", "y")  # the first night, closed (unpaid: asked first)
            assert [n.closed for n in tally.nights()] == [True]
            calls.armed = False  # the app stops: closing its connections is not a wait
        assert {p.name for p in tally.players()} >= {"Gus", "Flo"}
        # the flows did reach the store (in workers)
        assert {"service.add_deal", "service.status_before", "service.void_deal",
                "service.undo_last", "service.pay", "service.replan", "service.export",
                "service.add_player", "service.new_night", "service.db.watch.changed",
                "service.db.changed",
                "service.delete_night", "service.settlement",
                "service.close_night_settled", "service.history"} <= calls.made, sorted(calls.made)
        assert calls.on_ui_thread == [], "\n".join(calls.on_ui_thread)

    asyncio.run(flow())
