"""Writers at once on one PostgreSQL server, beside `test_engines`' races at one
table: two venues, each with two hosts, recording at their own tables keep every table's
deal numbers contiguous (none doubled, none lost), and two processes correcting one deal
at once, both from the revision they read, have one winner per revision: the other is told
the deal just changed (`StaleDeal`, with the revision it is now), and nothing of its
correction is kept. `check` (the whole ledger replayed) finds nothing half-written.

The processes are forked and released by one barrier, as in `test_engines`.
"""

from __future__ import annotations

import multiprocessing
from typing import Any

import pytest

from ledger.domain.conflicts import StaleDeal
from ledger.service import Tally

from .test_engines import FIVE, SOLO

DEALS = 12  # each host's
ROUNDS = 6  # corrections raced


def _processes(target: Any, arg_lists: list[tuple[Any, ...]]) -> list[Any]:
    """`target(barrier, results, *args)` for each args, released together; what each
    process put (one item each), in the order they finished."""
    ctx = multiprocessing.get_context("fork")
    barrier, results = ctx.Barrier(len(arg_lists)), ctx.Queue()
    procs = [ctx.Process(target=target, args=(barrier, results, *args)) for args in arg_lists]
    for p in procs:
        p.start()
    got = [results.get(timeout=180) for _ in procs]
    for p in procs:
        p.join(timeout=60)
        assert p.exitcode == 0
    return got


def _host(barrier: Any, results: Any, location: str, table: int) -> None:
    service = Tally.open(location)
    barrier.wait(timeout=30)
    results.put((table, [service.deal(service.add_deal(
        table, {**SOLO, "team_points": 60 + i})).number for i in range(DEALS)]))


@pytest.mark.parametrize("engine", ["postgresql"])
def test_two_venues_writing_at_once_keep_each_table_s_numbers_contiguous(
        db_path: str, engine: str) -> None:
    service = Tally.open(db_path)
    service.add_players(FIVE)
    tables = [service.new_table(service.new_night("2026-11-29", venue), "crazy-solo", FIVE)
              for venue in ("Hall A", "Café Nord")]
    service.db.dispose()  # nothing of the parent's pool crosses the fork
    got = _processes(_host, [(db_path, t) for t in tables for _host_of_venue in range(2)])
    for table in tables:
        numbers = sorted(n for at, each in got if at == table for n in each)
        assert [d.number for d in service.deals(table)] == list(range(1, 2 * DEALS + 1))
        assert numbers == list(range(1, 2 * DEALS + 1))  # each host saw its own numbers
    assert service.check() == []


def _corrector(barrier: Any, results: Any, location: str, deal: int) -> None:
    service = Tally.open(location)
    said = []
    for round_ in range(ROUNDS):
        seen = service.history(deal)[-1].revision  # what this host's form opened
        barrier.wait(timeout=30)  # both have read before either writes
        try:
            service.correct_deal(deal, {**SOLO, "team_points": 40 + round_},
                                 reason=f"recount {round_}", expect_revision=seen)
            said.append(("won", seen))
        except StaleDeal as exc:
            said.append(("stale", seen, exc.revision))
        barrier.wait(timeout=30)  # the round is over: both read it next
    results.put(said)


@pytest.mark.parametrize("engine", ["postgresql"])
def test_two_processes_correcting_one_deal_at_once_have_one_winner_per_revision(
        db_path: str, engine: str) -> None:
    service = Tally.open(db_path)
    service.add_players(FIVE)
    table = service.new_table(service.new_night("2026-11-29", "Hall A"), "crazy-solo", FIVE)
    deal, *later = [service.add_deal(table, {**SOLO, "team_points": p}) for p in (73, 61, 88)]
    service.db.dispose()
    a, b = _processes(_corrector, [(db_path, deal), (db_path, deal)])
    for round_, (x, y) in enumerate(zip(a, b, strict=True)):
        assert x[1] == y[1] == round_ + 1  # both opened the same revision
        assert sorted([x[0], y[0]]) == ["stale", "won"], (x, y)
        loser = x if x[0] == "stale" else y
        assert loser[2] == round_ + 2  # told the revision it is now
    history = service.history(deal)
    assert [h.revision for h in history] == list(range(1, ROUNDS + 2))
    assert [h.kind for h in history] == ["record"] + ["correct"] * ROUNDS
    assert [h.reason for h in history[1:]] == [f"recount {r}" for r in range(ROUNDS)]
    assert service.deals(table)[0].outcome["team_points"] == 40 + ROUNDS - 1
    assert [d.number for d in service.deals(table)] == [1, 2, 3] and len(later) == 2
    assert service.check() == []
