"""DataTable columns sized to their cells when the rows go in, not later.

A DataTable measures auto-width columns the next time it goes idle. If it draws in between,
the lines it drew stay cached at the old widths (its line cache is keyed on an update count
that measuring does not bump), so a freshly filled table could show "Craz" for "Crazy Solo"
until something else changed. Setting each column's width from the cells first, in terminal
cells (佐藤 is 4), avoids the race.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import DataTable


def _cells(value: object) -> int:
    if isinstance(value, Text):
        return value.cell_len
    return cell_len(str(value))


def fit_columns(table: DataTable[object], rows: Sequence[Sequence[object]]) -> None:
    """Give every column the width of its label or widest cell (call before adding `rows`)."""
    for i, column in enumerate(table.ordered_columns):
        widths = [_cells(row[i]) for row in rows if i < len(row)]
        column.width = max([column.label.cell_len, *widths])
        column.auto_width = False
