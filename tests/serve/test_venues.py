"""Two venues of a league on one PostgreSQL server: each venue's host runs its
own `tally serve` on the league's database; a deal saved at one venue shows on the other
venue's board within a second (LISTEN/NOTIFY), and both boards agree."""

from __future__ import annotations

import re
import subprocess
import time
from typing import Any

from playwright.sync_api import Browser

from tests.serve.conftest import serve, start_room, stop_room, tally


def serve_again(url: str) -> tuple[subprocess.Popen[str], str]:
    """A second host serving the same database: its process and its board's URL."""
    process, found, _ = serve(url, wanted=("board",))
    return process, found["board"]


def test_a_deal_saved_at_one_venue_shows_on_the_other_venue_s_board_within_1_s(
        pg_cluster: Any, browser: Browser) -> None:
    url = pg_cluster.new_database()
    venue_a = start_room(url)
    venue_b, board_b = serve_again(url)
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    try:
        page.goto(board_b)
        first = page.locator("#board").inner_text()
        assert "2026-12-01 · Club" in first and "Crazy Solo" in first
        page.wait_for_timeout(300)  # the event stream is open
        tally(url, "round", "add", "--table", "2", "--contract", "solo", "--caller", "Chie",
              "--partner", "Eve", "--trump", "hearts", "--points", "80", "--author", "Fumi")
        saved = time.monotonic()
        page.wait_for_function(
            "document.querySelector('.table[data-table=\"2\"] .deals').textContent"
            " === '1 deal'", timeout=2000)
        delay = time.monotonic() - saved
        assert delay < 1.0, delay
        text = page.locator("#board").inner_text()
        assert "T2 #1" in text and "Fumi" in text
        page.goto(venue_a.board)
        page.wait_for_function(  # its first draw may precede its own look at the change
            "document.querySelector('.table[data-table=\"2\"] .deals').textContent"
            " === '1 deal'", timeout=2000)
        # the other venue's board says the same (but for the
        # second it was drawn at: "updated 19:01:27" beside "updated 19:01:26")
        def drawn(board: str) -> str:
            return re.sub(r"updated \d\d:\d\d:\d\d", "updated", board)

        assert drawn(page.locator("#board").inner_text()) == drawn(text)
    finally:
        page.close()
        stop_room(venue_b)
        stop_room(venue_a.process)
