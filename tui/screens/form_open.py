"""Opening a deal form from its table, off the app's thread.

A form needs the table's state: for a correction as it stood before the deal
(`status_before`: a fold of the deals before it), and the engine's form facts over that
state (`form_facts_source`: read once, then asked of the engine only, at every change).
Both are read in a thread worker and the form opens with the answer. Keys typed after
`a` or `c` wait for the form (`TableScreen.reading`)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, Protocol

from ledger.service import Tally
from ledger.service.views import DealView, Preview

from ..app_view import TallyView
from ..forms import ui_for
from ..forms.base import DealEntry, FormContext


class OpensForms(Protocol):
    """What opening a form needs of the table screen (`TableScreen`)."""

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

    def _add(self, entry: DealEntry) -> int: ...

    def _appended(self, deal_id: int | None) -> None: ...

    def _saved(self, deal_id: int | None) -> None: ...

    def replay_keys(self) -> None: ...

    def run_worker(self, work: Callable[[], None], *, thread: bool, exclusive: bool,
                   group: str) -> Any: ...


def open_form(screen: OpensForms, deal: DealView | None) -> None:
    """The form of a new deal (`deal` None) or of `deal`'s correction."""
    service, app, table_id = screen.service, screen.tally, screen.table_id
    deal_id = None if deal is None else deal.id

    def show(answer: tuple[Any, Callable[..., Any]]) -> None:
        before, facts = answer
        screen.reading = False
        data = screen.data
        if data is not None and screen.is_mounted:
            table = data.table
            if deal is None:
                ctx = FormContext(table, data.hidden[0] + len(data.deals) + 1,
                                  partial(service.preview_deal, table_id), screen._add,
                                  facts=facts)
            else:
                ctx = FormContext(table, deal.number,
                                  partial(screen._correction_preview, deal.id),
                                  partial(screen._correct, deal), deal, before, facts)
            app.push_screen(ui_for(table.game).form(ctx),
                            screen._appended if deal is None else screen._saved)
        screen.replay_keys()

    def failed(exc: BaseException) -> None:
        screen.reading = False
        raise exc  # (as it was raised when read on the app's thread)

    def read() -> None:
        try:
            before = None if deal_id is None else service.status_before(table_id, deal_id)
            answer = (before, service.form_facts_source(table_id, deal_id))
        except BaseException as exc:
            app.call_from_thread(failed, exc)
            return
        try:
            app.call_from_thread(show, answer)
        except RuntimeError:  # the app has stopped meanwhile
            pass

    screen.reading = True
    screen.run_worker(read, thread=True, exclusive=True, group="form-open")
