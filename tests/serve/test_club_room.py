"""`tally serve` in a real browser: keys, the live board, a deal typed in a
tablet's browser, a table's device kept on its table, and two devices saving one deal."""

from __future__ import annotations

import time
import urllib.error
import urllib.request

from playwright.sync_api import Browser

from .conftest import Room, open_tab, tally


def status(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read(2000).decode("utf-8", "replace")
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read().decode("utf-8", "replace")


def test_every_route_needs_its_key_and_says_nothing_without_it(room: Room,
                                                               browser: Browser) -> None:
    entry_key = room.entry.split("key=")[1]
    board_key = room.board.split("key=")[1]
    routes = ["/", "/?table=1", "/ws", "/ws/anything", "/board", "/board/events",
              "/static/js/textual.js", "/download/x", "/no-such-page"]
    for route in routes:
        code, body = status(room.base + route)
        assert code == 401, route
        assert not any(name in body for name in ("Ann", "Bea", "Crazy", "Club")), route
        sep = "&" if "?" in route else "?"
        code, body = status(f"{room.base}{route}{sep}key=wrong{entry_key[5:]}")
        assert code == 403, route
        assert "Ann" not in body
    # the board key only reads: the app, its websocket and its files stay shut
    for route in ["/", "/?table=1", "/static/js/textual.js", "/ws/anything"]:
        sep = "&" if "?" in route else "?"
        assert status(f"{room.base}{route}{sep}key={board_key}")[0] == 403, route
    assert status(room.board)[0] == 200
    assert status(f"{room.base}/board?key={entry_key}")[0] == 200  # the host sees the board
    # and in the browser: a page without its key is refused before anything is drawn
    page = browser.new_page()
    try:
        assert page.goto(room.base + "/board").status == 401  # type: ignore[union-attr]
        assert page.goto(room.base + "/?key=nope").status == 403  # type: ignore[union-attr]
        assert "Ann" not in page.content()
    finally:
        page.close()


def test_the_board_shows_a_deal_saved_by_the_cli_within_2_s(room: Room,
                                                            browser: Browser) -> None:
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    try:
        page.goto(room.board)
        first = page.locator("#board").inner_text()
        assert "2026-12-01 · Club" in first and "Crazy Solo" in first
        page.wait_for_timeout(300)  # the event stream is open
        tally(room.db, "round", "add", "--table", "3", "--contract", "solo", "--caller",
              "Chie", "--partner", "Eve", "--trump", "hearts", "--points", "80",
              "--author", "Fumi")
        saved = time.monotonic()
        page.wait_for_function(
            "document.querySelector('.table[data-table=\"3\"] .deals').textContent"
            " === '1 deal'", timeout=2000)
        delay = time.monotonic() - saved
        text = page.locator("#board").inner_text()
        assert delay < 2.0
        assert "T3 #1" in text and "Fumi" in text  # the last deals, with who saved them
        assert page.locator(".standings tbody tr").count() == 5
        assert page.evaluate("performance.getEntriesByType('navigation').length") == 1
    finally:
        page.close()


def test_a_deal_typed_in_the_browser_lands_in_the_database(room: Room,
                                                           browser: Browser) -> None:
    tab = open_tab(browser, room.table_url(1))
    try:
        tab.wait_text("Who keeps the score")
        tab.page.keyboard.type("Mio")
        tab.press("Enter")
        tab.wait_text("Table 1 · Crazy Solo")
        tab.press("a")
        tab.wait_text("Deal 1 · Table 1")
        mark = tab.mark()
        tab.press("p")
        tab.wait_text("No chips move.", since=mark)  # the live preview of a pass
        tab.press("Enter")
        deadline = time.monotonic() + 10
        while room.deals(1) != [(1, "Mio")]:
            assert time.monotonic() < deadline, room.deals(1)
            tab.page.wait_for_timeout(100)
    finally:
        tab.page.close()


def test_a_table_device_cannot_open_another_table(room: Room, browser: Browser) -> None:
    assert status(room.table_url(9))[0] == 404  # not a table of tonight
    tab = open_tab(browser, room.table_url(2, by="Kai"))
    try:
        tab.wait_text("Table 2 · Crazy Solo")
        mark = tab.mark()
        # Esc backs out of a screen, "o" would open the table under the night's cursor,
        # ctrl+p is the palette: none of them leaves table 2
        tab.press("Escape", "Escape", "o", "ArrowDown", "Enter", "Escape")
        tab.page.wait_for_timeout(1000)
        assert "Table 1 ·" not in tab.text[mark:] and "Table 3 ·" not in tab.text
        assert "Tables" not in tab.text  # the night's screen was never drawn
        tab.press("a")
        tab.wait_text("Deal 1 · Table 2")
        mark = tab.mark()
        tab.press("p")
        tab.wait_text("No chips move.", since=mark)
        tab.press("Enter")
        deadline = time.monotonic() + 10
        while room.deals(2) != [(1, "Kai")]:
            assert time.monotonic() < deadline, room.deals(2)
            tab.page.wait_for_timeout(100)
    finally:
        tab.page.close()


def test_two_devices_saving_the_same_deal_never_double_it(room: Room,
                                                          browser: Browser) -> None:
    one = open_tab(browser, room.table_url(4, by="Uno"))
    two = open_tab(browser, room.table_url(4, by="Dos"))
    try:
        for tab in (one, two):
            tab.wait_text("Table 4 · Crazy Solo")
            tab.press("a")
            tab.wait_text("Deal 1 · Table 4")
            mark = tab.mark()
            tab.press("p")
            tab.wait_text("No chips move.", since=mark)
        one.press("Enter")
        deadline = time.monotonic() + 10
        while room.deals(4) != [(1, "Uno")]:
            assert time.monotonic() < deadline, room.deals(4)
            one.page.wait_for_timeout(100)
        mark = two.mark()
        two.press("Enter")
        two.wait_text("was just recorded on another device", timeout=10, since=mark)
        two.page.wait_for_timeout(1000)
        assert room.deals(4) == [(1, "Uno")]  # refused, not doubled
        # what Uno recorded, and the way on: its input kept, saved as deal 2
        two.wait_text("save as deal 2", since=mark)
        two.press("n")
        deadline = time.monotonic() + 10
        while room.deals(4) != [(1, "Uno"), (2, "Dos")]:
            assert time.monotonic() < deadline, room.deals(4)
            two.page.wait_for_timeout(100)
    finally:
        one.page.close()
        two.page.close()
