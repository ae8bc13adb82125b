"""Load benchmark of the phones' room (issue 24), not a test: `python -m tests.bench_room`.

`tally serve` in its own process; 60 tables (240 players), each a phone: its own HTTP client
(its own cookies) posting the entry form every 30 s at a random phase, exactly as the page's
script does (`X-Tally-Fetch`, the form's key and expected deal number); a tenth of the saves
is sent twice with the same key (a retry after a lost answer), which must not record twice.
5 boards hold the event stream open. Measured: each save's time, each board's delay from a
save's answer to the first board that counts it, errors, lost deals (answered but not in the
database), doubled deals (more deals than distinct keys), the server's RSS, the entry
page's weight; and beside it, what the terminal entry costs per tab (one Textual app process
per tab: its RSS and its start, to the first screen sent).

    python -m tests.bench_room [--seconds 300] [--tables 60] [--boards 5] [--every 30]
                               [--tabs 2]
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

import aiohttp

from tests.bench_serve import board
from tests.serve.conftest import ROOT, free_port, tally

START = 60.0
NAMES = [f"P{i:03d}" for i in range(240)]


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) >= 2 else (
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


async def phone(url: str, base: str, n: int, every: float, until: float, rng: random.Random,
                saves: list[tuple[float, float, int]], errors: list[str],
                keys: set[str]) -> None:
    """Table n's phone: sign in once, then a deal every `every` s."""
    jar = aiohttp.CookieJar(unsafe=True)
    seats = seats_of(n)
    async with aiohttp.ClientSession(cookie_jar=jar) as session:
        async with session.get(url) as r:
            await r.read()
        async with session.post(f"{base}/t/{n}/name", data={"by": f"phone{n}"},
                                allow_redirects=False) as r:
            await r.read()
        await asyncio.sleep(rng.uniform(0, every))
        number = 1
        while time.time() < until:
            key = secrets.token_urlsafe(12)
            form = {"action": "save", "expect": str(number), "key": key,
                    "choice|contract": "solo", "player|caller": seats[1],
                    "choice|trump": rng.choice(["clubs", "spades", "diamonds"]),
                    "player|partner": seats[3],
                    "number|team_points": str(rng.randint(0, 120))}
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
            await asyncio.sleep(every)


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
    await asyncio.gather(*(phone(tables[n], base, n, args.every, until,
                                 random.Random(rng.random()), saves, errors, keys)
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
            "rss": max(rss)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=300)
    parser.add_argument("--tables", type=int, default=60)
    parser.add_argument("--boards", type=int, default=5)
    parser.add_argument("--every", type=float, default=30)
    parser.add_argument("--tabs", type=int, default=2, help="terminal tabs to measure")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.sqlite3"
        setup(db, args.tables)
        port = free_port()
        process = subprocess.Popen([sys.executable, "-m", "ledger.cli.main", "--db", str(db),
                                    "serve", "--port", str(port)], cwd=ROOT, text=True,
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
    lost = len(out["keys"]) - keyed  # type: ignore[arg-type]
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


if __name__ == "__main__":
    main()
