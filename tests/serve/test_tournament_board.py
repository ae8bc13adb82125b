"""The board in a real browser during a tournament round: the round's draw,
"where do I sit?" name by name, the ranking, and the clock counting down to "Time is up"."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from .conftest import START, serve, stop_room, tally


@pytest.fixture
def board_url(tmp_path: Path) -> Iterator[tuple[str, str, Path]]:
    db = tmp_path / "cup.sqlite3"
    tally(db, "night", "new", "--date", "2026-12-01", "--venue", "Club")
    tally(db, "tournament", "new", "Cup", "--game", "schnapsen", "--rounds", "3", "--draw",
          "swiss", "--seed", "board", "--round-minutes", "30")
    tally(db, "tournament", "register", "Cup", "Zoe", "Ada", "Mio", "Ben", "Kai")
    tally(db, "tournament", "draw", "Cup")
    tally(db, "tournament", "start-round", "Cup")
    process, found, _ = serve(db)
    try:
        yield found["board"], found["entry"], db
    finally:
        stop_room(process)


def test_the_board_shows_the_draw_by_name_and_the_clock(board_url: tuple[str, str, Path],
                                                        browser: Browser) -> None:
    url, entry, db = board_url
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(url)
        section = page.locator("section.tournament")
        assert section.locator("h2").inner_text().lower() == "cup · round 1 of 3"
        # where do I sit: every player by name, with a table or the bye
        names = section.locator(".seating .who").all_inner_texts()
        assert names == ["Ada", "Ben", "Kai", "Mio", "Zoe"]
        places = section.locator(".seating .at").all_inner_texts()
        assert sorted(places) == ["bye", "table 1", "table 1", "table 2", "table 2"]
        assert len(section.locator(".ranking tr").all()) == 5
        assert section.locator(".at-time").inner_text() == (
            "A match unfinished at time: the game score so far decides.")
        # the clock counts down from 30:00
        clock = section.locator(".clock")
        first = clock.inner_text()
        assert re.fullmatch(r"(29:[0-5]\d|30:00)", first), first
        page.wait_for_function(
            "t => document.querySelector('.clock').textContent !== t", arg=first,
            timeout=5000)
        # the round began 31 minutes ago: the board is sent again and says time is up
        con = sqlite3.connect(db)
        try:
            earlier = (datetime.now(UTC) - timedelta(minutes=31)).strftime(
                "%Y-%m-%d %H:%M:%S.%f")
            with con:
                con.execute("UPDATE tournament_round SET started_at = ?", (earlier,))
        finally:
            con.close()
        page.wait_for_function(
            "() => document.querySelector('.clock').textContent === 'Time is up'",
            timeout=START * 1000)
        assert "up" in (clock.get_attribute("class") or "")
        # the organiser prints the table cards: one A4 page a table, each with its QR code
        assert page.goto(url.replace("/board?key=", "/print/cards?key=")).status == 403
        page.goto(entry.replace("/?key=", "/print/cards?key="))
        assert page.locator("section.card svg").count() == 2
        pdf = page.pdf(format="A4")
        assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 2
    finally:
        page.close()
