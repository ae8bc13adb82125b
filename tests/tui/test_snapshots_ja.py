"""The app in Japanese, screen by screen (issue 17): the night, every game's table and deal
form with its preview, the history, the settlement and the help pages. Names and numbers
aside, no English sentence or English game word should show (game terms keep the English
beside the Japanese, for a mixed club). Same sizes, clock and data as test_snapshots."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from ledger.service import Tally
from tui.i18n import set_language

from .conftest import app_for, keys, seed, settle, typed
from .test_snapshots import WIDE, shoot, table_with

JA_NAMES = ["健二", "真理", "佐藤", "由紀", "太郎"]


@pytest.fixture(autouse=True)
def japanese() -> Any:
    set_language("ja")
    yield
    set_language("en")


def test_welcome_ja(snap_compare: Any, tally: Tally, tmp_path: Any) -> None:
    assert shoot(snap_compare, tally, tmp_path)


def test_nights_ja(snap_compare: Any, tally: Tally, tmp_path: Any) -> None:
    seed(tally)
    tally.new_night("2024-11-01", "Library annex")
    tally.close_night(tally.nights()[-1].id)
    assert shoot(snap_compare, tally, tmp_path)


def test_roster_ja(snap_compare: Any, tally: Tally, tmp_path: Any) -> None:
    seed(tally)
    assert shoot(snap_compare, tally, tmp_path, "r")


def test_night_ja(snap_compare: Any, tally: Tally, tmp_path: Any) -> None:
    night, _ = seed(tally)
    for name in ("Flo", "Gus", "Hal"):
        tally.add_player(name)
    second = tally.new_table(night, "crazy-solo", ["Flo", "Gus", "Hal"], "short-pack")
    tally.add_deal(second, {"contract": "alone", "caller": "Gus", "trump": "clubs",
                            "team_points": 70})
    assert shoot(snap_compare, tally, tmp_path, "enter")


def test_new_table_ja(snap_compare: Any, tally: Tally, tmp_path: Any) -> None:
    seed(tally, deals=0)
    seats = [k for name in ("Ann", "Bea", "Cid") for k in (*typed(name), "enter")]
    assert shoot(snap_compare, tally, tmp_path, "enter", "n", *seats)


# ---- Crazy Solo ----------------------------------------------------------------------------

def test_crazy_solo_table_ja(snap_compare: Any, tally: Tally, tmp_path: Any) -> None:
    _, table = seed(tally)
    deals = tally.deals(table)
    tally.correct_deal(deals[1].id, {"contract": "alone", "caller": "Cid", "trump": "spades",
                                     "team_points": 88}, reason="recount")
    tally.void_deal(deals[2].id, "misdeal")
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter")


def test_crazy_solo_form_ja(snap_compare: Any, tally: Tally, tmp_path: Any) -> None:
    seed(tally)
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter", "a",
                 "s", "2", "c", "4", "k", "a", "h", "enter", "7", "3")


def test_crazy_solo_form_error_ja(snap_compare: Any, tally: Tally, tmp_path: Any) -> None:
    """A refusal of the rules, said in Japanese beside its field."""
    seed(tally)
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter", "a",
                 "s", "2", "c", "4", "k", "6", "s", "enter", "7", "3")


def test_history_ja(snap_compare: Any, tally: Tally, tmp_path: Any) -> None:
    _, table = seed(tally)
    last = tally.deals(table)[-1]
    tally.correct_deal(last.id, {**(last.outcome or {}), "team_points": 78},
                       reason="recounted", author="Ann")
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter", "h")


def test_help_on_a_table_ja(snap_compare: Any, tally: Tally, tmp_path: Any) -> None:
    seed(tally)
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter", "f1")


def test_settlement_ja(snap_compare: Any, tally: Tally, tmp_path: Any) -> None:
    night, _ = seed(tally)
    tally.set_rate(night, "10", "JPY")
    assert shoot(snap_compare, tally, tmp_path, "enter", "s")


# ---- Hachi-Hachi ---------------------------------------------------------------------------

def test_hachihachi_form_with_preview_ja(snap_compare: Any, tally: Tally, tmp_path: Any
                                         ) -> None:
    table_with(tally, "hachihachi-trick", [f"P{i}" for i in range(1, 8)])

    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await keys(pilot, "enter", "enter", "a", "q", "s", "o", "i", "o", "i", "i", "3", "1",
                   "2", "down", "m", "down", "h", *typed("7S 7H 7D 2C 4S 9H JD"), "enter",
                   "down", "c")
        pilot.app.screen.query_one("#indicator").cursor_blink = False  # type: ignore[attr-defined]
        await settle(pilot)

    assert snap_compare(app_for(tally, tmp_path), terminal_size=WIDE, run_before=run_before)


def test_hachihachi_rules_help_ja(snap_compare: Any, tally: Tally, tmp_path: Any) -> None:
    """The rules page, broken into lines by the Japanese line breaker."""
    table_with(tally, "hachihachi-trick", JA_NAMES)
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter", "f1", "end")


# ---- the Sixty-Six family ------------------------------------------------------------------

def test_sixty_six_table_ja(snap_compare: Any, tally: Tally, tmp_path: Any) -> None:
    table_with(tally, "sixty-six", ["Otto", "Vera"], [
        {"ending": "claim", "by": "Otto", "points": {"Otto": 68, "Vera": 40},
         "tricks": {"Otto": 4, "Vera": 3}},
        {"ending": "exhausted", "points": {"Otto": 64, "Vera": 56},
         "tricks": {"Otto": 7, "Vera": 5}, "last_trick": "Otto"}])
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter")


def test_sixty_six_form_ja(snap_compare: Any, tally: Tally, tmp_path: Any) -> None:
    table_with(tally, "sixty-six", ["Otto", "Vera"])
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter", "a", "c", "1", "6", "8",
                 "enter", "4", "0", "enter", "4", "enter", "3", "enter")


def test_schnapsen_close_form_ja(snap_compare: Any, tally: Tally, tmp_path: Any) -> None:
    table_with(tally, "schnapsen", ["Ann", "Bea"], [
        {"ending": "scored", "winner": "Bea", "game_points": 1}])
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter", "a", "l", "1", "y",
                 "6", "8", "enter", "3", "0", "enter", "4", "enter", "2", "enter",
                 "2", "0", "enter", "1")


def test_schnapsen_table_ja(snap_compare: Any, tally: Tally, tmp_path: Any) -> None:
    table_with(tally, "schnapsen", ["Resi", "Franz"], [
        {"ending": "scored", "winner": "Franz", "game_points": 2},
        {"ending": "close", "by": "Resi", "closer_won": True,
         "points": {"Resi": 70, "Franz": 20}, "tricks": {"Resi": 4, "Franz": 2},
         "at_close": {"points": {"Franz": 0}, "tricks": {"Franz": 0}}}])
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter")


def test_three_player_form_ja(snap_compare: Any, tally: Tally, tmp_path: Any) -> None:
    table_with(tally, "sixty-six-three", ["Ann", "Bea", "Cid"], [
        {"ending": "scored", "winner": "Bea", "game_points": 2}])
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter", "a", "q", "1", "2")


def test_three_player_table_ja(snap_compare: Any, tally: Tally, tmp_path: Any) -> None:
    table_with(tally, "sixty-six-three", ["Ann", "Bea", "Cid"], [
        {"ending": "scored", "winner": "Bea", "game_points": 2}])
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter")


def test_four_hand_form_ja(snap_compare: Any, tally: Tally, tmp_path: Any) -> None:
    table_with(tally, "sixty-six-four", ["Ann", "Bea", "Cid", "Dan"])
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter", "a", "7", "0")


def test_four_hand_table_ja(snap_compare: Any, tally: Tally, tmp_path: Any) -> None:
    table_with(tally, "sixty-six-four", ["Ann", "Bea", "Cid", "Dan"], [
        {"points": {"Ann": 70, "Bea": 60}}])
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter")
