"""Venues that record offline and sync: `tally sync --to` into one PostgreSQL database (issue 39).

    python -m tests.bench_sync                          # 5 venues × 104 nights (~60,000 deals)
    python -m tests.bench_sync --venues 3 --nights 20   # a quick run
    python -m tests.bench_sync --chain-only             # the chain's cost on writes alone

Each venue is its own SQLite ledger with its own identity (a ledger id, its own nights'
uids), recorded separately through the service as `tests.bench_federation` records (its own
generated history, `tests/decade.py` with the venue's seed; its members' names with the
venue's, "Ann · V002"; `Tally.import_tables` night by night, the corrections by
`correct_deal`, every night but the last closed). Then, on a private, durable cluster
(`tests/pg_cluster.py`):

- the bulk import: the same venues' nights recorded by `Tally.import_tables` straight into
  an empty database (in process), its deals/s; `tally db copy` of the first venue into an
  empty database (a whole process, which checks both ledgers after the copy); and every venue
  pushed by its own `tally --db VENUE sync --to URL` process into one league database: deals/s
  of the pushes (target ≥ 50 % of the bulk import's) and each pushing process's resident
  memory, sampled from /proc at 10 %, 50 % and 100 % of its run, with its peak (wait4's);
- the same pushes into one SQLite league file (the same data on both engines, for `check`);
- `tally check` on both league ledgers (median of 3; the server vacuumed and analysed first,
  as its autovacuum would soon after a load), and the chains' own share of it (every table's
  chain read and verified in one process: `chain_rows.table_chain` + `first_broken`);
- a second sync of the first venue with nothing new (whole process, median of 3; ≤ 1 s), and
  one new night recorded at the venue then synced (median of 3 nights; ≤ 2 s);
- kill -9: a small venue of its own (`--kill-nights`) pushed 20 times into a new, empty
  database, its `tally sync` killed after a random delay (0 to the length of a whole sync,
  so the kill may land in the migration, between nights or after the end), then re-run: each
  database's counts (nights, tables, deals, revisions, transfers) must equal the venue's
  and its `tally check` be clean;
- the chain's cost on writes (SQLite): the first venue's history recorded again four times,
  with the chain and with it patched out in this process (`bulk.revision_hash`, `bulk.last_hash`,
  `bulk.seat_names` and `repo.seal` made no-ops: the only places a revision's hash is made on
  write; alternated, on / off / on / off, the faster of each pair), and the share of the
  time spent inside those functions in the runs with it; `round add` on a long Crazy Solo
  table, in process (`Tally.add_deal`, median of 41 each, alternated) and as a whole process
  (median of 14 each, in the order on, off, off, on, …, with its CPU time; both started by
  the same `python -c` wrapper, the "without" one patching `repo.seal` out first).
  Target ≤ 10 % added.

Figures are printed as one table with the load average; the exit status is 1 if the kill
test finds a count that differs or a `check` that is not clean. Not collected by pytest.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.bench import ENV, ROOT, Run, run, tally_argv
from tests.bench_federation import lines_of, renamed, venue_name

__test__ = False
COUNTED = {"nights": "night", "tables": "game_table", "deals": "deal",
           "revisions": "revision", "transfers": "transfer"}
Row = tuple[str, str, str]


def record(location: Any, plan: dict[str, Any], tag: str, nights: slice = slice(None),
           date_shift: int = 0) -> dict[str, float]:
    """A venue's generated nights through the service into `location` (its members named
    "… · tag"); the deals recorded and the seconds it took."""
    from ledger.domain.rules import RuleError
    from ledger.service import Tally

    service = Tally.open(location)
    names = {m: f"{m} · {tag}" for m in plan["members"]}
    known = {p.name for p in service.players()}
    started = time.perf_counter()
    service.add_players([n for n in names.values() if n not in known])
    done = 0
    chosen = plan["nights"][nights]
    for i, night in enumerate(chosen):
        day = night["date"] if not date_shift else f"{int(night['date'][:4]) + date_shift}" \
            + night["date"][4:]
        nid = service.new_night(day, f"{night['venue']} {tag}")
        batch, fixing = [], []
        for t in night["tables"]:
            tid = service.new_table(nid, t["game"], [names[s] for s in t["seats"]],
                                    t["preset"], t["overrides"])
            batch.append((tid, [renamed(o, names) for o in lines_of(t["file"])]))
            fixing.append(t["fixes"])
        try:
            ids = service.import_tables(batch)
        except RuleError:  # a generated deal today's rules refuse: the night stays empty
            ids = []
        for deal_ids, fixes in zip(ids, fixing, strict=False):
            for fix in fixes:
                try:
                    service.correct_deal(deal_ids[fix["number"] - 1],
                                         renamed(fix["outcome"], names),
                                         reason=fix["reason"], author="scorer")
                except RuleError:
                    pass
            done += len(deal_ids)
        if i != len(chosen) - 1:
            service.close_night(nid)
    seconds = time.perf_counter() - started
    service.db.dispose()
    return {"deals": done, "seconds": seconds}


def counts(location: Any) -> dict[str, int] | None:
    """The ledger's rows of each kind (None: it has no schema yet)."""
    sql = {k: f"SELECT count(*) FROM {t}" for k, t in COUNTED.items()}
    if str(location).startswith("postgresql://"):
        import psycopg

        with psycopg.connect(str(location)) as conn:
            try:
                return {k: int(conn.execute(q).fetchone()[0]) for k, q in sql.items()}
            except psycopg.errors.UndefinedTable:
                return None
    with sqlite3.connect(location) as conn:
        try:
            return {k: int(conn.execute(q).fetchone()[0]) for k, q in sql.items()}
        except sqlite3.OperationalError:
            return None


def watched(argv: list[str]) -> tuple[Run, list[tuple[float, float]]]:
    """`bench.run`, with the process's resident memory sampled from /proc every 50 ms:
    (seconds since the start, MiB)."""
    samples: list[tuple[float, float]] = []
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        p = subprocess.Popen(argv, cwd=ROOT, stdout=out, stderr=err, env=ENV,
                             stdin=subprocess.DEVNULL)

        def poll() -> None:
            while p.returncode is None:
                try:
                    status = Path(f"/proc/{p.pid}/status").read_text()
                except OSError:
                    return
                kb = [int(x.split()[1]) for x in status.splitlines() if x.startswith("VmRSS:")]
                if not kb:
                    return  # a zombie: the process has ended
                samples.append((time.perf_counter() - started, kb[0] / 1024))
                time.sleep(0.05)

        sampler = threading.Thread(target=poll, daemon=True)
        sampler.start()
        _, status, usage = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
        sampler.join()
        seconds = time.perf_counter() - started
        out.seek(0)
        err.seek(0)
        return Run(seconds, usage.ru_maxrss / 1024, p.returncode,
                   out.read().decode(errors="replace"), err.read().decode(errors="replace"),
                   usage.ru_utime + usage.ru_stime), samples


def at_marks(samples: list[tuple[float, float]], seconds: float) -> dict[str, tuple[float, float]]:
    """RSS (now, peak so far) at 10 %, 50 % and 100 % of a run's time."""
    out = {}
    for label, frac in (("10%", 0.1), ("50%", 0.5), ("100%", 1.0)):
        upto = [mb for t, mb in samples if t <= frac * seconds] or [samples[0][1]]
        out[label] = (upto[-1], max(upto))
    return out


def ok(this: bool) -> str:
    return "ok" if this else "MISS"


def med(runs: list[Run]) -> tuple[float, float]:
    bad = [r for r in runs if r.code != 0]
    if bad:
        raise SystemExit(f"a command failed ({bad[0].code}): {bad[0].stderr[-2000:]}")
    return (statistics.median(r.seconds for r in runs), statistics.median(r.cpu for r in runs))


def push_all(venues: list[Path], target: str) -> tuple[list[tuple[Run, list[Any]]], int]:
    """Every venue pushed by its own `tally sync --to` process; the runs and the deals."""
    out, deals = [], 0
    for venue in venues:
        r, samples = watched(tally_argv(venue, "sync", "--to", target))
        if r.code != 0:
            raise SystemExit(f"sync of {venue.name} failed: {r.stderr[-2000:]}")
        out.append((r, samples))
        deals += int(r.stdout.split(" deals,")[0].rsplit(" ", 1)[-1])
        print(f"  {venue.stem} → {target.split('?')[0]}: {r.seconds:.1f} s, "
              f"peak {r.peak_mb:.0f} MiB", file=sys.stderr, flush=True)
    return out, deals


def chain_alone(location: Any) -> float:
    """Every table's chain read and verified in one process, as `check` does beside its
    replay (seconds)."""
    from ledger.domain.chain import first_broken
    from ledger.service import Tally
    from ledger.store import chain_rows

    service = Tally.open(location)
    t0 = time.perf_counter()
    with service.db.transaction() as s:
        for tid in chain_rows.table_ids(s):
            links = chain_rows.table_chain(s, tid)
            assert first_broken([x.content for x in links], [x.hash for x in links]) is None
    seconds = time.perf_counter() - t0
    service.db.dispose()
    return seconds


def kill_test(cluster: Any, venue: Path, trials: int, seed: int) -> tuple[list[Row], bool]:
    """The venue's sync killed (SIGKILL) at `trials` random moments, each into a new empty
    database, then re-run; every count and `check` compared."""
    want = counts(venue)
    full = run(tally_argv(venue, "sync", "--to", cluster.new_database(migrated=False)))
    assert full.code == 0, full.stderr
    rng = random.Random(seed)
    partial = before = after = 0
    bad: list[str] = []
    for i in range(trials):
        url = cluster.new_database(migrated=False)
        p = subprocess.Popen(tally_argv(venue, "sync", "--to", url), cwd=ROOT, env=ENV,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0, full.seconds))
        ended = p.poll() is not None
        p.send_signal(signal.SIGKILL)
        p.wait()
        held = counts(url)
        if ended:
            after += 1
        elif held is None or held["nights"] == 0:
            before += 1
        elif held["nights"] < want["nights"]:
            partial += 1
        again = run(tally_argv(venue, "sync", "--to", url))
        checked = run(tally_argv(url, "check"))
        got = counts(url)
        if again.code != 0 or got != want or checked.code != 0:
            bad.append(f"trial {i}: sync {again.code}, check {checked.code}, {got} ≠ {want}"
                       f"\n{again.stderr[-500:]}{checked.stdout[-500:]}")
        print(f"  kill {i + 1}/{trials}: nights held {held and held['nights']}, re-run "
              f"{again.code}, check {checked.code}, counts {'equal' if got == want else 'DIFFER'}",
              file=sys.stderr, flush=True)
    for line in bad:
        print(line, file=sys.stderr)
    size = ", ".join(f"{v:,} {k}" for k, v in (want or {}).items())
    return [("kill -9 at random points, then re-run", f"{trials} kills: {before} before the "
             f"first night, {partial} mid-way, {after} after the end",
             f"whole sync {full.seconds:.1f} s"),
            ("  after each re-run: counts equal, check clean",
             f"{trials - len(bad)} of {trials}", ok(not bad)),
            ("  (the venue)", size, "")], not bad


class Patched:
    """The chain's work on write patched out of this process (`without`), or timed."""

    NAMES = (("ledger.store.bulk", "revision_hash", ""), ("ledger.store.bulk", "last_hash", ""),
             ("ledger.store.bulk", "seat_names", ()), ("ledger.store.repo", "seal", None))

    def __init__(self, without: bool) -> None:
        self.without, self.spent, self.saved = without, 0.0, []

    def __enter__(self) -> Patched:
        import importlib

        for module, name, value in self.NAMES:
            mod = importlib.import_module(module)
            real = getattr(mod, name)
            self.saved.append((mod, name, real))
            setattr(mod, name, (lambda *a, _v=value, **k: _v) if self.without
                    else self._timed(real))
        return self

    def _timed(self, real: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            t0 = time.perf_counter()
            try:
                return real(*args, **kwargs)
            finally:
                self.spent += time.perf_counter() - t0
        return timed

    def __exit__(self, *exc: object) -> None:
        for mod, name, real in self.saved:
            setattr(mod, name, real)


WRAPPER = ("import sys, ledger.store.repo as r\n"
           "if sys.argv.pop(1) == 'without': r.seal = lambda *a, **k: None\n"
           "from ledger.cli.main import main\nsys.argv[0] = 'tally'\nmain()\n")


def chain_cost(out: Path, plan: dict[str, Any], long: int) -> list[Row]:
    """The chain's share of the import and of `round add` (SQLite)."""
    from ledger.service import Tally
    from tests.bench_engines import long_table
    from tests.robust.writer import solo_deal

    runs: dict[bool, list[dict[str, float]]] = {False: [], True: []}
    spent = []
    for i in range(4):  # alternated, the faster of each two: a busy machine's noise
        without = bool(i % 2)
        with Patched(without=without) as timer:
            runs[without].append(record(out / f"chain-{i}.sqlite3", plan, venue_name(1)))
        if not without:
            spent.append(timer.spent / runs[False][-1]["seconds"])
    on = min(runs[False], key=lambda r: r["seconds"])
    off = min(runs[True], key=lambda r: r["seconds"])
    rows = [("import of venue 1's history, chain on / off",
             f"{on['seconds']:.1f} / {off['seconds']:.1f} s ({on['deals']:,} deals)",
             f"+{on['seconds'] / off['seconds'] - 1:.1%} ≤ 10 % "
             + ok(on["seconds"] <= 1.1 * off["seconds"])),
            ("  time inside the chain's functions (chain on, each run)",
             " / ".join(f"{x:.1%}" for x in spent), "of the import")]
    location = out / "long.sqlite3"
    table = long_table(location, out, long)
    seats = ["Ann", "Bea", "Chie", "Dan", "Eve"]
    rng = random.Random(5)
    service = Tally.open(location)
    times: dict[bool, list[float]] = {False: [], True: []}
    for i in range(82):
        without = bool(i % 2)
        with Patched(without=without):
            t0 = time.perf_counter()
            service.add_deal(table, solo_deal(rng, seats))
            times[without].append(time.perf_counter() - t0)
    service.db.dispose()
    a, b = statistics.median(times[False]), statistics.median(times[True])
    rows.append((f"round add in process (add_deal), a {long:,}-deal table, on / off",
                 f"{a * 1000:.1f} / {b * 1000:.1f} ms", f"+{a / b - 1:.1%} ≤ 10 % "
                 + ok(a <= 1.1 * b)))
    procs: dict[str, list[Run]] = {"with": [], "without": []}
    for i in range(28):
        how = ("with", "without")[(i + i // 2) % 2]  # with, without, without, with, …
        argv = [sys.executable, "-c", WRAPPER, how, "--db", str(location), "round", "add",
                "--table", str(table)]
        procs[how].append(run(argv, json.dumps(solo_deal(rng, seats))))
    (pa, ca), (pb, cb) = med(procs["with"]), med(procs["without"])
    rows.append(("tally round add (whole process), on / off", f"{pa:.3f} / {pb:.3f} s",
                 f"+{pa / pb - 1:.1%} ≤ 10 % " + ok(pa <= 1.1 * pb)))
    rows.append(("  its CPU time, on / off", f"{ca:.3f} / {cb:.3f} s", f"+{ca / cb - 1:.1%}"))
    return rows


def chain_only(args: argparse.Namespace) -> int:
    from tests import decade

    out = Path(tempfile.mkdtemp(prefix="tally-bench-sync-"))
    ENV.setdefault("PYTHONPYCACHEPREFIX", str(out / "pycache"))
    try:
        run(tally_argv(out / "warm.sqlite3", "where"))  # the bytecode cache
        rows = chain_cost(out, decade.write_plan(out / "plan1", args.nights, args.seed + 1),
                          args.long)
        load = " / ".join(f"{x:.2f}" for x in os.getloadavg())
        print(f"\nthe chain's cost, {args.nights} nights, load average {load}\n")
        widths = [max(len(r[i]) for r in rows) for i in range(3)]
        for r in rows:
            print("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())
        return 0
    finally:
        shutil.rmtree(out, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench_sync", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--venues", type=int, default=5)
    parser.add_argument("--nights", type=int, default=104, help="nights per venue")
    parser.add_argument("--kill-nights", type=int, default=12)
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--long", type=int, default=20_000, help="deals of round add's table")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--chain-only", action="store_true",
                        help="only the chain's cost on writes (no server)")
    args = parser.parse_args(argv)
    if args.chain_only:
        return chain_only(args)

    from tests import decade
    from tests.bench_engines import settle_server
    from tests.pg_cluster import Cluster

    out = Path(tempfile.mkdtemp(prefix="tally-bench-sync-"))
    ENV.setdefault("PYTHONPYCACHEPREFIX", str(out / "pycache"))
    cluster = Cluster(durable=True)
    rows: list[Row] = []
    try:
        run(tally_argv(out / "warm.sqlite3", "where"))  # the bytecode cache
        plans, venues, recorded = [], [], 0.0
        for v in range(1, args.venues + 1):
            plans.append(decade.write_plan(out / f"plan{v}", args.nights, args.seed + v))
            venues.append(out / f"{venue_name(v)}.sqlite3")
            recorded += record(venues[-1], plans[-1], venue_name(v))["seconds"]
            print(f"venue {v} recorded", file=sys.stderr, flush=True)
        want = [counts(v) for v in venues]
        total = {k: sum(c[k] for c in want) for k in COUNTED}
        rows.append(("venues × nights (each its own SQLite ledger)",
                     f"{args.venues} × {args.nights}",
                     ", ".join(f"{total[k]:,} {k}" for k in COUNTED)))
        rows.append(("  recorded at the venues (import_tables into SQLite)",
                     f"{recorded:.0f} s", f"{total['deals'] / recorded:,.0f} deals/s"))

        bulk_url, t0 = cluster.new_database(migrated=False), time.perf_counter()
        for v, plan in enumerate(plans, start=1):
            record(bulk_url, plan, venue_name(v))
        bulk_s = time.perf_counter() - t0
        bulk_rate = total["deals"] / bulk_s
        copied = run(tally_argv(venues[0], "db", "copy", "--from", str(venues[0]), "--to",
                                cluster.new_database(migrated=False)))
        assert copied.code == 0, copied.stderr
        league = cluster.new_database(migrated=False)
        pushed, deals = push_all(venues, league)
        sync_s = sum(r.seconds for r, _ in pushed)
        assert deals == total["deals"], (deals, total)
        rows += [
            ("bulk import into PostgreSQL (import_tables, in process)", f"{bulk_s:.1f} s",
             f"{bulk_rate:,.0f} deals/s"),
            ("tally db copy, venue 1 into an empty database (process, checks both)",
             f"{copied.seconds:.1f} s", f"{want[0]['deals'] / copied.seconds:,.0f} deals/s"),
            (f"tally sync --to, {args.venues} venues into one database (a process each)",
             f"{sync_s:.1f} s (CPU {sum(r.cpu for r, _ in pushed):.1f} s)",
             f"{deals / sync_s:,.0f} deals/s = {deals / sync_s / bulk_rate:.0%} of the bulk "
             f"import's, ≥ 50 % {ok(deals / sync_s >= 0.5 * bulk_rate)}"),
        ]
        first, samples = pushed[0]
        for label, (now, peak) in at_marks(samples, first.seconds).items():
            rows.append((f"  venue 1's sync, RSS at {label} of its run (now / peak)",
                         f"{now:.0f} / {peak:.0f} MiB", ""))
        rows.append(("  peak RSS of each venue's sync",
                     " ".join(f"{r.peak_mb:.0f}" for r, _ in pushed) + " MiB", ""))
        league_file = out / "league.sqlite3"
        to_file, _ = push_all(venues, str(league_file))
        file_s = sum(r.seconds for r, _ in to_file)
        rows.append(("tally sync --to a SQLite league file, the same venues", f"{file_s:.1f} s",
                     f"{deals / file_s:,.0f} deals/s"))
        same = counts(league) == counts(league_file)
        settle_server(league)
        lite, lite_cpu = med([run(tally_argv(league_file, "check")) for _ in range(3)])
        pg, pg_cpu = med([run(tally_argv(league, "check")) for _ in range(3)])
        rows += [
            ("both leagues hold the same counts", "yes" if same else "NO", ok(same)),
            ("tally check, the league on SQLite (median of 3)",
             f"{lite:.2f} s (CPU {lite_cpu:.2f} s)",
             f"≤ 2 s {ok(lite <= 2)} (at {total['deals']:,} deals)"),
            ("tally check, the league on PostgreSQL (median of 3)",
             f"{pg:.2f} s (CPU {pg_cpu:.2f} s)", f"{pg / lite:.2f}× SQLite, ≤ 2× "
             + ok(pg <= 2 * lite)),
            ("  the chains alone (read + verify every table), SQLite / PostgreSQL",
             f"{chain_alone(league_file):.2f} / {chain_alone(league):.2f} s", ""),
        ]
        idle, idle_cpu = med([run(tally_argv(venues[0], "sync", "--to", league))
                              for _ in range(3)])
        rows.append(("a second sync of venue 1, nothing new (process, median of 3)",
                     f"{idle:.2f} s (CPU {idle_cpu:.2f} s)", f"≤ 1 s {ok(idle <= 1)}"))
        new_runs = []
        for k in range(3):
            record(venues[0], plans[0], venue_name(1), slice(k, k + 1), date_shift=20)
            new_runs.append(run(tally_argv(venues[0], "sync", "--to", league)))
            assert " 1 nights" in new_runs[-1].stdout, new_runs[-1].stdout
        new, new_cpu = med(new_runs)
        rows.append(("one new night at venue 1, then sync (process, median of 3)",
                     f"{new:.2f} s (CPU {new_cpu:.2f} s)", f"≤ 2 s {ok(new <= 2)}"))

        kill_venue = out / "K.sqlite3"
        record(kill_venue, decade.write_plan(out / "planK", args.kill_nights, args.seed),
               "K01")
        kills, clean = kill_test(cluster, kill_venue, args.kills, args.seed)
        rows += kills
        rows += chain_cost(out, plans[0], args.long)
        return 0 if clean else 1
    finally:
        load = " / ".join(f"{x:.2f}" for x in os.getloadavg())
        print(f"\ntally sync, {args.venues} venues × {args.nights} nights, PostgreSQL "
              f"{cluster.bin.parent.name} (durable), {os.cpu_count()} cores, load average "
              f"{load}\n")
        if rows:
            widths = [max(len(r[i]) for r in rows) for i in range(3)]
            for r in rows:
                print("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())
        cluster.stop()
        shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    os.chdir(ROOT)
    sys.exit(main())
