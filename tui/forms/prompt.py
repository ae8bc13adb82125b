"""Small dialogs: a few typed fields sent to one service call, and a yes/no question."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar, Generic, TypeVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Footer, Input, Label, Static

from ledger.service import MAX_TEXT, RuleError
from ledger.text.i18n.errors import render_error

from ..i18n import t
from ..screen_base import TallyModal

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Field:
    name: str
    label: str  # already translated
    value: str = ""
    placeholder: str = ""
    max_length: int = MAX_TEXT  # what the service stores at most (a name: fewer still)


class PromptModal(TallyModal[T | None], Generic[T]):
    """Fields → `submit(values)` (one service call). A RuleError is shown under the form and
    the dialog stays open; success dismisses with what `submit` returned."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "submit", "key.ok"),
        Binding("escape", "cancel", "key.cancel"),
    ]

    def __init__(self, title: str, fields: Sequence[Field],
                 submit: Callable[[Mapping[str, str]], T], *, note: str = "",
                 ok: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.fields = list(fields)
        self.submit = submit
        self.note = note
        self.ok = ok or t("button.ok")

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title")
            if self.note:
                yield Static(self.note, classes="dialog-note")
            for f in self.fields:
                yield Label(f.label)
                yield Input(f.value, placeholder=f.placeholder, id=f"field-{f.name}",
                            max_length=f.max_length)
            yield Static("", id="prompt-error", classes="error")
            with Horizontal(classes="dialog-buttons"):
                yield Button(self.ok, variant="primary", id="ok", compact=True)
                yield Button(t("button.cancel"), id="cancel", compact=True)
        yield Footer(compact=True)

    def values(self) -> dict[str, str]:
        return {f.name: self.query_one(f"#field-{f.name}", Input).value for f in self.fields}

    def on_input_submitted(self, event: Input.Submitted) -> None:
        inputs = list(self.query(Input))
        at = inputs.index(event.input)
        if at + 1 < len(inputs):
            inputs[at + 1].focus()
        else:
            self.action_submit()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "ok":
            self.action_submit()
        else:
            self.action_cancel()

    def action_submit(self) -> None:
        try:
            result = self.submit(self.values())
        except RuleError as exc:
            self.query_one("#prompt-error", Static).update(render_error(exc))
            return
        self.dismiss(result)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ConfirmModal(TallyModal[bool]):
    """A yes/no question: `y` says yes, `n` or Esc says no (Enter presses No, focused first)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "key.yes"),
        Binding("n,escape", "answer(False)", "key.no"),
    ]

    def __init__(self, question: str, *, yes: str = "", no: str = "") -> None:
        super().__init__()
        self.question = question
        self.yes = yes or t("button.yes")
        self.no = no or t("button.no")

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, classes="dialog-title")
            with Horizontal(classes="dialog-buttons"):
                yield Button(self.yes, variant="warning", id="yes", compact=True)
                yield Button(self.no, id="no", compact=True)
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
