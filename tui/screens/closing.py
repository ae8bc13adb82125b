"""Closing a night from the app: asked as the CLI refuses — naming what is still unpaid."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import App

from ledger.service import Tally
from ledger.service.views import NightView

from ..format import date_text
from ..forms.prompt import ConfirmModal
from ..i18n import plural, t
from .settlement import money_text


def close_night(app: App[object], service: Tally, night: NightView,
                done: Callable[[], None]) -> None:
    """Ask, then close `night`. With transfers unpaid the question names them, and only a
    yes closes it anyway (No is focused: Enter keeps it open)."""
    settlement = service.settlement(night.id)
    unpaid = settlement.open
    question = t("night.close_question", date=night.date)
    yes = ""
    if unpaid:
        # money as the settlement screen writes it (€9.50, ￥1,200)
        lines = [t("night.unpaid_item", payer=x.payer, payee=x.payee, chips=x.amount)
                 + (f" ({money_text(x.money, settlement.currency).plain})"
                    if x.money is not None else "")
                 for x in unpaid]
        question = "\n".join((plural("night.close_unpaid", len(unpaid),
                                     date=date_text(night.date)),
                              *lines))
        yes = t("button.close_anyway")

    def answered(close: bool | None) -> None:
        if close:
            service.close_night_settled(night.id, force=True)
            app.notify(t("night.closed_note", date=night.date))
            done()

    app.push_screen(ConfirmModal(question, yes=yes), answered)
