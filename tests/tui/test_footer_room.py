"""Issue 38 item 8: at 80 columns the footer shows every key of the night and settlement
screens (`d Delete`; `e Export CSV`, `R Re-plan`), the palette key giving its room first
where they need it; at 120 columns it stays, last."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from ledger.service import Tally
from tui.i18n import set_language
from tui.screens.night import NightScreen
from tui.screens.settlement import SettlementScreen

from .conftest import app_for, keys, screen_lines, settle, until
from .test_settlement_stale import paid


def footer_items(app: Any) -> list[str]:
    return [i.strip() for i in screen_lines(app)[-1].split("▏") if i.strip()]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("width", [80, 120])
def test_every_key_of_the_night_and_the_settlement_in_the_footer(
        tally: Tally, tmp_path: Path, lang: str, width: int) -> None:
    paid(tally)  # a kept plan: the settlement shows R Re-plan

    async def flow() -> None:
        set_language(lang)
        try:
            app = app_for(tally, tmp_path)
            async with app.run_test(size=(width, 24)) as pilot:
                await settle(pilot)
                await keys(pilot, "enter")
                await until(pilot, lambda: isinstance(app.screen, NightScreen))
                night = footer_items(app)
                await keys(pilot, "s")
                await until(pilot, lambda: isinstance(app.screen, SettlementScreen)
                            and app.screen.data is not None)
                await settle(pilot)
                settlement = footer_items(app)
                return night, settlement
        finally:
            set_language("en")

    night, settlement = asyncio.run(flow())
    palette = {"en": "^p palette", "ja": "^p コマンド"}[lang]
    delete = {"en": "d Delete", "ja": "d 削除"}[lang]
    export, replan = {"en": ("e Export CSV", "R Re-plan"), "ja": ("e CSV出力", "R 再計画")}[lang]
    assert delete in night
    assert export in settlement and replan in settlement
    if width == 120:
        assert night[-1] == palette and settlement[-1] == palette
    elif lang == "en":  # the English keys fill 80 columns without it
        assert palette not in night and palette not in settlement
