"""Key bindings whose descriptions are i18n keys, translated when a screen or widget is built.

`BINDINGS` are class attributes, read at import time, before the language is chosen; each
node therefore declares `Binding("n", "new_night", "key.new_night")` and calls `localize(self)`
in `__init__`, which swaps every description (and binding-group label) for its text.
"""

from __future__ import annotations

from dataclasses import replace

from textual.binding import Binding
from textual.dom import DOMNode

from .compat_textual import binding_table
from .i18n import t

PREFIX = "key."


def _text(value: str) -> str:
    # Only our own keys: Textual's inherited bindings come described in English already.
    return t(value) if value.startswith(PREFIX) else value


def localized(binding: Binding) -> Binding:
    """The binding with its description, tooltip and group label translated."""
    group = binding.group
    if group is not None and group.description:
        group = replace(group, description=_text(group.description))
    return replace(binding, description=_text(binding.description),
                   tooltip=_text(binding.tooltip), group=group)


def localize(node: DOMNode) -> None:
    """Translate the bindings of one node (its own copy: the class keeps the keys)."""
    table = binding_table(node)
    for key, bindings in table.items():
        table[key] = [localized(b) for b in bindings]


def digit_bindings(action: str, group: str, count: int = 12) -> list[Binding]:
    """Keys 1–9, 0, -, = calling `action(i)` for positions 1…count (seats by number)."""
    keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "minus", "equals_sign"]
    shown = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "-", "="]
    grouped = Binding.Group(group, compact=True)
    return [Binding(k, f"{action}({i})", group, key_display=d, group=grouped)
            for i, (k, d) in enumerate(zip(keys[:count], shown[:count], strict=True), start=1)]


SEAT_KEYS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "-", "=")
