"""A night's settlement: the nets, who still pays whom, money at the night's rate, and why.

The plan in use (fewest transfers until payment starts; `d` switches to direct mode: each
table settled on its own). Once payment has started the plan is kept: a part payment changes
only its own line, the other mode is a proposal, and a deal corrected later shows as a
difference; `R` re-plans (in the mode shown), an explicit step. `r` sets the night's money
per chip, `p` marks the highlighted transfer paid (all of it or a part), `e` writes the
night's CSV files (standings, deals, transfers, settlement) to the exports folder. The
"why" of the highlighted transfer shows below: the table nets behind it. Everything comes
from the service (`settlement`, `set_rate`, `pay`, `replan`, `export`).
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable, Header, Static

from ledger.service import RuleError, Tally
from ledger.service.night_end import Mode, NightSettlement, SettleItem
from ledger.service.views import Notice
from ledger.text.i18n import formats
from ledger.text.i18n.errors import render_notice
from ledger.text.i18n.formats import signed
from ledger.text.stale_plan import stale_plan_text
from ledger.text.summaries import why_text

from ..format import MINUS, chips, night_label
from ..forms.prompt import Field, PromptModal
from ..i18n import listed, t
from ..widgets.fit import fit_columns
from ..widgets.footer import KeysFooter
from .base import TallyScreen
from .reads import ReadsOffThread


def money_text(amount: Decimal | None, currency: str | None) -> Text:
    if amount is None or currency is None:
        return Text("")
    text = formats.money_text(amount, currency)  # "-€8.50": the app's minus is U+2212
    return Text(MINUS + text[1:] if text.startswith("-") else text, justify="right")


KEYS_FIRST = 0.05  # seconds: how often a new list waiting for keys typed ahead looks again


def _line(item: SettleItem) -> tuple[str, str, int | None]:
    """A plan line's identity in the list: who pays whom (at which table)."""
    return item.payer, item.payee, item.table


class OpenAndPaid(Vertical):
    """The unpaid lines above the paid ones: the unpaid take the room the paid leave, never
    a fixed height hiding unpaid lines above blank rows; when both lists
    are long, the paid keep half. Shared again whenever the panel's height changes (the
    Why panel below grows with its text)."""

    def on_resize(self) -> None:
        self.share()

    def share(self) -> None:
        unpaid = self.query_one_optional("#open", DataTable)
        done = self.query_one_optional("#paid", DataTable)
        if unpaid is None or done is None:  # not composed yet, or the screen is closing
            return
        lists = (unpaid, done)
        titles = sum(w.outer_size.height for w in self.children
                     if w.display and w not in lists)
        room = self.content_size.height - titles
        paid = min(max(2, lists[1].row_count + 1), max(2, room // 2))
        lists[0].styles.max_height = max(3, room - paid)


class SettlementScreen(ReadsOffThread, TallyScreen[None]):
    HELP = "help.settlement"
    PALETTE = ("toggle_mode", "set_rate", "mark_paid", "replan", "export")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "mark_paid", "key.mark_paid"),
        Binding("d", "toggle_mode", "key.toggle_mode"),
        Binding("r", "set_rate", "key.set_rate"),
        Binding("e", "export", "key.export"),
        Binding("R", "replan", "key.replan"),
    ]

    def __init__(self, night_id: int) -> None:
        super().__init__()
        self.night_id = night_id
        self.mode: Mode | None = None  # None: the mode of the plan in use
        self.data: NightSettlement | None = None
        self._gone: set[tuple[str, str, int | None]] = set()  # paid whole, not yet redrawn
        self._stale = False  # the ledger changed while another screen covered this one
        self._latest: NightSettlement | None = None  # the last read, shown or waiting

    def rebuilt(self) -> SettlementScreen:
        fresh = SettlementScreen(self.night_id)
        fresh.mode = self.mode
        return fresh

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(t("loading"), id="settle-title", classes="screen-title")
        with Horizontal(id="settle-body"):
            with Vertical(id="settle-nets"):
                yield Static(t("settle.nets"), classes="panel-title")
                yield DataTable(id="nets", cursor_type="none", zebra_stripes=True)
            with OpenAndPaid(id="settle-open"):
                yield Static("", id="open-title", classes="panel-title")
                yield Static("", id="plan-note", classes="hint")
                yield DataTable(id="open", cursor_type="row", zebra_stripes=True)
                yield Static(t("settle.all_settled"), id="open-empty", classes="hint")
                yield Static(t("settle.paid"), classes="panel-title")
                yield DataTable(id="paid", cursor_type="none", zebra_stripes=True)
        yield Static(t("settle.why"), classes="panel-title")
        yield Static("", id="why")
        yield KeysFooter(compact=True)

    def on_mount(self) -> None:
        self.query_one("#open-empty").display = False
        self.query_one("#plan-note").display = False
        self.load()

    def ledger_changed(self) -> None:
        """Someone saved (a correction on another device, a payment marked there): read
        again, the cursor kept; a covered screen reads again when it is shown."""
        if self.data is None:
            return
        if self.is_current:
            self.load()
        else:
            self._stale = True

    def on_screen_resume(self) -> None:
        if self._stale:
            self._stale = False
            self.load()

    def load(self) -> None:
        """Read the settlement in a worker (the app and service taken here, on the app's
        thread: a live refresh may outlive the screen, or the app)."""
        self._read(self.app, self.service, self.mode)

    @work(thread=True, exclusive=True, group="settle-load", description="settle-load")
    def _read(self, app: App[object], service: Tally, mode: Mode | None) -> None:
        data = service.settlement(self.night_id, mode)
        night = service.night(self.night_id)
        waiting = tuple(service.night_verdict_notices(self.night_id))  # said above the plan
        try:
            app.call_from_thread(self.show, data, night_label(night.date, night.venue),
                                 waiting)
        except RuntimeError:  # the app has stopped meanwhile
            pass

    def show(self, data: NightSettlement, label: str, waiting: tuple[Notice, ...] = ()
             ) -> None:
        """Show what `load` read. Keys typed ahead act on the list they were typed at: while
        some still wait, the new list waits for them (`Down p` after marking a line paid is
        the line below it as drawn, not the one that moves up into its place)."""
        if not self.is_mounted:
            return
        self._latest = data
        self._show_after_keys(data, label, waiting)

    def _show_after_keys(self, data: NightSettlement, label: str,
                         waiting: tuple[Notice, ...] = ()) -> None:
        if data is not self._latest or not self.is_mounted:
            return  # overtaken by a newer read
        keys = getattr(self.app, "keys", None)
        if keys is not None and keys.busy:
            self.set_timer(KEYS_FIRST, lambda: self._show_after_keys(data, label, waiting))
            return
        keep = self._cursor_after(data)
        self.data = data
        self._gone.clear()
        rate = (t("settle.rate", rate=formats.rate_text(data.rate, data.currency),
                  currency=data.currency)
                if data.rate is not None and data.currency else t("settle.no_rate"))
        self.query_one("#settle-title", Static).update(
            t("settle.title", label=label) + " · " + rate)
        self.query_one("#open-title", Static).update(
            t("settle.open_fewest" if data.mode == "fewest" else "settle.open_direct"))
        self._fill_note(data, waiting)
        self._fill_nets(data)
        self._fill_open(data, keep)
        self._fill_paid(data)
        self.show_why()
        self.update_bindings()

    def _cursor_after(self, data: NightSettlement) -> int:
        """Where the cursor goes in `data`'s lines: on the line it is on, else (that line
        paid) on its neighbour below, else above."""
        if self.data is None or not self.data.open:
            return 0
        now = [_line(i) for i in data.open]
        row = self.query_one("#open", DataTable).cursor_row
        before = [_line(i) for i in self.data.open]
        for key in (*before[row:], *reversed(before[:row])):
            if key in now:
                return now.index(key)
        return 0

    def _fill_note(self, data: NightSettlement, waiting: tuple[Notice, ...] = ()) -> None:
        """Whether the lines are a proposal, or the nets moved under the kept plan; the
        deals the opponents have not confirmed, first."""
        note = self.query_one("#plan-note", Static)
        if data.proposal:
            kept = "direct" if data.mode == "fewest" else "fewest"
            text = t("settle.proposal", kept=t(f"settle.name_{kept}"))
        elif data.drift:
            text = drift_note(data)
        elif data.kept and data.open:
            text = t("settle.kept")
        else:
            text = ""
        text = "\n".join([*(render_notice(n, field=False) for n in waiting), text]).strip()
        note.update(text)
        note.display = bool(text)

    def _fill_nets(self, data: NightSettlement) -> None:
        nets = self.query_one("#nets", DataTable)
        nets.clear(columns=True)
        nets.add_column(t("col.player"), key="player")
        nets.add_column(Text(t("col.net"), justify="right"), key="net")
        if data.rate is not None:
            nets.add_column(Text(t("col.money"), justify="right"), key="money")
        rows: list[tuple[object, ...]] = []
        for name, net in sorted(data.nets.items(), key=lambda kv: (-kv[1], kv[0])):
            # what the player actually pays or receives: their transfers' money summed
            paid = (data.player_money or {}).get(name)
            money_cell = (money_text(paid, data.currency),) if data.rate else ()
            rows.append((name, chips(net, zero="0"), *money_cell))
        fit_columns(nets, rows)
        for row in rows:
            nets.add_row(*row, key=str(row[0]))

    def _fill_open(self, data: NightSettlement, keep: int) -> None:
        table = self.query_one("#open", DataTable)
        table.clear(columns=True)
        table.add_column(t("col.from"), key="from")
        table.add_column(t("col.to"), key="to")
        table.add_column(Text(t("col.chips"), justify="right"), key="chips")
        if data.rate is not None:
            table.add_column(Text(t("col.money"), justify="right"), key="money")
        if data.mode == "direct":
            table.add_column(t("col.table"), key="table")
        rows: list[list[object]] = []
        for item in data.open:
            owed = (str(item.amount) if item.amount == item.planned else
                    t("settle.still_owed", n=item.amount, of=item.planned))
            cells: list[object] = [item.payer, item.payee, Text(owed, justify="right")]
            if data.rate is not None:
                cells.append(money_text(item.money, data.currency))
            if data.mode == "direct":
                cells.append("" if item.table is None else str(item.table))
            rows.append(cells)
        fit_columns(table, rows)
        for cells in rows:
            table.add_row(*cells)
        table.display = bool(data.open)
        self.query_one("#open-empty").display = not data.open
        if data.open:
            table.move_cursor(row=min(max(keep, 0), len(data.open) - 1), animate=False)
            table.focus()

    def _fill_paid(self, data: NightSettlement) -> None:
        paid = self.query_one("#paid", DataTable)
        paid.clear(columns=True)
        paid.add_column(t("col.from"), key="from")
        paid.add_column(t("col.to"), key="to")
        paid.add_column(Text(t("col.chips"), justify="right"), key="chips")
        if data.rate is not None:  # what changed hands, as the open lines show it
            paid.add_column(Text(t("col.money"), justify="right"), key="money")
        paid.add_column(t("col.when"), key="when")
        rows = [(item.payer, item.payee, Text(str(item.amount), justify="right"),
                 *((money_text(item.money, data.currency),) if data.rate is not None else ()),
                 formats.time_text(item.at)) for item in data.paid]
        fit_columns(paid, rows)
        for row in rows:
            paid.add_row(*row)
        self.call_after_refresh(self.query_one(OpenAndPaid).share)

    # ---- the highlighted transfer ------------------------------------------------------------

    def selected(self) -> SettleItem | None:
        if self.data is None or not self.data.open:
            return None
        row = self.query_one("#open", DataTable).cursor_row
        return self.data.open[row] if 0 <= row < len(self.data.open) else None

    def show_why(self) -> None:
        item = self.selected()
        self.query_one("#why", Static).update(
            why_text(item.why) if item else Text(t("settle.why_none"), style="dim"))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.data_table.id == "open":
            self.show_why()
            self.update_bindings()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.data_table.id == "open":
            self.action_mark_paid()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "mark_paid":
            return (self.selected() is not None and self.data is not None
                    and not self.data.proposal) or None
        if action == "replan":  # shown once there is a kept plan to re-make
            return self.data is not None and (self.data.kept or self.data.proposal
                                              or bool(self.data.drift))
        if action in ("toggle_mode", "set_rate", "export"):
            return self.data is not None or None
        return super().check_action(action, parameters)

    # ---- actions ------------------------------------------------------------------------------

    def action_toggle_mode(self) -> None:
        shown = self.data.mode if self.data is not None else "fewest"
        self.mode = "direct" if shown == "fewest" else "fewest"
        self.notify(t("settle.mode_direct" if self.mode == "direct" else "settle.mode_fewest"))
        self.load()

    def action_set_rate(self) -> None:
        data = self.data
        if data is None:
            return

        def submit(values: Mapping[str, str]) -> bool:
            text = values["rate"].strip()
            self.service.set_rate(self.night_id, text or None,
                                  values["currency"].strip() or "EUR")
            return True

        rate = "" if data.rate is None else format(data.rate, "f")
        self.app.push_screen(PromptModal(
            t("settle.rate_title"),
            [Field("rate", t("field.rate"), rate, "0.05"),
             Field("currency", t("field.currency"), data.currency or "EUR", "EUR, JPY, …")],
            submit, note=t("settle.rate_note"), enter_saves=True), self._changed)

    def action_mark_paid(self) -> None:
        item = self.selected()
        if item is None or self.data is None or self.data.proposal:
            return  # a proposal is paid only once it is the plan (R)
        if _line(item) in self._gone:  # paid here a moment ago, the list not yet redrawn
            self.app.bell()
            self.notify(t("settle.line_gone", payer=item.payer, payee=item.payee),
                        severity="warning")
            return

        def submit(values: Mapping[str, str]) -> int:
            text = values["amount"].strip()
            if not text.isdigit():
                raise RuleError("amount", "words", text=t("settle.amount_not_number", text=text))
            if self.data is not None and _line(item) not in map(_line, self.data.open):
                # the list was redrawn under the dialog without its line (paid elsewhere)
                raise RuleError("to", "words", text=t("settle.line_gone", payer=item.payer,
                                        payee=item.payee))
            mode = self.data.mode if self.data is not None else None
            return self.service.pay(self.night_id, item.payer, item.payee, int(text), mode=mode)

        def paid(amount: int | None) -> None:
            if amount is not None:
                if amount == item.amount:
                    self._gone.add(_line(item))
                self.notify(t("settle.marked", payer=item.payer, payee=item.payee, n=amount))
                self._changed(True)

        self.app.push_screen(PromptModal(
            t("settle.pay_title", payer=item.payer, payee=item.payee, n=item.amount),
            [Field("amount", t("field.amount"), str(item.amount))], submit,
            ok=t("button.mark_paid")), paid)

    def action_replan(self) -> None:
        """Make the plan afresh from what is still owed, in the mode shown (explicit: a
        payment never re-plans by itself)."""
        if self.data is None:
            return
        service, mode = self.service, self.data.mode

        def replanned(fresh: NightSettlement) -> None:
            self.mode = None
            self.notify(t("settle.replanned", mode=t(f"settle.name_{fresh.mode}"),
                          n=len(fresh.open)))
            self.load()

        # (written in a worker: `ReadsOffThread`; keys typed ahead wait for it)
        self.off_thread(lambda: service.replan(self.night_id, mode), replanned, "replan")

    def _changed(self, done: bool | None) -> None:
        if done:
            self.load()

    def action_export(self) -> None:
        self.export()

    @work(thread=True, exclusive=True, group="export", description="export")
    def export(self) -> None:
        """Write the night's CSV files; the folder is the app's (./exports by default)."""
        folder: Path = self.tally.exports_dir
        paths = self.service.export(folder, self.night_id, "csv")
        names = ", ".join(p.name for p in paths)
        self.app.call_from_thread(self.notify, t("settle.exported", n=len(paths),
                                                  folder=str(folder), names=names))


def drift_note(data: NightSettlement) -> str:
    """Why the kept plan is out of date (the deals corrected since it was made) and how the
    nets moved under it: the settlement screen's note, and the question closing the night."""
    changes = listed(f"{name} {signed(change)}" for name, change in data.drift.items())
    if not data.changed_deals:
        return t("settle.drift", changes=changes)
    return (stale_plan_text("settle.stale", data.changed_deals, len(data.table_nets))
            + "\n" + t("settle.drift_since", changes=changes))
