"""Load benchmark of the club room, not a test: `python -m tests.bench_serve`.

`tally serve` runs as on the host laptop; 12 table devices (one process each, through the
service API as the app calls it, with the form's expected deal number) each save a deal
every 10 s, starting at random phases; 3 boards hold the board's event stream open (aiohttp
clients reading the same server-sent events a browser's EventSource reads). For every deal
it measures the delay from its commit to the moment each board is sent a board that
includes it; then it counts errors (a device refused or failing, a board stream lost) and
lost deals (saved by a device but missing from the database or from the boards' last
board). Target: p95 <= 2 s, no error, no lost deal.

    python -m tests.bench_serve [--seconds 90] [--devices 12] [--boards 3] [--every 10]
                                [--apps 12]   # and the 12 tablets' real app processes
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

from tests.serve.conftest import ROOT, SEATS, free_port, tally

START = 30.0


def device(db: str, table: int, every: float, until: float, seed: int,
           out: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    """A table's tablet: a deal every `every` s, as the form saves it (expected number)."""
    from ledger.service import Tally

    rng = random.Random(seed)
    service = Tally.open(db)
    saved: list[tuple[float, int]] = []
    errors: list[str] = []
    time.sleep(rng.uniform(0, every))
    number = 1
    while time.time() < until:
        deal = {"contract": "solo", "caller": rng.choice(SEATS[:2]), "partner": SEATS[3],
                "trump": rng.choice(["clubs", "spades", "hearts", "diamonds"]),
                "team_points": rng.randint(0, 120)}
        try:
            deal_id = service.add_deal(table, deal, f"device {table}", expect_number=number)
            saved.append((time.time(), deal_id))
            number += 1
        except Exception as exc:  # counted, not hidden
            errors.append(f"table {table}: {exc}")
        time.sleep(every)
    out.put((saved, errors))


async def board(url: str, seen: list[tuple[float, int]], errors: list[str],
                stop: asyncio.Event) -> None:
    """One board's event stream: (time, deals on the board) for every board it is sent."""
    try:
        async with aiohttp.ClientSession() as session, session.get(url) as response:
            if response.status != 200:
                errors.append(f"board: HTTP {response.status}")
                return
            event = ""
            while not stop.is_set():
                try:
                    line = await asyncio.wait_for(response.content.readline(), 1.0)
                except TimeoutError:
                    continue
                if not line:
                    errors.append("board: the stream ended")
                    return
                text = line.decode().rstrip("\n")
                if text.startswith("event: "):
                    event = text[7:]
                elif text.startswith("data: ") and event == "board":
                    seen.append((time.time(), json.loads(text[6:])["deals"]))
    except aiohttp.ClientError as exc:
        errors.append(f"board: {exc}")


async def app_tab(entry: str, table: int, errors: list[str], stop: asyncio.Event) -> None:
    """A tablet's browser tab kept open at its table: the page, then its websocket, so
    textual-serve runs the real app (which refreshes live on every deal) for it."""
    try:  # unsafe: keep the key's cookie for an IP address, as a browser does
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
            async with session.get(f"{entry}&table={table}&by=tab{table}") as page:
                html = await page.text()
            ws_url = html.split('data-session-websocket-url="')[1].split('"')[0]
            async with session.ws_connect(f"{ws_url}?width=120&height=40") as ws:
                while not stop.is_set():
                    try:
                        message = await asyncio.wait_for(ws.receive(), 1.0)
                    except TimeoutError:
                        continue
                    if message.type in (aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
                        errors.append(f"app at table {table}: its websocket closed")
                        return
    except (aiohttp.ClientError, IndexError) as exc:
        errors.append(f"app at table {table}: {type(exc).__name__} "
                      f"{getattr(exc, 'status', '')}")


async def watch_boards(url: str, boards: int, seconds: float, entry: str = "",
                       apps: int = 0) -> tuple[list[list[tuple[float, int]]], list[str]]:
    seen: list[list[tuple[float, int]]] = [[] for _ in range(boards)]
    errors: list[str] = []
    stop = asyncio.Event()
    tasks = [asyncio.create_task(board(url, seen[i], errors, stop)) for i in range(boards)]
    tasks += [asyncio.create_task(app_tab(entry, n, errors, stop)) for n in range(1, apps + 1)]
    await asyncio.sleep(seconds)
    stop.set()
    await asyncio.gather(*tasks)
    return seen, errors


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=90)
    parser.add_argument("--devices", type=int, default=12)
    parser.add_argument("--boards", type=int, default=3)
    parser.add_argument("--every", type=float, default=10)
    parser.add_argument("--apps", type=int, default=0,
                        help="also keep this many tablets' app tabs open (real app "
                        "processes through textual-serve, each refreshing live)")
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="tally-bench-serve-"))
    db = work / "club.sqlite3"
    tally(db, "player", "add", *SEATS)
    tally(db, "night", "new", "--date", "2026-12-01", "--venue", "Bench")
    for _ in range(args.devices):
        tally(db, "table", "new", "--night", "1", "--game", "crazy-solo", "--seats",
              ",".join(SEATS))
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "ledger.cli.main", "--db", str(db),
                               "serve", "--port", str(port)], cwd=ROOT, text=True,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              start_new_session=True)
    try:
        assert server.stdout is not None
        board_url = entry = ""
        deadline = time.monotonic() + START
        while not board_url:
            assert time.monotonic() < deadline and server.poll() is None, "serve failed"
            line = server.stdout.readline()
            if line.startswith("entry: "):
                entry = line.split()[1]
            if line.startswith("board: "):
                board_url = line.split()[1].replace("/board?", "/board/events?")
        until = time.time() + args.seconds
        queue: multiprocessing.Queue = multiprocessing.Queue()  # type: ignore[type-arg]
        devices = [multiprocessing.Process(target=device, args=(
            str(db), table, args.every, until, table, queue))
            for table in range(1, args.devices + 1)]
        for d in devices:
            d.start()
        seen, errors = asyncio.run(watch_boards(board_url, args.boards, args.seconds + 3,
                                                entry, args.apps))
        results = [queue.get(timeout=60) for _ in devices]
        for d in devices:
            d.join(timeout=30)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=15)

    saved = sorted((x for r in results for x in r[0]), key=lambda x: x[1])
    errors += [e for r in results for e in r[1]]
    delays = []
    for k, (at, _deal_id) in enumerate(saved, start=1):  # the k-th commit makes k deals
        for events in seen:
            shown = next((t for t, n in events if n >= k), None)
            if shown is None:
                errors.append(f"deal {k} never reached a board")
            else:
                delays.append(max(0.0, shown - at))
    import sqlite3

    con = sqlite3.connect(db)
    stored = con.execute("SELECT count(*) FROM deal").fetchone()[0]
    con.close()
    last = [events[-1][1] if events else 0 for events in seen]
    lost = len(saved) - stored + sum(stored - n for n in last)
    delays.sort()
    p95 = delays[max(0, int(len(delays) * 0.95) - 1)] if delays else float("nan")
    print(f"{args.devices} devices x 1 deal / {args.every:g} s, {args.boards} boards, "
          f"{args.apps} app tabs open, {args.seconds:g} s on {os.cpu_count()} cores")
    print(f"deals saved {len(saved)}, stored {stored}, on each board at the end {last}")
    print(f"board update delay: median {statistics.median(delays):.3f} s, p95 {p95:.3f} s, "
          f"max {delays[-1]:.3f} s over {len(delays)} (deal, board) pairs")
    print(f"errors {len(errors)}, lost deals {lost}")
    for e in errors[:10]:
        print(f"  {e}")


if __name__ == "__main__":
    main()
