"""One club night: its tables (game, seats, deals, leader) and the night's live standings."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable, Header, Static

from ledger.service import RuleError
from ledger.service.views import NightView, StandingRow, TableView

from ..format import game_title, night_label, signed, status_text
from ..i18n import listed, t
from ..widgets.fit import fit_within
from ..widgets.footer import KeysFooter
from ..widgets.standings import StandingsTable
from .base import TallyScreen
from .closing import close_night
from .removing import warn

if TYPE_CHECKING:
    from textual.app import App

    from ledger.service import Tally


@dataclass(frozen=True, slots=True)
class NightData:
    night: NightView
    leaders: dict[int, StandingRow | None]
    standings: list[StandingRow]


class NightScreen(TallyScreen[None]):
    HELP = "help.night"
    keys_held = False  # a table just created: keys typed ahead wait for its screen
    PALETTE = ("new_table", "open_table", "settle", "close_night", "roster", "tournament")
    # below 110 columns the standings go under the tables: Deals, Leader, Status stay whole
    HORIZONTAL_BREAKPOINTS: ClassVar[list[tuple[int, str]] | None] = [(0, "-stacked"),
                                                                       (110, "-side")]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new_table", "key.new_table"),
        Binding("o", "open_table", "key.open"),
        Binding("s", "settle", "key.settle"),
        Binding("c", "close_night", "key.close_night"),
        Binding("r", "roster", "key.roster"),
        Binding("d", "delete_table", "key.delete"),
        # last: where the footer has no room for every key, it is the first left out (the
        # palette and the help still say it)
        Binding("t", "tournament", "key.tournament"),
    ]

    def __init__(self, night_id: int) -> None:
        super().__init__()
        self.night_id = night_id
        self.data: NightData | None = None

    def rebuilt(self) -> NightScreen:
        return NightScreen(self.night_id)

    @property
    def tables(self) -> Sequence[TableView]:
        return self.data.night.tables if self.data else ()

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(t("loading"), id="night-title", classes="screen-title")
        with Horizontal(id="night-body"):
            with Vertical(id="night-tables"):
                yield Static(t("night.tables"), classes="panel-title")
                yield DataTable(id="tables", cursor_type="row", zebra_stripes=True)
                yield Static(t("night.no_tables"), id="tables-empty", classes="hint")
                yield Static("", id="night-note", classes="error")
            with Vertical(id="night-standings"):
                yield Static(t("night.standings"), classes="panel-title")
                yield StandingsTable(id="standings")
        yield KeysFooter(compact=True)

    def on_mount(self) -> None:
        table = self.query_one("#tables", DataTable)
        for key in ("number", "game", "seats", "deals", "leader", "status"):
            table.add_column(t(f"col.{key}"), key=key)
        self.query_one("#tables-empty").display = False
        self.query_one("#night-note").display = False
        self.load()

    def on_screen_resume(self) -> None:
        if self.data is not None:
            self.load()

    def ledger_changed(self) -> None:
        """Someone saved (a table's device, the CLI): read again; the cursor stays on its
        table. A covered screen reads again when it is shown (`on_screen_resume`)."""
        if self.data is not None and self.is_current:
            self.load(self.app, self.service)

    @work(thread=True, exclusive=True, group="night-load", description="night-load")
    def load(self, app: App[object] | None = None, service: Tally | None = None) -> None:
        """Read the night (`app` and `service` given: a live refresh, which may outlive
        the screen or the app)."""
        service = service or self.service
        try:
            night = service.night(self.night_id)
        except RuleError as exc:  # deleted on another device (only ever while it had no deal)
            (app or self.app).call_from_thread(self.gone, exc)
            return
        leaders = {}
        for table in night.tables:
            rows = service.standings(table_id=table.id)
            leaders[table.id] = rows[0] if rows and table.deals and rows[0].net else None
        data = NightData(night, leaders, service.standings(night_id=self.night_id))
        try:
            (app or self.app).call_from_thread(self.show, data)
        except RuntimeError:  # the app has stopped
            if app is None:
                raise

    def show(self, data: NightData) -> None:
        if not self.is_mounted or any(self.query_one_optional(part) is None for part in (
                "#night-title", "#tables", "#tables-empty", "#standings")):
            return  # closing (the app stopping): its widgets go one by one, before it
        keep = self.selected()
        self.data = data
        night = data.night
        state = t("night.closed") if night.closed else t("night.open")
        self.query_one("#night-title", Static).update(
            t("night.title", label=night_label(night.date, night.venue), state=state))
        table = self.query_one("#tables", DataTable)
        table.clear()
        rows = []
        for tv in night.tables:
            leader = data.leaders.get(tv.id)
            rows.append((str(tv.number), game_title(tv.game), ", ".join(tv.seats),
                         str(tv.deals),
                         Text(f"{leader.player} {signed(leader.net)}") if leader else "—",
                         status_text(tv.status)))
        room = self.tables_room()
        rows = fit_within(table, rows, room, 2, seat_list)  # the seats give way, not Status
        for tv, row in zip(night.tables, rows, strict=True):
            table.add_row(*row, key=str(tv.id))
        self.query_one("#tables-empty").display = not night.tables
        table.display = bool(night.tables)
        if keep is not None and any(tv.id == keep.id for tv in night.tables):
            table.move_cursor(row=table.get_row_index(str(keep.id)))
        self.query_one("#standings", StandingsTable).show(data.standings)
        table.focus()
        self.update_bindings()

    def tables_room(self) -> int:
        """The cells the tables' list has: the whole width when the standings go under it
        (below the breakpoint), else two thirds (its 2fr beside their 1fr)."""
        width = self.app.size.width
        side = self.HORIZONTAL_BREAKPOINTS[-1][0] if self.HORIZONTAL_BREAKPOINTS else 0
        return width if width < side else width * 2 // 3

    def on_resize(self) -> None:
        if self.data is not None:
            self.show(self.data)  # the columns fit the new width

    def selected(self) -> TableView | None:
        table = self.query_one("#tables", DataTable)
        if 0 <= table.cursor_row < len(self.tables):
            return self.tables[table.cursor_row]
        return None

    @property
    def closed(self) -> bool:
        return self.data is None or self.data.night.closed

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("new_table", "close_night"):
            return not self.closed or None
        if action == "open_table":
            return self.selected() is not None or None
        if action == "delete_table":
            return (not self.closed and self.selected() is not None) or None
        return super().check_action(action, parameters)

    def on_data_table_row_highlighted(self, _: DataTable.RowHighlighted) -> None:
        self.update_bindings()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.data_table.id == "tables":
            self.action_open_table()

    # ---- actions --------------------------------------------------------------------------

    def action_tournament(self) -> None:
        from .tournament import TournamentScreen

        self.app.push_screen(TournamentScreen(self.night_id))

    def action_open_table(self) -> None:
        table = self.selected()
        if table is not None:
            from .table import TableScreen

            self.app.push_screen(TableScreen(table.id))

    def action_new_table(self) -> None:
        if self.closed:
            return
        from ..forms.new_table import NewTableModal

        def create(game: str, preset: str, seats: Sequence[str]) -> int:
            table_id = self.service.new_table(self.night_id, game, seats, preset)
            self.keys_held = True  # keys typed ahead are for the table: it opens next
            return table_id

        def created(table_id: int | None) -> None:
            if table_id is not None:
                from .table import TableScreen

                self.app.push_screen(TableScreen(table_id))  # it takes the held keys
                warn(self.app, self.service.table_notices(table_id))  # seated twice?
            self.keys_held = False

        self.app.push_screen(NewTableModal(create), created)

    def action_delete_table(self) -> None:
        """A table opened by mistake: deleted (after asking) while it has no deal."""
        table = self.selected()
        if table is None or self.closed:
            return
        from .removing import ask_delete

        name = t("delete.table_label", n=table.number, game=game_title(table.game))
        ask_delete(self, self.query_one("#night-note", Static), deals=table.deals,
                   refused=t("delete.table_refused", label=name, deals=table.deals),
                   question=t("delete.table_question", label=name,
                              seats=listed(table.seats)),
                   delete=lambda: self.service.delete_table(table.id), done=self.load)

    def action_close_night(self) -> None:
        if self.data is None or self.closed:
            return
        close_night(self.app, self.service, self.data.night, self.load)

    def action_settle(self) -> None:
        from .settlement import SettlementScreen

        self.app.push_screen(SettlementScreen(self.night_id))

    def action_roster(self) -> None:
        from .roster import RosterScreen

        self.app.push_screen(RosterScreen())


def seat_list(seats: object, width: int) -> str:
    """A table's seats ("Ann, Bea, Cid") in `width` cells: every name, or the names that
    fit whole and how many more ("Annabel, Beatrix +5"), or just how many ("7")."""
    whole = str(seats)
    names = whole.split(", ")
    if cell_len(whole) <= width:
        return whole
    for k in range(len(names) - 1, 0, -1):
        said = f"{', '.join(names[:k])} +{len(names) - k}"
        if cell_len(said) <= width:
            return said
    return str(len(names))
