"""Opening a correction's form from its table, off the app's thread (issue 23 item 4).

The form needs the table's state before the deal (`status_before`: a fold of the deals
before it); it is read in a thread worker and the form opens with its answer. Keys typed
after the correction's key wait for the form (`TableScreen.reading`)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, Protocol

from ledger.service import Tally
from ledger.service.views import DealView, Preview

from ..app_view import TallyView
from ..forms import ui_for
from ..forms.base import DealEntry, FormContext


class CorrectsDeals(Protocol):
    """What opening a correction needs of the table screen (`TableScreen`)."""

    table_id: int
    data: Any  # the table as read (`TableData`), None while it is read
    reading: bool  # keys typed ahead wait while True
    is_mounted: bool

    @property
    def service(self) -> Tally: ...

    @property
    def tally(self) -> TallyView: ...

    def _correction_preview(self, deal_id: int, obj: dict[str, Any]) -> Preview: ...

    def _correct(self, deal: DealView, entry: DealEntry) -> int: ...

    def _saved(self, deal_id: int | None) -> None: ...

    def replay_keys(self) -> None: ...

    def run_worker(self, work: Callable[[], None], *, thread: bool, exclusive: bool,
                   group: str) -> Any: ...


def open_correction(screen: CorrectsDeals, deal: DealView) -> None:
    service, app, table_id = screen.service, screen.tally, screen.table_id

    def show(before: Any) -> None:
        screen.reading = False
        if screen.data is not None and screen.is_mounted:
            table = screen.data.table
            ctx = FormContext(table, deal.number,
                              partial(screen._correction_preview, deal.id),
                              partial(screen._correct, deal), deal, before,
                              partial(service.form_facts, table_id, deal_id=deal.id))
            app.push_screen(ui_for(table.game).form(ctx), screen._saved)
        screen.replay_keys()

    def failed(exc: BaseException) -> None:
        screen.reading = False
        raise exc  # (as it was raised when read on the app's thread)

    def read() -> None:
        try:
            before = service.status_before(table_id, deal.id)
        except BaseException as exc:
            app.call_from_thread(failed, exc)
            return
        try:
            app.call_from_thread(show, before)
        except RuntimeError:  # the app has stopped meanwhile
            pass

    screen.reading = True
    screen.run_worker(read, thread=True, exclusive=True, group="correct-open")
