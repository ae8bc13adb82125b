"""The phone on slow Wi-Fi: every answer 600 ms away (Chromium's network emulation), a
choice tapped and a number typed before the tap's answer comes back, then Save. What is
recorded is exactly what the screen shows at Save: the values in the boxes, and the
preview's summary and nets. One table per game: Crazy Solo, Hachi-Hachi, Sixty-Six two-player,
Schnapsen, three-player, four-hand."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tui.serve.phone.form import read_posted

from .conftest import tally
from .phone_room import (
    CRAZY,
    HACHI,
    SCHNAPSEN,
    PhoneRoom,
    phone,
    serving,
    sign_in,
    tap_radio,
    type_number,
)

TWO = ["Lou", "Max"]
THREE = ["Ned", "Oda", "Pia"]
FOUR = ["Quin", "Ray", "Sol", "Tom"]
LATENCY_MS = 600
TAP_TO_TYPE_MS = 150  # the number typed this soon after the tap: before its answer


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PhoneRoom]:
    db = tmp_path_factory.mktemp("slow") / "club.sqlite3"
    tally(db, "player", "add", *CRAZY, *HACHI, *SCHNAPSEN, *TWO, *THREE, *FOUR)
    tally(db, "night", "new", "--date", "2026-12-01", "--venue", "Club")
    for game, seats in (("crazy-solo", CRAZY), ("hachihachi-trick", HACHI),
                        ("schnapsen", SCHNAPSEN), ("sixty-six", TWO),
                        ("sixty-six-three", THREE), ("sixty-six-four", FOUR)):
        tally(db, "table", "new", "--night", "1", "--game", game, "--seats", ",".join(seats))
    with serving(db, tables=6) as started:
        yield started


def slow(ctx: BrowserContext, page: Page, latency: int = LATENCY_MS) -> None:
    """Every request of `page` answered `latency` ms late (as a busy club Wi-Fi does)."""
    cdp = ctx.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": latency, "downloadThroughput": -1,
        "uploadThroughput": -1})


SCREEN = """() => {
  const fields = [];
  for (const [k, v] of new FormData(document.getElementById('deal')))
    if (k.includes('|')) fields.push([k, v]);
  const text = s => { const e = document.querySelector(s); return e ? e.textContent : ''; };
  const nets = [...document.querySelectorAll('#preview table.nets tr')].map(
    r => [r.cells[0].textContent, r.cells[1].textContent.replace('\\u2212', '-')]);
  return {fields, summary: text('#preview .summary'), nets};
}"""


def screen(page: Page) -> dict[str, Any]:
    """What the page shows: its fields' values (as the form would post them), the
    preview's summary and nets."""
    return page.evaluate(SCREEN)  # type: ignore[no-any-return]


def retype(page: Page, box: str, value: str, *, within: str | None = None) -> None:
    """Tap a number box and type `value` in place of what it held."""
    scope = page.get_by_role("group", name=within, exact=True) if within else page
    field = scope.get_by_role("textbox", name=box, exact=True)
    field.tap()
    page.keyboard.press("Control+A")
    page.keyboard.type(value)


def soon(page: Page) -> None:
    page.wait_for_timeout(TAP_TO_TYPE_MS)


def last_deal(room: PhoneRoom, table: int) -> dict[str, Any]:
    listed = json.loads(tally(room.db, "round", "list", "--table", str(table), "--json"))
    return listed[-1]  # type: ignore[no-any-return]


def save_and_check(page: Page, room: PhoneRoom, table: int, wanted: str) -> dict[str, Any]:
    """Wait until the preview says `wanted` (the figures of what was typed last), read the
    screen, Save; the deal recorded is the screen's: its outcome the fields' values, its
    summary and nets the preview's. The deal's outcome is returned."""
    expect(page.locator("#preview .summary")).to_contain_text(wanted, timeout=10000)
    # the preview is the answer to the last input: no redraw is still on its way
    page.wait_for_function("() => !document.querySelector('#deal[data-busy]')",
                           timeout=10000)
    shown = screen(page)
    page.get_by_role("button", name="Save").tap()
    page.wait_for_url(f"**/t/{table}/log?saved=*", timeout=15000)
    deal = last_deal(room, table)
    top = page.locator("li.deal").first
    summary = top.locator("p").first.inner_text()
    assert summary.endswith(shown["summary"]), (summary, shown)
    nets = [[n.inner_text(), v.inner_text().replace("−", "-")] for n, v in zip(
        top.locator("span.nm").all(), top.locator("span.n").all(), strict=True)]
    assert nets == shown["nets"]
    posted, saved = read_posted(shown["fields"]), deal["outcome"]
    # each value on screen is the deal's (one the engine need not keep, a default such as
    # "played out" or "play", is said by the summary, checked above)
    assert {k: v for k, v in posted.items() if k in saved} == {
        k: saved[k] for k in posted if k in saved}, (saved, shown)
    return deal["outcome"]  # type: ignore[no-any-return]


def test_crazy_solo_points_typed_after_the_partner_tap(room: PhoneRoom,
                                                      browser: Browser) -> None:
    ctx = phone(browser)
    page = ctx.new_page()
    try:
        sign_in(page, room.tables[1], "Mio")
        slow(ctx, page)
        tap_radio(page, "Contract", "Solo")
        tap_radio(page, "Caller", "Eve")
        tap_radio(page, "Trump", "spades")
        type_number(page, "Card points", "73")
        tap_radio(page, "Partner", "Bea")
        soon(page)
        retype(page, "Card points", "53")
        outcome = save_and_check(page, room, 1, "53 → −15")
    finally:
        ctx.close()
    assert (outcome["team_points"], outcome["partner"]) == (53, "Bea")


def test_hachihachi_tricks_typed_after_the_mizuten_tap(room: PhoneRoom,
                                                       browser: Browser) -> None:
    ctx = phone(browser)
    page = ctx.new_page()
    try:
        sign_in(page, room.tables[2], "Rin")
        slow(ctx, page)
        tap_radio(page, "start player スタP", "Fumi")
        page.get_by_role("textbox", name="Indicator").tap()
        page.keyboard.type("7h")
        for name, said in (("Fumi", "in 出る"), ("Gen", "out 降りる"), ("Hana", "in 出る"),
                           ("Ivo", "out 降りる")):
            tap_radio(page, name, said, within="Declarations")
        tap_radio(page, "Two in", "play")
        type_number(page, "Fumi", "3", within="Tricks")
        type_number(page, "Hana", "3", within="Tricks")
        page.get_by_role("checkbox", name="Mizuten ミズテン").tap()
        soon(page)
        retype(page, "Fumi", "4", within="Tricks")
        outcome = save_and_check(page, room, 2, "tricks 4-3")
    finally:
        ctx.close()
    assert outcome["tricks"] == {"Fumi": 4, "Hana": 3}


def two_hand_claim(page: Page, ctx: BrowserContext, room: PhoneRoom, table: int,
                  first: str, second: str) -> dict[str, Any]:
    """A claim at a two-hand table: `second` named first, the points typed, then `first`
    tapped as the claimer and, before that tap's answer, `second`'s points typed over."""
    sign_in(page, room.tables[table], "Mio")
    slow(ctx, page)
    tap_radio(page, "Ending", "claim")
    tap_radio(page, "Claimed by", second)
    type_number(page, first, "66", within="Card points")
    type_number(page, second, "30", within="Card points")
    type_number(page, first, "3", within="Tricks")
    type_number(page, second, "2", within="Tricks")
    tap_radio(page, "Claimed by", first)
    soon(page)
    retype(page, second, "40", within="Card points")
    return save_and_check(page, room, table, f"{first} claims, 66–40")


@pytest.mark.parametrize(("table", "first", "second"), [
    (3, "Jun", "Kai"), (4, "Lou", "Max"), (5, "Oda", "Pia")],
    ids=["schnapsen", "sixty-six", "sixty-six-three"])
def test_two_hands_points_typed_after_the_claim_tap(room: PhoneRoom, browser: Browser,
                                                   table: int, first: str,
                                                   second: str) -> None:
    ctx = phone(browser)
    page = ctx.new_page()
    try:
        outcome = two_hand_claim(page, ctx, room, table, first, second)
    finally:
        ctx.close()
    assert (outcome["by"], outcome["points"]) == (first, {first: 66, second: 40})


def test_four_hand_points_typed_between_two_taps(room: PhoneRoom, browser: Browser) -> None:
    ctx = phone(browser)
    page = ctx.new_page()
    try:
        sign_in(page, room.tables[6], "Mio")
        slow(ctx, page)
        tap_radio(page, "Ending", "played out")
        type_number(page, "Quin+Sol", "70", within="Card points")
        type_number(page, "Ray+Tom", "50", within="Card points")
        tap_radio(page, "Ending", "on paper")  # and back before its answer comes
        soon(page)
        tap_radio(page, "Ending", "played out")
        soon(page)
        retype(page, "Ray+Tom", "60", within="Card points")
        outcome = save_and_check(page, room, 6, "Quin 70 – Ray 60")
    finally:
        ctx.close()
    assert outcome["points"] == {"Quin": 70, "Ray": 60}
