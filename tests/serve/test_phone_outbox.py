"""The phone's outbox: a deal saved while the connection is down waits on the
phone and is sent when it returns, exactly once, whether the save never arrived or arrived
and its answer was lost."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Route, expect

from .conftest import tally
from .phone_room import PhoneRoom, crazy_deal, phone, saved_at, serving, shot, sign_in


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PhoneRoom]:
    with serving(tmp_path_factory.mktemp("outbox") / "club.sqlite3") as started:
        yield started


def numbers(room: PhoneRoom) -> list[tuple[int, str]]:
    listed = json.loads(tally(room.db, "round", "list", "--table", "1", "--json"))
    return [(d["number"], d["author"]) for d in listed]


def test_the_answer_lost_mid_save_the_deal_is_recorded_once(room: PhoneRoom,
                                                            browser: Browser) -> None:
    ctx = phone(browser)
    page = ctx.new_page()
    cut = {"on": True, "saves": 0}

    def lose_the_answer(route: Route) -> None:
        """The save reaches the server (it records the deal), the answer never comes back."""
        if route.request.method == "POST" and cut["on"]:
            cut["saves"] += 1
            route.fetch()
            route.abort("connectionreset")
        else:
            route.continue_()

    try:
        sign_in(page, room.tables[1], "Mio")
        crazy_deal(page, "Solo", "Bea", "clubs", "73", "Dan")
        page.route("**/t/1", lose_the_answer)
        page.get_by_role("button", name="Save").tap()
        waiting = page.locator("#outbox p.line")
        expect(waiting).to_have_text("Deal 1 — waiting to send (1)", timeout=5000)
        assert waiting.evaluate("e => e.getBoundingClientRect().top >= 0 && "
                                "e.getBoundingClientRect().bottom <= window.innerHeight")
        # the form now stands for the next deal, empty
        expect(page.locator("#deal-n")).to_have_text("Deal 2")
        for pile in ("the team's pile", "the Gang's pile"):
            expect(page.get_by_role("textbox", name=f"Card points — {pile}")).to_have_value("")
        shot(page, room, "outbox")
        # landed, unanswered (on a loaded machine the outbox may have tried again already:
        # each try reaches the server, and the deal is still recorded once)
        assert cut["saves"] >= 1 and numbers(room) == [(1, "Mio")]
        page.get_by_role("button", name="Save").tap()  # tapped again: nothing new to queue
        expect(waiting).to_have_text("Deal 1 — waiting to send (1)")
        cut["on"] = False  # the network is back: the outbox sends what it kept
        page.wait_for_url(saved_at(1), timeout=15000)
    finally:
        ctx.close()
    assert numbers(room) == [(1, "Mio")]


def test_offline_save_waits_and_is_sent_once_the_server_is_back(room: PhoneRoom,
                                                                browser: Browser) -> None:
    ctx = phone(browser)
    page = ctx.new_page()
    try:
        sign_in(page, room.tables[1], "Mio")
        before = len(numbers(room))
        crazy_deal(page, "Alone", "Eve", "spades", "95")
        ctx.set_offline(True)
        page.get_by_role("button", name="Save").tap()
        expect(page.locator("#outbox p.line")).to_contain_text("waiting to send (1)",
                                                               timeout=5000)
        assert len(numbers(room)) == before
        ctx.set_offline(False)  # back: the page sends what it kept

        page.wait_for_url(saved_at(1), timeout=15000)
        page.wait_for_timeout(3500)  # another round of the outbox: nothing left to send
    finally:
        ctx.close()
    assert len(numbers(room)) == before + 1


def test_a_waiting_deal_survives_a_reload_and_is_sent_once(room: PhoneRoom,
                                                          browser: Browser) -> None:
    ctx = phone(browser)
    page = ctx.new_page()
    saves = {"on": True}

    def server_gone(route: Route) -> None:  # pages still load; every save is lost
        if route.request.method == "POST" and saves["on"]:
            route.abort("connectionrefused")
        else:
            route.continue_()

    try:
        sign_in(page, room.tables[1], "Mio")
        before = len(numbers(room))
        crazy_deal(page, "Solo", "Chie", "diamonds", "88", "Ann")
        page.route("**/t/1", server_gone)
        page.get_by_role("button", name="Save").tap()
        expect(page.locator("#outbox p.line")).to_contain_text("waiting to send (1)",
                                                               timeout=5000)
        page.reload()
        expect(page.locator("#outbox p.line")).to_contain_text("waiting to send (1)",
                                                               timeout=5000)
        assert len(numbers(room)) == before
        saves["on"] = False
        page.wait_for_url(saved_at(1), timeout=15000)
        page.wait_for_timeout(3500)
    finally:
        ctx.close()
    assert len(numbers(room)) == before + 1
