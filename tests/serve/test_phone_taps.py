"""The club's tap targets on a phone on slow Wi-Fi (every answer 600 ms away), by taps only,
a number typed between taps: each deal counted from a fresh form for it to a fresh form for
the next one (a tap on "Next deal", where the page after a save is not the next deal's form,
counts), a typed number one tap. Each deal's count is asserted, and the chips it saved, read
back with `tally round list`.

The club's targets, each met: a Crazy Solo solo with a partner 6, the caller alone 5, all
passed 2; a Schnapsen or Sixty-Six paper score 3; four-hand 4 (played out or on paper, it
takes 3); a Hachi-Hachi round with two in and no hand role 7."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import tally
from .phone_room import CRAZY, HACHI, SCHNAPSEN, PhoneRoom, phone, serving, sign_in
from .test_phone_slow import slow

pytestmark = pytest.mark.slow

TWO = ["Lou", "Max"]
FOUR = ["Quin", "Ray", "Sol", "Tom"]
PLAYED = ["Uma", "Val", "Wes", "Xia"]  # a four-hand table whose deals are played out
TYPED_SOON_MS = 150  # a number typed this soon after a tap: before the tap's answer


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PhoneRoom]:
    db = tmp_path_factory.mktemp("taps") / "club.sqlite3"
    tally(db, "player", "add", *CRAZY, *HACHI, *SCHNAPSEN, *TWO, *FOUR, *PLAYED)
    tally(db, "night", "new", "--date", "2026-12-01", "--venue", "Club")
    for game, seats in (("crazy-solo", CRAZY), ("hachihachi-trick", HACHI),
                        ("schnapsen", SCHNAPSEN), ("sixty-six", TWO),
                        ("sixty-six-four", FOUR), ("sixty-six-four", PLAYED)):
        tally(db, "table", "new", "--night", "1", "--game", game, "--seats", ",".join(seats))
    with serving(db, tables=6) as started:
        yield started


class Taps:
    """A phone driven by taps, each counted (a number typed counts as one)."""

    def __init__(self, page: Page) -> None:
        self.page, self.n = page, 0

    def choose(self, group: str, name: str, *, within: str | None = None) -> None:
        scope = self.page.get_by_role("group", name=within, exact=True) if within \
            else self.page
        scope.get_by_role("group", name=group, exact=True).get_by_role(
            "radio", name=name, exact=True).tap()
        self.n += 1
        self.page.wait_for_timeout(TYPED_SOON_MS)

    def type(self, box: str, value: str) -> None:
        self.page.get_by_role("textbox", name=box, exact=True).tap()
        self.page.keyboard.type(value)
        self.n += 1

    def save(self, table: int, summary: str) -> None:
        """Save once the preview says `summary`; then on to the next deal's form."""
        page = self.page
        expect(page.locator("#preview .summary")).to_have_text(summary, timeout=10000)
        before = page.url
        page.get_by_role("button", name="Save", exact=True).tap()
        self.n += 1
        page.wait_for_url(lambda url: url != before and "saved=" in url, timeout=15000)
        if not page.locator("form#deal").count():  # the log page: "Next deal" is a tap
            page.get_by_role("link", name="Next deal", exact=True).tap()
            self.n += 1
        page.wait_for_selector("form#deal")

    def deal(self) -> int:
        """The taps since the last deal, and the count started again."""
        n, self.n = self.n, 0
        return n


def saved(room: PhoneRoom, table: int) -> dict[str, Any]:
    """The table's last deal as `tally round list` says it."""
    return json.loads(tally(room.db, "round", "list", "--table", str(table), "--json"))[-1]


def entered(browser: Browser, room: PhoneRoom, table: int) -> Iterator[Taps]:
    ctx = phone(browser)
    page = ctx.new_page()
    try:
        sign_in(page, room.tables[table], "Mio")
        slow(ctx, page)
        yield Taps(page)
    finally:
        ctx.close()


def test_crazy_solo_partner_6_alone_5_all_passed_2(room: PhoneRoom, browser: Browser) -> None:
    for taps in entered(browser, room, 1):
        taps.choose("Contract", "Solo")
        taps.choose("Caller", "Bea")
        taps.choose("Trump", "clubs")
        taps.choose("Partner", "Dan")
        taps.type("Card points — the team's pile", "73")
        taps.save(1, "Solo ♣ Bea + Dan, 73 → 25")
        assert (taps.deal(), saved(room, 1)["net"]) == (
            6, {"Ann": -25, "Bea": 50, "Chie": -25, "Dan": 25, "Eve": -25})
        taps.choose("Contract", "Alone")
        taps.choose("Caller", "Eve")
        taps.choose("Trump", "spades")
        taps.type("Card points — the team's pile", "40")
        taps.save(1, "Alone ♠ Eve, 40 → −40")
        assert (taps.deal(), saved(room, 1)["net"]) == (
            5, {"Ann": 40, "Bea": 40, "Chie": 40, "Dan": 40, "Eve": -160})
        taps.choose("Contract", "All passed")
        taps.save(1, "All passed")
        assert (taps.deal(), saved(room, 1)["net"]) == (
            2, {"Ann": 0, "Bea": 0, "Chie": 0, "Dan": 0, "Eve": 0})


def test_hachihachi_two_in_played_no_role_7(room: PhoneRoom, browser: Browser) -> None:
    for taps in entered(browser, room, 2):  # the start player comes chosen: the table's
        taps.type("Indicator", "7h")
        for name, said in (("Fumi", "in 出る"), ("Gen", "out 降りる"), ("Hana", "in 出る"),
                           ("Ivo", "out 降りる")):
            taps.choose(name, said, within="Declarations")
        # the tricks typed say they played (no "play" tap); Hana's 3 are the rest of 7
        taps.type("Tricks — Fumi", "4")
        expect(taps.page.locator("fieldset[data-field=split] p.fixed")).to_have_text("play")
        taps.save(2, "7♥ · in Fumi Hana · tricks 4-3 · pot 5 → Fumi")
        deal = saved(room, 2)
        assert (taps.deal(), deal["net"]) == (7, {"Fumi": 7, "Gen": -2, "Hana": -2, "Ivo": -3})
        assert deal["outcome"] == {  # played: tricks, no split
            "start_player": "Fumi", "indicator": "7H", "tricks": {"Fumi": 4, "Hana": 3},
            "declarations": {"Fumi": "in", "Gen": "out", "Hana": "in", "Ivo": "out"}}


PAPER = "scored on paper → "


@pytest.mark.parametrize(("table", "winner", "scores", "chips"), [
    (3, "Jun", ("Jun 4 – Kai 7", "Jun 2 – Kai 7", "Jun −1 – Kai 7; game to Jun"),
     {"Jun": 20, "Kai": -20}),  # Kai lost still at 7: two Bummerl
    (4, "Lou", ("Lou 3 – Max 0", "Lou 5 – Max 0", "Lou 8 – Max 0; game to Lou"),
     {"Lou": 10, "Max": -10}),
    (5, "Quin+Sol", ("Quin 3 – Ray 0 – Sol 3 – Tom 0", "Quin 5 – Ray 0 – Sol 5 – Tom 0",
                     "Quin 8 – Ray 0 – Sol 8 – Tom 0; game to Quin+Sol"),
     {"Quin": 10, "Ray": -10, "Sol": 10, "Tom": -10})],  # each loser pays one winner
    ids=["schnapsen", "sixty-six", "four-hand"])
def test_paper_scores_3_a_game_won_in_three(room: PhoneRoom, browser: Browser, table: int,
                                             winner: str, scores: tuple[str, ...],
                                             chips: dict[str, int]) -> None:
    for taps in entered(browser, room, table):
        # 3, 2 and 3 game points: the game (to 7) is won on the third deal, the loser with
        # none (two deals alike in a row would be asked about: "the same as deal 1?")
        for deal, (points, label) in enumerate(((3, "3 Schwarz"), (2, "2 Schneider"),
                                                (3, "3 Schwarz")), start=1):
            taps.choose("Ending", "on paper")
            taps.choose(winner, label, within="Winner · Game points")
            taps.save(table, f"{PAPER}{winner} {points}; {scores[deal - 1]}")
            got = saved(room, table)
            assert (taps.deal(), got["outcome"]) == (3, {
                "ending": "scored", "winner": winner.split("+")[0], "game_points": points})
            assert got["net"] == (chips if deal == 3 else dict.fromkeys(chips, 0))


def test_four_hand_played_out_3(room: PhoneRoom, browser: Browser) -> None:
    for taps in entered(browser, room, 6):  # "played out" is the ending unless one is chosen
        taps.type("Card points — Uma+Wes", "70")
        taps.type("Card points — Val+Xia", "60")
        taps.save(6, "Uma 70 – Val 60 → Uma+Wes 1; Uma 1 – Val 0 – Wes 1 – Xia 0")
        deal = saved(room, 6)  # a game point to the side with 66 or more; no chips yet
        assert (taps.deal(), deal["outcome"], deal["net"]) == (
            3, {"points": {"Uma": 70, "Val": 60}}, {"Uma": 0, "Val": 0, "Wes": 0, "Xia": 0})
