"""The settlement after a deal is corrected once payment began: one amount per player (the
net at the rate), the kept plan shown stale naming the deal, and the screen following a
correction made on another device while it is open."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable, Static

from ledger.service import Tally, clock
from tui.forms.prompt import PromptModal
from tui.i18n import set_language
from tui.screens.settlement import SettlementScreen

from .conftest import NOW, SIZE, TODAY, app_for, keys, settle, toasts, until
from .test_flows import rows
from .test_hachihachi import text
from .test_snapshots import shoot
from .test_type_ahead import burst

SEATS = ["Ann", "Bea", "Chie", "Dan", "Eve"]
# nets Ann +165, Bea −110, Chie +140, Dan −195, Eve 0; fewest: Bea → Chie 110,
# Dan → Ann 165, Dan → Chie 30
DEALS = [
    {"contract": "solo", "caller": "Ann", "trump": "clubs", "partner": "Dan",
     "team_points": 52},
    {"contract": "solo", "caller": "Dan", "trump": "clubs", "partner": "Bea",
     "team_points": 32},
    {"contract": "solo", "caller": "Ann", "trump": "clubs", "partner": "Chie",
     "team_points": 95},
]
RECOUNT = {**DEALS[2], "team_points": 82}  # nets Ann +115, Bea −85, Chie +115, Dan −170, Eve +25


def paid(tally: Tally) -> tuple[int, int]:
    """Bea paid Chie 110, Dan paid Ann 100 of 165, ¥10 a chip: (night, deal 3's id)."""
    for name in SEATS:
        tally.add_player(name)
    night = tally.new_night(TODAY.isoformat(), "The Crown")
    table = tally.new_table(night, "crazy-solo", SEATS)
    ids = tally.add_deals(table, DEALS)
    tally.set_rate(night, "10", "JPY")
    tally.pay(night, "Bea", "Chie")
    tally.pay(night, "Dan", "Ann", 100)
    return night, ids[2]


def recount(tally: Tally, deal: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Deal 3 recounted a minute after the plan was kept."""
    monkeypatch.setattr(clock, "now", lambda: NOW + timedelta(minutes=1))
    tally.correct_deal(deal, RECOUNT, reason="recount")


def test_one_amount_per_player_and_the_stale_plan_named(
        tally: Tally, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _, deal = paid(tally)
    recount(tally, deal, monkeypatch)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await keys(pilot, "enter", "s")
            screen = app.screen
            assert isinstance(screen, SettlementScreen)
            assert rows(screen.query_one("#nets", DataTable)) == [
                ["Ann", "+115", "¥1,150"], ["Chie", "+115", "¥1,150"], ["Eve", "+25", "¥250"],
                ["Bea", "−85", "−¥850"], ["Dan", "−170", "−¥1,700"]]
            assert text(screen.query_one("#plan-note", Static)).splitlines() == [
                "Plan made before deal 3 was corrected: re-plan with R.",
                "Changed since: Ann −50, Bea +25, Chie −25, Dan +25, Eve +25."]

    asyncio.run(flow())


def stale_settlement(snap_compare: Any, tally: Tally, tmp_path: Path,
                     monkeypatch: pytest.MonkeyPatch) -> bool:
    _, deal = paid(tally)
    recount(tally, deal, monkeypatch)
    return shoot(snap_compare, tally, tmp_path, "enter", "s")


def test_settlement_after_a_correction(snap_compare: Any, tally: Tally, tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    assert stale_settlement(snap_compare, tally, tmp_path, monkeypatch)


def test_settlement_after_a_correction_ja(snap_compare: Any, tally: Tally, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    set_language("ja")
    try:
        assert stale_settlement(snap_compare, tally, tmp_path, monkeypatch)
    finally:
        set_language("en")


def test_the_settlement_follows_a_correction_made_elsewhere(
        tally: Tally, tmp_path: Path, tui_db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _, deal = paid(tally)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await keys(pilot, "enter", "s")
            screen = app.screen
            assert isinstance(screen, SettlementScreen)
            assert rows(screen.query_one("#nets", DataTable))[0] == ["Ann", "+165", "¥1,650"]
            assert not screen.query_one("#plan-note").display or "corrected" not in text(
                screen.query_one("#plan-note", Static))
            shown = asyncio.Event()
            show = screen.show

            def showing(*args: Any) -> None:
                show(*args)
                shown.set()

            screen.show = showing  # type: ignore[method-assign]
            await keys(pilot, "down")  # the cursor on Dan → Chie (Dan → Ann above it)
            other = Tally.open(tui_db)  # another device's connection, its own commit
            recount(other, deal, monkeypatch)
            other.db.dispose()
            await asyncio.wait_for(shown.wait(), 10)
            await settle(pilot)
            assert rows(screen.query_one("#nets", DataTable))[0] == ["Ann", "+115", "¥1,150"]
            assert text(screen.query_one("#plan-note", Static)).splitlines()[0] == (
                "Plan made before deal 3 was corrected: re-plan with R.")
            assert screen.query_one("#open", DataTable).cursor_row == 1

    asyncio.run(flow())




def unpaid(tally: Tally) -> int:
    """The night before any payment: Bea → Chie 110, Dan → Ann 165, Dan → Chie 30."""
    for name in SEATS:
        tally.add_player(name)
    night = tally.new_night(TODAY.isoformat(), "The Crown")
    tally.add_deals(tally.new_table(night, "crazy-solo", SEATS), DEALS)
    return night


def test_a_burst_after_marking_paid_acts_on_the_lines_as_drawn(tally: Tally,
                                                               tmp_path: Path) -> None:
    """`Enter Enter Down p` in one burst: Bea → Chie paid (it leaves the list), then the
    line below it as the typist saw it, Dan → Ann, not Dan → Chie that moved up."""
    night = unpaid(tally)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await keys(pilot, "enter", "s")
            screen = app.screen
            assert isinstance(screen, SettlementScreen)
            assert [r[:3] for r in rows(screen.query_one("#open", DataTable))] == [
                ["Bea", "Chie", "110"], ["Dan", "Ann", "165"], ["Dan", "Chie", "30"]]
            await burst(pilot, "enter", "enter", "down", "p")
            await until(pilot, lambda: isinstance(app.screen, PromptModal))  # the p's answer
            dialog = app.screen
            assert isinstance(dialog, PromptModal)
            assert text(dialog.query_one(".dialog-title", Static)) == "Dan pays Ann 165 chips"
            await until(pilot, lambda: screen.data is not None and len(screen.data.open) == 2
                        and len(rows(screen.query_one("#open", DataTable))) == 2)  # redrawn
            assert [r[:3] for r in rows(screen.query_one("#open", DataTable))] == [
                ["Dan", "Ann", "165"], ["Dan", "Chie", "30"]]
            assert screen.query_one("#open", DataTable).cursor_row == 0  # still Dan → Ann
            await keys(pilot, "ctrl+s")
            assert [(p.payer, p.payee, p.amount) for p in tally.settlement(night).paid] == [
                ("Bea", "Chie", 110), ("Dan", "Ann", 165)]

    asyncio.run(flow())


def test_a_key_meant_for_a_line_just_paid_is_refused(tally: Tally, tmp_path: Path) -> None:
    """`Enter Enter p`: the p meant the line just paid; it opens nothing and says so."""
    night = unpaid(tally)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await settle(pilot)
            await keys(pilot, "enter", "s")
            screen = app.screen
            await burst(pilot, "enter", "enter", "p")
            await settle(pilot)
            assert app.screen is screen
            assert "Bea pays Chie: that line is paid and has left the list." in await toasts(pilot)
            assert [(p.payer, p.payee) for p in tally.settlement(night).paid] == [
                ("Bea", "Chie")]

    asyncio.run(flow())


def test_closing_the_night_says_the_plan_is_out_of_date(
        tally: Tally, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`c` on the nights with a plan made before a correction: the question lists what is
    unpaid and says the plan is out of date, as the CLI does."""
    from tui.forms.prompt import ConfirmModal
    from tui.screens.nights import NightsScreen

    _, deal = paid(tally)
    recount(tally, deal, monkeypatch)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, NightsScreen)
            await keys(pilot, "c")
            await until(pilot, lambda: isinstance(app.screen, ConfirmModal))
            question = app.screen.question.splitlines()  # type: ignore[attr-defined]
            assert question[-2:] == [
                "Plan made before deal 3 was corrected: re-plan with R.",
                "Changed since: Ann −50, Bea +25, Chie −25, Dan +25, Eve +25."]
            await keys(pilot, "n")
            assert not tally.night(1).closed

    asyncio.run(flow())
