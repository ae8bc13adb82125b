"""The club nights: list, start a new one, open one, close one."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import DataTable, Header, Static

from ledger.service.views import NightView
from ledger.text.i18n.formats import date_text

from ..format import night_label
from ..forms.prompt import Field, PromptModal
from ..i18n import t
from ..widgets.fit import fit_columns
from ..widgets.footer import KeysFooter
from .base import TallyScreen
from .closing import close_night
from .reads import ReadsOffThread
from .removing import warn


class NightsScreen(ReadsOffThread, TallyScreen[None]):
    HELP = "help.nights"
    PALETTE = ("new_night", "open_night", "close_night", "roster", "season")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new_night", "key.new_night"),
        Binding("o", "open_night", "key.open"),
        Binding("c", "close_night", "key.close_night"),
        Binding("r", "roster", "key.roster"),
        Binding("s", "season", "key.season"),
        Binding("l", "switch_language", "key.language"),
        Binding("d", "delete_night", "key.delete"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.nights: list[NightView] = []

    def rebuilt(self) -> NightsScreen:
        return NightsScreen()

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(t("nights.title"), classes="screen-title")
        yield DataTable(id="nights", cursor_type="row", zebra_stripes=True)
        yield Static(t("nights.empty"), id="nights-empty", classes="hint")
        yield Static("", id="nights-note", classes="error")
        yield KeysFooter(compact=True)

    def on_mount(self) -> None:
        table = self.query_one("#nights", DataTable)
        # the night's id, as warnings and the command line name it ("night 3"): two
        # nights on one date are told apart by more than their venue
        table.add_column(t("col.night"), key="night")
        table.add_column(t("col.date"), key="date")
        table.add_column(t("col.venue"), key="venue")
        table.add_column(t("col.state"), key="state")
        self.query_one("#nights-note").display = False
        self.reload()

    def on_screen_resume(self) -> None:
        self.reload()

    def reload(self, select: int | None = None) -> None:
        """Read the nights (in a worker: `ReadsOffThread`), then show them."""
        if select is not None:  # (kept for the answer shown, should a later read overtake)
            self._select = select
        self.off_thread(self.service.nights, self.show, "nights-load")

    _select: int | None = None  # the night to put the cursor on once read

    def show(self, nights: list[NightView]) -> None:
        if self.query_one_optional("#nights", DataTable) is None:
            return  # closing: its widgets went first
        table = self.query_one("#nights", DataTable)
        keep = self._select if self._select is not None else self.selected_id()
        self._select = None
        self.nights = nights
        table.clear()
        rows = [(Text(str(n.id), justify="right"), date_text(n.date), n.venue or "",
                 t("night.closed") if n.closed else t("night.open")) for n in self.nights]
        fit_columns(table, rows)
        for n, row in zip(self.nights, rows, strict=True):
            table.add_row(*row, key=str(n.id))
        self.query_one("#nights-empty").display = not self.nights
        table.display = bool(self.nights)
        if keep is not None and any(n.id == keep for n in self.nights):
            table.move_cursor(row=table.get_row_index(str(keep)))
        table.focus()
        self.update_bindings()

    def selected(self) -> NightView | None:
        table = self.query_one("#nights", DataTable)
        if not self.nights or table.cursor_row < 0 or table.cursor_row >= len(self.nights):
            return None
        return self.nights[table.cursor_row]

    def selected_id(self) -> int | None:
        night = self.selected() if self.nights else None
        return night.id if night else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "open_night":
            return self.selected() is not None or None
        if action in ("close_night", "delete_night"):
            night = self.selected()
            return (night is not None and not night.closed) or None
        return super().check_action(action, parameters)

    def on_data_table_row_highlighted(self, _: DataTable.RowHighlighted) -> None:
        self.update_bindings()

    def on_data_table_row_selected(self, _: DataTable.RowSelected) -> None:
        self.action_open_night()

    # ---- actions --------------------------------------------------------------------------

    def action_new_night(self) -> None:
        def create(values: Mapping[str, str]) -> int:
            return self.service.new_night(values["date"].strip() or None,
                                          values["venue"].strip() or None)

        fields = [Field("date", t("field.date"), self.tally.today().isoformat(), "YYYY-MM-DD"),
                  Field("venue", t("field.venue"), "", t("field.venue_hint"))]
        self.app.push_screen(PromptModal(t("nights.new_title"), fields, create,
                                         ok=t("button.start_night")), self._opened)

    def _opened(self, night_id: int | None) -> None:
        if night_id is not None:
            self.reload(select=night_id)
            self.tally.open_night(night_id)
            service = self.service  # two nights on one date: said once read
            self.off_thread(lambda: service.night_notices(night_id),
                            lambda notices: warn(self.app, notices), "night-notices")

    def action_open_night(self) -> None:
        night = self.selected()
        if night is not None:
            self.tally.open_night(night.id)

    def action_close_night(self) -> None:
        night = self.selected()
        if night is None or night.closed:
            return
        close_night(self.app, self.service, night, self.reload)

    def action_delete_night(self) -> None:
        """A night opened by mistake: deleted (after asking) while no table has a deal."""
        night = self.selected()
        if night is None or night.closed:
            return
        from .removing import ask_delete

        service = self.service
        label = night_label(night.date, night.venue)

        def ask(deals: int) -> None:
            ask_delete(self, self.query_one("#nights-note", Static), deals=deals,
                       refused=t("delete.night_refused", label=label, deals=deals),
                       question=t("delete.night_question", label=label),
                       delete=lambda: service.delete_night(night.id), done=self.reload)

        # its deals are read first, in a worker (`ReadsOffThread`)
        self.off_thread(lambda: sum(tv.deals for tv in service.night(night.id).tables), ask,
                        "night-delete")

    async def action_switch_language(self) -> None:
        await self.tally.switch_language()

    def action_roster(self) -> None:
        from .roster import RosterScreen

        self.app.push_screen(RosterScreen())

    def action_season(self) -> None:
        from .season import SeasonScreen

        self.app.push_screen(SeasonScreen())
