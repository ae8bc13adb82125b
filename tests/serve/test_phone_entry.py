"""The phone's entry page in Chromium emulating a phone, by taps only: a small
night at a Crazy Solo, a Hachi-Hachi and a Schnapsen table, a refused input, a conflict,
and the CLI agreeing with what the pages showed."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import tally
from .phone_room import (
    PhoneRoom,
    crazy_deal,
    phone,
    saved_at,
    serving,
    shot,
    sign_in,
    tap_radio,
    type_number,
)


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PhoneRoom]:
    with serving(tmp_path_factory.mktemp("phones") / "club.sqlite3") as started:
        yield started


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
        type_number(page, "Card points — the team's pile", "73")
        preview = page.locator("#preview")
        expect(preview).to_contain_text("Solo ♣ Bea + Dan, 73 → 25", timeout=10000)
        assert "Bea" in preview.inner_text()
        shot(page, room, "crazy-form", full=True)
        page.get_by_role("button", name="Save").tap()
        page.wait_for_url(saved_at(1))  # the next deal's form, saying the one saved
        expect(page.locator("#saved")).to_contain_text(
            "Deal 1 saved: Solo ♣ Bea + Dan, 73 → 25")
        expect(page.locator("#deal-n")).to_have_text("Deal 2")
        no_sideways_scroll(page)
        shot(page, room, "crazy-saved")
        page.locator("#saved").get_by_role("link", name="Log").tap()
        top = page.locator("li.deal").first
        expect(top).to_contain_text("Deal 1")
        expect(top).to_contain_text("by Mio")
        no_sideways_scroll(page)
        shot(page, room, "crazy-log")
    finally:
        ctx.close()
    deals = json.loads(tally(room.db, "round", "list", "--table", "1", "--json"))
    assert [d["author"] for d in deals] == ["Mio"]


def shown_standings(page: Page) -> dict[str, int]:
    """The table's standings as the log page shows them (player -> net)."""
    rows = page.locator("section.standings tr")
    out = {}
    for i in range(rows.count()):
        cells = rows.nth(i).locator("td")
        out[cells.nth(1).inner_text()] = int(cells.nth(2).inner_text().replace("−", "-"))
    return out


def cli_standings(room: PhoneRoom, table: int) -> dict[str, int]:
    rows = json.loads(tally(room.db, "standings", "--table", str(table), "--json"))
    return {r["player"]: r["net"] for r in rows}


def test_a_refused_input_is_one_line_at_its_field_and_the_input_stays(
        room: PhoneRoom, browser: Browser) -> None:
    ctx = phone(browser)
    page = ctx.new_page()
    try:
        sign_in(page, room.tables[1], "Mio")
        before = len(json.loads(tally(room.db, "round", "list", "--table", "1", "--json")))
        tap_radio(page, "Contract", "Alone")
        tap_radio(page, "Caller", "Chie")
        tap_radio(page, "Trump", "spades")
        type_number(page, "Card points — the team's pile", "130")
        page.get_by_role("button", name="Save").tap()
        line = page.locator("fieldset[data-field=team_points] p.err")
        expect(line).to_have_text("130 is above 120", timeout=10000)
        assert line.is_visible() and line.evaluate(
            "e => e.getBoundingClientRect().top < window.innerHeight")  # in view
        expect(page.get_by_role("textbox", name="Card points — the team's pile")).to_have_value(
            "130")
        expect(page.get_by_role("group", name="Caller").get_by_role(
            "radio", name="Chie")).to_be_checked()
        shot(page, room, "refused")
        after = len(json.loads(tally(room.db, "round", "list", "--table", "1", "--json")))
        assert after == before  # nothing written
    finally:
        ctx.close()


def test_hachihachi_and_schnapsen_rounds_by_taps_agree_with_the_cli(
        room: PhoneRoom, browser: Browser) -> None:
    ctx = phone(browser)
    page = ctx.new_page()
    try:
        sign_in(page, room.tables[2], "Rin")
        tap_radio(page, "start player スタP", "Fumi")
        page.get_by_role("textbox", name="Indicator").tap()
        page.keyboard.type("7h")
        for name, said in (("Fumi", "in 出る"), ("Gen", "out 降りる"), ("Hana", "in 出る"),
                           ("Ivo", "out 降りる")):
            tap_radio(page, name, said, within="Declarations")
        tap_radio(page, "Two in", "play")
        type_number(page, "Tricks — Fumi", "4")  # Hana's are the rest of 7: shown, not asked
        expect(page.locator("fieldset[data-field=tricks]").get_by_role(
            "group", name="Hana", exact=True).locator("p.fixed")).to_have_text("3")
        expect(page.locator("#preview .summary")).to_have_text(
            "7♥ · in Fumi Hana · tricks 4-3 · pot 5 → Fumi", timeout=10000)
        no_sideways_scroll(page)
        shot(page, room, "hachi-form", full=True)
        page.get_by_role("button", name="Save").tap()
        page.wait_for_url(saved_at(2))
        page.locator("#saved").get_by_role("link", name="Log").tap()
        expect(page.locator("section.chips")).to_contain_text("Rounds left: 11")
        assert shown_standings(page) == cli_standings(room, 2)
        expect(page.locator("#status")).to_contain_text("round 2 / 12")

        sign_in(page, room.tables[3], "Rin")
        tap_radio(page, "Ending", "claim")
        tap_radio(page, "Claimed by", "Jun")
        type_number(page, "Card points — Jun", "66")
        type_number(page, "Card points — Kai", "30")
        type_number(page, "Tricks — Jun", "3")
        type_number(page, "Tricks — Kai", "2")
        expect(page.locator("#preview .summary")).not_to_be_empty(timeout=10000)
        summary = page.locator("#preview .summary").inner_text()
        page.get_by_role("button", name="Save").tap()
        page.wait_for_url(saved_at(3))
        expect(page.locator("#saved")).to_contain_text(summary)
        page.locator("#saved").get_by_role("link", name="Log").tap()
        expect(page.locator("li.deal").first).to_contain_text(summary)
        status_line = page.locator("#status").inner_text()
        shot(page, room, "schnapsen-log", full=True)
    finally:
        ctx.close()
    listed = json.loads(tally(room.db, "round", "list", "--table", "3", "--json"))
    assert [(d["number"], d["author"]) for d in listed] == [(1, "Rin")]
    assert "Jun" in status_line
    hachi = json.loads(tally(room.db, "round", "list", "--table", "2", "--json"))
    assert hachi[0]["outcome"]["tricks"] == {"Fumi": 4, "Hana": 3}


def test_a_phone_key_records_at_its_table_only(room: PhoneRoom) -> None:
    key3 = room.tables[3].split("key=")[1]
    entry = room.entry.split("key=")[1]
    board = room.board.split("key=")[1]
    assert status(f"{room.base}/t/3?key={key3}") == 200
    for route in ("/t/1", "/t/2/log", "/", "/board", "/t/1/draft"):
        assert status(f"{room.base}{route}?key={key3}") in (401, 403), route
    assert status(f"{room.base}/t/1?key={key3}", b"action=save") == 403
    assert status(f"{room.base}/t/1?key={entry}") == 200  # the entry key opens every table
    assert status(f"{room.base}/t/1?key={board}") == 403  # the board key only reads
    assert status(f"{room.base}/t/1") == 401


def test_two_phones_one_deal_the_second_sees_the_first_and_chooses(
        room: PhoneRoom, browser: Browser) -> None:
    first, second = phone(browser), phone(browser)
    a, b = first.new_page(), second.new_page()
    try:
        sign_in(a, room.tables[1], "Ann")
        sign_in(b, room.tables[1], "Mio")
        number = int(a.locator("input[name=expect]").input_value())
        assert b.locator("input[name=expect]").input_value() == str(number)
        crazy_deal(a, "Solo", "Eve", "hearts", "80", "Ann")
        crazy_deal(b, "Solo", "Dan", "spades", "61", "Bea")
        a.get_by_role("button", name="Save").tap()
        a.wait_for_url(saved_at(1))
        b.get_by_role("button", name="Save").tap()
        box = b.locator("#conflict")
        expect(box).to_contain_text(f"Deal {number} was just recorded on another device",
                                    timeout=10000)
        expect(box).to_contain_text("Solo ♥ Eve + Ann, 80 → 60")
        expect(box).to_contain_text("by Ann")
        shot(b, room, "conflict")
        b.get_by_role("button", name=f"A new deal — save as deal {number + 1}").tap()
        b.wait_for_url(saved_at(1))
        expect(b.locator("#saved")).to_contain_text(f"Deal {number + 1} saved")
        # the same deal again, from the first phone: asked first, then saved on "yes"
        a.goto(room.tables[1])
        crazy_deal(a, "Solo", "Dan", "spades", "61", "Bea")
        a.get_by_role("button", name="Save").tap()
        expect(a.locator("#same")).to_contain_text(f"same as deal {number + 1}",
                                                   timeout=10000)
        a.get_by_role("button", name="Yes, it is another deal — save").tap()
        a.wait_for_url(saved_at(1))
        expect(a.locator("#saved")).to_contain_text(f"Deal {number + 2} saved")
    finally:
        first.close()
        second.close()
    listed = json.loads(tally(room.db, "round", "list", "--table", "1", "--json"))
    assert [(d["number"], d["author"]) for d in listed][-3:] == [
        (number, "Ann"), (number + 1, "Mio"), (number + 2, "Ann")]


def test_in_japanese_from_the_browser_s_language(room: PhoneRoom, browser: Browser) -> None:
    ctx = phone(browser, locale="ja-JP")
    page = ctx.new_page()
    try:
        page.set_viewport_size({"width": 320, "height": 700})
        sign_in(page, room.tables[3], "りん")
        expect(page.locator("h1")).to_have_text("卓3 · シュナプセン", timeout=10000)
        expect(page.locator("p.who")).to_contain_text("記録：りん · ディール一覧")
        tap_radio(page, "終わり方", "66宣言")
        tap_radio(page, "66を宣言", "Kai")
        type_number(page, "カード点 — Kai", "70")
        type_number(page, "カード点 — Jun", "20")
        type_number(page, "トリック — Kai", "4")
        type_number(page, "トリック — Jun", "1")
        expect(page.locator("#preview .summary")).not_to_be_empty(timeout=10000)
        no_sideways_scroll(page)
        shot(page, room, "schnapsen-ja", full=True)
        page.get_by_role("button", name="保存").tap()
        page.wait_for_url(saved_at(3))
        expect(page.locator("#saved")).to_contain_text("を保存しました")
        no_sideways_scroll(page)
        page.locator("#saved").get_by_role("link", name="ディール一覧").tap()
        expect(page.locator("li.deal").first).to_contain_text("記録：りん")
        no_sideways_scroll(page)
    finally:
        ctx.close()
    listed = json.loads(tally(room.db, "round", "list", "--table", "3", "--json"))
    assert listed[-1]["author"] == "りん"


def test_a_correction_and_a_void_from_the_phone_with_reasons(room: PhoneRoom,
                                                            browser: Browser) -> None:
    ctx = phone(browser)
    page = ctx.new_page()
    try:
        sign_in(page, room.tables[1], "Mio")
        crazy_deal(page, "Solo", "Chie", "diamonds", "70", "Eve")
        page.get_by_role("button", name="Save").tap()
        page.wait_for_url(saved_at(1))
        number = int(page.locator("#saved").get_attribute("data-deal") or 0)
        page.locator("#saved").get_by_role("link", name="Correct or void").tap()
        page.wait_for_selector("#deal")
        field = page.get_by_role("textbox", name="Card points — the team's pile")
        expect(field).to_have_value("70")
        field.tap()
        page.keyboard.press("End")
        page.keyboard.press("Backspace")
        page.keyboard.press("Backspace")
        page.keyboard.type("55")
        expect(page.locator("#preview .summary")).to_contain_text("55", timeout=10000)
        page.get_by_role("textbox", name="Reason").tap()
        page.keyboard.type("miscounted")
        page.get_by_role("button", name="Save the correction").tap()
        page.wait_for_url("**/log?saved=*")
        top = page.locator(f"li.deal[data-deal='{number}']")
        expect(top).to_contain_text("55")
        expect(top).to_contain_text("corrected")
        top.get_by_role("link", name="Correct or void").tap()
        page.wait_for_selector("#deal")
        expect(page.locator("section.history")).to_contain_text("miscounted")
        page.get_by_role("button", name="Void this deal").tap()  # no reason yet: refused
        expect(page.locator("#fix-error")).to_contain_text("reason", timeout=10000)
        page.get_by_role("textbox", name="Reason").tap()
        page.keyboard.type("wrong table")
        page.get_by_role("button", name="Void this deal").tap()
        page.wait_for_url("**/log?saved=*")
        expect(page.locator(f"li.deal[data-deal='{number}']")).to_have_class(
            "deal void just")
        shot(page, room, "void-log", full=True)
    finally:
        ctx.close()
    listed = json.loads(tally(room.db, "round", "list", "--table", "1", "--json"))
    deal = next(d for d in listed if d["number"] == number)
    assert deal["kind"] == "void" and deal["reason"] == "wrong table"


TARGETS = """() => {
  const small = [];
  const boxes = "input:not([type=hidden]):not([type=radio]):not([type=checkbox])";
  for (const el of document.querySelectorAll(`label.opt, button, a, summary, ${boxes}`)) {
    const r = el.getBoundingClientRect();
    if (r.width && (r.width < 44 || r.height < 44)) small.push(el.outerHTML.slice(0, 80));
  }
  const tiny = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const node = walk.currentNode, el = node.parentElement;
    if (!node.textContent.trim() || !el.getClientRects().length) continue;
    if (parseFloat(getComputedStyle(el).fontSize) < 16) tiny.push(node.textContent.trim());
  }
  return {small, tiny};
}"""


@pytest.mark.parametrize("table", [1, 2, 3])
def test_every_page_fits_320_px_with_44_px_targets_and_16_px_text(
        room: PhoneRoom, browser: Browser, table: int) -> None:
    ctx = phone(browser)
    page = ctx.new_page()
    try:
        page.set_viewport_size({"width": 320, "height": 640})
        sign_in(page, room.tables[table], "Mio")
        for url in (room.tables[table].split("?")[0], f"{room.base}/t/{table}/log"):
            page.goto(url)
            no_sideways_scroll(page)
            found = page.evaluate(TARGETS)
            assert found == {"small": [], "tiny": []}, url
        page.goto(room.tables[table].split("?")[0])
        weight = len(page.content().encode("utf-8"))
        assert weight <= 60_000, f"the entry page weighs {weight} bytes"
    finally:
        ctx.close()


def test_the_board_shows_the_night_the_phones_recorded(room: PhoneRoom,
                                                       browser: Browser) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    try:
        page.goto(room.board)
        text = page.locator("#board").inner_text()
        for n in (1, 2, 3):
            listed = json.loads(tally(room.db, "round", "list", "--table", str(n), "--json"))
            deals = sum(d["kind"] != "void" for d in listed)  # the board counts deals played
            count = page.locator(f'.table[data-table="{n}"] .deals').inner_text()
            assert count == (f"{deals} deal" if deals == 1 else f"{deals} deals")
        assert "Crazy Solo" in text and "Schnapsen" in text
        shot(page, room, "board")
    finally:
        page.close()
