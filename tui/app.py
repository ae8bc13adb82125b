"""The Tally app: built by `make_app(service)` so tests can inject a database."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Footer, Header

from ledger.service import Tally


class TallyApp(App[None]):
    TITLE = "Tally"
    BINDINGS = [Binding("q", "quit", "Quit")]

    def __init__(self, service: Tally) -> None:
        super().__init__()
        self.service = service

    def compose(self) -> ComposeResult:
        yield Header()
        yield DataTable(id="nights", cursor_type="row")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#nights", DataTable)
        table.add_columns("id", "date", "venue", "state")
        for n in self.service.nights():
            table.add_row(str(n.id), n.date, n.venue or "", "closed" if n.closed else "open")


def make_app(service: Tally) -> TallyApp:
    return TallyApp(service)
