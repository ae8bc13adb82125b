"""Issue 24: the board's end-of-night payments. Once the night is settled (a plan kept:
`tally settle --replan`, the first payment, or the night closed) the board shows who pays
whom, the fewest transfers the settlement computes, in chips and money, each payment marked
paid; live, without a reload; type sized for a TV."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from ledger.service import Tally
from tui.i18n import set_language
from tui.serve.board import read_board, render_body

from .conftest import stop_room, tally
from .phone_room import PhoneRoom, shot, start

SOLO = {"contract": "solo", "caller": "Bea", "partner": "Dan", "trump": "clubs",
        "team_points": 73}


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PhoneRoom]:
    started = start(tmp_path_factory.mktemp("payments") / "club.sqlite3")
    try:
        yield started
    finally:
        stop_room(started.process)


def rows(page: Page) -> list[str]:
    return [re.sub(r"\s+", " ", x).strip()
            for x in page.locator(".payments tbody tr").all_inner_texts()]


def test_the_board_shows_who_pays_whom_once_the_night_is_settled(
        room: PhoneRoom, browser: Browser) -> None:
    service = Tally.open(room.db)
    crazy = next(t for t in service.night(1).tables if t.number == 1)
    service.add_deal(crazy.id, SOLO, "Mio")
    service.set_rate(1, "0.10", "EUR")
    nets = {r.player: r.net for r in service.standings(night_id=1) if r.net}
    assert nets == {"Bea": 50, "Dan": 25, "Ann": -25, "Chie": -25, "Eve": -25}
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    try:
        page.goto(room.board)
        expect(page.locator(".table[data-table='1'] .deals")).to_have_text("1 deal")
        assert page.locator(".payments").count() == 0  # the night is still being played
        tally(room.db, "settle", "--night", "1", "--replan")  # settled: the plan is kept
        section = page.locator(".payments")
        expect(section).to_be_visible(timeout=10000)  # no reload: the board's own update
        expect(section.locator("h2")).to_have_text("Who pays whom")
        expect(section.locator("p.state")).to_have_text(
            "Still to pay (fewest transfers) · €0.10 per chip")
        assert rows(page) == ["Ann → Bea 25 €2.50 to pay", "Chie → Bea 25 €2.50 to pay",
                              "Eve → Dan 25 €2.50 to pay"]
        size = page.locator(".payments td").first.evaluate(
            "e => parseFloat(getComputedStyle(e).fontSize)")
        standings = page.locator(".standings td").first.evaluate(
            "e => parseFloat(getComputedStyle(e).fontSize)")
        assert size >= standings and size >= 40  # read from across the room at 1920 px
        tally(room.db, "pay", "--night", "1", "--from", "Chie", "--to", "Bea")
        expect(page.locator(".payments tr.paid")).to_have_count(1, timeout=10000)
        assert rows(page) == ["Ann → Bea 25 €2.50 to pay", "Eve → Dan 25 €2.50 to pay",
                              "Chie → Bea 25 €2.50 ✓ Paid"]
        tally(room.db, "pay", "--night", "1", "--from", "Eve", "--to", "Dan", "--amount", "10")
        expect(page.locator(".payments tr.paid")).to_have_count(2, timeout=10000)
        assert rows(page) == ["Ann → Bea 25 €2.50 to pay", "Eve → Dan 15 of 25 €1.50 to pay",
                              "Chie → Bea 25 €2.50 ✓ Paid", "Eve → Dan 10 €1.00 ✓ Paid"]
        shot(page, room, "board-payments")
        page.set_viewport_size({"width": 320, "height": 640})  # the board on a phone
        # once the page's script has seen the resize (the wide screen's type undone)
        page.wait_for_function("getComputedStyle(document.documentElement).fontSize"
                               " === '16px'")
        assert page.evaluate("document.documentElement.scrollWidth") <= 320
    finally:
        page.close()


@pytest.fixture
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


def test_a_closed_night_shows_its_payments_without_money_when_no_rate_is_set(
        crazy_table: tuple[Tally, int], english: None) -> None:
    service, table = crazy_table
    service.add_deal(table, SOLO)
    assert "payments" not in render_body(read_board(service, 1))
    service.close_night_settled(1, force=True)
    html = render_body(read_board(service, 1))
    body = html.split('<section class="payments">')[1].split("</section>")[0]
    assert "<th>From</th><th></th><th>To</th><th class=num>Chips</th><th></th>" in body
    assert ('<tr class="owed"><td>Ann</td><td class="to">→</td><td>Bea</td>'
            '<td class=num>25</td><td class="mark">to pay</td></tr>') in body
    assert "€" not in body


def test_in_japanese_and_all_settled(crazy_table: tuple[Tally, int], english: None) -> None:
    service, table = crazy_table
    service.add_deal(table, SOLO)
    service.set_rate(1, "10", "JPY")
    service.replan(1)
    set_language("ja")
    html = render_body(read_board(service, 1))
    assert "<h2>精算：誰が誰に払うか</h2>" in html
    assert "<td class=num>25</td><td class=num>￥250</td><td class=\"mark\">未払い</td>" in html
    for line in service.settlement(1).open:
        service.pay(1, line.payer, line.payee)
    html = render_body(read_board(service, 1))
    assert "✓ 支払済" in html and "精算済み：誰も誰にも借りはありません。" in html
    assert "未払い" not in html
