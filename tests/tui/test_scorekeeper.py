"""Who recorded each revision: the app asks once per session, as it starts (prefilled
with the name given last time, kept in the settings; Esc skips), and the deal's history shows
the name in its "By" column, with the time in the local time zone (tests: UTC+1)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from textual.widgets import DataTable, Input

from ledger.service import Tally
from ledger.text.i18n.formats import time_text
from tui.forms.prompt import PromptModal
from tui.screens.history import HistoryScreen
from tui.screens.table import TableScreen
from tui.settings import Settings

from .conftest import SIZE, app_for, keys, open_first_table, seed, settle, typed
from .test_type_ahead import burst


def history_rows(screen: HistoryScreen) -> list[list[str]]:
    log = screen.query_one("#revisions", DataTable)
    return [[str(c) for c in log.get_row_at(i)][:5] for i in range(log.row_count)]


def remembering(tmp_path: Path, name: str) -> Settings:
    """A settings file that holds the scorekeeper named last time."""
    settings = Settings(tmp_path / "settings.json", scorekeeper=name)
    settings.save()
    return settings


def test_asked_once_as_the_session_starts_prefilled_and_shown_in_history(
        tally: Tally, tmp_path: Path) -> None:
    _, table = seed(tally, deals=0)
    settings = remembering(tmp_path, "Mio")

    async def flow() -> None:
        app = app_for(tally, tmp_path, settings=Settings.load(settings.path), ask_name=True)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, PromptModal)  # who keeps the score?
            assert app.screen.query_one(Input).value == "Mio"  # as last time
            await keys(pilot, "ctrl+a", "ctrl+k", *typed("Kai"), "enter")
            await open_first_table(pilot)
            # two deals typed on without a pause: no question comes between them (two
            # different deals: a repeat of the deal before asks first)
            await burst(pilot, "a", "p", "ctrl+s", "a", "a", "3", "s", "8", "2", "ctrl+s")
            assert isinstance(app.screen, TableScreen)
            assert [d.author for d in tally.deals(table)] == ["Kai", "Kai"]
            await keys(pilot, "v", *typed("misdeal"), "enter")  # a void carries it too
            assert [d.author for d in tally.history(tally.deals(table)[1].id)] == ["Kai", "Kai"]
            await keys(pilot, "h")
            screen = app.screen
            assert isinstance(screen, HistoryScreen)
            assert history_rows(screen) == [
                ["1", "recorded", "2024-11-15 21:30", "Kai", ""],  # 20:30 UTC, in UTC+1
                ["2", "voided", "2024-11-15 21:30", "Kai", "misdeal"]]
        assert json.loads(settings.path.read_text())["scorekeeper"] == "Kai"  # for next time

    asyncio.run(flow())


def test_enter_keeps_last_time_s_name(tally: Tally, tmp_path: Path) -> None:
    _, table = seed(tally, deals=0)
    settings = remembering(tmp_path, "Mio")

    async def flow() -> None:
        app = app_for(tally, tmp_path, settings=Settings.load(settings.path), ask_name=True)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await keys(pilot, "enter")
            await open_first_table(pilot)
            await keys(pilot, "a", "p", "ctrl+s")
            assert [d.author for d in tally.deals(table)] == ["Mio"]

    asyncio.run(flow())


def test_esc_skips_and_is_not_asked_again(tally: Tally, tmp_path: Path) -> None:
    _, table = seed(tally, deals=0)

    async def flow() -> None:
        app = app_for(tally, tmp_path, ask_name=True)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, PromptModal)
            assert app.screen.query_one(Input).value == ""  # no name given before
            await keys(pilot, "escape")  # skipped: deals are saved all the same
            await open_first_table(pilot)
            await keys(pilot, "a", "p", "ctrl+s")
            assert isinstance(app.screen, TableScreen)
            await keys(pilot, "a", "a", "3", "s", "8", "2", "ctrl+s")  # (not a repeat)
            assert isinstance(app.screen, TableScreen)
            assert [d.author for d in tally.deals(table)] == [None, None]

    asyncio.run(flow())


def test_times_read_in_the_local_zone_as_the_language_writes_them() -> None:
    from datetime import timedelta, timezone

    tokyo = timezone(timedelta(hours=9))
    assert time_text("2024-11-15 20:30:00.000000", "en", tokyo) == "2024-11-16 05:30"
    assert time_text("2024-11-15 20:30:00.000000", "ja", tokyo) == "2024/11/16 05:30"
    assert time_text("2024-11-15 20:30:00.000000", "en") == "2024-11-15 21:30"  # TZ: UTC+1
    assert time_text("not a time", "en") == "not a time"
