"""A ranked list of players and their nets (a night's or a table's)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import DataTable

from ledger.service.views import ChipsRow, StandingRow

from ..format import chips, minus_signs
from ..i18n import t
from .fit import fit_columns


class StandingsTable(DataTable[object]):
    """Rank, player, net, deals; call `show(rows)` with the service's standings (or
    `show_chips(rows)`: rank, player, chips, net, for a game played for a stack)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, cursor_type="row", zebra_stripes=True)

    def _heads(self, last: tuple[str, str]) -> None:
        """The columns: rank, player, then net and deals, or chips and net."""
        if tuple(self.columns) != ("rank", "player", *last):
            self.clear(columns=True)
            for key in ("rank", "player", *last):
                self.add_column(t(f"col.{key}"), key=key)

    def show(self, rows: Sequence[StandingRow]) -> None:
        self._heads(("net", "deals"))
        self.clear()
        cells = [(str(r.rank), r.player, chips(r.net, zero="0"), str(r.deals)) for r in rows]
        fit_columns(self, cells)
        for r, row in zip(rows, cells, strict=True):
            self.add_row(*row, key=r.player)

    def show_chips(self, rows: Sequence[ChipsRow]) -> None:
        """A game played for a stack: each player's chips (start + net), ranked."""
        self._heads(("chips", "net"))
        self.clear()
        cells = [(str(r.rank), r.player, Text(minus_signs(str(r.chips)), justify="right"),
                  chips(r.net, zero="0")) for r in rows]
        fit_columns(self, cells)
        for r, row in zip(rows, cells, strict=True):
            self.add_row(*row, key=r.player)
