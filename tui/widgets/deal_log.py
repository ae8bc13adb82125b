"""The deal log: a DataTable that can append a row without drawing the others again.

A DataTable keys its render caches (cells, rows, lines, the rows' line offsets) on a count
that every change bumps, so `add_row` has each visible cell drawn again: on a table screen
some 25 rows of 7 cells, half of what a save took to show. It also measures new rows only
when it next goes idle, so a cursor moved to the new row scrolls there one frame later
(a second frame, after the dialog's widgets are torn down). A row added at the end changes
no other row: not its cells, its place, nor its stripe; with fixed column widths not its
width either. So `append_row` keeps the count, drops only the line offsets, and measures
the row at once.

This leans on DataTable internals (Textual 8.2): `_update_count`, `_offset_cache`, and
what its `_on_idle` does (`_require_update_dimensions`, `_new_rows`, `_update_dimensions`).
tests/tui/test_deal_log.py checks that appended rows draw exactly as a table filled at once.
"""

from __future__ import annotations

from textual.widgets import DataTable

_INTERNALS = ("_update_count", "_offset_cache", "_require_update_dimensions", "_new_rows",
              "_update_dimensions")


class DealLog(DataTable[object]):
    """A DataTable with `append_row`."""

    def append_row(self, *cells: object, key: str) -> None:
        """`add_row`, without drawing the rows already on screen again."""
        if any(column.auto_width for column in self.columns.values()) or not all(
                hasattr(self, name) for name in _INTERNALS):
            self.add_row(*cells, key=key)  # the new cells may widen a column (or a
            return  # Textual without these internals: the plain way, a little slower
        count = self._update_count
        self.add_row(*cells, key=key)
        self._update_count = count
        self._offset_cache.clear()  # which line shows which row: keyed by the count
        # measure now what `_on_idle` would measure later: `move_cursor` can then scroll
        self._require_update_dimensions = False
        new_rows = self._new_rows.copy()
        self._new_rows.clear()
        self._update_dimensions(new_rows)
