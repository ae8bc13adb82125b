"""A picture of every screen, compared with the accepted one (`pytest --snapshot-update`
rewrites them; look at the SVGs under __snapshots__ before accepting). Fixed terminal size,
theme (set by the app), clock (conftest) and data."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from ledger.service import Tally

from .conftest import SIZE, app_for, keys, seed, settle, typed

Steps = Callable[[Pilot[Any]], Awaitable[None]]


def shoot(snap_compare: Any, tally: Tally, tmp_path: Path, *pressed: str) -> bool:
    """Open the app, press `pressed`, clear toasts, stop cursors blinking, compare."""

    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await keys(pilot, *pressed)
        pilot.app.clear_notifications()
        for field in pilot.app.screen.query("Input, TextArea"):
            field.cursor_blink = False  # type: ignore[attr-defined]  # no clock on screen
        await settle(pilot)

    return bool(snap_compare(app_for(tally, tmp_path), terminal_size=SIZE,
                             run_before=run_before))


def test_welcome(snap_compare: Any, tally: Tally, tmp_path: Path) -> None:
    assert shoot(snap_compare, tally, tmp_path)


def test_nights(snap_compare: Any, tally: Tally, tmp_path: Path) -> None:
    seed(tally)
    tally.new_night("2024-11-01", "Library annex")
    tally.close_night(tally.nights()[-1].id)
    assert shoot(snap_compare, tally, tmp_path)


def test_new_night_prompt(snap_compare: Any, tally: Tally, tmp_path: Path) -> None:
    seed(tally)
    assert shoot(snap_compare, tally, tmp_path, "n")


def test_roster(snap_compare: Any, tally: Tally, tmp_path: Path) -> None:
    seed(tally)
    tally.add_player("Flo")
    assert shoot(snap_compare, tally, tmp_path, "r")


def test_night(snap_compare: Any, tally: Tally, tmp_path: Path) -> None:
    night, _ = seed(tally)
    for name in ("Flo", "Gus", "Hal"):
        tally.add_player(name)
    second = tally.new_table(night, "crazy-solo", ["Flo", "Gus", "Hal"], "short-pack")
    tally.add_deal(second, {"contract": "alone", "caller": "Gus", "trump": "clubs",
                            "team_points": 70})
    assert shoot(snap_compare, tally, tmp_path, "enter")


def test_new_table_with_the_removal_table(snap_compare: Any, tally: Tally,
                                           tmp_path: Path) -> None:
    seed(tally, deals=0)
    seats = [k for name in ("Ann", "Bea", "Cid", "Dan", "Eve") for k in (*typed(name), "enter")]
    assert shoot(snap_compare, tally, tmp_path, "enter", "n", *seats)


def test_table(snap_compare: Any, tally: Tally, tmp_path: Path) -> None:
    _, table = seed(tally)
    deals = tally.deals(table)
    tally.correct_deal(deals[1].id, {"contract": "alone", "caller": "Cid", "trump": "spades",
                                     "team_points": 88}, reason="recount")
    tally.void_deal(deals[2].id, "misdeal")
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter")


def test_table_running_totals(snap_compare: Any, tally: Tally, tmp_path: Path) -> None:
    seed(tally)
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter", "t")


def test_deal_form_live(snap_compare: Any, tally: Tally, tmp_path: Path) -> None:
    seed(tally)
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter", "a",
                 "s", "2", "c", "a", "h", "enter", "4", "7", "3")


def test_deal_form_error(snap_compare: Any, tally: Tally, tmp_path: Path) -> None:
    seed(tally)
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter", "a",
                 "s", "2", "c", "6", "s", "enter", "4", "7", "3")


def test_correction_form(snap_compare: Any, tally: Tally, tmp_path: Path) -> None:
    seed(tally)
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter", "up", "up", "c")


def test_void_prompt(snap_compare: Any, tally: Tally, tmp_path: Path) -> None:
    seed(tally)
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter", "v", *typed("misdeal"))


def test_undo_question(snap_compare: Any, tally: Tally, tmp_path: Path) -> None:
    seed(tally)
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter", "u")


def test_history(snap_compare: Any, tally: Tally, tmp_path: Path) -> None:
    _, table = seed(tally)
    last = tally.deals(table)[-1]
    tally.correct_deal(last.id, {**(last.outcome or {}), "team_points": 78},
                       reason="recounted", author="Ann")
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter", "h")


def test_help_on_a_table(snap_compare: Any, tally: Tally, tmp_path: Path) -> None:
    seed(tally)
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter", "f1")


