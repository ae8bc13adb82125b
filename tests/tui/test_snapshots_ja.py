"""The app in Japanese, screen by screen: the night, every game's table and deal
form with its preview, the history, the settlement and the help pages. Names and numbers
aside, no English sentence or English game word should show (game terms keep the English
beside the Japanese, for a mixed club). Same sizes, clock and data as test_snapshots."""

from __future__ import annotations

from typing import Any

import pytest

from ledger.service import Tally
from tui.i18n import set_language

from .conftest import seed, typed
from .test_snapshots import (
    SCHNAPSEN_CLOSE_TYPED,
    SOLO_REFUSED,
    SOLO_TYPED,
    corrected_and_voided,
    last_deal_recounted,
    night_of_two_tables,
    schnapsen_table,
    shoot,
    shoot_example_a,
    table_with,
    three_player_table,
    two_nights,
)

JA_NAMES = ["健二", "真理", "佐藤", "由紀", "太郎"]


@pytest.fixture(autouse=True)
def japanese() -> Any:
    set_language("ja")
    yield
    set_language("en")


def test_welcome_ja(snap_compare: Any, tally: Tally, tmp_path: Any) -> None:
    assert shoot(snap_compare, tally, tmp_path)


def test_nights_ja(snap_compare: Any, tally: Tally, tmp_path: Any) -> None:
    two_nights(tally)
    assert shoot(snap_compare, tally, tmp_path)


def test_roster_ja(snap_compare: Any, tally: Tally, tmp_path: Any) -> None:
    seed(tally)
    assert shoot(snap_compare, tally, tmp_path, "r")


def test_night_ja(snap_compare: Any, tally: Tally, tmp_path: Any) -> None:
    night_of_two_tables(tally)
    assert shoot(snap_compare, tally, tmp_path, "enter")


def test_new_table_ja(snap_compare: Any, tally: Tally, tmp_path: Any) -> None:
    seed(tally, deals=0)
    seats = [k for name in ("Ann", "Bea", "Cid") for k in (*typed(name), "enter")]
    assert shoot(snap_compare, tally, tmp_path, "enter", "n", *seats)


# ---- Crazy Solo ----------------------------------------------------------------------------

def test_crazy_solo_table_ja(snap_compare: Any, tally: Tally, tmp_path: Any) -> None:
    corrected_and_voided(tally)
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter")


def test_crazy_solo_form_ja(snap_compare: Any, tally: Tally, tmp_path: Any) -> None:
    seed(tally)
    assert shoot(snap_compare, tally, tmp_path, *SOLO_TYPED)


def test_crazy_solo_form_error_ja(snap_compare: Any, tally: Tally, tmp_path: Any) -> None:
    """A refusal of the rules, said in Japanese beside its field."""
    seed(tally)
    assert shoot(snap_compare, tally, tmp_path, *SOLO_REFUSED)


def test_history_ja(snap_compare: Any, tally: Tally, tmp_path: Any) -> None:
    last_deal_recounted(tally)
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
    assert shoot_example_a(snap_compare, tally, tmp_path)


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
    schnapsen_table(tally)
    assert shoot(snap_compare, tally, tmp_path, *SCHNAPSEN_CLOSE_TYPED)


def test_schnapsen_table_ja(snap_compare: Any, tally: Tally, tmp_path: Any) -> None:
    table_with(tally, "schnapsen", ["Resi", "Franz"], [
        {"ending": "scored", "winner": "Franz", "game_points": 2},
        {"ending": "close", "by": "Resi", "closer_won": True,
         "points": {"Resi": 70, "Franz": 20}, "tricks": {"Resi": 4, "Franz": 2},
         "at_close": {"points": {"Franz": 0}, "tricks": {"Franz": 0}}}])
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter")


def test_three_player_form_ja(snap_compare: Any, tally: Tally, tmp_path: Any) -> None:
    three_player_table(tally)
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter", "a", "q", "1", "2")


def test_three_player_table_ja(snap_compare: Any, tally: Tally, tmp_path: Any) -> None:
    three_player_table(tally)
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter")


def test_four_hand_form_ja(snap_compare: Any, tally: Tally, tmp_path: Any) -> None:
    table_with(tally, "sixty-six-four", ["Ann", "Bea", "Cid", "Dan"])
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter", "a", "7", "0")


def test_four_hand_table_ja(snap_compare: Any, tally: Tally, tmp_path: Any) -> None:
    table_with(tally, "sixty-six-four", ["Ann", "Bea", "Cid", "Dan"], [
        {"points": {"Ann": 70, "Bea": 60}}])
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter")
