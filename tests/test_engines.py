"""Several venues at once on one PostgreSQL server: processes released together
at one table keep the write path's guarantees, a save at one venue reaches another venue's
watch (LISTEN/NOTIFY) within a second, and what the store reads on each engine comes out
as the same records, field by field.

The processes are forked and wait on one barrier, so they open their transactions within
microseconds of each other; without the ledger's write lock (postgres/db.py) two would read
the same next deal number and one would fail on the unique (table, number) instead of being
told the deal was just recorded elsewhere.
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import time
from typing import Any

import pytest

from ledger.domain.conflicts import StaleDeal
from ledger.domain.rules import RuleError
from ledger.service import Tally
from ledger.store import repo
from ledger.store.rows import Checkpoint, DealRow

FIVE = ["Ann", "Bea", "Chie", "Dan", "Eve"]
SOLO = {"contract": "solo", "caller": "Bea", "partner": "Dan", "trump": "clubs",
        "team_points": 73}
RACERS = 4


def _club(location: Any) -> tuple[Tally, int]:
    service = Tally.open(location)
    for name in FIVE:
        service.add_player(name)
    return service, service.new_table(service.new_night("2026-11-29", "Hall A"), "crazy-solo",
                                      FIVE)


def _race(target: Any, *args: Any) -> list[str]:
    """`target(barrier, results, *args)` in RACERS processes released together; what each
    put in `results`, sorted."""
    ctx = multiprocessing.get_context("fork")
    barrier, results = ctx.Barrier(RACERS), ctx.Queue()
    procs = [ctx.Process(target=target, args=(barrier, results, *args)) for _ in range(RACERS)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(timeout=120)
        assert p.exitcode == 0
    return sorted(results.get(timeout=5) for _ in procs)


def _record_deal_one(barrier: Any, results: Any, location: str, table: int) -> None:
    service = Tally.open(location)
    barrier.wait(timeout=30)
    try:
        results.put(f"saved {service.deal(service.add_deal(table, SOLO, expect_number=1)).number}")
    except StaleDeal as exc:
        results.put(f"stale: {exc} (next {exc.next_number})")
    except RuleError as exc:  # anything else is a failure of the write path
        results.put(f"error {exc}")


@pytest.mark.parametrize("engine", ["postgresql"])
def test_four_venues_saving_deal_1_at_once_record_it_once(db_path: str, engine: str) -> None:
    service, table = _club(db_path)
    service.db.dispose()
    got = _race(_record_deal_one, db_path, table)
    assert got == ["saved 1"] + ["stale: deal: 1 was just recorded on another device (next 2)"
                                 ] * (RACERS - 1), got
    assert [d.number for d in service.deals(table)] == [1]


def _record_ten(barrier: Any, results: Any, location: str, table: int) -> None:
    service = Tally.open(location)
    barrier.wait(timeout=30)
    numbers = [service.deal(service.add_deal(table, {**SOLO, "team_points": 60 + i})).number
               for i in range(10)]
    results.put(",".join(map(str, numbers)))


def _correct_first(barrier: Any, results: Any, location: str, deal: int) -> None:
    service = Tally.open(location)
    barrier.wait(timeout=30)
    for points in (40, 90, 52):
        service.correct_deal(deal, {**SOLO, "team_points": points}, reason="recount")
    results.put("corrected")


@pytest.mark.parametrize("engine", ["postgresql"])
def test_four_processes_at_one_table_number_every_deal_once(db_path: str, engine: str) -> None:
    service, table = _club(db_path)
    service.db.dispose()
    got = _race(_record_ten, db_path, table)
    numbers = sorted(int(n) for line in got for n in line.split(","))
    assert numbers == list(range(1, 10 * RACERS + 1))  # none doubled, none lost
    deals = service.deals(table)
    assert [d.number for d in deals] == list(range(1, 10 * RACERS + 1))
    assert service.check() == []


@pytest.mark.parametrize("engine", ["postgresql"])
def test_a_correction_racing_new_deals_re_settles_them_in_its_transaction(
        db_path: str, engine: str) -> None:
    """Three processes record while one corrects deal 1 three times: every correction
    re-settles the deals after it as they stand when it commits, so `check` (which replays
    the whole table) finds nothing stale."""
    service, table = _club(db_path)
    first = service.add_deal(table, SOLO)
    service.db.dispose()
    ctx = multiprocessing.get_context("fork")
    barrier, results = ctx.Barrier(RACERS), ctx.Queue()
    procs = [ctx.Process(target=_correct_first, args=(barrier, results, db_path, first))]
    procs += [ctx.Process(target=_record_ten, args=(barrier, results, db_path, table))
              for _ in range(RACERS - 1)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(timeout=120)
        assert p.exitcode == 0
    assert len(service.deals(table)) == 1 + 10 * (RACERS - 1)
    assert service.deals(table)[0].outcome["team_points"] == 52
    assert service.check() == []


@pytest.mark.parametrize("engine", ["postgresql"])
def test_a_save_at_one_venue_reaches_another_venue_s_watch_within_a_second(
        db_path: str, engine: str) -> None:
    venue_a, table = _club(db_path)
    venue_b = Tally.open(db_path)  # another host: its own connections
    watch = venue_b.db.watch()
    try:
        assert not watch.changed()  # the first look: LISTEN
        assert not watch.changed()
        venue_a.add_deal(table, SOLO)
        start = time.monotonic()
        while not watch.changed():
            assert time.monotonic() - start < 1.0, "no NOTIFY within 1 s"
            time.sleep(0.01)
        assert not watch.changed()
        with venue_b._read() as s:  # what the board reads again
            assert [r.number for r in repo.current_revisions(session=s, table_id=table)] == [1]
    finally:
        watch.close()


def test_every_select_s_columns_are_its_record_s_fields(crazy_table: tuple[Tally, int]
                                                        ) -> None:
    """Each query that makes DealRow or Checkpoint records names exactly the record's
    fields (on both engines: `engine` is parametrized for this module), and the values land
    in the fields their columns name."""
    service, table = crazy_table
    deal = service.add_deal(table, SOLO)
    service.correct_deal(deal, {**SOLO, "team_points": 52}, reason="recount", author="Ann")
    with service._read() as s:
        rows = [*repo.current_revisions(session=s, table_id=table),
                repo.current_revision_of(session=s, deal_id=deal),
                *repo.revisions_of(session=s, deal_id=deal)]
        marks = [repo.last_checkpoint(session=s, table_id=table)]
        none_before = repo.checkpoint_before(session=s, table_id=table, number=1)
        raw = s.execute("SELECT d.id, d.number, r.id, r.seq, r.kind, r.author, r.reason, "
                        "d.table_id FROM deal d JOIN revision r ON r.deal_id = d.id "
                        "ORDER BY r.id").fetchall()
    assert none_before is None
    assert all(isinstance(r, DealRow) for r in rows)
    assert all(isinstance(m, Checkpoint) for m in marks)
    by_field = [(r.deal_id, r.number, r.revision_id, r.seq, r.kind, r.author, r.reason,
                 r.table_id) for r in rows[2:]]
    assert by_field == [tuple(x) for x in raw]
    assert rows[0] == rows[1] == rows[3]
    assert (rows[0].kind, rows[0].seq, rows[0].author) == ("correct", 2, "Ann")
    assert rows[0].created_at.endswith(tuple("0123456789")) and len(rows[0].created_at) == 26
    assert marks[0].deal_id == deal and marks[0].number == 1 and marks[0].played == 1


def test_a_record_refuses_a_query_whose_columns_drifted() -> None:
    from ledger.store.rows import maker

    @dataclasses.dataclass(frozen=True)
    class Two:
        a: int
        b: str

    assert maker(Two, ("b", "a"))(("x", 1)) == Two(1, "x")  # by name, not position
    with pytest.raises(TypeError, match="Two has fields"):
        maker(Two, ("a", "c"))
