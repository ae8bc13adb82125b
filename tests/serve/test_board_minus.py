"""Issue 27 item 10: the board writes the app's minus sign (U+2212) in its deal summaries,
as the app's deal log does, never a hyphen."""

from __future__ import annotations

from ledger.service import Tally
from tui.serve.board import read_board, render_body


def test_the_board_writes_one_minus_sign(crazy_table: tuple[Tally, int]) -> None:
    service, table = crazy_table
    service.add_deal(table, {"contract": "alone", "caller": "Bea", "trump": "clubs",
                             "team_points": 40})  # Bea alone loses
    [deal] = service.deals(table)
    assert "-" in deal.shown()  # the summary as CSV and JSON write it
    body = render_body(read_board(service, 1))
    shown = deal.shown().replace("-", "\u2212")
    assert shown in body and deal.shown() not in body


def test_what_a_correction_changes_later_says_the_apps_minus() -> None:
    from tui.forms.base import downstream_lines

    lines = [line.plain for line in downstream_lines(["deal 3: Ann 5 → Ann -5"])]
    assert lines == ["What this changes later", "• deal 3: Ann 5 → Ann \u22125"]
