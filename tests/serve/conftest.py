"""The club room in a real browser: `tally serve` in its own process on a free port, and
Debian's Chromium (/usr/bin/chromium) driven by Playwright's Python package.

Playwright never downloads a browser here (`.ci/run` installs chromium with apt-get). Every
wait is bounded; the server's process group (the server and each tab's app) is always
stopped, and the browser closed, whatever a test did.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, WebSocket, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
SEATS = ["Ann", "Bea", "Chie", "Dan", "Eve"]
TABLES = 4  # each test plays at its own table of one night
START = 30.0  # seconds a server or an app may take to start on a busy 2-core machine


def tally(db: Path, *args: str) -> str:
    done = subprocess.run([sys.executable, "-m", "ledger.cli.main", "--db", str(db), *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Room:
    db: Path
    base: str
    entry: str
    board: str
    process: subprocess.Popen[str]

    def table_url(self, n: int, by: str | None = None) -> str:
        return f"{self.entry}&table={n}" + (f"&by={by}" if by else "")

    def deals(self, table: int) -> list[tuple[int, str | None]]:
        """(number, author of the first revision) of a table's deals, read directly."""
        con = sqlite3.connect(self.db)
        try:
            return con.execute(
                "SELECT d.number, r.author FROM deal d JOIN revision r ON r.deal_id = d.id "
                "AND r.seq = 1 JOIN game_table g ON g.id = d.table_id "
                "WHERE g.night_id = 1 AND g.number = ? ORDER BY d.number", (table,)).fetchall()
        finally:
            con.close()


LINK = re.compile(r"(entry|board|table \d+): (\S+)$")  # a link `tally serve` prints


def serve(db: Path | str, *args: str, wanted: Collection[str] = ("entry", "board"),
          lines: list[str] | None = None, preexec_fn: Callable[[], None] | None = None,
          deadline: float | None = None) -> tuple[subprocess.Popen[str], dict[str, str], int]:
    """`tally serve --port P *args` on a free port, in its own process group (its apps go
    with it), and the links it prints (entry, board, table N), read until each of `wanted`
    has come (each line read is kept in `lines`, if given), by `deadline` (a monotonic
    time; START from now if not given); its process, links and port. Stopped if it does not
    start."""
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "ledger.cli.main", "--db", str(db),
                                "serve", "--port", str(port), *args], cwd=ROOT, text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               start_new_session=True, preexec_fn=preexec_fn)
    try:
        found: dict[str, str] = {}
        deadline = deadline or time.monotonic() + START
        assert process.stdout is not None
        while not set(wanted) <= set(found):
            assert time.monotonic() < deadline and process.poll() is None, "serve did not start"
            line = process.stdout.readline()
            if lines is not None:
                lines.append(line)
            m = LINK.match(line.strip())
            if m:
                found[m[1]] = m[2]
    except BaseException:
        stop_room(process)
        raise
    return process, found, port


def start_room(db: Path) -> Room:
    """`tally serve` on a night of TABLES Crazy Solo tables, in its own process group."""
    tally(db, "player", "add", *SEATS)
    tally(db, "night", "new", "--date", "2026-12-01", "--venue", "Club")
    for _ in range(TABLES):
        tally(db, "table", "new", "--night", "1", "--game", "crazy-solo", "--seats",
              ",".join(SEATS))
    process, found, port = serve(db)
    return Room(db, f"http://127.0.0.1:{port}", found["entry"], found["board"], process)


def stop_room(process: subprocess.Popen[str]) -> None:
    """SIGTERM to the server's group (the server, its apps); SIGKILL if it lingers."""
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=10)
    except ProcessLookupError:
        pass
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=10)


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    started = start_room(tmp_path_factory.mktemp("room") / "club.sqlite3")
    try:
        yield started
    finally:
        stop_room(started.process)


JAPANESE_FONT = ("no Japanese font: the pages' Japanese is measured as a phone draws it; "
                 "install one (apt-get install -y fonts-noto-cjk)")


def has_japanese_font() -> bool:
    """Whether fontconfig knows a font for Japanese (Chromium draws with what it finds)."""
    try:
        found = subprocess.run(["fc-list", ":lang=ja", "family"], capture_output=True,
                               text=True, timeout=30).stdout
    except (OSError, subprocess.TimeoutExpired):
        return False
    return bool(found.strip())


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not has_japanese_font():  # never a silent skip: each page test says what to install
        pytest.fail(JAPANESE_FONT, pytrace=False)
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield launched
        finally:
            launched.close()


# CSI sequences, OSC strings, charset picks: what is left is the text the terminal shows
ANSI = re.compile(r"\x1b\[[0-9;?<>=]*[ -/]*[@-~]"
                  r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]")


@dataclass
class Tab:
    """One browser tab running the app; `text` is what its terminal was sent (escape
    codes stripped), read off the websocket (xterm draws on a canvas, not in the page)."""

    page: Page
    frames: list[str] = field(default_factory=list)

    def _on_socket(self, ws: WebSocket) -> None:
        ws.on("framereceived", self._on_frame)

    def _on_frame(self, payload: Any) -> None:
        data = payload if isinstance(payload, str) else bytes(payload).decode("utf-8", "replace")
        self.frames.append(ANSI.sub("", data))

    @property
    def text(self) -> str:
        return "".join(self.frames)

    def wait_text(self, wanted: str, timeout: float = START, since: int = 0) -> None:
        deadline = time.monotonic() + timeout
        while wanted not in "".join(self.frames[since:]):
            assert time.monotonic() < deadline, f"{wanted!r} never showed"
            self.page.wait_for_timeout(50)

    def mark(self) -> int:
        return len(self.frames)

    def press(self, *keys: str, pause: float = 0.25) -> None:
        for key in keys:
            self.page.keyboard.press(key)
            self.page.wait_for_timeout(int(pause * 1000))


def open_tab(browser: Browser, url: str) -> Tab:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    tab = Tab(page)
    page.on("websocket", tab._on_socket)
    page.goto(url)
    page.wait_for_selector("body.-first-byte", timeout=START * 1000)
    page.click("#terminal")
    return tab
