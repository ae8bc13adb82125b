"""Benchmark, not a test: `python -m tests.bench_board [--deals N]`.

A table of 200,000 deals (everyone passed: the cheapest deal to record, the same rows to
read as any other); the board's read (`tui.serve.board.read_board`, what every board
refresh costs the server) against the whole-table read it made before (every deal of
every table, for the last six and a count), and the table screen's read (`TableScreen.
fetch`). Prints one table: seconds (best of 3) and the peak of Python's allocations.
"""

from __future__ import annotations

import argparse
import gc
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ledger.service import Tally

SEATS = ["Ann", "Bea", "Chie", "Dan", "Eve"]
BATCH = 5000


def build(path: Path, deals: int) -> tuple[Tally, int, int]:
    service = Tally.open(path)
    service.add_players(SEATS)
    night = service.new_night("2026-12-01", "Club")
    table = service.new_table(night, "crazy-solo", SEATS)
    for start in range(0, deals, BATCH):
        service.add_deals(table, [{"contract": "pass"}] * min(BATCH, deals - start))
    return service, night, table


def measure(work: Callable[[], Any]) -> tuple[float, float]:
    best = float("inf")
    peak = 0
    for _ in range(3):
        gc.collect()
        tracemalloc.start()
        started = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - started)
        peak = max(peak, tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
    return best, peak / 2**20


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=200_000)
    args = parser.parse_args()
    from ledger.service.scoreboard import running_totals
    from tui.screens.table import TableScreen
    from tui.serve.board import RECENT, read_board

    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        service, night, table = build(Path(folder) / "big.sqlite3", args.deals)
        built = time.perf_counter() - started

        def board_before() -> None:  # what read_board read before: every deal, then 6
            for t in service.night(night).tables:
                deals = service.deals(t.id)
                _ = (len(deals), deals[-RECENT:])
            service.standings(night_id=night)

        def screen_before() -> None:  # what TableScreen.fetch read before: every deal
            t = service.table(table)
            deals = service.deals(table)
            running_totals(t.seats, deals)
            service.standings(table_id=table)

        def screen() -> None:
            TableScreen(table).fetch(service)

        rows = [("board refresh, whole table read (before)", *measure(board_before)),
                ("board refresh, read_board (now)", *measure(lambda: read_board(service, night))),
                ("table screen, whole table read (before)", *measure(screen_before)),
                ("table screen, TableScreen.fetch (now)", *measure(screen))]
    print(f"{args.deals:,} deals at one table (built in {built:.1f} s)")
    print(f"{'what':<44} {'seconds':>8} {'peak MiB':>9}")
    for what, seconds, mib in rows:
        print(f"{what:<44} {seconds:>8.3f} {mib:>9.1f}")


if __name__ == "__main__":
    main()
