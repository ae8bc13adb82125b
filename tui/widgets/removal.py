"""Crazy Solo's cards-removed-by-table-size table, with the row for the chosen size marked."""

from __future__ import annotations

from textual.widgets import DataTable

from ledger.service.games import setup_facts
from ledger.text.setup_facts import removed_text

from ..i18n import t
from .fit import fit_columns
from .kinsoku import Wrapped

REMOVED_WIDTH = 8  # cells: the whole table fits the new-table form's side at 80 columns,
# beside its scrollbar (at 9 the last column ran under it and a horizontal bar showed)


class RemovalTable(DataTable[object]):
    """Shown while a Crazy Solo table is set up: people forget which cards go out."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, cursor_type="row", zebra_stripes=True)
        self.can_focus = False
        self.seats = 0

    def on_mount(self) -> None:
        self.add_column(t("col.players"), key="players")
        self.add_column(t("col.removed"), key="removed")
        self.add_column(t("col.in_play"), key="in_play")
        self.add_column(t("col.hand"), key="hand")
        self.show_seats(self.seats)

    def show_seats(self, seats: int) -> None:
        """Put the cursor on the row for `seats` players (none when outside 3–12)."""
        self.seats = seats
        if not self.columns:  # not mounted yet: on_mount shows it
            return
        if not self.row_count:
            rows = [(str(r.players), removed_text(r.removed, r.short_pack), str(r.in_play),
                     str(r.hand)) for r in setup_facts("crazy-solo")["removal"]]
            fit_columns(self, rows)
            removed = self.columns["removed"]  # a long note wraps by words; its
            # header stays whole (抜くカード is 10 cells)
            removed.width = max(removed.label.cell_len, min(removed.width, REMOVED_WIDTH))
            for row in rows:
                self.add_row(*(Wrapped(c) for c in row), key=row[0], height=None)
        sizes = [str(r.players) for r in setup_facts("crazy-solo")["removal"]]
        self.show_cursor = str(seats) in sizes
        if self.show_cursor:
            self.move_cursor(row=sizes.index(str(seats)))

