"""A federation on PostgreSQL: many venues × a decade each, bulk-imported.

    python -m tests.bench_federation --venues 100     # ~6 million deals
    python -m tests.bench_federation --venues 10      # what a shared machine finishes
    python -m tests.bench_federation --venues 2 --nights 40   # a quick run

One decade is generated (`tests/decade.py`: 520 weekly nights, four tables a night, ~30 deals
a table, ~2% corrected or voided); every venue plays it again under its own roster (each
member's name with the venue's, "Ann · V007", in the seats and in every outcome), into one
database of a private, durable PostgreSQL cluster (`tests/pg_cluster.py`, as
`tests.bench_engines` starts it). The import streams: night by night, each night's tables
made through the service and their deals recorded by `Tally.import_tables` (the server's
bulk path: a statement a chunk of deals, sent while the next is settled, the per-night
sums' moves after them in the same pipeline), its corrections by `Tally.correct_deal`;
nothing of an earlier night is kept, and the importer's resident memory (now, and its
peak) is printed at 10%, 50% and 100% of the deals. Then the server is vacuumed and
analysed (what its autovacuum does soon after a bulk load) and each command runs as a
whole process: `tally league` over every night and `tally standings --night N` (median of 5
each; targets ≤ 1 s and ≤ 0.3 s), `tally standings --all` (median of 5), and `tally check`
once, with its result; beside them `tally where` (Python and Tally starting, no connection:
the floor under every command) and the two service calls timed inside one process. Beside
each process's wall time, its own CPU time (user + system, from `wait4`): a busy shared
machine stretches the wall time of a short process several times over, not its CPU time. Not
collected by pytest.

    python -m tests.bench_federation --url postgresql://…   # a federation loaded before

measures an existing federation instead (no import): upgraded to this Tally's schema by
`tally db upgrade` first (timed), then vacuumed, analysed and measured as above.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tests.bench import ENV, ROOT, Run, run, tally_argv

__test__ = False


def venue_name(v: int) -> str:
    return f"V{v:03d}"


def renamed(obj: Any, names: dict[str, str]) -> Any:
    """A generated outcome with every member's name (a value or a key) as the venue's."""
    if isinstance(obj, str):
        return names.get(obj, obj)
    if isinstance(obj, list):
        return [renamed(x, names) for x in obj]
    if isinstance(obj, dict):
        return {names.get(k, k): renamed(x, names) for k, x in obj.items()}
    return obj


def rss_mb() -> tuple[float, float]:
    """This process's resident memory now and its peak, in MiB."""
    with open("/proc/self/statm") as f:
        now = int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    return now, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def lines_of(path: str) -> list[dict[str, Any]]:
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def nights_of(plan: dict[str, Any], venues: int) -> Iterator[tuple[int, int, dict[str, Any]]]:
    for v in range(1, venues + 1):
        for i, night in enumerate(plan["nights"]):
            yield v, i, night


def load(url: str, plan: dict[str, Any], venues: int) -> dict[str, Any]:
    """Every venue's decade into `url`, streamed; the figures of the import."""
    from ledger.domain.rules import RuleError
    from ledger.service import Tally

    service = Tally.open(url)
    total = plan["deals"] * venues
    marks = {"10%": total * 0.10, "50%": total * 0.50, "100%": total}
    memory: dict[str, tuple[float, float, float]] = {}
    started = time.perf_counter()
    done = skipped = fixes = 0
    last = len(plan["nights"]) - 1
    names: dict[str, str] = {}
    for v, i, night in nights_of(plan, venues):
        if i == 0:
            names = {m: f"{m} · {venue_name(v)}" for m in plan["members"]}
            service.add_players(list(names.values()))
        nid = service.new_night(night["date"], f"{night['venue']} {venue_name(v)}")
        batch, fixing = [], []
        for t in night["tables"]:
            seats = [names[s] for s in t["seats"]]
            tid = service.new_table(nid, t["game"], seats, t["preset"], t["overrides"])
            batch.append((tid, [renamed(o, names) for o in lines_of(t["file"])]))
            fixing.append(t["fixes"])
        try:
            ids = service.import_tables(batch)
        except RuleError:  # a generated deal today's rules refuse: the night stays empty
            skipped += 1
            ids = []
        for deal_ids, fixes_here in zip(ids, fixing, strict=False):
            for fix in fixes_here:
                try:
                    service.correct_deal(deal_ids[fix["number"] - 1],
                                         renamed(fix["outcome"], names),
                                         reason=fix["reason"], author="scorer")
                    fixes += 1
                except RuleError:
                    pass
            done += len(deal_ids)
        if i != last:
            service.close_night(nid)
        for label, at in list(marks.items()):
            if done >= at or (v == venues and i == last):
                memory[label] = (time.perf_counter() - started, *rss_mb())
                del marks[label]
                print(f"  {label:>4} of the deals: {done:,} in {memory[label][0]:.0f} s, "
                      f"RSS {memory[label][1]:.0f} MiB (peak {memory[label][2]:.0f})",
                      file=sys.stderr, flush=True)
    service.db.dispose()
    return {"deals": done, "seconds": time.perf_counter() - started, "memory": memory,
            "skipped": skipped, "fixes": fixes}


def median(runs: list[Run]) -> float:
    bad = [r for r in runs if r.code != 0]
    if bad:
        raise SystemExit(f"a command failed ({bad[0].code}): {bad[0].stderr[-2000:]}")
    return statistics.median(r.seconds for r in runs)


def timed(runs: list[Run]) -> tuple[float, float]:
    """The median wall time of the runs and their median CPU time (user + system)."""
    return median(runs), statistics.median(r.cpu for r in runs)


def in_process(url: str, night: int) -> dict[str, float]:
    """The service calls behind `tally league` and `standings --night` on an open
    database (median of 5): what the commands take apart from starting Python."""
    from ledger.service import Tally

    service = Tally.open(url)
    out = {}
    for key, call in (("league", lambda: service.league(nights=False)),
                      ("night", lambda: service.standings(night_id=night))):
        times = []
        for _ in range(5):
            t0 = time.perf_counter()
            call()
            times.append(time.perf_counter() - t0)
        out[key] = statistics.median(times)
    service.db.dispose()
    return out


def size_of(url: str) -> tuple[int, int]:
    """The database's size on disk and its night count."""
    import psycopg

    with psycopg.connect(url) as conn:
        size = conn.execute("SELECT pg_database_size(current_database())").fetchone()[0]
        nights = conn.execute("SELECT count(*) FROM night").fetchone()[0]
    return int(size), int(nights)


def measure(url: str, check: bool) -> tuple[list[tuple[str, str, str]], Run | None]:
    """The commands on a loaded federation (vacuumed and analysed first): the rows of the
    table, and `tally check`'s run (None: not asked)."""
    from tests.bench_engines import settle_server

    t0 = time.perf_counter()
    settle_server(url)
    vacuum_s = time.perf_counter() - t0
    size, nights = size_of(url)
    night = nights // 2 or 1
    league, league_cpu = timed([run(tally_argv(url, "league")) for _ in range(5)])
    one, one_cpu = timed([run(tally_argv(url, "standings", "--night", str(night)))
                          for _ in range(5)])
    every, every_cpu = timed([run(tally_argv(url, "standings", "--all")) for _ in range(5)])
    inside = in_process(url, night)
    bare, bare_cpu = timed([run(tally_argv(url, "where")) for _ in range(5)])
    checked = run(tally_argv(url, "check")) if check else None
    rows = [
        ("VACUUM ANALYZE after the load", f"{vacuum_s:.0f} s", ""),
        ("database size", f"{size / 2**30:.2f} GiB", f"{nights:,} nights"),
        ("tally league (every night)", f"{league:.3f} s (CPU {league_cpu:.3f} s)",
         "≤ 1 s " + ("ok" if league <= 1 else "MISS")),
        (f"tally standings --night {night}", f"{one:.3f} s (CPU {one_cpu:.3f} s)",
         "≤ 0.3 s " + ("ok" if one <= 0.3 else "MISS")),
        ("tally standings --all", f"{every:.3f} s (CPU {every_cpu:.3f} s)", ""),
        ("  tally where (start-up alone, no connection)",
         f"{bare:.3f} s (CPU {bare_cpu:.3f} s)", ""),
        ("  the league's query, in the process", f"{inside['league']:.3f} s", ""),
        ("  standings --night's query, in the process", f"{inside['night']:.3f} s", ""),
    ]
    if checked is not None:
        found = [x for x in checked.stdout.splitlines() if x.startswith("problem")]
        rows.append(("tally check", f"{checked.seconds:.0f} s",
                     "clean" if checked.code == 0 and not found else
                     f"{len(found)} problems (exit {checked.code})"))
    return rows, checked


def show(rows: list[tuple[str, str, str]], checked: Run | None) -> None:
    widths = [max(len(r[i]) for r in rows) for i in range(3)]
    for r in rows:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())
    if checked is not None and checked.code != 0:
        print(checked.stdout[-2000:], checked.stderr[-2000:], file=sys.stderr)


def remeasure(url: str, check: bool) -> int:
    """`--url`: a federation loaded before (by an earlier Tally, perhaps): upgraded to this
    Tally's schema by `tally db upgrade` (timed: what a league's server does when its
    venues update), then measured as after a load."""
    upgrade = run(tally_argv(url, "db", "upgrade"))
    if upgrade.code != 0:
        raise SystemExit(f"tally db upgrade failed: {upgrade.stderr[-2000:]}")
    rows, checked = measure(url, check)
    load_avg = " / ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"\nA federation on PostgreSQL, measured again: {url.split('?')[0]}, "
          f"load average {load_avg}\n")
    show([("tally db upgrade", f"{upgrade.seconds:.1f} s",
           upgrade.stdout.strip().rsplit(": ", 1)[-1]), *rows],
         checked)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench_federation",
                                     description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--venues", type=int, default=100)
    parser.add_argument("--nights", type=int, default=520)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-check", action="store_true", help="skip `tally check`")
    parser.add_argument("--url", help="measure this federation, loaded before (no import): "
                        "upgraded to this Tally's schema first")
    args = parser.parse_args(argv)
    if args.url:
        return remeasure(args.url, not args.no_check)

    from tests import decade
    from tests.pg_cluster import Cluster

    out = Path(tempfile.mkdtemp(prefix="tally-bench-federation-"))
    ENV.setdefault("PYTHONPYCACHEPREFIX", str(out / "pycache"))
    cluster = Cluster(durable=True)
    try:
        t0 = time.perf_counter()
        plan = decade.write_plan(out, args.nights, args.seed)
        print(f"one decade generated: {plan['deals']:,} deals in "
              f"{time.perf_counter() - t0:.0f} s; importing {args.venues} venues",
              file=sys.stderr, flush=True)
        url = cluster.new_database(migrated=False)
        built = load(url, plan, args.venues)
        measured, checked = measure(url, not args.no_check)
        load_avg = " / ".join(f"{x:.2f}" for x in os.getloadavg())
        per_venue = built["seconds"] / args.venues
        print(f"\nA federation on PostgreSQL {cluster.bin.parent.name} (durable): "
              f"{args.venues} venues × {args.nights} nights, load average {load_avg}\n")
        rows = [
            ("venues × nights", f"{args.venues} × {args.nights}", ""),
            ("deals imported (corrections, voids)",
             f"{built['deals']:,} ({built['fixes']:,})", ""),
            ("import, streamed (import_tables)",
             f"{built['seconds']:.0f} s ({built['deals'] / built['seconds']:,.0f} deals/s)",
             f"{per_venue:.0f} s a venue"),
            *[(f"importer RSS at {k} of the deals (now / peak)",
               f"{m[1]:.0f} / {m[2]:.0f} MiB", f"at {m[0]:.0f} s")
              for k, m in built["memory"].items()],
            *measured,
        ]
        if args.venues < 100:
            rows.append(("import of 100 venues, by this rate",
                         f"≈ {per_venue * 100 / 60:.0f} min",
                         f"(per venue × 100, at {args.nights} nights)"))
        show(rows, checked)
        return 0
    finally:
        cluster.stop()
        shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    os.chdir(ROOT)
    sys.exit(main())
