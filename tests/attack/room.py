"""A real `tally serve` for the club-room attack tests (127.0.0.1 only), started as
tests/serve starts it, with extra options (`--max-tabs 2`), and raw HTTP and websocket
helpers: every read and every loop is bounded."""

from __future__ import annotations

import json
import os
import re
import resource
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from tests.serve.conftest import SEATS, START, Room, serve, stop_room, tally


def night(db: Path) -> None:
    tally(db, "player", "add", *SEATS)
    tally(db, "night", "new", "--date", "2026-12-01", "--venue", "Club")
    tally(db, "table", "new", "--night", "1", "--game", "crazy-solo", "--seats",
          ",".join(SEATS))


@dataclass
class Served(Room):
    """A room whose server's output is read all along (a full pipe would stop it)."""

    output: list[str] = field(default_factory=list)

    @property
    def log(self) -> str:
        return "".join(self.output)


def _drain(process: subprocess.Popen[str], into: list[str]) -> None:
    assert process.stdout is not None
    for line in process.stdout:
        into.append(line)


@contextmanager
def serving(db: Path, *extra: str, open_files: tuple[int, int] | None = None
            ) -> Iterator[Served]:
    """`tally serve --port P *extra` in its own process group (with `open_files` as its
    soft and hard RLIMIT_NOFILE); stopped whatever happens."""
    if not db.exists():
        night(db)

    def limits() -> None:
        if open_files is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, open_files)

    output: list[str] = []
    deadline = time.monotonic() + START
    process, found, port = serve(db, *extra, lines=output, preexec_fn=limits,
                                 deadline=deadline)
    try:
        threading.Thread(target=_drain, args=(process, output), daemon=True).start()
        while True:  # the URLs are printed as the server starts, a moment before it listens
            assert time.monotonic() < deadline and process.poll() is None, "serve never listened"
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.05)
        yield Served(db, f"http://127.0.0.1:{port}", found["entry"], found["board"], process,
                     output)
    finally:
        stop_room(process)


def port_of(room: Room) -> int:
    return int(urlsplit(room.base).port or 0)


def key_of(url: str) -> str:
    return url.split("key=")[1].split("&")[0]


def raw_get(room: Room, target: str, headers: dict[str, bytes] | None = None,
            timeout: float = 10, limit: int = 4096) -> tuple[int, dict[str, str], bytes]:
    """One GET with headers as raw bytes (a cookie that is not ASCII); status, headers, the
    first `limit` bytes (4 KiB) of the body."""
    lines = [f"GET {target} HTTP/1.1".encode(), b"Host: 127.0.0.1", b"Connection: close"]
    lines += [name.encode() + b": " + value for name, value in (headers or {}).items()]
    with socket.create_connection(("127.0.0.1", port_of(room)), timeout=timeout) as s:
        s.sendall(b"\r\n".join(lines) + b"\r\n\r\n")
        data = b""
        deadline = time.monotonic() + timeout
        while b"\r\n\r\n" not in data or len(data) < limit:
            assert time.monotonic() < deadline, data[:200]
            try:
                chunk = s.recv(4096)
            except TimeoutError:
                break
            if not chunk:
                break
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    first, *rest = head.decode("latin-1").split("\r\n")
    found = dict(line.split(": ", 1) for line in rest if ": " in line)
    return int(first.split()[1]), {k.lower(): v for k, v in found.items()}, body[:limit]


def ws_url(room: Room, query: str = "") -> str:
    """A fresh `/ws/<token>` for the entry key (the page names it), as ws:// URL."""
    status, _, body = raw_get(room, f"/?key={key_of(room.entry)}{query}")
    assert status == 200, body
    m = re.search(rb'data-session-websocket-url="([^"]+)"', body)
    if m is None:  # the attribute may be past the first 4 KiB
        import urllib.request

        with urllib.request.urlopen(f"{room.base}/?key={key_of(room.entry)}{query}",
                                    timeout=10) as r:
            m = re.search(rb'data-session-websocket-url="([^"]+)"', r.read())
    assert m is not None
    return m[1].decode()


def dumps(message: object) -> str:
    return json.dumps(message)


def app_pids(room: Room) -> list[int]:
    """The tab apps (`tui.serve.device`) of the server's session (its own, a new one)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                cmd = f.read()
            with open(f"/proc/{entry}/stat") as f:
                session = int(f.read().rsplit(")", 1)[1].split()[3])
        except (OSError, ValueError, IndexError):
            continue
        if b"tui.serve.device" in cmd and b"/bin/sh" not in cmd.split(b"\0")[0] and \
                session == room.process.pid:
            found.append(int(entry))
    return found


def environ_of(pid: int) -> dict[str, str]:
    with open(f"/proc/{pid}/environ", "rb") as f:
        pairs = [item.split(b"=", 1) for item in f.read().split(b"\0") if b"=" in item]
    return {k.decode(): v.decode("utf-8", "replace") for k, v in pairs}


def entry_ws(room: Room, token_url: str, width: int = 80, height: int = 24) -> str:
    return f"{token_url}?key={key_of(room.entry)}&width={width}&height={height}"

