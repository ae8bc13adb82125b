"""Two devices, one deal: the questions a deal form asks when its save is not
simply recorded.

- `ConflictModal`: another device recorded the deal this form meant ("deal 7") first. It
  shows what that device recorded, the line the phone's page shows (`tui.format.deal_line`),
  and offers "that was this deal — discard mine" (`d`) or "a new deal — save as deal 8"
  (`n`); Esc goes back to the form, which then saves as deal 8 on ctrl+s.
- `SameDealModal`: the deal entered is the one the table recorded just before (a double
  save, or a second device that was not refused because it came later): save it again?

Both follow a save that did not go through, so the keys typed after it were dropped
(`tui.typeahead`); the toast saying so stays while they ask (`KEEPS_TOASTS`).
"""

from __future__ import annotations

from typing import ClassVar, Literal

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from ledger.service.views import DealView

from ..format import deal_line
from ..i18n import t
from ..screen_base import TallyModal
from ..widgets.footer import KeysFooter
from ..widgets.kinsoku import Wrapped
from .prompt import ConfirmModal

Choice = Literal["discard", "new"]


class ConflictModal(TallyModal[Choice | None]):
    """What the other device recorded as deal `theirs.number`, and the two ways on: discard
    this form's deal, or save it as deal `next_number`. Enter presses the focused button
    ("discard mine" first: two devices at one table most often entered the same deal, and
    discarding never doubles it); None (Esc) goes back to the form."""

    HELP = "help.deal_form"
    KEEPS_TOASTS = True
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "choose('discard')", "key.conflict_discard"),
        Binding("n", "choose('new')", "key.conflict_new"),
        Binding("escape", "choose(None)", "key.back"),
    ]

    def __init__(self, meant: int, theirs: DealView | None, next_number: int) -> None:
        super().__init__()
        self.meant = meant
        self.theirs = theirs
        self.next_number = next_number

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="conflict"):
            yield Static(t("conflict.other_device", n=self.meant), classes="dialog-title")
            if self.theirs is not None:
                yield Static(Wrapped(deal_line(self.theirs)), id="conflict-theirs")
            with Vertical(id="conflict-choices"):
                yield Button(t("conflict.discard_mine"), id="discard", compact=True)
                yield Button(t("conflict.save_as", n=self.next_number), id="new",
                             variant="primary", compact=True)
        yield KeysFooter(compact=True)

    def on_mount(self) -> None:
        self.query_one("#discard", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_choose(event.button.id)

    def action_choose(self, choice: str | None) -> None:
        self.dismiss("discard" if choice == "discard" else "new" if choice == "new" else None)


class SameDealModal(ConfirmModal):
    """"This is the same as deal 6, just recorded. Save it again?" — `y` saves, `n`, Esc or
    Enter (No is focused first) goes back to the form."""

    KEEPS_TOASTS = True

    def __init__(self, last: DealView) -> None:
        super().__init__(t("conflict.same_as", n=last.number), yes=t("conflict.save_again"),
                         no=t("button.cancel"))
        self.last = last

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="same-deal"):
            yield Static(self.question, classes="dialog-title")
            yield Static(Wrapped(deal_line(self.last)), id="same-deal-line")
            with Horizontal(classes="dialog-buttons"):
                yield Button(self.yes, variant="warning", id="yes", compact=True)
                yield Button(self.no, id="no", compact=True)
        yield KeysFooter(compact=True)
