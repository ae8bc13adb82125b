"""Ctrl+C / SIGTERM stops the club room at once, even with boards and tabs open: the
board streams end and every tab's app process goes with the server."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

from playwright.sync_api import Browser

from .conftest import open_tab, start_room, stop_room


def test_the_server_stops_at_once_with_a_board_and_a_tab_open(tmp_path: Path,
                                                              browser: Browser) -> None:
    room = start_room(tmp_path / "club.sqlite3")
    board = browser.new_page()
    try:
        board.goto(room.board)
        tab = open_tab(browser, room.table_url(1, by="Mio"))
        tab.wait_text("Table 1 · Crazy Solo")
        asked = time.monotonic()
        room.process.send_signal(signal.SIGTERM)  # the server alone, as Ctrl+C would
        room.process.wait(timeout=10)
        assert time.monotonic() - asked < 8.0
        deadline = time.monotonic() + 5
        while True:  # nothing of its group is left: the tab's app ended with it
            try:
                os.killpg(room.process.pid, 0)
            except ProcessLookupError:
                break
            assert time.monotonic() < deadline, "an app outlived the server"
            time.sleep(0.1)
        tab.page.close()
    finally:
        board.close()
        stop_room(room.process)
