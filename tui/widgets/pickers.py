"""Fast-entry fields for deal forms: a choice picked by one key, and typed points.

Each field is one focusable widget with its own key bindings (shown in the footer while it
has focus) and posts a `Changed` message up to its form; the form decides what follows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, NamedTuple

from rich.cells import cell_len
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ..i18n import t
from ..keys import SEAT_KEYS, digit_bindings, localize
from .typed_over import TypedOver


class Choice(NamedTuple):
    value: str
    key: str  # as shown: "S", "1"
    label: str


class Picker(Widget, can_focus=True):
    """A row of choices; the one chosen is highlighted. `value` is None until picked."""


    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right", "cycle(1)", "key.next_choice", show=False),
        Binding("left", "cycle(-1)", "key.previous_choice", show=False),
    ]

    value: reactive[str | None] = reactive(None)

    class Changed(Message):
        """The picked value changed (by a key, or cleared)."""

        def __init__(self, picker: Picker, value: str | None, advance: bool = True) -> None:
            super().__init__()
            self.picker = picker
            self.value = value
            self.advance = advance  # a pick by its key moves on; arrows stay to browse

        @property
        def control(self) -> Picker:
            return self.picker

    def __init__(self, choices: Sequence[Choice], *, id: str | None = None,
                 allow_none: bool = False, none_hint: str | None = None) -> None:
        super().__init__(id=id)
        localize(self)
        self.choices = list(choices)
        self.allow_none = allow_none
        self.none_hint = none_hint  # what N means here ("N no one", "N drawn")
        self.touched = False
        self.locked = False

    def render(self) -> Text:
        out = Text()
        room = self.content_size.width  # 0 before the first layout: one line then
        used = 0

        def fit(size: int) -> None:
            """A choice goes whole to the next line rather than wrapping inside it
            (`4` / `Dan`, `A` / `アローン`); sizes are display widths."""
            nonlocal used
            if room and used and used + size > room:
                out.append("\n")
                used = 0
            used += size

        for choice in self.choices:
            chosen = choice.value == self.value
            style = "bold reverse" if chosen else ("dim" if self.locked else "")
            fit(cell_len(f"{choice.key} {choice.label}"))
            out.append(choice.key, style="bold" if not self.locked else "dim")
            out.append(f" {choice.label} ", style=style)
            out.append(" ")  # spaces at the end of a line are dropped by the wrapping
            used += 2
        if self.allow_none:
            hint = self.none_hint or t("picker.none_hint")
            fit(cell_len(hint))
            out.append(hint, style="dim")
        return out

    def set_value(self, value: str | None, *, touched: bool = True) -> None:
        """Set without a key press (a correction loading, a rule of the form)."""
        self.value = value
        self.touched = self.touched or touched

    def choose(self, value: str | None, *, advance: bool = True) -> None:
        if self.locked:
            self.app.bell()
            return
        self.value = value
        self.touched = True
        self.post_message(self.Changed(self, value, advance))

    def action_pick(self, value: str) -> None:
        if any(c.value == value for c in self.choices):
            self.choose(value)

    def action_pick_index(self, index: int) -> None:
        if 1 <= index <= len(self.choices):
            self.choose(self.choices[index - 1].value)

    def action_clear(self) -> None:
        self.choose(None)

    def action_cycle(self, step: int) -> None:
        values = [c.value for c in self.choices]
        at = values.index(self.value) if self.value in values else -1 if step > 0 else 0
        self.choose(values[(at + step) % len(values)], advance=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pick_index":
            return bool(parameters) and int(parameters[0]) <= len(self.choices)  # type: ignore[call-overload]
        if action == "clear":
            return self.allow_none
        return True


class SeatPicker(Picker):
    """A player at the table, by seat number: 1–9, then 0, -, = for seats 10–12."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *digit_bindings("pick_index", "key.seat"),
        Binding("n,delete,backspace", "clear", "key.no_one"),
    ]

    def __init__(self, seats: Sequence[str], *, id: str | None = None,
                 allow_none: bool = False, none_hint: str | None = None,
                 labels: Sequence[str] | None = None) -> None:
        shown = labels or seats
        super().__init__([Choice(name, SEAT_KEYS[i], shown[i]) for i, name in enumerate(seats)],
                         id=id, allow_none=allow_none, none_hint=none_hint)


class PointsField(TypedOver, can_focus=True):
    """Card points typed digit by digit; `g` switches between the team's and the Gang's pile.
    Come back to (or opened on a correction's stored points), it is typed over."""


    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(d), f"digit({d})", "key.points", show=d == 0, key_display="0–9",
                  group=Binding.Group("key.points", compact=True)) for d in range(10)),
        Binding("backspace", "erase", "key.erase", show=False),
        Binding("g", "toggle_pile", "key.toggle_pile"),
    ]

    digits: reactive[str] = reactive("")
    pile: reactive[str] = reactive("team")  # "team" or "gang": which pile was counted

    class Changed(Message):
        def __init__(self, field: PointsField) -> None:
            super().__init__()
            self.field = field

        @property
        def control(self) -> PointsField:
            return self.field

    def __init__(self, *, id: str | None = None, max_digits: int = 3) -> None:
        super().__init__(id=id)
        localize(self)
        self.max_digits = max_digits
        self.touched = False

    @property
    def value(self) -> int | None:
        return int(self.digits) if self.digits else None

    def set_value(self, value: int | None, pile: str = "team") -> None:
        self.digits = "" if value is None else str(value)
        self.pile = pile
        self.touched = True

    def render(self) -> Text:
        out = Text()
        out.append(f" {self.digits or '_':>3} ", style="bold reverse" if self.digits else "dim")
        out.append("  ")
        out.append(t(f"points.pile.{self.pile}"), style="bold")
        return out

    def _changed(self) -> None:
        self.touched = True
        self.post_message(self.Changed(self))

    def action_digit(self, d: int) -> None:
        kept = "" if self.fresh else self.digits
        self.fresh = False
        if len(kept) >= self.max_digits:
            self.app.bell()
            return
        self.digits = (kept + str(d)).lstrip("0") or "0"
        self._changed()

    def action_erase(self) -> None:
        self.fresh = False
        self.digits = self.digits[:-1]
        self._changed()

    def action_toggle_pile(self) -> None:
        self.pile = "gang" if self.pile == "team" else "team"
        self._changed()
