"""TUI fixtures: a migrated database copied per test, a fixed clock, and Pilot helpers.

Tests run the app with `asyncio.run` (no async plugin needed) and wait for the app's
workers (loads, live previews) before asserting.
"""

from __future__ import annotations

import io
import os
import shutil
import time
from collections.abc import Callable, Iterator
from datetime import UTC, date, datetime
from pathlib import Path
from typing import TypeVar

import pytest
from rich.console import Console
from textual.app import App
from textual.pilot import Pilot

from ledger.service import Tally, clock
from tui.app import TallyApp, make_app
from tui.i18n import set_language
from tui.screens.table import TableScreen
from tui.settings import Settings

F = TypeVar("F")
SIZE = (100, 32)
TODAY = date(2024, 11, 15)
NOW = datetime(2024, 11, 15, 20, 30, tzinfo=UTC)
FIVE = ["Ann", "Bea", "Cid", "Dan", "Eve"]
# A short Crazy Solo evening at five seats (deal JSON as the calc contract has it).
DEALS = [
    {"contract": "solo", "caller": "Bea", "trump": "clubs", "called_card": "AH",
     "partner": "Dan", "team_points": 73},
    {"contract": "alone", "caller": "Cid", "trump": "spades", "team_points": 82},
    {"contract": "pass"},
    {"contract": "heart-solo", "caller": "Eve", "trump": "hearts", "called_card": "AS",
     "partner": "Ann", "team_points": 52},
    {"contract": "solo", "caller": "Dan", "trump": "diamonds", "partner": "Bea",
     "gang_points": 32},
    {"contract": "alone", "caller": "Ann", "trump": "hearts", "team_points": 58},
]


@pytest.fixture(scope="session")
def template_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An empty, migrated database, made once (migrations are the slow part)."""
    path = tmp_path_factory.mktemp("template") / "empty.sqlite3"
    Tally.open(path).db.dispose()
    return path


@pytest.fixture
def tui_db(tmp_path: Path, template_db: Path) -> Path:
    path = tmp_path / "club.sqlite3"
    shutil.copy(template_db, path)
    return path


ZONE = "CET-1"  # the local time zone the app shows times in: UTC+1, a POSIX rule (no
# time-zone database needed), so 20:30 UTC reads 21:30 on every machine


@pytest.fixture(autouse=True)
def fixed_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Stored times and the local time zone are fixed, so history screens look the same on
    every run."""
    monkeypatch.setattr(clock, "now", lambda: NOW)
    set_language("en")
    was = os.environ.get("TZ")
    os.environ["TZ"] = ZONE
    time.tzset()
    yield
    if was is None:
        os.environ.pop("TZ", None)
    else:
        os.environ["TZ"] = was
    time.tzset()


@pytest.fixture
def tally(tui_db: Path) -> Tally:
    return Tally.open(tui_db)


def seed(tally: Tally, deals: int = len(DEALS)) -> tuple[int, int]:
    """A night with one five-seat Crazy Solo table and `deals` deals; (night id, table id)."""
    for name in FIVE:
        tally.add_player(name)
    night = tally.new_night(TODAY.isoformat(), "The Crown")
    table = tally.new_table(night, "crazy-solo", FIVE)
    if deals:
        tally.add_deals(table, DEALS[:deals])
    return night, table


def app_for(tally: Tally, tmp_path: Path | None = None, **options: object) -> TallyApp:
    """The app on `tally`; with `tmp_path`, the demo, exports and settings live there."""
    if tmp_path is not None:
        options.setdefault("demo_path", tmp_path / "demo" / "demo.sqlite3")
        options.setdefault("exports_dir", tmp_path / "exports")
        options.setdefault("settings", Settings(tmp_path / "config" / "settings.json"))
    return make_app(tally, today=lambda: TODAY, **options)


async def settle(pilot: Pilot[object]) -> None:
    """Let messages, workers (loads, previews) and their callbacks all finish: until a pause
    leaves no worker going (a callback may start the next one, e.g. a load then a fill), twice
    in a row: a worker's answer posted back from its thread may start the next one only after
    the first quiet pause (a delete, then the night read, then going back)."""
    quiet = 0
    from textual.worker import WorkerCancelled

    for _ in range(20):
        try:
            await pilot.app.workers.wait_for_complete()
        except WorkerCancelled:  # a screen left meanwhile cancels its load: nothing to wait for
            pass
        await pilot.pause()
        quiet = quiet + 1 if all(worker.is_finished for worker in pilot.app.workers) else 0
        if quiet == 2:
            return


async def steady(pilot: Pilot[object], seconds: float = 10) -> None:
    """`until` the screen drawn twice, a moment apart, is the same drawing: what a snapshot
    takes. On a loaded machine a frame can still be on its way after `settle`'s quiet
    pauses (a dialog's screen behind it, a footer's keys)."""
    drawn: list[str] = []

    def same() -> bool:
        drawn.append(pilot.app.export_screenshot())
        return len(drawn) > 1 and drawn[-1] == drawn[-2]

    await until(pilot, same, seconds)


@pytest.fixture
def snap_compare(snap_compare: Callable[..., bool]) -> Callable[..., bool]:
    """pytest-textual-snapshot's `snap_compare`, taking its picture once the screen is
    `steady` after `run_before`."""

    def compare(app: App[object], *args: object, run_before: Callable[..., object] | None = None,
                **kwargs: object) -> bool:
        async def before(pilot: Pilot[object]) -> None:
            if run_before is not None:
                result = run_before(pilot)
                if result is not None:
                    await result  # type: ignore[misc]
            await steady(pilot)

        return snap_compare(app, *args, run_before=before, **kwargs)

    return compare


async def until(pilot: Pilot[object], ready: Callable[[], bool], seconds: float = 20) -> None:
    """Settle until `ready()` holds, or `seconds` have passed (the assertions after it say
    what is wrong then): on a loaded machine, a worker's answer and the frame drawing it can
    come after `settle` has seen two quiet pauses."""
    deadline = time.monotonic() + seconds
    await settle(pilot)
    while not ready() and time.monotonic() < deadline:
        await pilot.pause(0.05)
        await settle(pilot)


async def keys(pilot: Pilot[object], *pressed: str) -> None:
    """Press keys one by one, each after the work of the one before (a live preview, a
    load) is done, as a person would; then let the app settle."""
    for key in pressed:
        await pilot.press(key)
        await pilot.app.workers.wait_for_complete()
    await settle(pilot)


async def toasts(pilot: Pilot[object], severity: str | None = None) -> list[str]:
    """The toasts the screen draws now, by their words (of `severity` only, if given): the
    Toast widgets of the screen's toast rack, as a person sees them. The app must run with
    `run_test(notifications=True)` (Textual leaves toasts out of tests otherwise)."""
    await pilot.pause()  # the rack shows the app's notifications after the message that said one
    return [str(t.render()) for t in pilot.app.screen.query("Toast")
            if severity is None or t.has_class(f"-{severity}")]


async def open_first_table(pilot: Pilot[object]) -> TableScreen:
    """From the nights screen: open the first night and its first table."""
    await settle(pilot)
    await keys(pilot, "enter", "enter")
    table = pilot.app.screen
    assert isinstance(table, TableScreen)
    return table


async def open_first_deal_form(pilot: Pilot[object], form_type: type[F]) -> F:
    """From the nights screen: open the first night, its first table, and a new deal's form
    (which must be a `form_type`)."""
    await open_first_table(pilot)
    await keys(pilot, "a")
    form = pilot.app.screen
    assert isinstance(form, form_type)
    return form


def typed(text: str) -> list[str]:
    """The key names that type `text`."""
    names = {" ": "space", "-": "minus", ".": "full_stop", ",": "comma", "?": "question_mark"}
    return [names.get(ch, ch) for ch in text]


def screen_text(app: App[object]) -> str:
    """What the screen shows, as plain text (the screenshot's console, to text)."""
    console = Console(width=app.size.width, height=app.size.height, file=io.StringIO(),
                      force_terminal=True, color_system="truecolor", record=True,
                      legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(
        full=True, screen_stack=app._background_screens))
    return console.export_text()


def screen_lines(app: App[object]) -> list[str]:
    """What the screen shows, line by line, as plain text."""
    return screen_text(app).splitlines()
