"""`tally check`: re-derive every transfer and every checkpoint from the stored outcomes
and presets, and list what differs (plus orphans, unbalanced revisions, payments)."""

from __future__ import annotations

import os
from collections.abc import Sequence

from ..domain.replay import encode_mark
from ..domain.rules import RuleError
from ..store import integrity_rows, repo
from ..store.engine import open_database
from ..store.migrate import schema_problem
from .deals import differs, stale
from .payment_check import payment_problems
from .problems import Problem, error_values
from .store import Store
from .tables import fold, load_table


def _orphan(text: str) -> Problem:
    """A row the store finds without its parent, in the store's own words (`integrity_rows.orphans`
    names the row kind and id): kept as its value."""
    return Problem("orphan", values={"what": text})


class Integrity:
    def __init__(self, store: Store) -> None:
        self.store = store

    def check(self) -> list[Problem]:
        """Re-derive every transfer from the stored outcomes and presets; list what differs.

        Tables are independent folds, so a big database is replayed by one process per
        core (`check_workers`); the problems come back in table order either way."""
        problems: list[Problem] = []
        if self.store.db.engine == "sqlite":  # a table defined otherwise (by hand?)
            changed = schema_problem(self.store.db)
            if changed:
                problems.append(Problem("schema_changed", values={"why": changed}))
        with self.store.read() as s:
            problems += [_orphan(x) for x in integrity_rows.orphans(session=s)]
            for rid, pot in integrity_rows.unbalanced_revisions(session=s):
                problems.append(Problem("unbalanced", values={"revision": rid,
                                                              "pot": f"{pot:+d}"}))
            # payments, kept plans, rates
            problems += payment_problems(s)
            table_ids = [row.id or 0 for row in repo.tables(session=s)]
        workers = check_workers(len(table_ids))
        if workers < 2:
            return problems + [p for _, p in self.check_tables(table_ids)]
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        parts = [table_ids[i::workers] for i in range(workers)]  # interleaved: even loads
        self.store.db.dispose()  # no connection of this process is inherited by a worker
        # fork: the workers start at once, with the rules already imported (and only from a
        # single-threaded process, see _check_workers); each opens its own connections
        with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")
                                 ) as pool:
            found = [x for part in pool.map(_check_part, [self.store.db.location] * workers, parts)
                     for x in part]
        order = {tid: i for i, tid in enumerate(table_ids)}
        found.sort(key=lambda x: order[x[0]])  # stable: a table's own problems keep order
        return problems + [p for _, p in found]

    def check_tables(self, table_ids: Sequence[int]) -> list[tuple[int, Problem]]:
        """(table id, problem) for the tables whose replay differs from what is stored:
        outcomes that no longer settle, transfers, the facts a deal carries on (`extra`) and
        the stored states. The stored summary is history: never compared."""
        problems: list[tuple[int, Problem]] = []
        with self.store.read() as s:
            seats = repo.seats_by_table(session=s)
            for tid in table_ids:
                try:
                    t = load_table(s, tid, seats.get(tid, ()))
                    steps, _ = fold(s, t, summaries=False)  # words are not facts
                except (RuleError, ValueError, KeyError) as exc:
                    problems.append((tid, Problem("unreplayable", tid,
                                                  values=error_values(exc))))
                    continue
                stored = repo.transfers_of(session=s,
                                           revision_ids=[x.row.revision_id for x in steps])
                states = repo.checkpoints(session=s, table_id=tid)
                for step in steps:
                    moves = stored[step.row.revision_id]
                    codes = []
                    if step.settlement is None:
                        if moves:
                            codes.append("void_with_transfers")
                    elif differs(s, t, step, moves):
                        codes.append("transfers_differ")
                    elif stale(step):
                        codes.append("facts_differ")
                    kept = states.get(step.deal_id)  # none: from before 0006, filled later
                    if kept is not None and kept != encode_mark(step.mark):
                        codes.append("state_differs")
                    problems += [(tid, Problem(c, t.id, step.number)) for c in codes]
        return problems


PARALLEL_CHECK_TABLES = 200  # fewer tables replay faster than extra processes start


def check_workers(tables: int) -> int:
    """How many processes `check` uses: one per core (at most 4) for a big ledger,
    when this process can fork safely (POSIX, no other thread running: the command line,
    not the app, whose workers are threads)."""
    import threading

    if (tables < PARALLEL_CHECK_TABLES or not hasattr(os, "fork")
            or threading.active_count() > 1):
        return 1
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (
        os.cpu_count() or 1)
    return max(1, min(cores, 4))


def _check_part(location: str, table_ids: list[int]) -> list[tuple[int, Problem]]:
    """`Integrity.check_tables` in a worker process, on its own connections."""
    db = open_database(location)
    try:
        return Integrity(Store(db)).check_tables(table_ids)
    finally:
        db.dispose()
