"""The night, a table and each deal form at 80×24 and 100×30: every number whole (the deal
log's summary gives way; choices wrap between choices, never between a key and its name)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from ledger.service import Tally

from .conftest import app_for, keys, settle, toasts
from .test_snapshots import seed, shoot, table_with

NARROW = [(80, 24), (100, 30)]
SEVEN = [f"P{i}" for i in range(1, 8)]
# Hachi-Hachi rounds: seven seats of nets (the last columns were cut once: −14 for −140)
BIG_ROUNDS: list[dict[str, Any]] = [
    {"indicator": "2C", "declarations": dict.fromkeys(SEVEN, "out")},
    {"indicator": "QS", "declarations": {"P2": "in", "P3": "in", "P4": "out", "P5": "in"},
     "tricks": {"P2": 3, "P3": 2, "P5": 2}, "aces": {"P6": 2}},
]


@pytest.mark.parametrize("size", NARROW, ids=["80x24", "100x30"])
def test_night_narrow(snap_compare: Any, tally: Tally, tmp_path: Path,
                      size: tuple[int, int]) -> None:
    seed(tally)
    assert shoot(snap_compare, tally, tmp_path, "enter", size=size)


@pytest.mark.parametrize("size", NARROW, ids=["80x24", "100x30"])
def test_hachihachi_table_narrow(snap_compare: Any, tally: Tally, tmp_path: Path,
                                 size: tuple[int, int]) -> None:
    table_with(tally, "hachihachi-trick", SEVEN, BIG_ROUNDS)
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter", size=size)


@pytest.mark.parametrize("size", NARROW, ids=["80x24", "100x30"])
def test_crazy_solo_form_narrow(snap_compare: Any, tally: Tally, tmp_path: Path,
                                size: tuple[int, int]) -> None:
    seed(tally)
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter", "a", "s", "2", "c", "4",
                 "7", "3", size=size)


@pytest.mark.parametrize("size", NARROW, ids=["80x24", "100x30"])
def test_hachihachi_form_narrow(snap_compare: Any, tally: Tally, tmp_path: Path,
                                size: tuple[int, int]) -> None:
    table_with(tally, "hachihachi-trick", SEVEN)
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter", "a", "q", "s", "o", "i",
                 "o", "i", "i", "3", "1", "2", "down", "m", size=size)


@pytest.mark.parametrize("size", NARROW, ids=["80x24", "100x30"])
def test_schnapsen_form_narrow(snap_compare: Any, tally: Tally, tmp_path: Path,
                               size: tuple[int, int]) -> None:
    table_with(tally, "schnapsen", ["Dan", "Zoë"])
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter", "a", "c", "1", "7", "0",
                 "tab", "4", "0", size=size)


@pytest.mark.parametrize("size", NARROW, ids=["80x24", "100x30"])
def test_four_hand_form_narrow(snap_compare: Any, tally: Tally, tmp_path: Path,
                               size: tuple[int, int]) -> None:
    table_with(tally, "sixty-six-four", ["Ann", "Bea", "Cid", "Dan"])
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter", "a", "7", "0", size=size)


@pytest.mark.parametrize("size", [(80, 24), (120, 36)], ids=["80x24", "120x36"])
def test_saved_toast_leaves_the_chart_legend(snap_compare: Any, tally: Tally, tmp_path: Path,
                                             size: tuple[int, int],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Just after three saves typed in a row: one toast "Deal saved." (each replaces the
    one before, none piles up), and the chart's legend (its first line) is whole beside it.
    (The toast is kept up longer than the app does, so a loaded machine still shoots it.)"""
    monkeypatch.setattr("tui.screens.table.TOAST_SECONDS", 600.0)

    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        # (All passed three times: the second and third ask first: `y`)
        await keys(pilot, "enter", "enter", "a", "p", "ctrl+s", *["a", "p", "ctrl+s", "y"] * 2)
        assert await toasts(pilot) == ["Deal saved."]
        await settle(pilot)

    seed(tally)
    assert snap_compare(app_for(tally, tmp_path), terminal_size=size, run_before=run_before)
