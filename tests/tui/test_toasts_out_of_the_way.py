"""A toast never covers what the user reads or types: a form or a dialog
that opens (the next deal typed ahead at 80×24, a Japanese question) clears the toasts."""

from __future__ import annotations

import asyncio
from pathlib import Path

from ledger.service import Tally
from tui.forms.crazy_solo import CrazySoloForm
from tui.screens.table import TableScreen

from .conftest import app_for, keys, open_first_deal_form, seed, toasts


def test_the_next_form_opens_without_the_last_toast_over_it(tally: Tally,
                                                              tmp_path: Path) -> None:
    seed(tally, deals=0)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await open_first_deal_form(pilot, CrazySoloForm)
            await keys(pilot, "p", "ctrl+s")  # all passed: saved
            assert isinstance(app.screen, TableScreen)
            assert await toasts(pilot) == ["Deal saved."]
            await keys(pilot, "a")  # the next deal's form: its Save row stays clear
            assert isinstance(app.screen, CrazySoloForm)
            assert await toasts(pilot) == []
            await keys(pilot, "escape")
            await keys(pilot, "v")  # a dialog asks too: nothing over it either
            assert await toasts(pilot) == []

    asyncio.run(flow())
