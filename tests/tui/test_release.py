"""A closed deal form's widgets leave nothing drawn behind (Textual keeps every widget's
`StylesCache` in an `lru_cache` until the screen that held it is gone and the app lets go),
and the app freezes its start-up objects out of the garbage collector's way, then thaws them."""

from __future__ import annotations

import asyncio
import gc
import weakref
from pathlib import Path

from ledger.service import Tally
from tui.forms.crazy_solo import CrazySoloForm
from tui.screens.table import TableScreen

from .conftest import SIZE, app_for, keys, open_first_deal_form, seed


def test_a_closed_form_leaves_no_drawing_alive(tally: Tally, tmp_path: Path) -> None:
    seed(tally)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            form = await open_first_deal_form(pilot, CrazySoloForm)
            await pilot.pause()
            gone = weakref.ref(form)
            drawings = [weakref.ref(w._styles_cache) for w in form.walk_children()]
            assert len(drawings) > 20
            del form
            for _ in range(3):  # (the last form stays referenced a while: by its worker)
                await keys(pilot, "escape")  # nothing typed: closes at once
                assert isinstance(app.screen, TableScreen)
                await keys(pilot, "a")
            gc.collect()
            assert gone() is None
            assert [d for d in drawings if d() is not None] == []

    asyncio.run(flow())


def test_start_up_is_frozen_while_the_app_runs(tally: Tally, tmp_path: Path) -> None:
    seed(tally)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await keys(pilot)
            assert gc.get_freeze_count() > 1000
        assert gc.get_freeze_count() == 0

    asyncio.run(flow())
