"""The Hachi-Hachi roles block at 80×24: every player's name and Aces stay on screen (the
grid once squeezed the names out and cut "Aces 2" to "…"); wider, one line per player."""

from __future__ import annotations

import asyncio
from pathlib import Path

from rich.console import Console

from ledger.service import Tally
from tui.forms.hachihachi import HachiHachiForm
from tui.widgets.hands import HandsField

from .conftest import app_for, keys, open_first_deal_form
from .test_hachihachi import SEVEN, hh_table


def shown(field: HandsField) -> list[str]:
    console = Console(width=field.content_size.width, color_system=None)
    with console.capture() as captured:
        console.print(field.render())
    return [line.rstrip() for line in captured.get().splitlines()]


def roles_block(tally: Tally, tmp_path: Path, size: tuple[int, int]) -> list[str]:
    hh_table(tally, SEVEN)
    seen: list[str] = []

    async def flow() -> None:
        async with app_for(tally, tmp_path).run_test(size=size) as pilot:
            form = await open_first_deal_form(pilot, HachiHachiForm)
            # Q♠; P1 out, P2 in, P3 out, P4 in, P5 in: P6, P7 forced out; tricks 3-1-3;
            # P6 has 2 Aces
            await keys(pilot, "q", "s", "o", "i", "o", "i", "i", "3", "1", "2")
            await keys(pilot, "2")
            seen.extend(shown(form.query_one(HandsField)))

    asyncio.run(flow())
    return seen


def test_names_and_aces_whole_at_80_columns(tally: Tally, tmp_path: Path) -> None:
    lines = roles_block(tally, tmp_path, (80, 24))
    assert lines[:3] == ["▸ P6 forced out", "     降ろされ", "     Aces 2  no role"]
    assert [line[2:4] for line in lines if line[2:4].strip()] == ["P6", "P7", "P2", "P4",
                                                                  "P5"]


def test_one_line_per_player_when_there_is_room(tally: Tally, tmp_path: Path) -> None:
    lines = roles_block(tally, tmp_path, (120, 40))
    assert lines[0] == "▸ P6 forced out 降ろされ Aces 2  no role"
    assert len(lines) == 5
