"""A ranked list of players and their nets (a night's or a table's)."""

from __future__ import annotations

from collections.abc import Sequence

from textual.widgets import DataTable

from ledger.views import StandingRow

from ..format import chips
from ..i18n import t
from .fit import fit_columns


class StandingsTable(DataTable[object]):
    """Rank, player, net, deals; call `show(rows)` with the service's standings."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, cursor_type="row", zebra_stripes=True)

    def on_mount(self) -> None:
        self.add_column(t("col.rank"), key="rank")
        self.add_column(t("col.player"), key="player")
        self.add_column(t("col.net"), key="net")
        self.add_column(t("col.deals"), key="deals")

    def show(self, rows: Sequence[StandingRow]) -> None:
        self.clear()
        cells = [(str(r.rank), r.player, chips(r.net, zero="0"), str(r.deals)) for r in rows]
        fit_columns(self, cells)
        for r, row in zip(rows, cells, strict=True):
            self.add_row(*row, key=r.player)
