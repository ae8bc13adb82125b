"""Nothing is saved that the scorekeeper did not type: a forced-out player's Aces, a deal
left by ctrl+q, a night closed with transfers unpaid, a new table's seating, Schnapsen's
Tab order."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Static

from ledger.service import Tally
from tui.forms.crazy_solo import CrazySoloForm
from tui.forms.hachihachi import HachiHachiForm
from tui.forms.new_table import NewTableModal
from tui.forms.prompt import ConfirmModal
from tui.forms.sixty_six import SixtySixForm
from tui.i18n import plural
from tui.screens.night import NightScreen
from tui.screens.table import TableScreen

from .conftest import SIZE, TODAY, app_for, keys, open_first_deal_form, seed, settle
from .test_type_ahead import a_table

SEVEN = [f"P{i}" for i in range(1, 8)]


def test_a_forced_out_players_aces_must_be_typed(tally: Tally, tmp_path: Path) -> None:
    table = a_table(tally, "hachihachi-trick", SEVEN)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            form = await open_first_deal_form(pilot, HachiHachiForm)
            # Example A, but P6's Aces left blank (P7's karasu fixes theirs at 0)
            await keys(pilot, "q", "s", "o", "i", "o", "i", "i", "3", "1", "down", "m")
            assert not form.valid
            assert str(form.query_one("#error-hands", Static).render()) == (
                "hand roles 手役 (P6): P6 was forced out: type their Aces (0 if none) or their "
                "hand")
            await keys(pilot, "ctrl+s")
            assert app.screen is form and tally.deals(table) == []
            await keys(pilot, "up", "0")  # P6 had none: now it is typed
            assert form.valid
            await keys(pilot, "ctrl+s")
            assert isinstance(app.screen, TableScreen)
            assert len(tally.deals(table)) == 1

    asyncio.run(flow())


def test_ctrl_q_in_the_middle_of_a_deal_asks(tally: Tally, tmp_path: Path) -> None:
    a_table(tally, "crazy-solo", ["Ann", "Bea", "Cid", "Dan", "Eve"])

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            form = await open_first_deal_form(pilot, CrazySoloForm)
            exited: list[bool] = []
            app.exit = lambda *_, **__: exited.append(True)  # type: ignore[method-assign]
            await keys(pilot, "s", "2")
            await keys(pilot, "ctrl+q")
            assert isinstance(app.screen, ConfirmModal)  # still running, asking
            await keys(pilot, "n")
            assert app.screen is form
            assert exited == []
            await keys(pilot, "ctrl+q", "y")
            assert exited == [True]

    asyncio.run(flow())


def test_closing_a_night_with_unpaid_transfers_asks_and_names_them(tally: Tally,
                                                                    tmp_path: Path) -> None:
    night, _ = seed(tally, deals=2)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await keys(pilot, "enter", "c")
            modal = app.screen
            assert isinstance(modal, ConfirmModal)
            question = modal.question.splitlines()
            # no "transfer(s)"
            assert question[0] == f"The night of {TODAY.isoformat()} has 4 transfers still " \
                "unpaid:"
            assert question[1:] == ["  Ann pays Cid 70", "  Dan pays Bea 5",
                                    "  Dan pays Cid 15", "  Eve pays Cid 70"]
            await keys(pilot, "enter")  # No is focused: the night stays open
            assert not tally.night(night).closed
            await keys(pilot, "c", "y")
            assert tally.night(night).closed

    asyncio.run(flow())


def test_closing_a_night_says_money_as_the_settlement_screen_does(tally: Tally,
                                                                  tmp_path: Path) -> None:
    """Issue 27 item 10: the close dialog writes money in the settlement screen's format
    (€9.50, ￥1,200), one unpaid transfer in the singular."""
    night, _ = seed(tally, deals=2)
    tally.set_rate(night, "0.05", "EUR")

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await keys(pilot, "enter", "c")
            question = app.screen.question.splitlines()
            assert question[1:] == ["  Ann pays Cid 70 (€3.50)", "  Dan pays Bea 5 (€0.25)",
                                    "  Dan pays Cid 15 (€0.75)", "  Eve pays Cid 70 (€3.50)"]

    asyncio.run(flow())
    assert plural("night.close_unpaid", 1, date="2024-11-15") == (
        "The night of 2024-11-15 has 1 transfer still unpaid:")


def test_new_table_enter_in_an_empty_box_seats_no_one_and_esc_asks(tally: Tally,
                                                                    tmp_path: Path) -> None:
    seed(tally, deals=0)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await keys(pilot, "enter", "n")
            modal = app.screen
            assert isinstance(modal, NewTableModal)
            await keys(pilot, "enter")
            assert modal.seats == []
            assert "Type a name" in str(modal.query_one("#table-error", Static).render())
            await keys(pilot, "down", "enter")  # a deliberate pick: the second listed
            assert modal.seats == ["Bea"]
            await keys(pilot, "escape")
            assert isinstance(app.screen, ConfirmModal)
            await keys(pilot, "n")
            assert app.screen is modal and modal.seats == ["Bea"]
            await keys(pilot, "escape", "y")
            assert isinstance(app.screen, NightScreen)

    asyncio.run(flow())


def test_schnapsen_tab_follows_the_order_on_screen(tally: Tally, tmp_path: Path) -> None:
    table = a_table(tally, "schnapsen", ["Dan", "Zoë"])

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            form = await open_first_deal_form(pilot, SixtySixForm)
            await keys(pilot, "c", "1", "7", "0", "tab", "4", "0", "tab", "3", "tab", "2",
                       "ctrl+s")
            assert isinstance(app.screen, TableScreen), form.error
            [deal] = tally.deals(table)
            assert deal.outcome is not None
            assert deal.outcome["points"] == {"Dan": 70, "Zoë": 40}
            assert deal.outcome["tricks"] == {"Dan": 3, "Zoë": 2}

    asyncio.run(flow())
