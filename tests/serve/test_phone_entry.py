"""The phone's entry page (issue 24) in Chromium emulating a phone, by taps only: a small
night at a Crazy Solo, a Hachi-Hachi and a Schnapsen table, a refused input, a conflict,
and the CLI agreeing with what the pages showed."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import stop_room, tally
from .phone_room import PhoneRoom, phone, start, tap_radio


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PhoneRoom]:
    started = start(tmp_path_factory.mktemp("phones") / "club.sqlite3")
    try:
        yield started
    finally:
        stop_room(started.process)


def sign_in(page: Page, url: str, name: str) -> None:
    page.goto(url)
    box = page.get_by_role("textbox")
    box.tap()
    page.keyboard.type(name)
    page.get_by_role("button").tap()
    page.wait_for_selector("#deal")


def type_number(page: Page, box: str, value: str, *, within: str | None = None) -> None:
    scope = page.get_by_role("group", name=within, exact=True) if within else page
    field = scope.get_by_role("textbox", name=box, exact=True)
    field.tap()
    page.keyboard.type(value)


def no_sideways_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= page.evaluate(
        "window.innerWidth"), "the page scrolls sideways"


def status(url: str, data: bytes | None = None) -> int:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, data=data), timeout=10) as r:
            return r.status
    except urllib.error.HTTPError as refused:
        return refused.code


def test_a_crazy_solo_deal_by_taps(room: PhoneRoom, browser: Browser) -> None:
    ctx = phone(browser)
    page = ctx.new_page()
    try:
        sign_in(page, room.tables[1], "Mio")
        no_sideways_scroll(page)
        tap_radio(page, "Contract", "Solo")
        tap_radio(page, "Caller", "Bea")
        tap_radio(page, "Trump", "clubs")
        tap_radio(page, "Partner", "Dan")
        type_number(page, "Card points", "73")
        preview = page.locator("#preview")
        expect(preview).to_contain_text("Solo ♣ Bea + Dan, 73 → 25", timeout=5000)
        assert "Bea" in preview.inner_text()
        page.get_by_role("button", name="Save").tap()
        page.wait_for_url("**/t/1/log?saved=*")
        top = page.locator("li.deal").first
        expect(top).to_contain_text("Deal 1")
        expect(top).to_contain_text("by Mio")
        no_sideways_scroll(page)
        page.screenshot(path=str(room.db.parent / "crazy-log.png"))
    finally:
        ctx.close()
    deals = json.loads(tally(room.db, "round", "list", "--table", "1", "--json"))
    assert [d["author"] for d in deals] == ["Mio"]
