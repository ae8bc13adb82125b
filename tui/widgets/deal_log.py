"""The deal log: a DataTable that can append a row without drawing the others again.

A DataTable keys its render caches (cells, rows, lines, the rows' line offsets) on a count
that every change bumps, so `add_row` has each visible cell drawn again: on a table screen
some 25 rows of 7 cells, half of what a save took to show. It also measures new rows only
when it next goes idle, so a cursor moved to the new row scrolls there one frame later
(a second frame, after the dialog's widgets are torn down). A row added at the end changes
no other row: not its cells, its place, nor its stripe; with fixed column widths not its
width either. So `append_row` keeps the count, drops only the line offsets, and measures
the row at once.

The DataTable also keys each drawn line on where the cursor is, so moving the cursor (to the
row just saved) draws every line on screen again when the screen is repainted (as when the
deal form closes), though a row cursor changes only the row it leaves and the row it lands
on. `_render_line` keys the other rows' lines on "the cursor is not here", so they come from
the cache (the same Strip, whose own caches then spare the compositor its crops too).

This leans on DataTable internals (Textual 8.2): `_update_count`, `_offset_cache`, and
what its `_on_idle` does (`_require_update_dimensions`, `_new_rows`, `_update_dimensions`);
`_render_line`, `_line_cache`, `_get_offsets` and `_row_locations`. tests/tui/test_deal_log.py
checks that appended rows draw exactly as a table filled at once, that a cursor move draws
only the rows it leaves and reaches, and every row as a plain DataTable draws it.
"""

from __future__ import annotations

from rich.style import Style
from textual.strip import Strip
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

    def _render_line(self, y: int, x1: int, x2: int, base_style: Style) -> Strip:
        """A line of the log; a line of a row the row cursor is not on is cached for "the
        cursor is elsewhere" (DataTable's key for it, without the cursor's place)."""
        if self.cursor_type != "row":
            return super()._render_line(y, x1, x2, base_style)
        try:
            row_key, _ = self._get_offsets(y)
        except LookupError:  # below the last row: a blank line
            return super()._render_line(y, x1, x2, base_style)
        if self._row_locations.get(row_key) == self.cursor_coordinate.row:
            return super()._render_line(y, x1, x2, base_style)
        key = ("away", y, x1, x2, self.size.width, self.hover_coordinate, base_style,
               self._show_hover_cursor, self._update_count, self._pseudo_class_state)
        cache = self._line_cache
        strip = cache.get(key)  # type: ignore[arg-type]
        if strip is None:
            strip = super()._render_line(y, x1, x2, base_style)
            cache[key] = strip  # type: ignore[index]  # (cleared with the DataTable's own)
        return strip
