"""A league's database password never reaches a command line: `tally serve` on a
PostgreSQL URL with a password (in TALLY_DB) gives each tab's app the URL without it and
the password as PGPASSWORD; no process the server starts shows it in `ps`, nor does the
server's output; and the tab's app opens the ledger with it."""

from __future__ import annotations

import asyncio
import os
import re
import socket
import subprocess
import sys
import time
from typing import Any

import aiohttp

from ledger.service import Tally
from tests.pg_cluster import PASSWORD, PASSWORD_USER

from .conftest import ANSI, ROOT, SEATS, START, free_port, stop_room


def session_processes(sid: int) -> dict[int, bytes]:
    """Every process of session `sid` (the server's and what it started): its cmdline."""
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                session = int(f.read().rsplit(")", 1)[1].split()[3])
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                cmd = f.read()
        except (OSError, ValueError, IndexError):
            continue
        if session == sid:
            found[int(entry)] = cmd
    return found


async def open_tab(base: str, entry: str, sid: int) -> tuple[str, dict[int, bytes]]:
    """A terminal tab on table 1: what its app drew, and the session's processes then."""
    async with aiohttp.ClientSession() as client:
        async with client.get(f"{base}/?key={entry}&table=1") as r:
            assert r.status == 200
            page = await r.text()
        token = re.search(r'data-session-websocket-url="ws://[^/]+(/ws/[^"]+)"', page)
        assert token is not None
        ws = await client.ws_connect(f"{base}{token[1]}?key={entry}&width=100&height=30")
        text, deadline = "", time.monotonic() + START

        async def until(wanted: str) -> str:
            nonlocal text
            while wanted not in text:
                left = deadline - time.monotonic()
                assert left > 0, f"{wanted!r} never showed: {text[-500:]!r}"
                message = await ws.receive(timeout=left)
                assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT)
                data = message.data if isinstance(message.data, bytes) else \
                    message.data.encode()
                text += ANSI.sub("", data.decode("utf-8", "replace"))
            return text

        await until("keeps the score")  # the app read the night's tables to get here
        processes = session_processes(sid)
        mark = len(text)
        await ws.send_json(["stdin", "Mio"])
        await ws.send_json(["stdin", "\r"])
        await until("Crazy Solo")  # the table's screen, read from the ledger
        await ws.close()
    return text[mark:], processes


def test_the_password_is_on_no_command_line_and_the_tab_works(pg_cluster: Any) -> None:
    base_url = pg_cluster.new_database().replace("//tally@", f"//{PASSWORD_USER}@")
    url = base_url.replace(f"{PASSWORD_USER}@", f"{PASSWORD_USER}:{PASSWORD}@")
    service = Tally.open(url)
    for name in SEATS:
        service.add_player(name)
    service.new_table(service.new_night("2026-12-01", "Club"), "crazy-solo", SEATS)
    port = free_port()
    env = {**os.environ, "TALLY_DB": url}
    env.pop("PGPASSWORD", None)  # the password is the URL's alone
    process = subprocess.Popen([sys.executable, "-m", "ledger.cli.main", "serve", "--port",
                                str(port)], cwd=ROOT, text=True, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               start_new_session=True)
    output: list[str] = []
    try:
        assert process.stdout is not None
        deadline = time.monotonic() + START
        while not any(line.startswith("the entry key") for line in output):
            assert time.monotonic() < deadline and process.poll() is None, "".join(output)
            output.append(process.stdout.readline())
        entry = next(x for x in output if x.startswith("entry: ")).split("key=")[1].strip()
        base = f"http://127.0.0.1:{port}"
        while True:  # printed a moment before it listens
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "serve never listened"
                time.sleep(0.05)
        text, processes = asyncio.run(open_tab(base, entry, process.pid))
        assert "Ann" in text and "Eve" in text, text[-500:]  # table 1's seats
        apps = [cmd for cmd in processes.values() if b"tui.serve.device" in cmd]
        assert apps, processes  # the tab's app (and the shell textual-serve starts it with)
        assert any(base_url.encode() in cmd for cmd in apps), apps  # the URL, no password
        for pid, cmd in processes.items():
            assert PASSWORD.encode() not in cmd, (pid, cmd)
    finally:
        stop_room(process)
    assert process.stdout is not None
    output += process.stdout.readlines()
    assert PASSWORD not in "".join(output)
