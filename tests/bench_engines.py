"""The decade benchmark on PostgreSQL beside SQLite, in one run.

    python -m tests.bench_engines                # 520 weekly nights, a 40,000-deal table
    python -m tests.bench_engines --nights 40    # a quick run

The same generated decade (`tests/decade.py`) is imported through the service into a SQLite
file and into a database of a private PostgreSQL cluster started for the run (Debian's
binaries, as the tests start theirs, but durable: fsync and full page writes on, as a
league's server runs; commits are not waited for on disk, `synchronous_commit=off`, the
promise SQLite's WAL with `synchronous=NORMAL` makes: a power cut may lose the last moment's
commits, never the database). Then each command runs as a whole process on each engine: `standings
--all` (median of 5), `round add` on a table of 40,000 deals (median of 5), `export --all`
and `check` (median of 3). One table is printed: each figure on both engines and their
ratio, the target being PostgreSQL within 2× of SQLite. After the import the server's
tables are vacuumed and analysed (what its autovacuum does soon after a bulk load). The
federation (100 venues × a decade, ~6 million deals) is not part of this run. Not
collected by pytest.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tests.bench import ENV, ROOT, Run, run, tally_argv

__test__ = False


def build(location: Any, plan: dict[str, Any]) -> dict[str, float]:
    """The decade through the service: members, nights, tables, each table's deals with
    `import_jsonl` (what `tally import` runs), the corrections, every night but the last
    closed."""
    from ledger.domain.rules import RuleError
    from ledger.service import Tally

    started = time.perf_counter()
    service = Tally.open(location)
    for name in plan["members"]:
        service.add_player(name)
    import_s = 0.0
    deals = skipped = 0
    last = len(plan["nights"]) - 1
    for i, night in enumerate(plan["nights"]):
        nid = service.new_night(night["date"], night["venue"])
        for t in night["tables"]:
            tid = service.new_table(nid, t["game"], t["seats"], t["preset"], t["overrides"])
            t0 = time.perf_counter()
            try:
                ids = service.import_jsonl(Path(t["file"]), tid)
            except RuleError:  # a generated deal today's rules refuse: the table stays empty,
                skipped += 1  # on both engines alike
                continue
            finally:
                import_s += time.perf_counter() - t0
            deals += len(ids)
            for fix in t["fixes"]:
                try:
                    service.correct_deal(ids[fix["number"] - 1], fix["outcome"],
                                         reason=fix["reason"], author="scorer")
                except RuleError:
                    pass
        if i != last:
            service.close_night(nid)
    service.db.dispose()
    return {"deals": deals, "import_s": import_s, "build_s": time.perf_counter() - started,
            "skipped": skipped}


def long_table(location: Any, out: Path, deals: int) -> int:
    """One night with one Crazy Solo table of `deals` deals; its table id."""
    from ledger.service import Tally
    from tests import decade

    service = Tally.open(location)
    seats = ("Ann", "Bea", "Chie", "Dan", "Eve")
    for name in seats:
        service.add_player(name)
    table = service.new_table(service.new_night("2026-01-01", "Club"), "crazy-solo",
                              list(seats))
    file = out / "long.jsonl"
    if not file.exists():
        lines = decade.table_deals(random.Random(deals), "crazy-solo", seats, deals,
                                   fix_rate=0).lines
        file.write_text("".join(json.dumps(o, ensure_ascii=False) + "\n" for o in lines),
                        encoding="utf-8")
    service.import_jsonl(file, table)
    service.db.dispose()
    return table


def settle_server(*urls: str) -> None:
    """What the server's autovacuum does soon after a bulk import, done at once: the
    planner's statistics and the visibility map (index-only scans skip the table rows)."""
    import psycopg

    for url in urls:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("VACUUM ANALYZE")


def median(runs: list[Run]) -> float:
    bad = [r for r in runs if r.code != 0]
    if bad:
        raise SystemExit(f"a command failed ({bad[0].code}): {bad[0].stderr[-2000:]}")
    return statistics.median(r.seconds for r in runs)


def measure(location: Any, long_location: Any, long_id: int, out: Path) -> dict[str, float]:
    from tests.robust.writer import solo_deal

    rng = random.Random(11)
    seats = ["Ann", "Bea", "Chie", "Dan", "Eve"]
    got = {"standings": median([run(tally_argv(location, "standings", "--all"))
                                for _ in range(5)]),
           "round_add": median([run(tally_argv(long_location, "round", "add", "--table",
                                               str(long_id)), json.dumps(solo_deal(rng, seats)))
                                for _ in range(5)])}
    exports = out / "exports"
    runs = []
    for _ in range(3):
        shutil.rmtree(exports, ignore_errors=True)
        runs.append(run(tally_argv(location, "export", "--all", "--out", str(exports))))
    got["export"] = median(runs)
    got["check"] = median([run(tally_argv(location, "check")) for _ in range(3)])
    return got


def files_of(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench_engines", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--nights", type=int, default=520)
    parser.add_argument("--long", type=int, default=40_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    from tests import decade
    from tests.pg_cluster import Cluster

    out = Path(tempfile.mkdtemp(prefix="tally-bench-engines-"))
    ENV.setdefault("PYTHONPYCACHEPREFIX", str(out / "pycache"))
    cluster = Cluster(durable=True)
    try:
        plan = decade.write_plan(out, args.nights, args.seed)
        engines = {"SQLite": (out / "decade.sqlite3", out / "long.sqlite3"),
                   "PostgreSQL": (cluster.new_database(migrated=False),
                                  cluster.new_database(migrated=False))}
        run(tally_argv(out / "warm.sqlite3", "standings", "--all"))  # the bytecode cache
        figures: dict[str, dict[str, float]] = {}
        exported: dict[str, dict[str, bytes]] = {}
        for name, (location, long_location) in engines.items():
            built = build(location, plan)
            long_id = long_table(long_location, out, args.long)
            if name == "PostgreSQL":
                settle_server(location, long_location)
            figures[name] = {"import": built["import_s"], "deals": built["deals"],
                             **measure(location, long_location, long_id, out)}
            exported[name] = files_of(out / "exports")
            print(f"{name}: {built['deals']:,} deals built in {built['build_s']:.1f} s "
                  f"({built['skipped']} generated tables refused by today's rules)",
                  file=sys.stderr)
        same = exported["SQLite"] == exported["PostgreSQL"]
        rows = [("import of the decade (in-process import_jsonl)", "import"),
                ("tally standings --all", "standings"),
                (f"tally round add, a {args.long:,}-deal table", "round_add"),
                ("tally export --all", "export"), ("tally check", "check")]
        load = " / ".join(f"{x:.2f}" for x in os.getloadavg())
        deals = int(figures["SQLite"]["deals"])
        print(f"\nTally on two engines: {args.nights} nights ({deals:,} deals), PostgreSQL "
              f"{cluster.bin.parent.name} (durable), load average {load}\n")
        heads = ("what", "SQLite", "PostgreSQL", "ratio", "target", "")
        table = []
        for what, key in rows:
            a, b = figures["SQLite"][key], figures["PostgreSQL"][key]
            table.append((what, f"{a:.3f} s", f"{b:.3f} s", f"{b / a:.2f}", "≤ 2.00",
                          "ok" if b <= 2 * a else "MISS"))
        table.append(("export --all files byte for byte", "", "", "", "identical",
                      "ok" if same else "MISS"))
        widths = [max(len(str(x[i])) for x in [heads, *table]) for i in range(len(heads))]
        for line in [heads, tuple("-" * w for w in widths), *table]:
            print("  ".join(str(c).ljust(w) for c, w in zip(line, widths, strict=True))
                  .rstrip())
        return 0 if all(x[-1] == "ok" for x in table) else 1
    finally:
        cluster.stop()
        shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    os.chdir(ROOT)
    sys.exit(main())
