"""A decade of club history, measured against its targets (and the league's).

    python -m tests.bench                  # 520 weekly nights × 4 tables × ~30 deals
    python -m tests.bench --nights 20      # a quick run
    python -m tests.bench --out DIR        # keep the database, deal files and exports in DIR
    python -m tests.bench --long-only      # only the long-table figure

The decade is built through the service layer: 60 members, one night a week, four tables a
night covering every game family with a deal generator (`tests/decade.py`), each table's
deals written to a JSON-lines file and loaded with `Tally.import_jsonl` (what `tally import`
runs), about 2% of deals then corrected or voided, and every night but the last closed.
Then each command runs as a whole process (wall time, peak RSS from `wait4`), the in-process
figures run in child processes of their own (so each has its own peak memory), and one table
of figures is printed with its target. Not collected by pytest.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
__test__ = False
# Child processes cache bytecode as an installed Tally would (pip compiles it); a sandbox's
# PYTHONDONTWRITEBYTECODE would otherwise recompile every module at every start.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


@dataclass
class Run:
    seconds: float
    peak_mb: float
    code: int
    stdout: str
    stderr: str
    cpu: float = 0.0  # the process's own CPU seconds (user + system): what a shared, busy
    # machine adds to the wall time is not in it


def run(argv: list[str], stdin: str | None = None) -> Run:
    """Run a process to the end: its wall time and its own peak RSS (wait4's rusage)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        p = subprocess.Popen(argv, cwd=ROOT, stdout=out, stderr=err, env=ENV,
                             stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL)
        if stdin is not None:
            assert p.stdin is not None
            p.stdin.write(stdin.encode())
            p.stdin.close()
        _, status, usage = os.wait4(p.pid, 0)
        seconds = time.perf_counter() - started
        p.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return Run(seconds, usage.ru_maxrss / 1024, p.returncode,
                   out.read().decode(errors="replace"), err.read().decode(errors="replace"),
                   usage.ru_utime + usage.ru_stime)


def tally_argv(db: Path, *args: str) -> list[str]:
    script = Path(sys.executable).parent / "tally"
    head = [str(script)] if script.exists() else [sys.executable, "-m", "ledger.cli.main"]
    return [*head, "--db", str(db), *args]


def child(phase: str, out: Path, *extra: str) -> tuple[dict[str, Any], Run]:
    """Run one in-process measurement in a child process; its last stdout line is JSON."""
    r = run([sys.executable, "-m", "tests.bench", "--phase", phase, "--out", str(out), *extra])
    if r.code != 0:
        raise SystemExit(f"phase {phase} failed ({r.code}):\n{r.stderr[-3000:]}")
    return json.loads(r.stdout.strip().splitlines()[-1]), r


# ---- phases (each runs in a child process) ---------------------------------------------------


def phase_build(out: Path) -> dict[str, Any]:
    from ledger.domain.rules import RuleError
    from ledger.service import Tally

    plan = json.loads((out / "plan.json").read_text(encoding="utf-8"))
    started = time.perf_counter()
    service = Tally.open(out / "decade.sqlite3")
    for name in plan["members"]:
        service.add_player(name)
    imported = 0
    import_s = fix_s = 0.0
    fixed = skipped = 0
    last = len(plan["nights"]) - 1
    for i, night in enumerate(plan["nights"]):
        nid = service.new_night(night["date"], night["venue"])
        for t in night["tables"]:
            tid = service.new_table(nid, t["game"], t["seats"], t["preset"], t["overrides"])
            t0 = time.perf_counter()
            ids = service.import_jsonl(Path(t["file"]), tid)
            import_s += time.perf_counter() - t0
            imported += len(ids)
            t0 = time.perf_counter()
            for fix in t["fixes"]:
                deal_id = ids[fix["number"] - 1]
                try:
                    service.correct_deal(deal_id, fix["outcome"], reason=fix["reason"],
                                         author="scorer")
                    fixed += 1
                except RuleError:
                    skipped += 1
            fix_s += time.perf_counter() - t0
        if i != last:
            service.close_night(nid)
    return {"deals": imported, "import_s": import_s, "fixes": fixed, "fixes_refused": skipped,
            "fix_s": fix_s, "build_s": time.perf_counter() - started}


def phase_tui_open(out: Path) -> dict[str, Any]:
    """From building the app to the last night's screen showing its tables and standings."""
    try:
        from tui.app import make_app
        from tui.screens.night import NightScreen
    except ImportError as exc:
        return {"na": f"no night screen in the TUI yet ({exc.name})"}
    from ledger.service import Tally

    async def go() -> dict[str, Any]:
        started = time.perf_counter()
        service = Tally.open(out / "decade.sqlite3")
        night_id = service.nights()[0].id
        app = make_app(service, start_night=night_id)
        async with app.run_test(size=(120, 40)) as pilot:
            while not (isinstance(app.screen, NightScreen) and app.screen.data is not None):
                await pilot.pause(0.005)
                if time.perf_counter() - started > 120:
                    return {"na": "night screen did not load within 120 s"}
            await pilot.pause()
            seconds = time.perf_counter() - started
            rows = app.screen.query_one("#standings").row_count  # type: ignore[attr-defined]
        return {"seconds": seconds, "standings_rows": rows}

    return asyncio.run(go())


def phase_tui_save(out: Path, db_name: str = "decade.sqlite3") -> dict[str, Any]:
    """On the last night's Crazy Solo table: `a`, `p` (all passed; every other save an
    Alone, `a 3 s 8 2`: a repeat of the deal before asks first), then time from Enter to
    the end of the first frame that draws the log with the saved deal's row in view (the
    standings and the chart are updated with it, before any frame); median of five saves.

    `press_seconds` is what this phase measured before: how long `pilot.press("enter")`
    took. It returns only once the app has been idle for two of Textual's 20 ms idle checks
    (an unbound key takes ~65 ms), and after any later frame (the "Saved" toast), so it is
    shown for comparison, not as the figure."""
    try:
        from textual.geometry import Region
        from textual.strip import Strip
        from textual.widgets import DataTable

        from tui.app import make_app
        from tui.screens.table import TableScreen
    except ImportError as exc:
        return {"na": f"no table screen in the TUI yet ({exc.name})"}
    from ledger.service import Tally

    async def go() -> dict[str, Any]:
        service = Tally.open(out / db_name)
        night = service.night(service.nights()[0].id)
        table = next(t for t in night.tables if t.game == "crazy-solo")
        app = make_app(service, start_night=night.id)
        loop = asyncio.get_running_loop()
        times, presses = [], []
        async with app.run_test(size=(120, 40)) as pilot:
            screen = TableScreen(table.id)
            app.push_screen(screen)
            while screen.data is None:
                await pilot.pause(0.005)
            await app.workers.wait_for_complete()  # the log filled (a long table: chunks)
            log = screen.query_one("#deals", DataTable)
            draw = log.render_lines
            shown: asyncio.Future[float] = loop.create_future()
            rows = log.row_count

            def in_view() -> bool:
                """The log has the new row, scrolled into view (rows of one line)."""
                height = log.scrollable_content_region.height - log.header_height
                return log.row_count > rows and log.row_count - 1 < log.scroll_y + height

            def frame_done() -> None:
                if not shown.done():
                    shown.set_result(time.perf_counter())

            def render_lines(crop: Region) -> list[Strip]:
                """The compositor draws the log in a frame; with the row in view, note when
                that frame is done (the frame is drawn in one go, then the loop moves on)."""
                lines = draw(crop)
                if in_view():
                    loop.call_soon(frame_done)
                return lines

            log.render_lines = render_lines  # type: ignore[method-assign]
            # All passed, then Alone ♠ by seat 3 with 82, in turn: a deal the same as the
            # one before asks first, so no two saves in a row enter the same
            last = screen.data.deals[-1].outcome if screen.data.deals else None
            first_pass = (last or {}).get("contract") != "pass"
            for i in range(5):
                await pilot.press("a")
                await app.workers.wait_for_complete()
                for key in ("p",) if (i % 2 == 0) == first_pass else ("a", "3", "s", "8", "2"):
                    await pilot.press(key)
                    await app.workers.wait_for_complete()
                await pilot.pause()
                rows, shown = log.row_count, loop.create_future()
                started = time.perf_counter()
                await pilot.press("enter")
                presses.append(time.perf_counter() - started)
                try:
                    times.append(await asyncio.wait_for(shown, 30) - started)
                except TimeoutError:
                    return {"na": "the save did not show within 30 s"}
                await pilot.pause()
        return {"seconds": statistics.median(times),
                "press_seconds": statistics.median(presses)}

    return asyncio.run(go())


def phase_save_refresh(out: Path, db_name: str = "decade.sqlite3") -> dict[str, Any]:
    """What the TUI does on save, through the service: add a deal, re-read the standings."""
    from ledger.service import Tally
    from tests.robust.writer import solo_deal

    service = Tally.open(out / db_name)
    night = service.night(service.nights()[0].id)
    table = next(t for t in night.tables if t.game == "crazy-solo")
    rng = random.Random(7)
    times = []
    for _ in range(7):
        deal = solo_deal(rng, list(table.seats))
        started = time.perf_counter()
        service.add_deal(table.id, deal)
        service.standings(night_id=night.id)
        service.deals(table.id)
        times.append(time.perf_counter() - started)
    return {"seconds": statistics.median(times)}


def phase_app_save(out: Path, db_name: str) -> dict[str, Any]:
    """What the app's save asks of the service (tui/screens/table.py `_add` then
    `_appended`): add the deal, read it back, the table's status and its standings."""
    from ledger.service import Tally
    from tests.robust.writer import solo_deal

    service = Tally.open(out / db_name)
    night = service.night(service.nights()[0].id)
    table = next(t for t in night.tables if t.game == "crazy-solo")
    rng = random.Random(7)
    times = []
    for _ in range(9):
        deal = solo_deal(rng, list(table.seats))
        started = time.perf_counter()
        deal_id = service.add_deal(table.id, deal)
        service.deal(deal_id)
        service.table(table.id)
        service.standings(table_id=table.id)
        times.append(time.perf_counter() - started)
    return {"seconds": statistics.median(times)}


def phase_long_build(out: Path, db_name: str, deals: int) -> dict[str, Any]:
    """One night with one Crazy Solo table of `deals` deals (imported as `tally import`)."""
    from ledger.service import Tally
    from tests import decade

    for suffix in ("", "-wal", "-shm"):
        Path(f"{out / db_name}{suffix}").unlink(missing_ok=True)
    service = Tally.open(out / db_name)
    seats = ("Ann", "Bea", "Chie", "Dan", "Eve")
    for name in seats:
        service.add_player(name)
    night = service.new_night("2026-01-01", "Club")
    table = service.new_table(night, "crazy-solo", list(seats))
    lines = decade.table_deals(random.Random(deals), "crazy-solo", seats, deals,
                               fix_rate=0).lines
    file = out / f"{db_name}.jsonl"
    file.write_text("".join(json.dumps(o, ensure_ascii=False) + "\n" for o in lines),
                    encoding="utf-8")
    started = time.perf_counter()
    ids = service.import_jsonl(file, table)
    return {"deals": len(ids), "import_s": time.perf_counter() - started, "table": table}


def long_table(out: Path, long: int, short: int = 40) -> list[Row]:
    """Issue 16: appending costs the same at any table length. `tally round add` (whole
    process, median of 7, the two tables taking turns) and the app's save (service part,
    and the TUI's Enter-to-frame) on a table of `long` deals against one of `short`."""
    from tests.robust.writer import solo_deal

    built = {}
    for name, n in (("long", long), ("short", short)):
        built[name], _ = child("long-build", out, "--db-name", f"{name}.sqlite3",
                               "--deals", str(n))
    rng = random.Random(5)
    seats = ["Ann", "Bea", "Chie", "Dan", "Eve"]
    runs: dict[str, list[Run]] = {"long": [], "short": []}
    for _ in range(7):
        for name in ("short", "long"):
            runs[name].append(run(tally_argv(out / f"{name}.sqlite3", "round", "add", "--table",
                                             str(built[name]["table"])),
                                  json.dumps(solo_deal(rng, seats))))
    rows: list[Row] = []

    def pair(what: str, short_s: float, long_s: float, slack: float = 0.10) -> None:
        ratio = long_s / short_s
        rows.append(Row(f"{what}: {long:,} deals / {short} deals",
                        f"{fmt_s(long_s)} / {fmt_s(short_s)} = {ratio:.2f}",
                        f"≤ {1 + slack:.2f}", ratio <= 1 + slack))

    bad = [r for rs in runs.values() for r in rs if r.code != 0]
    if bad:
        rows.append(Row("tally round add on a long table", f"exit {bad[0].code}: "
                        f"{bad[0].stderr.strip()[:60]}", "", False))
    else:
        pair("tally round add (whole process)",
             statistics.median(r.seconds for r in runs["short"]),
             statistics.median(r.seconds for r in runs["long"]))
    got = {name: child("app-save", out, "--db-name", f"{name}.sqlite3")[0]["seconds"]
           for name in ("short", "long")}
    pair("app's save, service part (add, deal, table, standings)", got["short"], got["long"])
    got = {name: child("tui-save", out, "--db-name", f"{name}.sqlite3")[0]
           for name in ("short", "long")}
    if all("seconds" in g for g in got.values()):
        pair("app's save, Enter to the frame showing it", got["short"]["seconds"],
             got["long"]["seconds"])
    else:
        rows.append(Row("app's save on a long table", str(got), "", None))
    return rows


def phase_settle20(out: Path) -> dict[str, Any]:
    from tests.bench_settle import balances, pairs, worst

    seconds = max(worst(make, 20, high)[0] for make, high in
                  ((balances, 500), (balances, 5), (pairs, 3), (pairs, 1000)))
    return {"seconds": seconds}


PHASES = {"build": phase_build, "tui-open": phase_tui_open, "tui-save": phase_tui_save,
          "save-refresh": phase_save_refresh, "settle20": phase_settle20,
          "app-save": phase_app_save, "long-build": phase_long_build}


# ---- the whole run ----------------------------------------------------------------------------


@dataclass
class Row:
    what: str
    value: str
    target: str
    ok: bool | None  # None: not measured
    peak_mb: float | None = None


def fmt_s(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.2f} s"


def timed_row(what: str, runs: list[Run], limit: float) -> Row:
    for r in runs:
        if r.code != 0:
            return Row(what, f"exit {r.code}: {r.stderr.strip()[:60]}", f"≤ {fmt_s(limit)}",
                       False, max(x.peak_mb for x in runs))
    seconds = statistics.median(r.seconds for r in runs)
    return Row(what, fmt_s(seconds), f"≤ {fmt_s(limit)}", seconds <= limit,
               max(r.peak_mb for r in runs))


def measure(out: Path, writers: int, long: int) -> list[Row]:
    from ledger.service import Tally
    from tests import decade
    from tests.robust.writer import solo_deal

    db = out / "decade.sqlite3"
    rows: list[Row] = []
    build, r = child("build", out)
    rate = build["deals"] / build["import_s"]
    rows.append(Row(f"import of the decade ({build['deals']:,} deals, in-process "
                    "import_jsonl)", f"{rate:,.0f} deals/s", "≥ 5,000 deals/s", rate >= 5000,
                    r.peak_mb))
    print(f"built in {build['build_s']:.1f} s: import {build['import_s']:.1f} s, "
          f"{build['fixes']} corrections/voids in {build['fix_s']:.1f} s "
          f"({build['fixes_refused']} refused)", file=sys.stderr)

    service = Tally.open(db)
    night = service.night(service.nights()[0].id)
    solo = next(t for t in night.tables if t.game == "crazy-solo")
    rng = random.Random(11)
    extra_table = service.new_table(night.id, "crazy-solo", list(solo.seats))
    lines = decade.table_deals(rng, "crazy-solo", solo.seats, 30, fix_rate=0).lines
    file = out / "one-table.jsonl"
    file.write_text("".join(json.dumps(o, ensure_ascii=False) + "\n" for o in lines),
                    encoding="utf-8")
    service.db.dispose()

    runs = [run(tally_argv(db, "standings", "--all")) for _ in range(5)]
    rows.append(timed_row("tally standings --all (whole process)", runs, 1.0))
    runs = [run(tally_argv(db, "league")) for _ in range(5)]
    rows.append(timed_row("tally league, every night (whole process)", runs, 0.6))
    runs = [run(tally_argv(db, "round", "add", "--table", str(solo.id)),
                json.dumps(solo_deal(rng, list(solo.seats)))) for _ in range(5)]
    rows.append(timed_row("tally round add (whole process)", runs, 0.8))
    runs = [run(tally_argv(db, "import", str(file), "--table", str(extra_table)))
            for _ in range(5)]
    rows.append(timed_row("tally import, one 30-deal table (whole process)", runs, 1.0))
    exports = out / "exports"
    shutil.rmtree(exports, ignore_errors=True)
    runs = [run(tally_argv(db, "export", "--all", "--out", str(exports))) for _ in range(3)]
    rows.append(timed_row("tally export --all (whole process)", runs, 5.0))
    runs = [run(tally_argv(db, "check")) for _ in range(3)]
    rows.append(timed_row("tally check (whole process)", runs, 10.0))

    for phase, what, limit in (("tui-open", "TUI opens the decade to the night screen", 2.0),
                               ("tui-save", "TUI saves a deal and refreshes standings", 0.1)):
        got, r = child(phase, out)
        if "na" in got:
            rows.append(Row(what, "n/a: " + got["na"], f"≤ {fmt_s(limit)}", None))
        else:
            rows.append(Row(what, fmt_s(got["seconds"]), f"≤ {fmt_s(limit)}",
                            got["seconds"] <= limit, r.peak_mb))
            if "press_seconds" in got:  # the old measure, for comparison with earlier runs
                rows.append(Row("  pilot.press(enter) returning (waits for the app to idle)",
                                fmt_s(got["press_seconds"]), "(not a target)", None))
    got, r = child("save-refresh", out)
    rows.append(Row("  service part of it: add_deal + standings + deal list", fmt_s(
        got["seconds"]), "≤ 100 ms", got["seconds"] <= 0.1, r.peak_mb))
    got, r = child("settle20", out)
    rows.append(Row("settlement, 20 non-zero balances, exact (worst case)",
                    fmt_s(got["seconds"]), "≤ 1 s", got["seconds"] <= 1.0, r.peak_mb))
    if writers:
        rows.append(two_writers(out, writers))
    if long:
        rows += long_table(out, long)
    peak = max(x.peak_mb for x in rows if x.peak_mb is not None)
    rows.append(Row("peak memory of any of the above", f"{peak:.0f} MB", "≤ 300 MB",
                    peak <= 300))
    return rows


def two_writers(out: Path, n: int) -> Row:
    """Two processes each add `n` deals to one database at once (two tables of a night)."""
    from ledger.service import Tally

    db = out / "writers.sqlite3"
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    service = Tally.open(db)
    names = ["Ann", "Bea", "Chie", "Dan", "Eve", "Finn", "Gus", "Hana", "Ivo", "Jo"]
    for name in names:
        service.add_player(name)
    night = service.new_night("2026-01-01")
    tables = [service.new_table(night, "crazy-solo", names[:5]),
              service.new_table(night, "crazy-solo", names[5:])]
    service.db.dispose()
    started = time.perf_counter()
    procs = [subprocess.Popen([sys.executable, "-m", "tests.robust.writer", str(db), str(t),
                               str(n), str(t)], cwd=ROOT, env=ENV, stderr=subprocess.PIPE,
                              text=True)
             for t in tables]
    errors = [p.communicate()[1] for p in procs]
    seconds = time.perf_counter() - started
    service = Tally.open(db)
    present = sum(len(service.deals(t)) for t in tables)
    clean = not service.check()
    ok = present == 2 * n and clean and not any(errors) and all(p.returncode == 0
                                                                 for p in procs)
    shown = f"{present:,} present, {sum(e.count(chr(10)) for e in errors)} errors shown, " \
            f"check {'clean' if clean else 'NOT clean'}, {fmt_s(seconds)}"
    return Row(f"two writers × {n} deals (round add, one database)", shown,
               f"{2 * n:,} present, no error", ok)


def print_rows(rows: list[Row], cores: int, nights: int) -> None:
    load = " / ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"\nTally decade benchmark: {nights} nights, {cores} cores "
          f"({os.cpu_count()} logical), Python {sys.version.split()[0]}, load average "
          f"{load} (whole-process figures: median of 5, export and check of 3)\n")
    heads = ("what", "figure", "target", "", "peak RSS")
    table = [(r.what, r.value, r.target, {True: "ok", False: "MISS", None: "n/a"}[r.ok],
              "" if r.peak_mb is None else f"{r.peak_mb:.0f} MB") for r in rows]
    widths = [max(len(str(x[i])) for x in [heads, *table]) for i in range(len(heads))]
    for line in [heads, tuple("-" * w for w in widths), *table]:
        print("  ".join(str(c).ljust(w) for c, w in zip(line, widths, strict=True)).rstrip())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--nights", type=int, default=520, help="weekly nights (520)")
    parser.add_argument("--out", type=Path, help="keep everything in this folder")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--writers", type=int, default=500,
                        help="deals per writer in the two-writers run (0: skip it)")
    parser.add_argument("--long", type=int, default=40_000,
                        help="deals of the long table (40,000; 0: skip it)")
    parser.add_argument("--long-only", action="store_true",
                        help="measure only the long table against a 40-deal one")
    parser.add_argument("--phase", choices=sorted(PHASES), help=argparse.SUPPRESS)
    parser.add_argument("--db-name", help=argparse.SUPPRESS)
    parser.add_argument("--deals", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.phase:
        extra = {k: v for k, v in (("db_name", args.db_name), ("deals", args.deals))
                 if v is not None}
        print(json.dumps(PHASES[args.phase](args.out, **extra)))
        return 0
    if args.long_only:
        out = args.out or Path(tempfile.mkdtemp(prefix="tally-bench-"))
        out.mkdir(parents=True, exist_ok=True)
        ENV.setdefault("PYTHONPYCACHEPREFIX", str(out / "pycache"))
        run(tally_argv(out / "warm.sqlite3", "standings", "--all"))
        rows = long_table(out, args.long or 40_000)
        cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1
        print_rows(rows, cores, 0)
        if args.out is None:
            shutil.rmtree(out, ignore_errors=True)
        return 0 if all(r.ok is not False for r in rows) else 1

    from tests import decade

    out = args.out or Path(tempfile.mkdtemp(prefix="tally-bench-"))
    out.mkdir(parents=True, exist_ok=True)
    ENV.setdefault("PYTHONPYCACHEPREFIX", str(out / "pycache"))
    for stale in ("decade.sqlite3", "decade.sqlite3-wal", "decade.sqlite3-shm"):
        (out / stale).unlink(missing_ok=True)
    started = time.perf_counter()
    plan = decade.write_plan(out, args.nights, args.seed)
    print(f"generated {plan['deals']:,} deals ({', '.join(decade.games())}) and "
          f"{plan['fixes']} corrections/voids in {time.perf_counter() - started:.1f} s "
          f"into {out}", file=sys.stderr)
    run(tally_argv(out / "warm.sqlite3", "standings", "--all"))  # fills the bytecode cache
    rows = measure(out, args.writers, args.long)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print_rows(rows, cores or 1, args.nights)
    if args.out is None:
        shutil.rmtree(out, ignore_errors=True)
    return 0 if all(r.ok is not False for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
