"""Every revision of one deal, oldest first: who changed what (the scorekeeper), when (in
local time), why, and the nets. Read in a thread worker; keys typed ahead wait for it."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import DataTable, Header, Static

from ledger.service.views import DealView, TableView
from ledger.text.i18n.formats import time_text
from ledger.text.summaries import party

from ..format import chips, clip_words, game_title, minus_signs
from ..i18n import t
from ..widgets.fit import fit_within
from ..widgets.footer import KeysFooter
from ..widgets.preview import reason_text
from .base import TallyScreen
from .reads import ReadsOffThread

REASON, DEAL = 4, 5  # the columns that give way, the wider of them first


def shorter(cell: object, width: int) -> Text:
    """A reason or a deal's summary in `width` cells, cut where a word ends."""
    return clip_words(cell if isinstance(cell, Text) else Text(str(cell)), width)


class HistoryScreen(ReadsOffThread, TallyScreen[None]):
    HELP = "help.history"

    def __init__(self, deal_id: int) -> None:
        super().__init__()
        self.deal_id = deal_id
        self.revisions: list[DealView] = []
        self.game = ""
        self.seats: list[str] = []
        self.filled = False  # the rows went in once (a refill keeps the cursor's row)

    def game_name(self) -> str | None:
        return self.game or None

    def rebuilt(self) -> HistoryScreen:
        return HistoryScreen(self.deal_id)

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="history-title", classes="screen-title")
        yield DataTable(id="revisions", cursor_type="row", zebra_stripes=True)
        yield Static(t("history.transfers"), classes="panel-title")
        yield Static("", id="revision-detail")
        yield KeysFooter(compact=True)

    def on_mount(self) -> None:
        service = self.service
        self.off_thread(lambda: (service.history(self.deal_id),
                                 service.table(service.table_of_deal(self.deal_id))),
                        lambda got: self.show(*got), "history-load")

    def show(self, revisions: list[DealView], table_view: TableView) -> None:
        """The revisions, read in a worker (`ReadsOffThread`)."""
        if self.query_one_optional("#revisions", DataTable) is None:
            return  # closing: its widgets went first
        self.revisions = revisions
        self.game = table_view.game
        first = self.revisions[0]
        self.query_one("#history-title", Static).update(
            t("history.title", n=first.number, table=table_view.number,
              game=game_title(table_view.game)))
        self.seats = list(table_view.seats)
        self.fill()

    def fill(self) -> None:
        """The revisions, every seat's net whole: where the columns are wider than the
        screen, the wider of the reason and the deal's summary gives way first (cut where a
        word ends, "…"), never the nets."""
        log = self.query_one("#revisions", DataTable)
        row = log.cursor_row
        log.clear(columns=True)
        for key in ("rev", "kind", "when", "by", "reason", "deal"):
            log.add_column(t(f"col.{key}"), key=key)
        for name in self.seats:
            log.add_column(Text(name, justify="right"), key=f"seat-{name}")
        rows: list[list[object]] = [
            [str(rev.revision), t(f"kind.{rev.kind}"), time_text(rev.created_at),
             rev.author or "", rev.reason or "",
             t("table.void", reason="") if rev.void else minus_signs(rev.shown()),
             *(chips(rev.nets.get(n, 0)) for n in self.seats)]
            for rev in self.revisions]
        room = self.app.size.width  # as the night's tables (a deal's revisions are few)
        for give in sorted((REASON, DEAL), key=lambda i: -max(
                (cell_len(str(r[i])) for r in rows), default=0)):  # the wider first
            rows = fit_within(log, rows, room, give, shorter)
        for cells in rows:
            log.add_row(*cells)
        log.move_cursor(row=row if 0 <= row < len(rows) and self.filled else len(rows) - 1)
        self.filled = True
        log.focus()

    def on_resize(self) -> None:
        if self.revisions:
            self.fill()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if 0 <= event.cursor_row < len(self.revisions):
            self.query_one("#revision-detail", Static).update(
                transfers_view(self.revisions[event.cursor_row]))


def transfers_view(rev: DealView) -> Group | Text:
    if not rev.transfers:
        return Text(t("preview.no_transfers"), style="dim")
    grid = Table.grid(padding=(0, 1))
    for _ in range(5):
        grid.add_column()
    for x in rev.transfers:
        grid.add_row(party(x.payer), "→", party(x.payee), Text(str(x.amount), justify="right"),
                     Text(reason_text(x.reason), style="dim"))
    return Group(grid)
