"""Numbers for a few named slots, typed digit by digit: card points, tricks, at-close counts.

One focusable widget per row: digits go into the slot under the cursor, Enter or space moves
to the next slot and, from the last one, on to the next field. Given a `total` that the slots
must make (7 tricks, 130 card points), the last slot is not typed: it shows what the others
leave, so the scorer types one number fewer. That is the form's convenience, not a rule: the
engine still checks the sum.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.reactive import reactive

from ..keys import localize
from .typed_over import TypedOver


class NumbersField(TypedOver, can_focus=True):
    """`values` by name; `None` for a slot not typed yet. A filled slot the cursor comes to
    (with the focus, or moving along the row) is typed over by its first digit."""


    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(d), f"digit({d})", "key.number", show=d == 0, key_display="0–9",
                  group=Binding.Group("key.number", compact=True)) for d in range(10)),
        Binding("enter", "next(True)", "key.next_slot"),
        Binding("space", "next", "key.next_slot", show=False),
        Binding("backspace", "erase", "key.erase"),
        Binding("tab", "tab(1)", "key.next_slot", show=False),
        Binding("shift+tab", "tab(-1)", "key.previous_slot", show=False),
        Binding("right", "move(1)", "key.next_slot", show=False),
        Binding("left", "move(-1)", "key.previous_slot", show=False),
    ]

    digits: reactive[tuple[str, ...]] = reactive(tuple)
    at: reactive[int] = reactive(0)

    class Changed(Message):
        """A number changed; `advance` when the last slot is done (move to the next field)."""

        def __init__(self, field: NumbersField, advance: bool = False,
                     submit: bool = False) -> None:
            super().__init__()
            self.field = field
            self.advance = advance
            self.submit = submit  # Enter on the last slot: save if nothing follows

        @property
        def control(self) -> NumbersField:
            return self.field

    def __init__(self, names: Sequence[str], *, labels: Sequence[str] | None = None,
                 id: str | None = None, max_digits: int = 3, total: int | None = None,
                 auto_next: bool = False) -> None:
        super().__init__(id=id)
        localize(self)
        self.names = tuple(names)
        self.labels = tuple(labels or names)
        self.max_digits = max_digits
        self.total = total
        self.auto_next = auto_next  # one digit per slot: move on by itself
        self.set_reactive(NumbersField.digits, ("",) * len(self.names))
        self.touched = False

    # ---- values ---------------------------------------------------------------------------

    @property
    def typed_slots(self) -> int:
        """Slots the scorer types (all but the last when the total fills it)."""
        return len(self.names) - (1 if self.total is not None and len(self.names) > 1 else 0)

    def auto(self) -> int | None:
        """What the last slot shows when the others are typed (None: not yet, or too much)."""
        if self.typed_slots == len(self.names):
            return None
        typed = self.digits[:self.typed_slots]
        if not all(typed):
            return None
        left = (self.total or 0) - sum(int(d) for d in typed)
        return left if left >= 0 else None

    @property
    def values(self) -> dict[str, int]:
        """The numbers typed so far (and the filled last slot), by name."""
        out = {n: int(d) for n, d in zip(self.names, self.digits, strict=True) if d}
        auto = self.auto()
        if auto is not None:
            out[self.names[-1]] = auto
        return out

    @property
    def complete(self) -> bool:
        return len(self.values) == len(self.names)

    def set_values(self, values: Mapping[str, int]) -> None:
        """Fill from a stored deal (a correction)."""
        self.digits = tuple(str(values[n]) if n in values and i < self.typed_slots else ""
                            for i, n in enumerate(self.names))
        self.at = 0
        self.touched = self.touched or bool(values)

    def set_names(self, names: Sequence[str], labels: Sequence[str] | None = None) -> None:
        """Other slots (e.g. the in-players changed): what was typed goes."""
        if tuple(names) == self.names and tuple(labels or names) == self.labels:
            return
        self.names = tuple(names)
        self.labels = tuple(labels or names)
        self.digits = ("",) * len(self.names)
        self.at = 0

    def clear(self) -> None:
        self.digits = ("",) * len(self.names)
        self.at = 0

    # ---- drawing --------------------------------------------------------------------------

    def render(self) -> Text:
        out = Text()
        auto = self.auto()
        for i, label in enumerate(self.labels):
            if i:
                out.append("   ")
            out.append(f"{label} ", style="bold")
            if i >= self.typed_slots:
                out.append(f"({auto if auto is not None else '…'})", style="dim")
                continue
            here = self.has_focus and i == self.at
            text = self.digits[i] or "_"
            width = max(self.max_digits, 1)
            style = "reverse bold" if here else ("bold" if self.digits[i] else "dim")
            out.append(f" {text:>{width}} ", style=style)
        return out

    # ---- keys -----------------------------------------------------------------------------

    def _changed(self, advance: bool = False, submit: bool = False) -> None:
        self.touched = True
        self.post_message(self.Changed(self, advance, submit))

    def _set(self, index: int, text: str) -> None:
        digits = list(self.digits)
        digits[index] = text
        self.digits = tuple(digits)

    def action_digit(self, d: int) -> None:
        if not self.typed_slots:
            self.app.bell()
            return
        current = "" if self.fresh else self.digits[self.at]
        self.fresh = False
        if len(current) >= self.max_digits:
            self.app.bell()
            return
        self._set(self.at, (current + str(d)).lstrip("0") or "0")
        if self.auto_next:
            self._next(changed=True)
        else:
            self._changed()

    def action_next(self, submit: bool = False) -> None:
        """The next slot; from the last typed one, on to the next field (Enter: or save,
        when no field follows)."""
        self._next(submit=submit)

    def _next(self, changed: bool = False, submit: bool = False) -> None:
        if self.at + 1 < self.typed_slots:
            self.at += 1
            self.fresh = True
            if changed:
                self._changed()
            return
        self._changed(advance=True, submit=submit)

    def action_tab(self, step: int) -> None:
        """Tab goes through the slots in the order shown, then on to the next field (the
        second player's points came after the Tricks row once)."""
        at = self.at + step
        if 0 <= at < self.typed_slots:
            self.at = at
            self.fresh = True
        elif step > 0:
            self.screen.focus_next()
        else:
            self.screen.focus_previous()

    def action_move(self, step: int) -> None:
        self.at = max(0, min(self.typed_slots - 1, self.at + step))
        self.fresh = True

    def action_erase(self) -> None:
        self.fresh = False
        if not self.typed_slots:
            return
        if not self.digits[self.at] and self.at > 0:
            self.at -= 1
        self._set(self.at, self.digits[self.at][:-1])
        self._changed()

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
