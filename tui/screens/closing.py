"""Closing a night from the app: asked as the CLI refuses — naming what is still unpaid."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import App

from ledger.service import Tally
from ledger.service.night_end import NightSettlement
from ledger.service.views import NightView

from ..format import date_text
from ..forms.prompt import ConfirmModal
from ..i18n import plural, t
from .settlement import drift_note, money_text


def close_night(app: App[object], service: Tally, night: NightView,
                done: Callable[[], None]) -> None:
    """Ask, then close `night`. With transfers unpaid the question names them, and only a
    yes closes it anyway (No is focused: Enter keeps it open). The settlement is read,
    and the night closed, in thread workers (the app's thread never waits on the store)."""

    def read() -> None:
        settlement = service.settlement(night.id)
        try:
            app.call_from_thread(ask, settlement)
        except RuntimeError:  # the app has stopped meanwhile
            pass

    def ask(settlement: NightSettlement) -> None:
        _ask_close(app, service, night, settlement, done)

    app.run_worker(read, thread=True, exclusive=True, group="close-night")


def _ask_close(app: App[object], service: Tally, night: NightView,
               settlement: NightSettlement, done: Callable[[], None]) -> None:
    unpaid = settlement.open
    question = t("night.close_question", date=night.date)
    if unpaid:
        # money as the settlement screen writes it (€9.50, ￥1,200)
        lines = [t("night.unpaid_item", payer=x.payer, payee=x.payee, chips=x.amount)
                 + (f" ({money_text(x.money, settlement.currency).plain})"
                    if x.money is not None else "")
                 for x in unpaid]
        question = "\n".join((plural("night.close_unpaid", len(unpaid),
                                     date=date_text(night.date)),
                              *lines))
    if settlement.drift:  # the plan is out of date: said as the settlement screen says it
        question += "\n\n" + drift_note(settlement)
    yes = t("button.close_anyway") if unpaid or settlement.drift else ""

    def closed() -> None:
        app.notify(t("night.closed_note", date=night.date))
        done()

    def close() -> None:
        service.close_night_settled(night.id, force=True)
        try:
            app.call_from_thread(closed)
        except RuntimeError:  # the app has stopped meanwhile
            pass

    def answered(yes: bool | None) -> None:
        if yes:
            app.run_worker(close, thread=True, exclusive=True, group="close-night")

    app.push_screen(ConfirmModal(question, yes=yes), answered)
