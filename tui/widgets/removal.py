"""Crazy Solo's cards-removed-by-table-size table, with the row for the chosen size marked."""

from __future__ import annotations

from textual.widgets import DataTable

from ledger.service.games import setup_facts

from ..i18n import t
from .fit import fit_columns


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
            rows = [(str(n), removed_text(removed), str(pack), str(hand))
                    for n, removed, pack, hand in setup_facts("crazy-solo")["removal"]]
            fit_columns(self, rows)
            for row in rows:
                self.add_row(*row, key=row[0])
        sizes = [str(r[0]) for r in setup_facts("crazy-solo")["removal"]]
        self.show_cursor = str(seats) in sizes
        if self.show_cursor:
            self.move_cursor(row=sizes.index(str(seats)))


def removed_text(removed: str) -> str:
    """The engine's removed-cards cell ("none (24-card 9–A pack allowed)") in the language
    in use; the cards themselves are symbols."""
    text = removed.replace(" (24-card 9–A pack allowed)", t("removal.short_pack_note"))
    return t("removal.none") + text[len("none"):] if text.startswith("none") else text
