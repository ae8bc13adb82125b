"""Issue 38 item 9: in a table's log a player in the deal whose chips did not move shows `0`;
`·` is for a seat that sat the deal out (the three-player game's dealer) and a void deal."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import DataTable

from ledger.service import Tally

from .conftest import SIZE, TODAY, app_for, open_first_table, settle
from .test_flows import rows


def test_a_zero_net_in_the_deal_is_0_and_the_dealer_sitting_out_a_dot(
        tally: Tally, tmp_path: Path) -> None:
    for name in ("Ann", "Bea", "Cid"):
        tally.add_player(name)
    night = tally.new_night(TODAY.isoformat(), "The Crown")
    table = tally.new_table(night, "sixty-six-three", ["Ann", "Bea", "Cid"])
    ids = tally.add_deals(table, [{"ending": "scored", "winner": "Bea", "game_points": 2},
                                  {"ending": "scored", "winner": "Cid", "game_points": 1}])
    tally.correct_deal(ids[1], None, reason="misdeal")

    async def flow() -> list[list[str]]:
        app = app_for(tally, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_first_table(pilot)
            await settle(pilot)
            return [r[3:] for r in rows(screen.query_one("#deals", DataTable))]

    # deal 1: Ann deals and sits out, Bea and Cid play it and no chip moves yet
    assert asyncio.run(flow()) == [["·", "0", "0"], ["·", "·", "·"]]
