"""Issue 27 item 4: at 80×24 a refused field's reason may be below the visible area, so the
side panel says it beside its request, named by the field's label, in the error colour (no
colour named that the mark does not have)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from ledger.service import Tally
from tui.forms.crazy_solo import CrazySoloForm
from tui.widgets.preview import PreviewPanel

from .conftest import app_for, keys, open_first_deal_form, seed
from .test_hachihachi import plain


def test_the_reason_is_in_view_beside_the_request(tally: Tally, tmp_path: Path) -> None:
    seed(tally)

    async def flow() -> None:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            form = await open_first_deal_form(pilot, CrazySoloForm)
            await keys(pilot, "s", "2", "c", "4", "k", "6", "s", "enter", "7", "3")
            panel = form.query_one("#preview", PreviewPanel)
            shown = plain(panel.content)
            said = "Fix this field: Called card: 6S is not in play with 5 players"
            assert " ".join(shown.split()) == said
            region = panel.content_region
            assert region.y + 3 <= 24  # the panel's first lines are on screen
            assert "red" not in shown  # names no colour; it has the mark's own
            assert panel.has_class("refused")
            inline = form.query_one("#error-card")
            assert panel.styles.color == inline.styles.color

    asyncio.run(flow())
