"""The club roster: every member, their deals and net over all nights; add and rename."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import DataTable, Header, Static

from ..format import chips
from ..forms.prompt import Field, PromptModal
from ..i18n import t
from ..widgets.fit import fit_columns
from ..widgets.footer import KeysFooter
from .base import TallyScreen
from .reads import ReadsOffThread


class RosterScreen(ReadsOffThread, TallyScreen[None]):
    HELP = "help.roster"
    PALETTE = ("add_player", "rename_player")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "add_player", "key.add_player"),
        Binding("e,f2", "rename_player", "key.rename"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.names: list[str] = []

    def rebuilt(self) -> RosterScreen:
        return RosterScreen()

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(t("roster.title"), classes="screen-title")
        yield DataTable(id="roster", cursor_type="row", zebra_stripes=True)
        yield Static(t("roster.empty"), id="roster-empty", classes="hint")
        yield KeysFooter(compact=True)

    def on_mount(self) -> None:
        table = self.query_one("#roster", DataTable)
        table.add_column(t("col.player"), key="player")
        table.add_column(t("col.deals"), key="deals")
        table.add_column(t("col.net_all"), key="net")
        self.reload()

    def reload(self, select: str | None = None) -> None:
        """Read the roster (in a worker: `ReadsOffThread`), then show it."""
        service = self.service

        def read() -> tuple[list[Any], list[str]]:
            return service.standings(), [p.name for p in service.players()]

        if select:  # (kept for the answer shown, should a later read overtake)
            self._select = select
        self.off_thread(read, lambda got: self.show(*got), "roster-load")

    _select: str | None = None  # the member to put the cursor on once read

    def show(self, standings: list[Any], names: list[str]) -> None:
        if self.query_one_optional("#roster", DataTable) is None:
            return  # closing: its widgets went first
        table = self.query_one("#roster", DataTable)
        keep = self._select or self.selected()
        self._select = None
        totals = {r.player: r for r in standings}
        self.names = names
        table.clear()
        rows = [(name, str(totals[name].deals if name in totals else 0),
                 chips(totals[name].net if name in totals else 0, zero="0"))
                for name in self.names]
        fit_columns(table, rows)
        for name, row in zip(self.names, rows, strict=True):
            table.add_row(*row, key=name)
        self.query_one("#roster-empty").display = not self.names
        table.display = bool(self.names)
        if keep in self.names:
            table.move_cursor(row=self.names.index(keep))
        table.focus()
        self.update_bindings()

    def selected(self) -> str | None:
        table = self.query_one("#roster", DataTable)
        if 0 <= table.cursor_row < len(self.names):
            return self.names[table.cursor_row]
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "rename_player":
            return self.selected() is not None or None
        return super().check_action(action, parameters)

    def on_data_table_row_highlighted(self, _: DataTable.RowHighlighted) -> None:
        self.update_bindings()

    def action_add_player(self) -> None:
        def add(values: Mapping[str, str]) -> str:
            self.service.add_player(values["name"])
            return " ".join(values["name"].split())

        self.app.push_screen(PromptModal(t("roster.add_title"),
                                         [Field("name", t("field.name"))], add,
                                         ok=t("button.add")), self._done)

    def action_rename_player(self) -> None:
        old = self.selected()
        if old is None:
            return

        def rename(values: Mapping[str, str]) -> str:
            self.service.rename_player(old, values["name"])
            return " ".join(values["name"].split())

        self.app.push_screen(PromptModal(t("roster.rename_title", name=old),
                                         [Field("name", t("field.new_name"), old)], rename,
                                         ok=t("button.rename")), self._done)

    def _done(self, name: str | None) -> None:
        if name:
            self.reload(select=name)
