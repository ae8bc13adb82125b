"""Load benchmark of the phones' room, not a test: `python -m tests.bench_room`.

`tally serve` in its own process; 60 tables (240 players), each a phone: its own HTTP client
(its own cookies) posting the entry form every 30 s at a random phase, exactly as the page's
script does (`X-Tally-Fetch`, the form's key and expected deal number); a tenth of the saves
is sent twice with the same key (a retry after a lost answer), which must not record twice.
5 boards hold the event stream open. Measured: each save's time, each board's delay from a
save's answer to the first board that counts it, errors, lost deals (answered but not in the
database), doubled deals (more deals than distinct keys), the server's RSS, the entry
page's weight; and beside it, what the terminal entry costs per tab (one Textual app process
per tab: its RSS and its start, to the first screen sent), and how many terminal tabs the
host holds before a save takes more than 1 s: the phones go on saving while tabs are opened
one by one, each a real app process as `tally serve` starts it for a browser tab (the
page, its websocket, the app's first screen; then held open and read, as a browser does),
each given `--ramp-window` seconds of saves before the next; the count is the tabs held
open before a save made while they were held took more than 1 s (the slowest save while
each tab's app was starting, a second of CPU, is printed beside it).

    python -m tests.bench_room [--seconds 300] [--tables 60] [--boards 5] [--every 30]
                               [--tabs 2] [--ramp-max 40] [--ramp-window 10]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import secrets
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp

from tests.bench_serve import board
from tests.serve.conftest import ROOT, free_port, tally

START = 60.0
NAMES = [f"P{i:03d}" for i in range(240)]


def p95(values: list[float]) -> float:
    """The 95th percentile, within the values (a few values: never above the slowest)."""
    return statistics.quantiles(values, n=20, method="inclusive")[-1] if len(values) >= 2 else (
        values[0] if values else float("nan"))


def rss_kib(pid: int) -> int:
    """Resident memory of a process (VmRSS, KiB)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def children(pid: int) -> list[int]:
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


def setup(db: Path, tables: int) -> None:
    tally(db, "player", "add", *NAMES)
    tally(db, "night", "new", "--date", "2026-12-01", "--venue", "Bench")
    for n in range(tables):
        tally(db, "table", "new", "--night", "1", "--game", "crazy-solo", "--seats",
              ",".join(seats_of(n + 1)))


def seats_of(n: int) -> list[str]:
    return NAMES[4 * (n - 1):4 * n]  # 240 players at 60 tables of four


async def pause(seconds: float, stop: asyncio.Event | None) -> None:
    """Sleep `seconds`, or less when `stop` is set."""
    if stop is None:
        await asyncio.sleep(seconds)
        return
    try:
        await asyncio.wait_for(stop.wait(), seconds)
    except TimeoutError:
        pass


async def phone(url: str, base: str, n: int, every: float, until: float, rng: random.Random,
                saves: list[tuple[float, float, int]], errors: list[str],
                keys: set[str], numbers: dict[int, Any] | None = None,
                stop: asyncio.Event | None = None) -> None:
    """Table n's phone: sign in once, then a deal every `every` s (until `until`, or until
    `stop` is set); `numbers` carries each table's next deal number and its last deal from
    part to part."""
    numbers = {} if numbers is None else numbers
    jar = aiohttp.CookieJar(unsafe=True)
    seats = seats_of(n)
    async with aiohttp.ClientSession(cookie_jar=jar) as session:
        async with session.get(url) as r:
            await r.read()
        async with session.post(f"{base}/t/{n}/name", data={"by": f"phone{n}"},
                                allow_redirects=False) as r:
            await r.read()
        await pause(rng.uniform(0, every), stop)
        number, last = numbers.get(n, (1, None))
        while time.time() < until and not (stop is not None and stop.is_set()):
            key = secrets.token_urlsafe(12)
            deal = last
            while deal == last:  # a deal equal to the one before is asked about first
                deal = (rng.choice(["clubs", "spades", "diamonds"]), rng.randint(0, 120))
            last = deal
            form = {"action": "save", "expect": str(number), "key": key,
                    "choice|contract": "solo", "player|caller": seats[1],
                    "choice|trump": deal[0], "player|partner": seats[3],
                    "number|team_points": str(deal[1])}
            for attempt in range(2 if rng.random() < 0.1 else 1):
                began = time.time()
                try:
                    async with session.post(f"{base}/t/{n}", data=form,
                                            headers={"X-Tally-Fetch": "1"}) as r:
                        answer = await r.json(content_type=None)
                    took = time.time() - began
                    if "saved" not in answer:
                        errors.append(f"table {n}: not saved: {sorted(answer)}")
                    elif attempt == 0:
                        saves.append((time.time(), took, n))
                        keys.add(key)
                except (aiohttp.ClientError, ValueError) as exc:
                    errors.append(f"table {n}: {type(exc).__name__}")
            number += 1
            numbers[n] = (number, last)
            await pause(every, stop)


class HeldTab:
    """A terminal tab held open: its session, its websocket, and a reader that takes
    everything the app sends (as a browser's terminal does), until closed."""

    def __init__(self) -> None:
        self.session = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.reader: asyncio.Task[None] | None = None

    async def open(self, entry: str, table: int) -> float:
        """Open the tab at `table`; seconds from its websocket to its first screen."""
        async with self.session.get(f"{entry}&table={table}&by=tab") as page:
            html = await page.text()
        ws_url = html.split('data-session-websocket-url="')[1].split('"')[0]
        began = time.time()
        self.ws = await self.session.ws_connect(f"{ws_url}?width=107&height=42")
        sent = 0
        while time.time() - began < 120:
            try:
                message = await self.ws.receive(timeout=1)
            except TimeoutError:
                continue
            if message.type not in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT):
                raise RuntimeError(f"the tab closed before its first screen: {message.type}")
            sent += len(message.data)
            if sent > 2000:  # a screen's worth of terminal output
                break
        first = time.time() - began
        self.reader = asyncio.create_task(self._read())
        return first

    async def _read(self) -> None:
        assert self.ws is not None
        async for _ in self.ws:
            pass

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self.reader is not None:
            await asyncio.gather(self.reader, return_exceptions=True)
        await self.session.close()


def apps_rss_kib(server: int) -> int:
    """Resident memory of every app the server started (each and its children)."""
    return sum(rss_kib(p) + sum(rss_kib(c) for c in children(p)) for p in children(server))


async def ramp(args: argparse.Namespace, base: str, tables: dict[int, str], entry: str,
               server: int, numbers: dict[int, Any]
               ) -> tuple[int, list[tuple], list[str], set[str]]:
    """Tabs opened one by one while the phones save: (tabs held before a save took more
    than 1 s, one row per tab opened, errors, the keys of the deals saved)."""
    rng = random.Random(2424)
    saves: list[tuple[float, float, int]] = []
    errors: list[str] = []
    keys: set[str] = set()
    stop = asyncio.Event()
    phones = [asyncio.create_task(phone(tables[n], base, n, args.every, float("inf"),
                                        random.Random(rng.random()), saves, errors, keys,
                                        numbers, stop))
              for n in sorted(tables)]
    await asyncio.sleep(min(args.every, args.ramp_window))  # the phones under way first
    held, steps, tabs = 0, [], []
    try:
        for k in range(1, args.ramp_max + 1):
            mark = len(saves)
            tab = HeldTab()
            tabs.append(tab)
            try:
                first = await tab.open(entry, (k - 1) % len(tables) + 1)
            except (aiohttp.ClientError, RuntimeError, IndexError) as exc:
                errors.append(f"tab {k}: {type(exc).__name__}: {exc}")
                break
            started = len(saves)  # the saves made while it started (its first second of CPU)
            await asyncio.sleep(args.ramp_window)
            window = [took for _, took, _ in saves[started:]]
            slowest = max(window, default=0.0)
            starting = max((took for _, took, _ in saves[mark:started]), default=0.0)
            steps.append((k, first, apps_rss_kib(server), starting, len(window), p95(window),
                          slowest))
            if slowest > 1.0:
                break
            held = k
    finally:
        stop.set()
        await asyncio.gather(*phones)
        for tab in tabs:
            await tab.close()
    return held, steps, errors, keys


async def tab_cost(entry: str, server: int) -> tuple[float, int]:
    """One terminal-entry tab: seconds from its websocket to the first screen, and the RSS
    (KiB) of the app process it started (its process and its children), while open."""
    before = set(children(server))
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
        async with session.get(f"{entry}&table=1&by=tab") as page:
            html = await page.text()
        ws_url = html.split('data-session-websocket-url="')[1].split('"')[0]
        began = time.time()
        async with session.ws_connect(f"{ws_url}?width=107&height=42") as ws:
            first = 0.0
            sent = 0  # bytes of screen received
            while time.time() - began < 60:
                try:
                    message = await ws.receive(timeout=1)
                except TimeoutError:
                    if first:
                        break  # quiet after its first screen: started
                    continue
                if message.type not in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT):
                    break
                sent += len(message.data)
                if not first and sent > 2000:  # a screen's worth of terminal output
                    first = time.time() - began
            new = [p for p in children(server) if p not in before]
            rss = sum(rss_kib(p) + sum(rss_kib(c) for c in children(p)) for p in new)
            return first, rss


async def run(args: argparse.Namespace, base: str, tables: dict[int, str], board_url: str,
              server: int) -> dict[str, object]:
    until = time.time() + args.seconds
    rng = random.Random(24)
    saves: list[tuple[float, float, int]] = []
    errors: list[str] = []
    keys: set[str] = set()
    seen: list[list[tuple[float, int]]] = [[] for _ in range(args.boards)]
    stop = asyncio.Event()
    boards = [asyncio.create_task(board(board_url, seen[i], errors, stop))
              for i in range(args.boards)]
    rss = [rss_kib(server)]

    async def sample() -> None:
        while not stop.is_set():
            rss.append(rss_kib(server))
            await asyncio.sleep(1)

    sampler = asyncio.create_task(sample())
    numbers: dict[int, Any] = {}
    await asyncio.gather(*(phone(tables[n], base, n, args.every, until,
                                 random.Random(rng.random()), saves, errors, keys, numbers)
                           for n in sorted(tables)))
    await asyncio.sleep(2)
    stop.set()
    await asyncio.gather(*boards, sampler)
    # each save's delay to each board: the first board event counting at least as many deals
    delays: list[float] = []
    order = sorted(saves)
    for events in seen:
        for i, (at, _, _) in enumerate(order):
            hit = next((t for t, deals in events if deals >= i + 1 and t >= at - 0.001), None)
            if hit is None:
                errors.append("a board never showed a save")
            else:
                delays.append(max(hit - at, 0.0))
    return {"saves": saves, "errors": errors, "keys": keys, "delays": delays,
            "rss": max(rss), "numbers": numbers}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=300)
    parser.add_argument("--tables", type=int, default=60)
    parser.add_argument("--boards", type=int, default=5)
    parser.add_argument("--every", type=float, default=30)
    parser.add_argument("--tabs", type=int, default=2, help="terminal tabs to measure")
    parser.add_argument("--ramp-max", type=int, default=40,
                        help="at most this many terminal tabs opened while the phones save")
    parser.add_argument("--ramp-window", type=float, default=10,
                        help="seconds of saves watched after each tab opens")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.sqlite3"
        setup(db, args.tables)
        port = free_port()
        process = subprocess.Popen([sys.executable, "-m", "ledger.cli.main", "--db", str(db),
                                    "serve", "--port", str(port),
                                    "--max-tabs", str(args.ramp_max + args.tabs + 2),
                                    "--max-tabs-per-address",
                                    str(args.ramp_max + args.tabs + 2)], cwd=ROOT, text=True,
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                   start_new_session=True)
        try:
            found: dict[str, str] = {}
            deadline = time.monotonic() + START
            assert process.stdout is not None
            while f"table {args.tables}" not in found:
                assert time.monotonic() < deadline and process.poll() is None
                line = process.stdout.readline().strip()
                if ": http" in line:
                    name, url = line.split(": ", 1)
                    found[name] = url
            time.sleep(1)
            base = f"http://127.0.0.1:{port}"
            tables = {n: found[f"table {n}"] for n in range(1, args.tables + 1)}
            events = found["board"].replace("/board?", "/board/events?")
            out = asyncio.run(run(args, base, tables, events, process.pid))
            import urllib.request

            opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
            with opener.open(tables[1]) as r:  # the name page, then the entry page
                r.read()
            opener.open(urllib.request.Request(f"{base}/t/1/name", data=b"by=w")).read()
            with opener.open(f"{base}/t/1") as r:
                weight = len(r.read())
            costs = [asyncio.run(tab_cost(found["entry"], process.pid))
                     for _ in range(args.tabs)]
            held, steps, ramp_errors, ramp_keys = asyncio.run(ramp(
                args, base, tables, found["entry"], process.pid, out["numbers"]))  # type: ignore[arg-type]
        finally:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=20)
        con = sqlite3.connect(db)
        stored = con.execute("SELECT count(*) FROM deal").fetchone()[0]
        keyed = con.execute("SELECT count(DISTINCT form_key) FROM revision "
                            "WHERE form_key IS NOT NULL").fetchone()[0]
        con.close()
    saves = out["saves"]
    took = [s[1] for s in saves]  # type: ignore[union-attr]
    errors = out["errors"]
    lost = len(out["keys"] | ramp_keys) - keyed  # type: ignore[operator]  # both phases
    doubled = stored - keyed
    print(f"{args.tables} phones saving every {args.every:g} s, {args.boards} boards, "
          f"{args.seconds:g} s on {os.cpu_count()} cores (shared)")
    print(f"{'saves':>8} {'save p50':>9} {'save p95':>9} {'board p95':>10} {'errors':>7} "
          f"{'lost':>5} {'doubled':>8} {'RSS MB':>7} {'page KB':>8}")
    print(f"{len(took):>8} {statistics.median(took) * 1000:>7.0f}ms "
          f"{p95(took) * 1000:>7.0f}ms {p95(out['delays']):>9.2f}s "  # type: ignore[arg-type]
          f"{len(errors):>7} {lost:>5} {doubled:>8} {out['rss'] / 1024:>7.0f} "  # type: ignore[operator]
          f"{weight / 1000:>8.1f}")
    print("terminal entry, per tab (one app process each): "
          + "; ".join(f"first screen {c:.2f} s, RSS {r / 1024:.0f} MB" for c, r in costs))
    for e in errors[:5]:  # type: ignore[index]
        print("error:", e)
    print(f"terminal tabs opened one by one while the {args.tables} phones save "
          f"({args.ramp_window:g} s of saves watched after each):")
    print(f"{'tabs':>5} {'first screen':>13} {'apps RSS MB':>12} {'max starting':>13} "
          f"{'saves held':>11} {'save p95':>9} {'save max':>9}")
    for k, first, apps, starting, n, p, slowest in steps:
        print(f"{k:>5} {first:>11.2f} s {apps / 1024:>12.0f} {starting * 1000:>11.0f}ms "
              f"{n:>11} {p * 1000:>7.0f}ms {slowest * 1000:>7.0f}ms")
    print("(max starting: the slowest save while the tab's app started; the count is of "
          "tabs held open)")
    if steps and steps[-1][-1] > 1.0:
        print(f"the host held {held} terminal tabs before a save took > 1 s")
    else:
        print(f"the host held {held} terminal tabs (--ramp-max {args.ramp_max}); "
              "no save took > 1 s")
    for e in ramp_errors[:5]:
        print("ramp error:", e)
    print(f"(lost and doubled count the saves of both parts: {len(out['keys'])} + "  # type: ignore[arg-type]
          f"{len(ramp_keys)} deals; {len(ramp_errors)} errors while the tabs were opened)")


if __name__ == "__main__":
    main()
