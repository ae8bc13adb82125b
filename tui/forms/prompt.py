"""Small dialogs: a few typed fields sent to one service call, and a yes/no question."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import ClassVar, Generic, TypeVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.suggester import Suggester
from textual.widgets import Button, Input, Label, Static

from ledger.service import MAX_TEXT, RuleError

from ..compat_textual import binding_table
from ..i18n import t
from ..screen_base import TallyModal
from ..widgets.footer import KeysFooter
from ..worker_submit import show_refusal, submit_in_worker

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Field:
    name: str
    label: str  # already translated
    value: str = ""
    placeholder: str = ""
    max_length: int = MAX_TEXT  # what the service stores at most (a name: fewer still)
    suggester: Suggester | None = None  # what to offer as one types (roster members)


class PromptModal(TallyModal[T | None], Generic[T]):
    """Fields → `submit(values)` (one service call, in a worker thread: the app keeps
    drawing while the store waits, and keys typed ahead wait for the answer). A RuleError is
    shown under the form and the dialog stays open (the keys typed after it are dropped);
    success dismisses with what `submit` returned. Enter moves to the next field, and saves
    in the last; with `enter_saves`, Enter saves as soon as every later field already holds a
    value (a currency that is already right)."""

    saving = False  # `submit` is on its way

    @property
    def keys_held(self) -> bool:
        return self.saving

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "submit", "key.ok"),
        Binding("escape", "cancel", "key.cancel"),
    ]

    def __init__(self, title: str, fields: Sequence[Field],
                 submit: Callable[[Mapping[str, str]], T], *, note: str = "",
                 ok: str = "", enter_saves: bool = False) -> None:
        super().__init__()
        self.title_text = title
        self.fields = list(fields)
        self.submit = submit
        self.note = note
        self.ok = ok or t("button.ok")
        self.enter_saves = enter_saves

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title")
            if self.note:
                yield Static(self.note, classes="dialog-note")
            for f in self.fields:
                yield Label(f.label)
                yield Input(f.value, placeholder=f.placeholder, id=f"field-{f.name}",
                            max_length=f.max_length, suggester=f.suggester)
            yield Static("", id="prompt-error", classes="error")
            with Horizontal(classes="dialog-buttons"):
                yield Button(self.ok, variant="primary", id="ok", compact=True)
                yield Button(t("button.cancel"), id="cancel", compact=True)
        yield KeysFooter(compact=True)

    def values(self) -> dict[str, str]:
        return {f.name: self.query_one(f"#field-{f.name}", Input).value for f in self.fields}

    def on_input_submitted(self, event: Input.Submitted) -> None:
        inputs = list(self.query(Input))
        at = inputs.index(event.input)
        later = inputs[at + 1:]
        if later and not (self.enter_saves and all(i.value.strip() for i in later)):
            later[0].focus()
        else:
            self.action_submit()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "ok":
            self.action_submit()
        else:
            self.action_cancel()

    def action_submit(self) -> None:
        if not self.saving:
            self.saving = True
            values = self.values()
            submit_in_worker(self, lambda: self.submit(values), self._answered, group="prompt")

    def _answered(self, answer: T | RuleError) -> None:
        self.saving = False
        if isinstance(answer, RuleError):
            # refused: the keys typed after it were meant for what follows
            show_refusal(self, self.query_one("#prompt-error", Static), answer)
            return
        self.dismiss(answer)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ConfirmModal(TallyModal[bool]):
    """A yes/no question: `y` says yes, `n` or Esc says no; Enter presses the focused button
    (No, focused first), Left/Right move between them. Each button says its key ("Discard
    y", "Keep editing n") and the footer names the keys by the buttons' words, so a question
    whose answers are not "Yes"/"No" still says which letter does what."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "key.yes"),
        Binding("n,escape", "answer(False)", "key.no"),
        Binding("left", "app.focus_previous", show=False),
        Binding("right", "app.focus_next", show=False),
    ]

    def __init__(self, question: str, *, yes: str = "", no: str = "") -> None:
        super().__init__()
        self.question = question
        self.yes = yes or t("button.yes")
        self.no = no or t("button.no")
        table = binding_table(self)
        for key, word in (("y", self.yes), ("n", self.no), ("escape", self.no)):
            table[key] = [replace(b, description=word) for b in table[key]]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, classes="dialog-title")
            with Horizontal(classes="dialog-buttons"):
                yield Button(Content.assemble(self.yes, "  y"), variant="warning", id="yes",
                             compact=True)
                yield Button(Content.assemble(self.no, "  n"), id="no", compact=True)
        yield KeysFooter(compact=True)

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
