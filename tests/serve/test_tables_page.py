"""Issue 34: a table made after `serve` started gets its code. The organiser's `/tables`
page (entry key) is read at each request: a table made through the service once the room
is up is listed with its phone link and QR code, and its link, tapped on a phone, opens
that table's phone page; in both languages."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from ledger.service import Tally
from tui.serve.phone.access import table_key

from .phone_room import PhoneRoom, phone, serving, sign_in


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PhoneRoom]:
    with serving(tmp_path_factory.mktemp("tables") / "club.sqlite3") as started:
        yield started


def test_a_table_made_after_serve_started_has_its_link_and_code(room: PhoneRoom,
                                                                browser: Browser) -> None:
    ctx = phone(browser)
    page = ctx.new_page()
    try:
        tables = room.entry.replace("/?key=", "/tables?key=")
        page.goto(tables)
        expect(page.locator("h1")).to_have_text("Tables and their codes")
        expect(page.locator("section.code")).to_have_count(3)
        service = Tally.open(room.db)  # the room is up: a fourth table, made by the service
        service.add_players(["Uma", "Vic"])
        service.new_table(1, "sixty-six", ["Uma", "Vic"])
        page.reload()
        expect(page.locator("section.code")).to_have_count(4)
        card = page.locator('section.code[data-table="4"]')
        expect(card.locator("h2")).to_have_text("Table 4 · Sixty-Six")
        expect(card.locator("p.note")).to_have_text("Uma, Vic")
        assert card.locator("svg").count() == 1  # its QR code
        link = card.get_by_role("link", name="Phone page", exact=True)
        entry = room.entry.split("key=")[1].split("&")[0]
        href = link.get_attribute("href") or ""
        assert href == f"{room.base}/t/4?key={table_key(entry, 4)}"  # its own key
        assert entry not in href
        link.tap()
        page.wait_for_url(re.compile(r"/t/4"))
        sign_in(page, page.url, "Mio")
        expect(page.locator("h1")).to_contain_text("Table 4")
        expect(page.locator("#deal")).to_be_visible()
    finally:
        ctx.close()
    ja = phone(browser, locale="ja-JP")
    page = ja.new_page()
    try:
        page.goto(room.entry.replace("/?key=", "/tables?key="))
        expect(page.locator("h1")).to_have_text("卓とコード")
        card = page.locator('section.code[data-table="4"]')
        expect(card.locator("h2")).to_have_text(re.compile(r"^卓4・|^卓4 · "))
        expect(card.get_by_role("link", name="スマホのページ", exact=True)).to_have_count(1)
    finally:
        ja.close()
