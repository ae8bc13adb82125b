"""Issue 38 item 8: the discard-deal question says its keys — each button its letter, the
footer the buttons' words — and Left/Right move between its buttons (Enter presses the one
focused; Keep editing first)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from ledger.service import Tally
from tui.forms.crazy_solo import CrazySoloForm
from tui.forms.prompt import ConfirmModal
from tui.i18n import set_language
from tui.screens.table import TableScreen

from .conftest import app_for, keys, open_first_deal_form, screen_lines, seed, until


@pytest.mark.parametrize(("lang", "footer", "buttons"), [
    ("en", "f1 Help▏y Discard▏n Keep editing", "Discard y Keep editing n"),
    ("ja", "f1 ヘルプ▏y 破棄▏n 編集を続ける", "破棄 y 編集を続ける n"),
])
def test_the_discard_question_says_its_keys(tally: Tally, tmp_path: Path, lang: str,
                                            footer: str, buttons: str) -> None:
    seed(tally, deals=1)

    async def flow() -> None:
        set_language(lang)
        try:
            app = app_for(tally, tmp_path)
            async with app.run_test(size=(80, 24)) as pilot:
                form = await open_first_deal_form(pilot, CrazySoloForm)
                await keys(pilot, "s", "escape")
                assert isinstance(app.screen, ConfirmModal)
                lines = screen_lines(app)
                assert lines[-1].rstrip() == footer
                assert any(buttons in " ".join(line.split()) for line in lines), lines
                await keys(pilot, "enter")  # Keep editing, focused first
                assert app.screen is form
                await keys(pilot, "escape", "left", "right", "enter")  # back on Keep editing
                assert app.screen is form
                await keys(pilot, "escape", "left", "enter")  # Discard
                await until(pilot, lambda: isinstance(app.screen, TableScreen))
                assert isinstance(app.screen, TableScreen)
        finally:
            set_language("en")

    asyncio.run(flow())
