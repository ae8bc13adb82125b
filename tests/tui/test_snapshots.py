"""A picture of every screen, compared with the accepted one (`pytest --snapshot-update`
rewrites them; look at the SVGs under __snapshots__ before accepting). Fixed terminal size,
theme (set by the app), clock (conftest) and data."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from ledger.service import Tally
from tui.i18n import set_language

from .conftest import SIZE, app_for, keys, seed, settle, typed

Steps = Callable[[Pilot[Any]], Awaitable[None]]


def shoot(snap_compare: Any, tally: Tally, tmp_path: Path, *pressed: str,
          size: tuple[int, int] = SIZE) -> bool:
    """Open the app, press `pressed`, clear toasts, stop cursors blinking, compare."""

    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await keys(pilot, *pressed)
        pilot.app.clear_notifications()
        for field in pilot.app.screen.query("Input, TextArea"):
            field.cursor_blink = False  # type: ignore[attr-defined]  # no clock on screen
        await settle(pilot)

    return bool(snap_compare(app_for(tally, tmp_path), terminal_size=size,
                             run_before=run_before))


WIDE = (110, 38)  # the Hachi-Hachi form groups its payouts beside the fields


def table_with(tally: Tally, game: str, seats: list[str],
               deals: list[dict[str, Any]] | None = None) -> int:
    for name in seats:
        tally.add_player(name)
    night = tally.new_night("2024-11-15", "The Crown")
    table = tally.new_table(night, game, seats)
    if deals:
        tally.add_deals(table, list(deals))
    return table


# ---- scenes shot in both languages (test_snapshots_ja shoots them in Japanese) -------------

SOLO_TYPED = ("enter", "enter", "a", "s", "2", "c", "4", "k", "a", "h", "enter", "7", "3")
SOLO_REFUSED = ("enter", "enter", "a", "s", "2", "c", "4", "k", "6", "s", "enter", "7", "3")
SCHNAPSEN_CLOSE_TYPED = ("enter", "enter", "a", "l", "1", "y", "6", "8", "enter", "3", "0",
                         "enter", "4", "enter", "2", "enter", "2", "0", "enter", "1")


def two_nights(tally: Tally) -> None:
    """Tonight's, and a closed one before it."""
    seed(tally)
    tally.new_night("2024-11-01", "Library annex")
    tally.close_night(tally.nights()[-1].id)


def night_of_two_tables(tally: Tally) -> None:
    """Tonight with a second, short-pack Crazy Solo table of one deal."""
    night, _ = seed(tally)
    for name in ("Flo", "Gus", "Hal"):
        tally.add_player(name)
    second = tally.new_table(night, "crazy-solo", ["Flo", "Gus", "Hal"], "short-pack")
    tally.add_deal(second, {"contract": "alone", "caller": "Gus", "trump": "clubs",
                            "team_points": 70})


def corrected_and_voided(tally: Tally) -> None:
    """The Crazy Solo evening with its second deal corrected and its third voided."""
    _, table = seed(tally)
    deals = tally.deals(table)
    tally.correct_deal(deals[1].id, {"contract": "alone", "caller": "Cid", "trump": "spades",
                                     "team_points": 88}, reason="recount")
    tally.void_deal(deals[2].id, "misdeal")


def last_deal_recounted(tally: Tally) -> None:
    """The Crazy Solo evening with its last deal corrected by Ann."""
    _, table = seed(tally)
    last = tally.deals(table)[-1]
    tally.correct_deal(last.id, {**(last.outcome or {}), "team_points": 78},
                       reason="recounted", author="Ann")


def three_player_table(tally: Tally) -> None:
    table_with(tally, "sixty-six-three", ["Ann", "Bea", "Cid"], [
        {"ending": "scored", "winner": "Bea", "game_points": 2}])


def schnapsen_table(tally: Tally) -> None:
    table_with(tally, "schnapsen", ["Ann", "Bea"], [
        {"ending": "scored", "winner": "Bea", "game_points": 1}])


def shoot_example_a(snap_compare: Any, tally: Tally, tmp_path: Path) -> bool:
    """Example A of the Hachi-Hachi rules, typed at seven seats: forced-outs, roles, a typed
    hand, tricks filled."""
    table_with(tally, "hachihachi-trick", [f"P{i}" for i in range(1, 8)])

    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await keys(pilot, "enter", "enter", "a", "q", "s", "o", "i", "o", "i", "i", "3", "1",
                   "2", "down", "m", "down", "h", *typed("7S 7H 7D 2C 4S 9H JD"), "enter",
                   "down", "c")
        pilot.app.screen.query_one("#indicator").cursor_blink = False  # type: ignore[attr-defined]
        await settle(pilot)

    return bool(snap_compare(app_for(tally, tmp_path), terminal_size=WIDE,
                             run_before=run_before))


def test_welcome(snap_compare: Any, tally: Tally, tmp_path: Path) -> None:
    assert shoot(snap_compare, tally, tmp_path)


def test_nights(snap_compare: Any, tally: Tally, tmp_path: Path) -> None:
    two_nights(tally)
    assert shoot(snap_compare, tally, tmp_path)


def test_new_night_prompt(snap_compare: Any, tally: Tally, tmp_path: Path) -> None:
    seed(tally)
    assert shoot(snap_compare, tally, tmp_path, "n")


def test_roster(snap_compare: Any, tally: Tally, tmp_path: Path) -> None:
    seed(tally)
    tally.add_player("Flo")
    assert shoot(snap_compare, tally, tmp_path, "r")


def test_night(snap_compare: Any, tally: Tally, tmp_path: Path) -> None:
    night_of_two_tables(tally)
    assert shoot(snap_compare, tally, tmp_path, "enter")


def test_new_table_with_the_removal_table(snap_compare: Any, tally: Tally,
                                           tmp_path: Path) -> None:
    seed(tally, deals=0)
    seats = [k for name in ("Ann", "Bea", "Cid", "Dan", "Eve") for k in (*typed(name), "enter")]
    assert shoot(snap_compare, tally, tmp_path, "enter", "n", *seats)


def test_table(snap_compare: Any, tally: Tally, tmp_path: Path) -> None:
    corrected_and_voided(tally)
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter")


def test_table_running_totals(snap_compare: Any, tally: Tally, tmp_path: Path) -> None:
    seed(tally)
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter", "t")


def test_deal_form_live(snap_compare: Any, tally: Tally, tmp_path: Path) -> None:
    seed(tally)
    assert shoot(snap_compare, tally, tmp_path, *SOLO_TYPED)


def test_deal_form_error(snap_compare: Any, tally: Tally, tmp_path: Path) -> None:
    seed(tally)
    assert shoot(snap_compare, tally, tmp_path, *SOLO_REFUSED)


def test_correction_form(snap_compare: Any, tally: Tally, tmp_path: Path) -> None:
    seed(tally)
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter", "up", "up", "c")


def test_void_prompt(snap_compare: Any, tally: Tally, tmp_path: Path) -> None:
    seed(tally)
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter", "v", *typed("misdeal"))


def test_undo_question(snap_compare: Any, tally: Tally, tmp_path: Path) -> None:
    seed(tally)
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter", "u")


def test_history(snap_compare: Any, tally: Tally, tmp_path: Path) -> None:
    last_deal_recounted(tally)
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter", "h")


def test_help_on_a_table(snap_compare: Any, tally: Tally, tmp_path: Path) -> None:
    seed(tally)
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter", "f1")




# ---- part 2: Hachi-Hachi, Sixty-Six, the settlement, Japanese ---------------------------------

def test_hachihachi_form(snap_compare: Any, tally: Tally, tmp_path: Path) -> None:
    """Example A of the rules, typed: forced-outs, roles, a typed hand, tricks filled."""
    assert shoot_example_a(snap_compare, tally, tmp_path)


def test_hachihachi_form_in_japanese(snap_compare: Any, tally: Tally, tmp_path: Path) -> None:
    """Half-way through the declarations on a Zetsuba table; names and terms in Japanese."""
    set_language("ja")
    table_with(tally, "hachihachi-trick", ["健二", "真理", "佐藤", "由紀", "太郎"])

    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await keys(pilot, "enter", "enter", "a", "a", "d", "m", "o", "i", "i")
        pilot.app.screen.query_one("#indicator").cursor_blink = False  # type: ignore[attr-defined]
        await settle(pilot)

    assert snap_compare(app_for(tally, tmp_path), terminal_size=WIDE, run_before=run_before)


def test_table_in_japanese(snap_compare: Any, tally: Tally, tmp_path: Path) -> None:
    """Double-width names line up over their columns; the status line speaks Japanese."""
    set_language("ja")
    names = ["健二", "真理", "佐藤", "由紀", "太郎"]
    table_with(tally, "hachihachi-trick", names, [
        {"indicator": "7H", "declarations": {"健二": "in", "真理": "out", "佐藤": "out",
                                             "由紀": "in", "太郎": "out"}, "split": True},
        {"indicator": "QS", "declarations": {"健二": "out", "真理": "in", "佐藤": "in",
                                             "由紀": "in"}, "tricks": {"真理": 2, "佐藤": 4,
                                                                       "由紀": 1},
         "aces": {"太郎": 1}},
    ])
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter")


def test_schnapsen_close_form(snap_compare: Any, tally: Tally, tmp_path: Path) -> None:
    """A close that made it, with the opponent's position at the close."""
    schnapsen_table(tally)
    assert shoot(snap_compare, tally, tmp_path, *SCHNAPSEN_CLOSE_TYPED)


def test_three_player_form(snap_compare: Any, tally: Tally, tmp_path: Path) -> None:
    """Three-player Sixty-Six: the dealer sits out and shares the winner's points (capped)."""
    three_player_table(tally)
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter", "a", "q", "1", "2")


def test_four_hand_form(snap_compare: Any, tally: Tally, tmp_path: Path) -> None:
    """One side's card points typed; the other side's fill themselves to make 130."""
    table_with(tally, "sixty-six-four", ["Ann", "Bea", "Cid", "Dan"])
    assert shoot(snap_compare, tally, tmp_path, "enter", "enter", "a", "7", "0")


def test_settlement(snap_compare: Any, tally: Tally, tmp_path: Path) -> None:
    """Nets, the fewest transfers with money at the night's rate, and the first one's why."""
    night, _ = seed(tally)
    tally.set_rate(night, "0.05", "EUR")
    assert shoot(snap_compare, tally, tmp_path, "enter", "s")


def test_settlement_paid(snap_compare: Any, tally: Tally, tmp_path: Path) -> None:
    """A part payment and a whole one: each paid line with its money and local time."""
    night, _ = seed(tally)
    tally.set_rate(night, "0.05", "EUR")
    tally.pay(night, "Ann", "Bea", 25)
    tally.pay(night, "Eve", "Dan")
    assert shoot(snap_compare, tally, tmp_path, "enter", "s")
