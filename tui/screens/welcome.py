"""First run (no night recorded yet): start a club night, or look around the demo night."""

from __future__ import annotations

from typing import ClassVar, Literal

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.widgets import Header, Markdown, OptionList, Static
from textual.widgets.option_list import Option

from ..i18n import t
from ..widgets.footer import KeysFooter
from .base import TallyScreen

Choice = Literal["night", "demo"]


class WelcomeScreen(TallyScreen[Choice | None]):
    """Dismisses with "night", "demo", or None (go to the empty nights list)."""

    HELP = "help.welcome"
    PALETTE = ("start_night", "open_demo")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "start_night", "key.start_night"),
        Binding("d", "open_demo", "key.open_demo"),
        Binding("escape", "skip", "key.skip"),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        with Center():
            with Vertical(id="welcome"):
                yield Static(t("welcome.title"), id="welcome-title")
                yield Markdown(t("welcome.body"))
                yield OptionList(
                    Option(t("welcome.start_night"), id="night"),
                    Option(t("welcome.open_demo"), id="demo"),
                    id="welcome-choices",
                )
        yield KeysFooter(compact=True)

    def on_mount(self) -> None:
        self.query_one("#welcome-choices", OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)  # type: ignore[arg-type]

    def action_start_night(self) -> None:
        self.dismiss("night")

    def action_open_demo(self) -> None:
        self.dismiss("demo")

    def action_skip(self) -> None:
        self.dismiss(None)
