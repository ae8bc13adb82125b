"""DataTable columns sized to their cells when the rows go in, not later.

A DataTable measures auto-width columns the next time it goes idle. If it draws in between,
the lines it drew stay cached at the old widths (its line cache is keyed on an update count
that measuring does not bump), so a freshly filled table could show "Craz" for "Crazy Solo"
until something else changed. Setting each column's width from the cells first, in terminal
cells (佐藤 is 4), avoids the race.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

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



def fit_within(table: DataTable[object], rows: Sequence[Sequence[object]], room: int,
               give: int, shorten: Callable[[object, int], object]) -> list[list[object]]:
    """`fit_columns`, then, when the columns are wider than `room` cells, column `give`
    gives way: narrowed to what is left, each of its cells said shorter by `shorten(cell,
    width)` (whole words only), so every other column stays whole on screen (no Status cut
    at 80). Returns the rows as they go in."""
    fit_columns(table, rows)
    pad = 2 * table.cell_padding
    total = sum(c.width + pad for c in table.ordered_columns)
    column = table.ordered_columns[give]
    if room <= 0 or total <= room:
        return [list(r) for r in rows]
    column.width = max(column.label.cell_len, column.width - (total - room))
    out = []
    for row in rows:
        cells = list(row)
        cells[give] = shorten(cells[give], column.width)
        out.append(cells)
    column.width = max([column.label.cell_len, *(_cells(r[give]) for r in out)])
    return out
