"""Issue 28, item 8, against a real `tally serve`: a key or cookie that is not ASCII is a
wrong key (403), never a 500 with a traceback; every answer says `Referrer-Policy:
same-origin` (`no-referrer` made a browser's own form posts `Origin: null`); a
page that read its key from the URL takes the key out of the address bar and keeps
working."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from tests.serve.conftest import Room, browser  # noqa: F401

from .room import key_of, raw_get, serving


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    with serving(tmp_path_factory.mktemp("room8") / "club.sqlite3") as started:
        yield started


@pytest.mark.parametrize("route", ["/", "/board", "/board/events", "/?table=1"])
def test_item8_a_key_that_is_not_ascii_is_refused_not_an_error(room: Room, route: str) -> None:
    sep = "&" if "?" in route else "?"
    for key in ("%C3%A9", "%E2%99%A3" * 20, "%FF", "%00"):
        status, headers, body = raw_get(room, f"{route}{sep}key={key}")
        assert status == 403, (route, key, status, body)
        assert headers.get("referrer-policy") == "same-origin"
    name = b"tally_board=" if route.startswith("/board") else b"tally_entry="
    for value in (b"\xc3\xa9", b"\xe2\x99\xa3", b"\xff\xfe", "é".encode("latin-1")):
        cookie = name + value
        status, _, body = raw_get(room, route, {"Cookie": cookie})
        assert status == 403, (route, cookie, status, body)
    assert room.process.poll() is None


def test_item8_every_answer_says_same_origin_referrer(room: Room) -> None:
    entry, board = key_of(room.entry), key_of(room.board)
    for target in (f"/?key={entry}", f"/board?key={board}", "/", "/nothing",
                   f"/static/js/textual.js?key={entry}", f"/?key={entry}&table=9"):
        status, headers, _ = raw_get(room, target)
        assert headers.get("referrer-policy") == "same-origin", (target, status)


def test_item8_the_pages_take_the_key_out_of_the_address_bar(room: Room,
                                                            browser: Browser) -> None:  # noqa: F811
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(room.board)
        page.wait_for_function("!window.location.search.includes('key=')", timeout=5000)
        assert "key=" not in page.url and page.url.endswith("/board")
        page.wait_for_timeout(300)
        page.reload()  # the cookie carries the key now
        assert "Crazy Solo" in page.locator("#board").inner_text()
        page.goto(room.entry + "&table=1")
        page.wait_for_selector("body.-first-byte", timeout=30000)
        assert "key=" not in page.url and page.url.endswith("/?table=1"), page.url
    finally:
        page.close()


def test_item9_a_scorekeeper_name_from_the_url_is_capped_and_clean(room: Room) -> None:
    entry = key_of(room.entry)
    status, _, body = raw_get(room, f"/?key={entry}&by=Mio%1B%5D0%3Bx%07")
    assert status == 400 and b"control character" in body, body
    status, _, _ = raw_get(room, f"/?key={entry}&by={'M' * 5000}")
    assert status == 200  # cut to a name's length, as typed names are
