"""`tally check`: re-derive every transfer and every checkpoint from the stored outcomes
and presets, and list what differs (plus orphans, unbalanced revisions, payments, and the
per-night sums, re-derived from the stored transfers each table's replay reads anyway)."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from ..domain.replay import encode_mark
from ..domain.rules import RuleError
from ..store import integrity_rows, repo, sums
from ..store.engine import open_database
from ..store.migrate import schema_problem
from .chain_check import chain_problem
from .deals import differs, stale
from .payment_check import payment_problems
from .problems import Problem, error_values
from .store import Store
from .tables import fold, load_table

TableSums = dict[int, tuple[int, int]]  # player id: (net, deals) at one table
Found = tuple[list[tuple[int, Problem]], dict[int, TableSums]]
K = TypeVar("K")  # a kept row's key


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
            places = {row.id or 0: (row.night_id, row.game) for row in repo.tables(session=s)}
            table_ids = list(places)
        workers = check_workers(len(table_ids))
        if workers < 2:
            found, table_sums = self.replay_tables(table_ids)
            return (problems + [p for _, p in found] + self.sum_problems(places, table_sums)
                    + self.rating_problems())
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        parts = [table_ids[i::workers] for i in range(workers)]  # interleaved: even loads
        self.store.db.dispose()  # no connection of this process is inherited by a worker
        # fork: the workers start at once, with the rules already imported (and only from a
        # single-threaded process, see _check_workers); each opens its own connections
        with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")
                                 ) as pool:
            parts_found = list(pool.map(_check_part, [self.store.db.location] * workers, parts))
        found = [x for part, _ in parts_found for x in part]
        table_sums = {tid: v for _, part in parts_found for tid, v in part.items()}
        order = {tid: i for i, tid in enumerate(table_ids)}
        found.sort(key=lambda x: order[x[0]])  # stable: a table's own problems keep order
        return (problems + [p for _, p in found] + self.sum_problems(places, table_sums)
                + self.rating_problems())

    def rating_problems(self) -> list[Problem]:
        """The kept ratings (`rating_night`) of the nights still up to date against those
        rated afresh: one problem a (night, game, player) row that differs, is missing or
        is extra (`check.rating_*`)."""
        from .rating import Ratings

        have, want = Ratings(self.store).compared()
        if not have and not want:
            return []
        with self.store.read() as s:
            names = repo.player_names(session=s)
        return row_problems(have, want, "rating", ("mu", "sigma", "games"),
                            lambda k: {"night": k[0], "game": k[1] or "*",
                                       "player": names.get(k[2], f"#{k[2]}")},
                            lambda k: (k[0], k[1], names.get(k[2], ""), k[2]))

    def sum_problems(self, places: dict[int, tuple[int, str]],
                     table_sums: dict[int, TableSums]) -> list[Problem]:
        """The kept per-night sums (`night_sum`) against those of the stored transfers:
        one problem per (night, game, player) row that differs, is missing or is extra."""
        derived: dict[sums.Key, list[int]] = {}
        for tid, per_player in table_sums.items():
            night, game = places[tid]
            for pid, (net, deals) in per_player.items():
                cell = derived.setdefault((night, game, pid), [0, 0])
                cell[0] += net
                cell[1] += deals
        with self.store.read() as s:
            kept = sums.stored(s)
            kept_nights = sums.stored_nights(s)
            dates = {n.id: n.date for n in repo.nights(session=s)}
            names = repo.player_names(session=s)
        return row_problems(
            kept, {k: tuple(v) for k, v in derived.items()}, "sum", ("net", "deals"),
            lambda k: {"night": k[0], "game": k[1], "player": names.get(k[2], f"#{k[2]}")},
            lambda k: (k[0], k[1], names.get(k[2], ""), k[2])) + \
            night_problems(derived, kept_nights, dates, names)

    def check_tables(self, table_ids: Sequence[int]) -> list[tuple[int, Problem]]:
        """(table id, problem) for the tables whose replay differs from what is stored:
        outcomes that no longer settle, transfers, the facts a deal carries on (`extra`) and
        the stored states. The stored summary is history: never compared."""
        return self.replay_tables(table_ids)[0]

    def replay_tables(self, table_ids: Sequence[int]) -> Found:
        """`check_tables`, and each table's sums from its stored transfers (each seat's
        net, and the deals whose current revision is not a void)."""
        problems: list[tuple[int, Problem]] = []
        table_sums: dict[int, TableSums] = {}
        with self.store.read() as s:
            seats = repo.seats_by_table(session=s)
            for tid in table_ids:
                broken = chain_problem(s, tid)  # its hash chain
                if broken is not None:
                    problems.append((tid, broken))
                try:
                    t = load_table(s, tid, seats.get(tid, ()))
                    steps, _ = fold(s, t)
                except (RuleError, ValueError, KeyError) as exc:
                    problems.append((tid, Problem("unreplayable", tid,
                                                  values=error_values(exc))))
                    rows = repo.current_revisions(session=s, table_id=tid)
                    table_sums[tid] = _sums_of(seats.get(tid, ()), rows, repo.transfers_of(
                        session=s, revision_ids=[r.revision_id for r in rows]))
                    continue
                stored = repo.transfers_of(session=s,
                                           revision_ids=[x.row.revision_id for x in steps])
                table_sums[tid] = _sums_of(seats.get(tid, ()), [x.row for x in steps], stored)
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
        return problems, table_sums


def _sums_of(seats: Sequence[tuple[int, str]], rows: Sequence[Any],
             stored: dict[int, list[tuple[int | None, int | None, int, str]]]) -> TableSums:
    """A table's sums from the stored transfers of its current revisions (`rows`)."""
    played = sum(1 for r in rows if r.kind != "void")
    net = {pid: 0 for pid, _ in seats}
    for r in rows:
        for payer, payee, amount, _ in stored[r.revision_id]:
            if payee is not None:
                net[payee] = net.get(payee, 0) + amount
            if payer is not None:
                net[payer] = net.get(payer, 0) - amount
    seated = {pid for pid, _ in seats}
    return {pid: (n, played if pid in seated else 0) for pid, n in net.items()}


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


def _check_part(location: str, table_ids: list[int]) -> Found:
    """`Integrity.replay_tables` in a worker process, on its own connections."""
    db = open_database(location)
    try:
        return Integrity(Store(db)).replay_tables(table_ids)
    finally:
        db.dispose()


def night_problems(derived: dict[sums.Key, list[int]],
                   kept: dict[tuple[int, int], tuple[str, int, int]],
                   dates: dict[int, str], names: dict[int, str]) -> list[Problem]:
    """Each player's kept night over every game (`player_night`) against the games' sums
    of the stored transfers added up, and the night's date: one problem per (night,
    player) row that differs, is missing or is extra."""
    want: dict[tuple[int, int], tuple[str, int, int]] = {}
    for (night, _game, pid), (net, deals) in derived.items():
        _, x, d = want.get((night, pid), ("", 0, 0))
        want[(night, pid)] = (dates.get(night, ""), x + net, d + deals)
    return row_problems(kept, want, "night_total", ("date", "net", "deals"),
                        lambda k: {"night": k[0], "player": names.get(k[1], f"#{k[1]}")},
                        lambda k: (k[0], names.get(k[1], ""), k[1]))


def row_problems(kept: Mapping[K, tuple[Any, ...]], want: Mapping[K, tuple[Any, ...]],
                 code: str, columns: Sequence[str], head: Callable[[K], dict[str, Any]],
                 order: Callable[[K], Any]) -> list[Problem]:
    """The rows of a kept cache against those derived again, in `order`: one problem a
    row that differs (`<code>_differs`), is missing or is extra, with `head(key)`, the
    kept `columns` and the derived ones (`derived_<column>`)."""
    out = []
    for key in sorted(set(want) | set(kept), key=order):
        have, should = kept.get(key), want.get(key)
        if have == should:
            continue
        kind = "missing" if have is None else "extra" if should is None else "differs"
        values = head(key)
        if have is not None:
            values |= dict(zip(columns, have, strict=True))
        if should is not None:
            values |= {f"derived_{c}": v for c, v in zip(columns, should, strict=True)}
        out.append(Problem(f"{code}_{kind}", values=values))
    return out
