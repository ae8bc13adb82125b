"""Voiding a deal and undoing the last, from its table, off the app's thread.

A void: what it changes in the deals after it (a replay of them, in a worker thread: a long
table's replay never holds the screen), then the question with its reason; the void itself
is saved by the question (`PromptModal`, in a worker too). Keys typed after `v` wait for
the question (`TableScreen.reading`). An undo: asked, then written in a worker."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from ledger.service import Tally
from ledger.service.views import DealView
from ledger.text.effects import effect_lines

from ..app_view import TallyView
from ..format import minus_signs
from ..forms.prompt import ConfirmModal, Field, PromptModal
from ..i18n import t


class VoidsDeals(Protocol):
    table_id: int
    """What voiding needs of the table screen (`TableScreen`)."""

    reading: bool  # keys typed ahead wait while True
    _note: str  # what the last save did, said once the table is read again

    @property
    def service(self) -> Tally: ...

    @property
    def tally(self) -> TallyView: ...

    def _saved(self, deal_id: int | None) -> None: ...

    def replay_keys(self) -> None: ...

    def run_worker(self, work: Callable[[], None], *, thread: bool, exclusive: bool,
                   group: str) -> Any: ...


def ask_void(screen: VoidsDeals, deal: DealView) -> None:
    service, app = screen.service, screen.tally

    def void(values: Mapping[str, str]) -> int:
        later = service.void_deal(deal.id, values["reason"], app.scorekeeper,
                                  expect_revision=deal.revision)
        screen._note = t("table.voided", n=deal.number, later=later)
        return deal.id

    def ask(later: list[str]) -> None:
        screen.reading = False
        title = t("table.void_title", n=deal.number, summary=minus_signs(deal.shown()))
        if later:
            title = "\n".join((title, t("table.void_later"), *map(minus_signs, later)))
        app.push_screen(PromptModal(title, [Field("reason", t("field.reason"), "",
                                                  t("field.reason_hint"))],
                                    void, ok=t("button.void")), screen._saved)
        screen.replay_keys()

    def effects() -> None:
        table = service.table(screen.table_id)
        later = [*effect_lines(service.correction_effects(deal.id, None), table.game,
                               table.seats),
                 *(t(f"warn.{n.code}", **n.values)  # rounds started off the chain
                   for n in service.chain_notices(deal.id, None))]
        app.call_from_thread(ask, later)

    screen.reading = True
    screen.run_worker(effects, thread=True, exclusive=True, group="void")


def ask_undo(screen: VoidsDeals, last: DealView) -> None:
    """Undo the table's last deal (`last`), after asking; the write runs in a worker and
    keys typed after the answer wait for it."""
    service, app = screen.service, screen.tally

    def undone(deal_id: int | None) -> None:
        screen.reading = False
        if deal_id is not None:
            screen._note = t("table.undone", n=last.number)
            screen._saved(deal_id)
        screen.replay_keys()

    def undo() -> None:
        app.call_from_thread(undone, service.undo_last(screen.table_id, app.scorekeeper))

    def answered(yes: bool | None) -> None:
        if yes:
            screen.reading = True
            screen.run_worker(undo, thread=True, exclusive=True, group="undo")

    app.push_screen(ConfirmModal(t("table.undo_question", n=last.number,
                                   summary=last.shown())), answered)
