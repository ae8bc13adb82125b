"""Hachi-Hachi on the table screen: each player's chips (start chips + net so far), the
rounds left, and the final ranking once the game is over: folded from the stored rounds."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual.widgets import DataTable, Static

from ledger.service import Tally

from .conftest import SIZE, TODAY, app_for, open_first_table

FIVE = [f"P{i}" for i in range(1, 6)]
# Example B of the rules (nets P1 −4, P2 +5, P3 −2, P4 −3, P5 +4), then a round nobody is in
EXAMPLE_B: dict[str, Any] = {
    "indicator": "7H", "start_player": "P2", "split": True,
    "declarations": {"P2": "in", "P3": "out", "P4": "out", "P5": "in", "P1": "out"}}
NOBODY = {"indicator": "2C", "start_player": "P1", "declarations": dict.fromkeys(FIVE, "out")}


def hh_table(tally: Tally, preset: str = "default", rounds: int | None = None) -> int:
    for name in FIVE:
        tally.add_player(name)
    night = tally.new_night(TODAY.isoformat(), "The Crown")
    return tally.new_table(night, "hachihachi-trick", FIVE, preset,
                           {"rounds": rounds} if rounds else None)


def board(screen: Any) -> tuple[str, list[list[str]]]:
    totals = screen.query_one("#totals", DataTable)
    title = str(screen.query_one("#totals-title", Static).render())
    heads = [str(c.label) for c in totals.ordered_columns]
    return title, [heads] + [[str(c) for c in totals.get_row_at(i)]
                             for i in range(totals.row_count)]


def run(tally: Tally, tmp_path: Path) -> tuple[str, list[list[str]]]:
    seen: dict[str, Any] = {}

    async def flow() -> None:
        async with app_for(tally, tmp_path).run_test(size=SIZE) as pilot:
            seen["board"] = board(await open_first_table(pilot))

    asyncio.run(flow())
    return seen["board"]


def test_chips_and_rounds_left(tally: Tally, tmp_path: Path) -> None:
    table = hh_table(tally)
    tally.add_deals(table, [EXAMPLE_B, NOBODY])
    title, rows = run(tally, tmp_path)
    assert title == "Chips · rounds left: 10"
    assert rows == [["#", "Player", "Chips", "Net"],
                    ["1", "P2", "55", "+5"], ["2", "P5", "54", "+4"],
                    ["3", "P3", "48", "−2"], ["4", "P4", "47", "−3"],
                    ["5", "P1", "46", "−4"]]


def test_final_ranking_when_the_game_ends(tally: Tally, tmp_path: Path) -> None:
    """A two-round game: after the second round the panel is the final ranking; equal
    chips share a place."""
    table = hh_table(tally, rounds=2)
    tally.add_deals(table, [NOBODY, NOBODY])
    assert tally.table(table).status["finished"]
    title, rows = run(tally, tmp_path)
    assert title == "Final ranking"
    assert rows[1:] == [[str(1), name, "50", "0"] for name in FIVE]


def test_the_scoreboard_follows_a_correction(tally: Tally, tmp_path: Path) -> None:
    """Derived from the fold: voiding the round puts everyone back at the start chips."""
    table = hh_table(tally)
    tally.add_deals(table, [EXAMPLE_B])
    tally.void_deal(tally.deals(table)[0].id, "misdeal")
    board_now = tally.scoreboard(table)
    assert board_now is not None
    assert board_now.rounds_left == 12
    assert [(r.player, r.chips) for r in board_now.rows] == [(n, 50) for n in FIVE]
    assert tally.scoreboard(hh_table_other(tally)) is None


def hh_table_other(tally: Tally) -> int:
    """A Crazy Solo table at the same night: not played for a stack of rounds."""
    return tally.new_table(tally.nights()[0].id, "crazy-solo", FIVE)
