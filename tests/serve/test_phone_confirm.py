"""The opponents confirm, on the phone, by taps on slow Wi-Fi (every answer 600 ms
away): a deal saved at a table made with `confirm = "opponent"` shows as "Deal 1 — to be
confirmed" until a player who did not record it confirms it (the phone handed over, or their
own phone), or disputes it with a reason; a correction of a confirmed deal asks again; a
tournament round with a disputed result says so on the organiser's page, the board and the
round's standings."""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from .conftest import tally
from .phone_room import PhoneRoom, phone, serving, sign_in, tap_radio
from .test_phone_slow import slow

SEATS = ["Jun", "Kai"]
CUP = ["Lou", "Max"]


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PhoneRoom]:
    db = tmp_path_factory.mktemp("confirm") / "club.sqlite3"
    tally(db, "player", "add", *SEATS, *CUP)
    tally(db, "night", "new", "--date", "2026-12-01", "--venue", "Club")
    for _ in range(3):  # a table for each flow, its deals confirmed by the opponent
        tally(db, "table", "new", "--night", "1", "--game", "schnapsen", "--set",
              "confirm=opponent", "--seats", ",".join(SEATS))
    tally(db, "tournament", "new", "Cup", "--game", "schnapsen", "--rounds", "2", "--draw",
          "random", "--seed", "door", "--points", "schnapsen-confirmed", "--night", "1")
    tally(db, "tournament", "register", "Cup", *CUP)
    tally(db, "tournament", "draw", "Cup")  # table 4
    with serving(db, tables=4) as started:
        yield started


def revisions(db: Path, table: int) -> list[tuple[int, str, str | None, str | None]]:
    """(deal number, kind, author, reason) of a table's revisions, read directly."""
    con = sqlite3.connect(db)
    try:
        return con.execute(
            "SELECT d.number, r.kind, r.author, r.reason FROM deal d JOIN revision r ON "
            "r.deal_id = d.id JOIN game_table g ON g.id = d.table_id WHERE g.number = ? "
            "ORDER BY r.id", (table,)).fetchall()
    finally:
        con.close()


def save_paper(page: Page, table: int, winner: str, points: str) -> None:
    """A paper score by taps: on paper, the winner, the game points, Save."""
    tap_radio(page, "Ending", "on paper")
    tap_radio(page, winner, points, within="Winner · Game points")  # one choice: "Jun: 1"
    expect(page.locator("#preview .summary")).not_to_be_empty(timeout=10000)
    page.get_by_role("button", name="Save", exact=True).tap()
    # the next deal's form, saying the deal just saved is to be confirmed; on to the log
    page.wait_for_url(f"**/t/{table}?saved=*", timeout=15000)
    saved = page.locator("#saved")
    expect(saved.locator("b")).to_have_text(re.compile(r"^Deal \d+ saved, to be confirmed:$"))
    saved.get_by_role("link", name="Log", exact=True).tap()
    page.wait_for_url(f"**/t/{table}/log?saved=*", timeout=15000)


def deal_card(page: Page, number: int):  # type: ignore[no-untyped-def]
    return page.locator(f"li.deal[data-deal='{number}']")


def verdict_form(page: Page, number: int):  # type: ignore[no-untyped-def]
    return page.get_by_role("form", name=f"Confirm deal {number}")


WHO = "Who confirms? A player who did not record it (hand the phone over)"


def on_phone(browser: Browser, url: str, name: str) -> tuple[BrowserContext, Page]:
    ctx = phone(browser)
    page = ctx.new_page()
    sign_in(page, url, name)
    slow(ctx, page)
    return ctx, page


def test_the_phone_handed_over_confirms(room: PhoneRoom, browser: Browser) -> None:
    ctx, page = on_phone(browser, room.tables[1], "Jun")
    try:
        save_paper(page, 1, "Jun", "1")
        card = deal_card(page, 1)
        expect(card.locator("b")).to_have_text("Deal 1 — to be confirmed")
        form = verdict_form(page, 1)
        # Jun recorded it: only Kai is offered, and not chosen for him
        radios = form.get_by_role("group", name=WHO).get_by_role("radio")
        expect(radios).to_have_count(1)
        expect(radios.first).not_to_be_checked()
        tap_radio(form, WHO, "Kai")  # type: ignore[arg-type]
        form.get_by_role("button", name="Confirm", exact=True).tap()
        page.wait_for_url("**/t/1/log?confirmed=*", timeout=15000)
        expect(page.get_by_role("status")).to_have_text("Deal 1 confirmed.")
        expect(card.locator("b")).to_have_text("Deal 1")
        expect(card).to_contain_text("confirmed by Kai")
        expect(verdict_form(page, 1)).to_have_count(0)
    finally:
        ctx.close()
    assert revisions(room.db, 1) == [(1, "record", "Jun", None), (1, "confirm", "Kai", None)]
    assert tally(room.db, "check") == "ok: every deal re-derives to its stored transfers\n"


def test_the_opponent_disputes_with_a_reason(room: PhoneRoom, browser: Browser) -> None:
    ctx, page = on_phone(browser, room.tables[2], "Jun")
    try:
        save_paper(page, 2, "Jun", "2 Schneider")
    finally:
        ctx.close()
    ctx, page = on_phone(browser, room.tables[2], "Kai")  # Kai's own phone
    try:
        page.goto(room.tables[2].split("?")[0] + "/log")
        form = verdict_form(page, 1)
        expect(form.get_by_role("radio", name="Kai", exact=True)).to_be_checked()
        form.get_by_text("Something wrong? Dispute").tap()
        form.get_by_role("button", name="Dispute", exact=True).tap()  # no reason yet
        expect(page.get_by_role("alert")).to_have_text("a dispute needs a reason",
                                                       timeout=15000)
        assert revisions(room.db, 2) == [(1, "record", "Jun", None)]  # nothing written
        form = verdict_form(page, 1)
        form.get_by_role("textbox", name="What is wrong").tap()
        page.keyboard.type("Kai won it")
        form.get_by_role("button", name="Dispute", exact=True).tap()
        page.wait_for_url("**/t/2/log?disputed=*", timeout=15000)
        expect(page.get_by_role("status")).to_have_text("Deal 1 disputed.")
        expect(deal_card(page, 1)).to_contain_text("disputed by Kai: Kai won it")
        # disputed, it still counts: Jun's 2 game points stand in the standings
        expect(page.locator("section.standings")).to_contain_text("Jun")
    finally:
        ctx.close()
    assert revisions(room.db, 2) == [(1, "record", "Jun", None),
                                     (1, "dispute", "Kai", "Kai won it")]
    listed = json.loads(tally(room.db, "round", "list", "--table", "2", "--json"))
    assert [d["confirm"] for d in listed] == [
        {"state": "disputed", "recorded_by": "Jun", "by": "Kai", "reason": "Kai won it"}]


def test_a_correction_after_confirm_asks_again(room: PhoneRoom, browser: Browser) -> None:
    ctx, page = on_phone(browser, room.tables[3], "Jun")
    try:
        save_paper(page, 3, "Jun", "1")
        form = verdict_form(page, 1)
        tap_radio(form, WHO, "Kai")  # type: ignore[arg-type]
        form.get_by_role("button", name="Confirm", exact=True).tap()
        page.wait_for_url("**/t/3/log?confirmed=*", timeout=15000)
        deal_card(page, 1).get_by_role("link", name="Correct or void").tap()
        page.wait_for_selector("#deal")
        tap_radio(page, "Jun", "3 Schwarz", within="Winner · Game points")
        expect(page.locator("#preview .summary")).to_contain_text("3", timeout=10000)
        page.get_by_role("textbox", name="Reason").tap()
        page.keyboard.type("Schneider")
        page.get_by_role("button", name="Save the correction").tap()
        page.wait_for_url("**/t/3/log?saved=*", timeout=15000)
        card = deal_card(page, 1)
        expect(card.locator("b")).to_have_text("Deal 1 — to be confirmed")
        expect(card).to_contain_text("corrected")
        form = verdict_form(page, 1)
        tap_radio(form, WHO, "Kai")  # type: ignore[arg-type]
        form.get_by_role("button", name="Confirm", exact=True).tap()
        page.wait_for_url("**/t/3/log?confirmed=*", timeout=15000)
        expect(card).to_contain_text("confirmed by Kai")
    finally:
        ctx.close()
    assert [k for _, k, _, _ in revisions(room.db, 3)] == [
        "record", "confirm", "correct", "confirm"]
    listed = json.loads(tally(room.db, "round", "list", "--table", "3", "--json"))
    assert [(d["outcome"]["game_points"], d["confirm"]) for d in listed] == [
        (3, {"state": "confirmed", "recorded_by": "Jun", "by": "Kai", "reason": None})]


def test_a_round_with_a_disputed_result_says_so(room: PhoneRoom, browser: Browser) -> None:
    seats = [s.strip() for s in json.loads(tally(
        room.db, "tournament", "draw", "Cup", "--round", "1", "--json"))["tables"][0]["seats"]]
    ctx, page = on_phone(browser, room.tables[4], seats[0])
    try:
        save_paper(page, 4, seats[0], "3 Schwarz")
        form = verdict_form(page, 1)
        tap_radio(form, WHO, seats[1])  # type: ignore[arg-type]
        form.get_by_text("Something wrong? Dispute").tap()
        form.get_by_role("textbox", name="What is wrong").tap()
        page.keyboard.type("only 2")
        form.get_by_role("button", name="Dispute", exact=True).tap()
        page.wait_for_url("**/t/4/log?disputed=*", timeout=15000)
        key = re.search(r"key=([^&]+)", room.entry)[1]  # type: ignore[index]
        page.goto(f"{room.base}/tournament?key={key}")
        expect(page.locator("#to-confirm li").filter(has_text="table 4")).to_have_text(
            "1 deal disputed at table 4")
        page.goto(room.board)
        expect(page.locator(".table[data-table='4'] .disputed")).to_have_text(
            "1 deal disputed at table 4", timeout=15000)
        expect(page.locator(".ranking .unconfirmed")).to_have_text(
            "round 1: 1 deal disputed at table 4 (deal 1): the result counts it as saved")
    finally:
        ctx.close()
    said = tally_err(room.db, "tournament", "standings", "Cup")
    assert ("warning: round: round 1: 1 deal disputed at table 4 (deal 1): the result "
            "counts it as saved") in said.splitlines()


def tally_err(db: Path, *args: str) -> str:
    import subprocess
    import sys

    from .conftest import ROOT

    done = subprocess.run([sys.executable, "-m", "ledger.cli.main", "--db", str(db), *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stderr
