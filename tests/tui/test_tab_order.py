"""Issue 38 item 6: Tab goes through a form or a dialog in the order its fields are on
screen — top to bottom, left to right within a row — in every deal form (new and
correcting), the new-table form and the small dialogs."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from ledger.service import Tally

from .conftest import app_for, keys, settle
from .test_nothing_cut import WALK, every_game_night

TALL = (160, 90)  # every field in view: where each is drawn is where a person reads it
CASES = {**{k: v for k, v in WALK.items() if k.startswith("form-") or k == "new-table"},
         "correct-crazy-solo": ("enter", "enter", "c"),
         "void-question": ("enter", "enter", "v"),
         "rate-dialog": ("enter", "s", "r"),
         "add-player": ("r", "a")}


def on_screen_order(node: Any, wanted: set[Any]) -> list[Any]:
    """The `wanted` widgets under `node` in the order a person reads them: each container's
    children along its layout (left to right in a horizontal one, top to bottom otherwise,
    a grid by rows), a container before what it holds."""
    out = []
    horizontal = node.styles.layout is not None and node.styles.layout.name == "horizontal"
    kids = [c for c in node.children if c.display]
    for kid in sorted(kids, key=lambda c: (c.region.x, c.region.y) if horizontal
                      else (c.region.y, c.region.x)):
        if kid in wanted:
            out.append(kid)
        out.extend(on_screen_order(kid, wanted))
    return out


@pytest.mark.parametrize("case", list(CASES))
def test_tab_follows_the_screen(tally: Tally, tmp_path: Path, case: str) -> None:
    every_game_night(tally)

    async def flow() -> tuple[list[str], list[str]]:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=TALL) as pilot:
            await settle(pilot)
            await keys(pilot, *CASES[case])
            chain = list(app.screen.focus_chain)
            seen = []
            for _ in chain:  # Tab as a person presses it: what gets focus, in turn
                seen.append(app.focused)
                await pilot.press("tab")
                await settle(pilot)
            read = on_screen_order(app.screen, set(chain))
            name = lambda w: f"{type(w).__name__}#{w.id}"  # noqa: E731
            return [name(w) for w in seen], [name(w) for w in read]

    tabbed, read = asyncio.run(flow())
    assert len(read) >= 2, read
    start = tabbed.index(read[0])  # Tab goes round: from the first on screen
    assert tabbed[start:] + tabbed[:start] == read
