"""Issue 34: the board fits the screen it is on. At 1920×1080 with 5 and with 12 tables (a
mix of games, several deals each), with and without a tournament round running, nothing is
below the edge: the page is no taller than the screen and every table's card is inside it
(the cards a grid, the lists in columns, the type made smaller by the page's script until
it fits). On a phone the board is one column, scrolled, its type not made smaller."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser

from ledger.service import Tally
from tui.i18n import set_language
from tui.serve.board import read_board, render_page

from .conftest import tally

GAMES = ("crazy-solo", "schnapsen", "sixty-six")


def deal(game: str, seats: list[str], k: int) -> dict[str, object]:
    if game == "crazy-solo":
        return {"contract": "solo", "caller": seats[k % 5], "partner": seats[(k + 1) % 5],
                "trump": "clubs", "team_points": 73}
    return {"ending": "scored", "winner": seats[k % 2], "game_points": 2}


def night(db: Path, tables: int, tournament: bool, lang: str = "en") -> str:
    """A night of `tables` tables (the first three a tournament's round, its clock
    running, if `tournament`), the others a mix of games with four deals each; the board's
    page as the server draws it."""
    set_language("en")
    tally(db, "night", "new", "--date", "2026-12-01", "--venue", "Club")
    drawn = 0
    if tournament:
        tally(db, "tournament", "new", "Cup", "--game", "schnapsen", "--rounds", "3",
              "--draw", "swiss", "--seed", "fit", "--round-minutes", "30")
        tally(db, "tournament", "register", "Cup", *[f"Tn{i:02d}" for i in range(7)])
        tally(db, "tournament", "draw", "Cup")  # 7 players: tables 1-3 and a bye
        tally(db, "tournament", "start-round", "Cup")
        drawn = 3
    service = Tally.open(db)
    names = iter(f"Player {i:02d}" for i in range(5 * tables))
    for i in range(tables - drawn):
        game = GAMES[i % len(GAMES)]
        seats = [next(names) for _ in range(5 if game == "crazy-solo" else 2)]
        service.add_players(seats)
        table = service.new_table(1, game, seats)
        for k in range(4):
            service.add_deal(table, deal(game, seats, k), "Mio")
    assert len(service.night(1).tables) == tables
    set_language(lang)
    try:
        return render_page(read_board(service, 1), "/board/events")
    finally:
        set_language("en")


@pytest.mark.parametrize(("tables", "tournament", "lang"), [
    (5, False, "en"), (12, False, "en"), (5, True, "en"), (12, True, "en"), (12, True, "ja")])
def test_the_board_fits_a_1920x1080_screen(tmp_path: Path, browser: Browser, tables: int,
                                            tournament: bool, lang: str) -> None:
    html = night(tmp_path / "club.sqlite3", tables, tournament, lang)
    assert f'<html lang="{lang}">' in html
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    try:
        page.set_content(html)
        assert page.locator(".tournament").count() == int(tournament)
        cards = page.locator(".table[data-table]")
        assert cards.count() == tables
        height = page.evaluate("document.documentElement.scrollHeight")
        assert height <= 1080, f"{tables} tables: the board is {height} px tall"
        for i in range(tables):
            box = cards.nth(i).bounding_box()
            assert box is not None
            assert box["x"] >= 0 and box["y"] >= 0, i
            assert box["x"] + box["width"] <= 1920 and box["y"] + box["height"] <= 1080, i
        recent = page.locator(".recent").bounding_box()
        assert recent is not None and recent["y"] + recent["height"] <= 1080
        assert page.evaluate("document.documentElement.scrollWidth") <= 1920
        size = page.evaluate("parseFloat(getComputedStyle(document.documentElement)"
                             ".fontSize)")
        assert size >= 16, size  # still read from across the room
        # the standings' head over its first column: "Net" and "Deals" end where the first
        # row's net and deals end (they were bunched at the left of a grid of rows)
        for column in (3, 4):
            head = page.locator(f".standings thead th:nth-child({column})").bounding_box()
            cell = page.locator(f".standings tbody tr:first-child td:nth-child({column})"
                                ).bounding_box()
            assert head is not None and cell is not None
            assert abs((head["x"] + head["width"]) - (cell["x"] + cell["width"])) <= 1, column
        # the same board on a phone: one column, scrolled, the type its own size
        page.set_viewport_size({"width": 390, "height": 844})
        page.wait_for_function("getComputedStyle(document.documentElement).fontSize"
                               " === '16px'")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        page.close()
