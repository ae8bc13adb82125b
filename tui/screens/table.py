"""One table: the deal log with each player's net per deal, the running totals and a chart.

The log is a DataTable (it draws only the rows on screen, so thousands of deals scroll
freely); the deals are read and the rows built in a worker thread, and added in chunks.
Every change goes through one service call (add, correct, void, undo). A new deal is then
read alone with the table's status and standings, and its row appended without drawing the
others again (`DealLog`), so the save shows in the same frame the form closes in. After a
correction, void or undo the screen reads the table again and rewrites only the rows whose
deal changed: later deals re-settled by a correction show their new nets at once.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable, Header, Static
from textual.worker import Worker, WorkerState

from ledger.service import RuleError
from ledger.service.views import DealView, Preview, TableView
from ledger.text.textwidth import width as cell_width

from ..format import game_title, status_text
from ..forms import ui_for
from ..forms.base import DealEntry
from ..i18n import listed, plural, t
from ..widgets.chart import RunningChart
from ..widgets.deal_log import DealLog
from ..widgets.footer import KeysFooter
from ..widgets.standings import StandingsTable
from .base import TallyScreen
from .form_open import open_form
from .table_rows import MARKS, Row, TableData, deal_rows, running_totals, stamp, with_deal
from .void_undo import ask_undo, ask_void

if TYPE_CHECKING:
    from textual.app import App

    from ledger.service import Tally

FILL_CHUNK = 200  # rows added between two looks at the keyboard
TOAST_SECONDS = 5.0  # a save's toast (a game or table won too: a little longer)
UNANSWERED = (WorkerState.CANCELLED, WorkerState.ERROR)  # a read that never shows
NUMBER_WIDTH, NET_WIDTH, SUMMARY_MIN = 5, 6, 10  # "−1980", "+12345": a column's cells
# (the summary gives way on a narrow terminal: a net is never cut, a summary is also in the
# deal's history; the seats scroll sideways, with a scrollbar, only past ~8 seats at 80)

__all__ = ["MARKS", "TableData", "TableScreen", "deal_rows", "running_totals"]
LOG_WINDOW = 2000  # the log holds a table's last 2,000 deals (older ones: `tally round
# list`): a table of 200,000 deals took 15 s and 1.1 GB to open when it held them all


class TableScreen(TallyScreen[None]):
    HELP = "help.table"
    PALETTE = ("add_deal", "correct_deal", "void_deal", "undo", "history", "toggle_totals")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "add_deal", "key.add_deal"),
        Binding("c", "correct_deal", "key.correct"),
        Binding("v", "void_deal", "key.void"),
        Binding("u", "undo", "key.undo"),
        Binding("h", "history", "key.history"),
        Binding("t", "toggle_totals", "key.totals"),
    ]

    def __init__(self, table_id: int) -> None:
        super().__init__()
        self.table_id = table_id
        self.data: TableData | None = None
        self.show_totals = False
        self._select: int | None = None  # deal id to put the cursor on after a load
        self._note = ""  # what the last save did, said once the form has closed
        self._said = ""  # that note, waiting for the table to be read (`patch` says it)
        self._stale = False  # another device saved while this screen was covered
        self.reading = False  # a read for a save or a void is on its way: keys wait for it
        self.rereading = False  # the table read again after a save: keys wait for it too
        # the save's deal read back in its worker: (deal id, the table it was added to, the
        # table with it) (`_add`, `_appended`)
        self._read_back: tuple[int, TableData | None, TableData | None] | None = None

    def game_name(self) -> str | None:
        return self.data.table.game if self.data else None

    @property
    def keys_held(self) -> bool:
        """Keys typed ahead wait until the table is read (`a` needs it to number a deal)."""
        return self.data is None or self.reading or self.rereading

    def rebuilt(self) -> TableScreen:
        fresh = TableScreen(self.table_id)
        fresh.show_totals = self.show_totals
        return fresh

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(t("loading"), id="table-title", classes="screen-title")
        yield DealLog(id="deals", cursor_type="row", zebra_stripes=True)
        yield Static(t("table.no_deals"), id="deals-empty", classes="hint")
        with Horizontal(id="table-bottom"):
            with Vertical(id="table-totals"):
                yield Static(t("table.totals"), id="totals-title", classes="panel-title")
                yield StandingsTable(id="totals")
            with Vertical(id="table-chart"):
                yield Static(t("table.chart"), classes="panel-title")
                yield RunningChart(id="chart")
        yield KeysFooter(compact=True)

    def on_mount(self) -> None:
        self.query_one("#deals-empty").display = False
        self.load()

    @property
    def closing(self) -> bool:
        """Being taken down (its widgets go first): a read that arrives now shows nowhere."""
        return self.query_one_optional("#deals", DataTable) is None

    def ledger_changed(self) -> None:
        """Someone saved (here or on another device): read again, keeping the cursor."""
        if self.data is None:
            return
        if self.is_current:
            self._live_reload(self.app, self.service)
        else:
            self._stale = True

    @work(thread=True, exclusive=True, group="table-load", description="table-load")
    def _live_reload(self, app: App[object], service: Tally) -> None:
        """`reload_changes` with the app and service taken on the app's thread: the screen
        may be closed (no longer in the app) while this reads, or the app may stop."""
        try:
            if self.data is not None and service.table_stamp(self.table_id) == stamp(self.data):
                return  # this app's own save, shown already: no re-read of a long table
            data = self.fetch(service)
            app.call_from_thread(self.patch, data)
        except RuleError as exc:  # deleted on another device (only ever while it had no deal)
            app.call_from_thread(self.gone, exc)
        except RuntimeError:  # the app has stopped: nothing to show it on
            pass

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """A read again that ends unanswered (cancelled by the next, or failed) holds no keys."""
        if event.worker.group == "table-load" and event.state in UNANSWERED:
            self.rereading = False
            self.replay_keys()

    def on_screen_resume(self) -> None:
        if self._stale:
            self._stale = False
            self.reload_changes()

    # ---- loading ------------------------------------------------------------------------------

    def fetch(self, service: Tally | None = None) -> TableData:
        """Everything the screen shows, from the service (runs in a worker thread)."""
        service = service or self.service
        table = service.table(self.table_id)
        count, deals = service.recent_deals(self.table_id, LOG_WINDOW)  # what the log holds
        closed = any(n.closed for n in service.nights() if n.id == table.night_id)
        standings = service.standings(table_id=self.table_id)
        running = running_totals(table.seats, deals)
        hidden = (0, 0)
        if count > len(deals):  # a very long table: the totals go on from the deals before
            now = service.table_stamp(self.table_id)
            hidden = (now.deals - len(deals), now.revisions - sum(d.revision for d in deals))
            nets = {r.player: r.net for r in standings}
            for name in table.seats:
                shift = nets.get(name, 0) - (running[name][-1] if running[name] else 0)
                running[name] = [x + shift for x in running[name]]
        return TableData(table, deals, standings, closed, running,
                         service.scoreboard(self.table_id), hidden,
                         service.tournament_at_time(self.table_id))

    @work(thread=True, exclusive=True, group="table-load", description="table-load")
    def load(self) -> None:
        """Read the table and refill the log."""
        try:
            data = self.fetch()
        except RuleError as exc:  # deleted on another device meanwhile
            self.app.call_from_thread(self.gone, exc)
            return
        rows = deal_rows(data, self.show_totals)
        self.app.call_from_thread(self.show, data, rows)

    @work(thread=True, exclusive=True, group="table-load", description="table-load")
    def reload_changes(self) -> None:
        """Read the table again after a save and patch only the rows that changed."""
        try:
            data: TableData | RuleError = self.fetch()
        except RuleError as exc:  # deleted on another device meanwhile
            data = exc
        self.app.call_from_thread(self._reread, data)

    def _reread(self, data: TableData | RuleError) -> None:
        """The table read again after a save, shown (or gone); the keys waiting for it go on."""
        self.rereading = False
        if isinstance(data, RuleError):
            self.gone(data)
        else:
            self.patch(data)
        self.replay_keys()

    def _columns(self, data: TableData) -> None:
        """Fixed widths: a row appended later never has to widen a column (the DataTable
        keeps lines drawn at the old widths), and every seat stays on screen."""
        log = self.query_one("#deals", DataTable)
        if log.columns and self._columns_for == self.size.width:
            return
        log.clear(columns=True)
        self._columns_for = self.size.width
        seats = data.table.seats
        seat_widths = [max(cell_width(name), NET_WIDTH) for name in seats]  # cells: 佐藤 is 4
        room = self.size.width - (NUMBER_WIDTH + 2) - 3 - 2 - sum(w + 2 for w in seat_widths) - 2
        longest = max((cell_width(d.shown()) for d in data.deals), default=0)
        log.add_column("#", key="number", width=NUMBER_WIDTH)
        log.add_column("", key="mark", width=1)
        # no deal yet: the summaries to come get the room there is
        log.add_column(t("col.deal"), key="summary",
                       width=max(SUMMARY_MIN, min(longest + 4, room) if longest else room))
        for name, width in zip(seats, seat_widths, strict=True):
            log.add_column(Text(name, justify="right"), key=f"seat-{name}", width=width)

    def show(self, data: TableData, rows: list[Row]) -> None:
        """Show everything afresh (opening the table, switching nets and totals)."""
        if not self.is_mounted or self.closing:
            return
        keep = self._select if self._select is not None else self.selected_id()
        self._select = None
        self.data = data
        self._columns(data)
        ids = [d.id for d in data.deals]
        self._fill(rows, ids.index(keep) if keep in ids else len(rows) - 1)
        self._panels()

    @work(exclusive=True, group="table-fill", description="table-fill")
    async def _fill(self, rows: list[Row], cursor: int) -> None:
        """Add the rows in chunks: each chunk is measured by the DataTable on its own, and
        keys are handled in between, so thousands of deals never freeze the screen."""
        log = self.query_one("#deals", DataTable)
        log.clear()
        log.display = bool(rows)
        self.query_one("#deals-empty").display = not rows
        for start in range(0, len(rows), FILL_CHUNK):
            for key, cells in rows[start:start + FILL_CHUNK]:
                log.add_row(*cells, key=key)
            await asyncio.sleep(0)
        data = self.data  # a save appended its row before this began: the clear took it
        missing = [] if data is None else [i for i, d in enumerate(data.deals)
                                           if str(d.id) not in log.rows]
        if data is not None and missing:
            for key, cells in deal_rows(data, self.show_totals, missing):
                log.add_row(*cells, key=key)
            cursor = log.row_count - 1  # on the deal just saved, as the save put it
            log.display = True
            self.query_one("#deals-empty").display = False
        if log.row_count:
            log.move_cursor(row=cursor, animate=False, scroll=True)
        log.focus()
        self.update_bindings()
        self.replay_keys()  # keys that waited for the table (`keys_held`)

    def patch(self, data: TableData, *, appended: bool = False) -> None:
        """After a save: rewrite the rows whose deal changed, append new ones. `appended`:
        the deals shown are unchanged, new ones follow (no scan of a long table's log)."""
        if not self.is_mounted or self.data is None or self.closing:
            return
        old = self.data.deals
        self.data = data
        new = data.deals
        changed = [] if appended else [
            i for i, d in enumerate(new[:len(old)])
            if (d.id, d.revision, d.kind) != (old[i].id, old[i].revision, old[i].kind)]
        if self.show_totals and changed:  # every total after the first change moves
            changed = list(range(changed[0], len(old)))
        log = self.query_one("#deals", DealLog)
        keys = [str(c.value) for c in log.columns]
        for key, cells in deal_rows(data, self.show_totals, changed):
            for column, cell in zip(keys, cells, strict=True):
                log.update_cell(key, column, cell)
        for key, cells in deal_rows(data, self.show_totals, range(len(old), len(new))):
            if key in log.rows:  # shown already: a live re-read and a save crossed
                for column, cell in zip(keys, cells, strict=True):
                    log.update_cell(key, column, cell)
            else:
                log.append_row(*cells, key=key)
        log.display = bool(new)
        self.query_one("#deals-empty").display = not new
        # from the end: the deal saved is the last one (no walk over a long table)
        at = None if self._select is None else next(
            (i for i in range(len(new) - 1, -1, -1) if new[i].id == self._select), None)
        if at is not None:
            log.move_cursor(row=at, animate=False, scroll=True)
            self._toast(self._said, *self._announce(new[at], data.table))
        elif self._said:
            self._toast(self._said)
        self._select, self._said = None, ""
        self._panels()
        log.focus()
        self.update_bindings()

    def _announce(self, deal: DealView, table: TableView) -> list[str]:
        """What to say when the deal just saved ended a game (its stake moved) or the table."""
        out = []
        winner = deal.extra.get("game_winner")
        if deal.extra.get("game_over") and winner:
            name = "+".join(winner) if isinstance(winner, list) else str(winner)
            out.append(t("table.game_won", name=name))
        if table.status.get("finished"):
            out.append(t("table.finished_note"))
        return out

    def _toast(self, *lines: str) -> None:
        """One toast for what a save did, in place of the one before: deals saved fast never
        pile toasts up the screen over the chart's legend."""
        said = [line for line in lines if line]
        if said:
            self.app.clear_notifications()
            self.notify("\n".join(said),
                        timeout=TOAST_SECONDS + (3 if len(said) > 1 else 0))

    def _panels(self) -> None:
        assert self.data is not None
        self.title_line()
        totals = self.query_one("#totals", StandingsTable)
        board = self.data.scoreboard
        if board is None:
            totals.show(self.data.standings)
        else:  # played for a stack: chips now, rounds left, the final ranking at the end
            totals.show_chips(board.rows)
            self.query_one("#totals-title", Static).update(
                t("table.final_ranking") if board.finished
                else t("table.chips_left", left=board.rounds_left))
        self.query_one("#chart", RunningChart).show(self.data.running)

    def title_line(self) -> None:
        assert self.data is not None
        table = self.data.table
        preset = t(f"preset.{table.preset}", default=table.preset)
        parts = [t("table.title", n=table.number, game=game_title(table.game), preset=preset),
                 listed(table.seats),
                 plural("table.deal_count", table.deals)]
        line = ui_for(table.game).status_line
        extra = (line or status_text)(table.status)
        if table.status.get("finished") and line is None:
            extra = t("status.finished")
        if extra:
            parts.append(extra)
        parts += self.data.title_tail()
        self.query_one("#table-title", Static).update(" · ".join(parts))

    # ---- selection ------------------------------------------------------------------------------

    def selected(self) -> DealView | None:
        if self.data is None or not self.data.deals:
            return None
        # `query_one` on an id is cached (a `query` walks the screen, and the footer asks
        # this for every key it shows); no log: the screen is being removed
        log = self.query_one_optional("#deals", DataTable)
        if log is None:
            return None
        row = log.cursor_row
        return self.data.deals[row] if 0 <= row < len(self.data.deals) else None

    def selected_id(self) -> int | None:
        deal = self.selected()
        return deal.id if deal else None

    def on_data_table_row_highlighted(self, _: DataTable.RowHighlighted) -> None:
        self.update_bindings()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.data_table.id == "deals":
            self.action_history()

    @property
    def writable(self) -> bool:
        return self.data is not None and not self.data.night_closed

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        data, deal = self.data, self.selected()
        if action == "add_deal":
            return (self.writable and data is not None
                    and not data.table.status.get("finished")) or None
        if action == "correct_deal":
            return (self.writable and deal is not None) or None
        if action == "void_deal":
            return (self.writable and deal is not None and not deal.void) or None
        if action == "undo":
            return (self.writable and data is not None
                    and any(not d.void for d in data.deals)) or None
        if action == "history":
            return deal is not None or None
        if action == "toggle_totals":
            return data is not None or None
        return super().check_action(action, parameters)

    # ---- actions ----------------------------------------------------------------------------

    def _form(self, deal: DealView | None) -> None:
        """A new deal's form, or `deal`'s correction's, once what it needs is read (a worker)."""
        assert self.data is not None
        open_form(self, deal)

    def _correction_preview(self, deal_id: int, obj: dict[str, Any]) -> Preview:
        """What the corrected deal settles, and what it changes in the deals after it."""
        preview = self.service.preview_deal(self.table_id, obj, deal_id=deal_id)
        later = self.service.correction_effects(deal_id, obj)
        off_chain = [t(f"warn.{n.code}", **n.values)  # named starts are left as recorded
                     for n in self.service.chain_notices(deal_id, obj)]
        return replace(preview, extra={**preview.extra, "downstream": later,
                                       "off_chain": off_chain})

    def _appended(self, deal_id: int | None) -> None:
        """A new deal: its row is added from what the save's worker read back with it
        (`_add`), so the row shows in the first frame after the form closes."""
        if deal_id is not None and self.data is not None:
            read_id, read_on, fresh = self._read_back or (None, None, None)
            self._read_back = None
            if read_id != deal_id or read_on is not self.data or fresh is None:
                self._saved(deal_id)  # the table changed elsewhere as well: read it all
            else:
                self._said = self._note  # said by `patch`, with whatever else the deal did
                self._select = deal_id
                self.patch(fresh, appended=True)
                self.replay_keys()

    def _add(self, entry: DealEntry) -> int:
        """The save, in the form's worker; the deal is read back there too (`_appended`)."""
        self._note = ""  # (a save refused, its deal discarded: nothing of this one to say)
        data = self.data
        deal_id = self.service.add_deal(self.table_id, entry.outcome, self.tally.scorekeeper,
                                        expect_number=entry.number, form_key=entry.form_key)
        self._note = t("table.saved")
        self._read_back = (deal_id, data,
                           None if data is None else with_deal(self.service, data, deal_id))
        return deal_id

    def _correct(self, deal: DealView, entry: DealEntry) -> int:
        later = self.service.correct_deal(deal.id, entry.outcome, reason=entry.reason,
                                          author=self.tally.scorekeeper,
                                          expect_revision=entry.revision,
                                          form_key=entry.form_key)
        self._note = t("table.corrected", n=deal.number, later=later)
        return deal.id

    def _saved(self, deal_id: int | None) -> None:
        if deal_id is not None:
            self._said = self._note  # said by `patch` once the table is read again
            self._select = deal_id
            self.rereading = True  # keys typed on wait for the table as it is now
            self.reload_changes()

    def action_add_deal(self) -> None:
        if self.check_action("add_deal", ()):
            self._form(None)

    def action_correct_deal(self) -> None:
        deal = self.selected()
        if deal is not None and self.writable:
            self._form(deal)

    def action_void_deal(self) -> None:
        deal = self.selected()
        if deal is not None and not deal.void and self.writable:
            ask_void(self, deal)

    def action_undo(self) -> None:
        data = self.data
        if data is not None and self.check_action("undo", ()):
            ask_undo(self, next(d for d in reversed(data.deals) if not d.void))

    def action_history(self) -> None:
        deal = self.selected()
        if deal is not None:
            from .history import HistoryScreen

            self.app.push_screen(HistoryScreen(deal.id))

    _columns_for = 0  # the screen width the log's columns were fitted to

    def on_resize(self) -> None:
        """A wider or narrower window: fit the columns again (they were fixed when drawn)."""
        if self.data is not None and self._columns_for and \
                self._columns_for != self.size.width:
            self._select = self.selected_id()
            self.show(self.data, deal_rows(self.data, self.show_totals))

    def action_toggle_totals(self) -> None:
        if self.data is None:
            return
        self.show_totals = not self.show_totals
        self._select = self.selected_id()
        self.show(self.data, deal_rows(self.data, self.show_totals))
        self.notify(t("table.showing_totals" if self.show_totals else "table.showing_nets"))
