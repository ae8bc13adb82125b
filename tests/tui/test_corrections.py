"""A correction in the app: it shows what it changes later before it is saved, and every
later deal then reads as if the table had been recorded right from the start."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable

from ledger.service import Tally
from tui.forms.sixty_six import SixtySixForm
from tui.i18n import set_language
from tui.screens.table import TableScreen

from .conftest import SIZE, TODAY, app_for, keys, open_first_table, typed
from .test_flows import rows
from .test_hachihachi import plain
from .test_snapshots import shoot, table_with

CLAIM = {"ending": "claim", "by": "Zoë", "points": {"Dan": 25, "Zoë": 70},
         "tricks": {"Dan": 2, "Zoë": 3}}


def test_correcting_schnapsen_deal_1_updates_the_later_running_scores(
        tally: Tally, tmp_path: Path) -> None:
    for name in ("Dan", "Zoë"):
        tally.add_player(name)
    night = tally.new_night(TODAY.isoformat(), "The Crown")
    table = tally.new_table(night, "schnapsen", ["Dan", "Zoë"])
    tally.add_deals(table, [CLAIM, {"ending": "scored", "winner": "Dan", "game_points": 2},
                            {"ending": "scored", "winner": "Zoë", "game_points": 1}])

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_first_table(pilot)
            log = screen.query_one("#deals", DataTable)
            assert "Dan 5 – Zoë 4" in rows(log)[2][2]
            await keys(pilot, "up", "up", "c")  # deal 1
            form = app.screen
            assert isinstance(form, SixtySixForm) and form.correcting
            await keys(pilot, "tab", "tab", "backspace", "backspace", "4", "0")
            panel = form.query_one("#preview")
            assert panel.preview is not None
            shown = plain(form.render_panel(panel.preview))
            assert "What this changes later" in shown
            assert "deal 2: Dan 5 – Zoë 5 → Dan 5 – Zoë 6" in shown
            assert "deal 3: Dan 5 – Zoë 4 → Dan 5 – Zoë 5" in shown
            form.query_one("#reason").focus()
            await keys(pilot, *typed("recount"), "enter")
            assert isinstance(app.screen, TableScreen)
            log = app.screen.query_one("#deals", DataTable)
            assert [r[2].split("; ")[1] for r in rows(log)] == [
                "Dan 7 – Zoë 6", "Dan 5 – Zoë 6", "Dan 5 – Zoë 5"]

    asyncio.run(flow())


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_preview_says_a_later_stake_that_moves(snap_compare: Any, tally: Tally,
                                                   tmp_path: Path, lang: str) -> None:
    """Issue 38 item 3: deal 1 was Zoë's, not Dan's; deal 4 still ends the game, now with Dan
    at 7 (Schneider): its stake doubles, and the preview says so in chips."""
    table_with(tally, "schnapsen", ["Dan", "Zoë"], [
        {"ending": "scored", "winner": w, "game_points": n}
        for w, n in (("Dan", 1), ("Zoë", 3), ("Zoë", 2), ("Zoë", 2))])
    set_language(lang)
    try:
        assert shoot(snap_compare, tally, tmp_path, "enter", "enter", "up", "up", "up", "c",
                     "tab", "2")
    finally:
        set_language("en")
