"""A deal the phone could not save is said, with its content to copy, and never waited on:
a table deleted while deals wait in the outbox (404), a form whose key saved another deal
(409 `form_used`) when tapped and when sent from the outbox; the deals after it are sent
as the next numbers."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from .conftest import tally
from .phone_room import (
    PhoneRoom,
    crazy_deal,
    phone,
    saved_at,
    serving,
    sign_in,
    tap_radio,
    type_number,
)

USED = {"form_used": 9, "error": "This form's key saved deal 9; this one was not saved"}


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PhoneRoom]:
    with serving(tmp_path_factory.mktemp("gone") / "club.sqlite3") as started:
        yield started


def listed(room: PhoneRoom, table: int) -> list[dict[str, Any]]:
    out = tally(room.db, "round", "list", "--table", str(table), "--json")
    return json.loads(out)  # type: ignore[no-any-return]


class Saves:
    """The table's saves: lost on the way while `lost`; the next `used` ones answered 409
    form_used (as the server answers a key that saved another deal); else sent."""

    def __init__(self, page: Page, table: int) -> None:
        self.lost, self.used, self.sent = True, 0, 0
        page.route(f"**/t/{table}", self.route)

    def route(self, route: Route) -> None:
        if route.request.method != "POST":
            route.continue_()
        elif self.lost:
            route.abort("connectionrefused")
        elif self.used:
            self.used -= 1
            route.fulfill(status=409, content_type="application/json", body=json.dumps(USED))
        else:
            self.sent += 1
            route.continue_()


def summary(page: Page, wanted: str) -> str:
    shown = page.locator("#preview .summary")
    expect(shown).to_contain_text(wanted, timeout=10000)
    page.wait_for_function("() => !document.querySelector('#deal[data-busy]')",
                           timeout=10000)
    return shown.inner_text()


def schnapsen_claim(page: Page, points: str) -> str:
    tap_radio(page, "Ending", "claim")
    tap_radio(page, "Claimed by", "Jun")
    type_number(page, "Card points — Jun", "66")
    type_number(page, "Card points — Kai", points)
    type_number(page, "Tricks — Jun", "3")
    type_number(page, "Tricks — Kai", "2")
    return summary(page, f"66–{points}")


def two_waiting(page: Page, room: PhoneRoom) -> tuple[Saves, str, str]:
    """At table 3, two Schnapsen deals saved while the network is down, both waiting; the
    saves' route and the two deals' summaries."""
    sign_in(page, room.tables[3], "Mio")
    saves = Saves(page, 3)
    first = schnapsen_claim(page, "30")
    page.get_by_role("button", name="Save").tap()
    waiting = page.locator("#outbox p.line")
    expect(waiting).to_have_text("Deal 1 — waiting to send (1)", timeout=5000)
    expect(page.locator("#deal-n")).to_have_text("Deal 2")
    second = schnapsen_claim(page, "40")
    page.get_by_role("button", name="Save").tap()
    expect(waiting).to_have_text("Deals 1, 2 — waiting to send (2)", timeout=5000)
    return saves, first, second


def test_deals_waiting_for_a_deleted_table_are_said_not_saved(room: PhoneRoom,
                                                             browser: Browser) -> None:
    ctx = phone(browser)
    page = ctx.new_page()
    try:
        saves, first, second = two_waiting(page, room)
        table = next(t["id"] for t in json.loads(tally(room.db, "table", "list", "--night",
                                                         "1", "--json")) if t["number"] == 3)
        tally(room.db, "table", "delete", str(table))
        saves.lost = False  # the network is back: each answers 404, neither waits on
        lost = page.locator("#not-saved")
        expect(lost.locator("p.err")).to_have_text(["Not saved: table 3 was deleted"] * 2,
                                                    timeout=15000)
        expect(lost.locator("textarea").first).to_have_value(f"Deal 1: {first}")
        expect(lost.locator("textarea").last).to_have_value(f"Deal 2: {second}")
        expect(page.locator("#outbox")).to_be_hidden()
        assert page.evaluate("() => localStorage.getItem('tally-outbox:/t/3')") == "[]"
        assert saves.sent == 2
        # said until read; a redraw at the deleted table is said so too
        lost.get_by_role("button", name="Done").first.tap()
        expect(lost.locator("p.err")).to_have_count(1)
        tap_radio(page, "Ending", "claim")
        expect(page.locator("#save-error")).to_have_text("Not saved: table 3 was deleted",
                                                         timeout=10000)
    finally:
        ctx.close()


def test_a_form_whose_key_saved_another_deal_stays_with_a_new_key(room: PhoneRoom,
                                                                 browser: Browser) -> None:
    ctx = phone(browser)
    page = ctx.new_page()
    try:
        sign_in(page, room.tables[1], "Mio")
        before = len(listed(room, 1))
        saves = Saves(page, 1)
        saves.lost, saves.used = False, 1
        crazy_deal(page, "Solo", "Bea", "clubs", "73", "Dan")
        shown = summary(page, "73")
        key = page.locator("input[name=key]").input_value()
        page.get_by_role("button", name="Save").tap()
        expect(page.locator("#save-error")).to_have_text(USED["error"], timeout=10000)
        # the deal stays on screen as it was, under a key of its own
        expect(page.get_by_role("textbox", name="Card points — the team's pile")).to_have_value(
            "73")
        expect(page.locator("#preview .summary")).to_have_text(shown)
        expect(page.locator("#deal-n")).to_have_text(f"Deal {before + 1}")
        fresh = page.locator("input[name=key]").input_value()
        assert fresh != key and len(fresh) == 24
        assert len(listed(room, 1)) == before
        page.get_by_role("button", name="Save").tap()  # saved anew, once
        page.wait_for_url(saved_at(1), timeout=15000)
    finally:
        ctx.close()
    deals = listed(room, 1)
    assert len(deals) == before + 1 and saves.sent == 1
    assert (deals[-1]["number"], deals[-1]["outcome"]["team_points"]) == (before + 1, 73)


def test_a_waiting_deal_whose_key_saved_another_is_said_and_the_next_is_sent(
        room: PhoneRoom, browser: Browser) -> None:
    ctx = phone(browser)
    page = ctx.new_page()
    try:
        sign_in(page, room.tables[1], "Mio")
        before = len(listed(room, 1))
        saves = Saves(page, 1)
        crazy_deal(page, "Solo", "Bea", "clubs", "73", "Dan")
        first = summary(page, "73")
        page.get_by_role("button", name="Save").tap()
        waiting = page.locator("#outbox p.line")
        expect(waiting).to_have_text(f"Deal {before + 1} — waiting to send (1)", timeout=5000)
        crazy_deal(page, "Alone", "Eve", "spades", "95")
        summary(page, "95")
        page.get_by_role("button", name="Save").tap()
        expect(waiting).to_have_text(
            f"Deals {before + 1}, {before + 2} — waiting to send (2)", timeout=5000)
        saves.lost, saves.used = False, 1  # back; the first answers form_used
        lost = page.locator("#not-saved")
        expect(lost.locator("p.err")).to_have_text(USED["error"], timeout=15000)
        expect(lost.locator("textarea")).to_have_value(f"Deal {before + 1}: {first}")
        expect(page.locator("#outbox")).to_be_hidden(timeout=15000)
        # the second was sent as the number the first did not take; the form is the next
        expect(page.locator("#deal-n")).to_have_text(f"Deal {before + 2}")
    finally:
        ctx.close()
    deals = listed(room, 1)
    assert len(deals) == before + 1 and saves.sent == 1
    assert (deals[-1]["number"], deals[-1]["outcome"]["contract"],
            deals[-1]["outcome"]["team_points"]) == (before + 1, "alone", 95)


def test_deals_waiting_while_the_night_is_closed_are_said_not_saved(
        tmp_path: Any, browser: Browser) -> None:
    """The night closed while two deals wait: each answers 410, is said "the night is
    closed" with its content, and nothing waits on (its own room: the night stays closed)."""
    with serving(tmp_path / "club.sqlite3") as room:
        ctx = phone(browser)
        page = ctx.new_page()
        try:
            saves, first, second = two_waiting(page, room)
            tally(room.db, "night", "close", "1")
            saves.lost = False  # back: each answers 410
            lost = page.locator("#not-saved")
            expect(lost.locator("p.err")).to_have_text(
                ["Not saved: the night is closed"] * 2, timeout=15000)
            expect(lost.locator("textarea").first).to_have_value(f"Deal 1: {first}")
            expect(lost.locator("textarea").last).to_have_value(f"Deal 2: {second}")
            expect(page.locator("#outbox")).to_be_hidden()
            assert saves.sent == 2
        finally:
            ctx.close()
        assert listed(room, 3) == []
