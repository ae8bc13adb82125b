"""The key footer: rebuilt only when the keys it shows changed, and never a cut key.

Textual's footer recomposes (mounts a widget per key, styles and lays them out again) on
every bindings refresh, and a screen gets several at once: when a dialog closes, when focus
moves, when a row is highlighted. Most of them change nothing it shows.

Its keys do not shrink: at 80 columns the last ones ran under the command-palette key
docked at the right ("f1▏^p コ  ンド", a lone "f▏" or "▏▏" at the edge). Keys that do not
fit whole are left out, the last first (help, `f1`, stays while another can go): every key
shown is whole, with its label. The palette key is the first to make room.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from textual.widget import Widget
from textual.widgets import Footer

from ..compat_textual import FooterKey, FooterLabel, KeyGroup, bindings_ready, is_pruning

HELP_KEY = "f1"


def key_width(key: FooterKey) -> int:
    """Cells a compact key takes: its key, a space and its label (no label in a group)."""
    return cell_len(key.key_display) + (1 + cell_len(key.description) if key.description
                                        else 0)


def unit_width(widgets: list[Widget], first: bool) -> int:
    """Cells of one footer item (a key, or a group's keys and its label), with the bar
    before it unless it comes first (app.tcss)."""
    bar = 0 if first else 1
    total = bar
    for widget in widgets:
        if isinstance(widget, KeyGroup):
            keys = [k for k in widget.children if isinstance(k, FooterKey)]
            total += sum(key_width(k) for k in keys) + len(keys)  # a space after each
        elif isinstance(widget, FooterKey):
            total += key_width(widget)
        elif isinstance(widget, FooterLabel):
            total += cell_len(str(widget.render()))
    return total


def fitting(units: list[list[Widget]], room: int) -> set[int]:
    """Indexes of the units shown in `room` cells: all when they fit, else the last ones
    left out first (the help key's unit last of all)."""
    shown = list(range(len(units)))

    def width() -> int:
        return sum(unit_width(units[i], n == 0) for n, i in enumerate(shown))

    while shown and width() > room:
        helps = [i for i in shown if any(isinstance(w, FooterKey) and w.key == HELP_KEY
                                          for w in units[i])]
        others = [i for i in shown if i not in helps]
        shown.remove(others[-1] if others else shown[-1])
    return set(shown)


class KeysFooter(Footer):
    """A `Footer` that skips a recompose when its keys, labels and states are the same,
    and shows only the keys that fit whole."""

    _shown: Any = None

    def _keys(self) -> Any:
        """Everything `Footer.compose` reads."""
        if not bindings_ready(self):
            return None
        return (self.show_command_palette, self.app.ENABLE_COMMAND_PALETTE,
                tuple((b.binding, b.enabled, b.tooltip)
                      for b in self.screen.active_bindings.values()))

    async def recompose(self) -> None:
        if not self.is_attached or is_pruning(self):  # as Widget.recompose: a screen going
            return  # away must not be asked its bindings (its widgets may be gone)
        keys = self._keys()
        if keys is None or keys != self._shown:
            self._shown = keys
            await super().recompose()
        self.fit()

    def on_resize(self) -> None:
        self.fit()

    def fit(self) -> None:
        """Hide the keys that would not be whole at this width. The palette key gives its
        room first: where the screen's keys do not all fit beside it, it goes (`ctrl+p`
        still opens the palette, the help says so) and more of them are shown (at 80
        columns the settlement's `e Export CSV` and `R Re-plan`, the night's `d Delete`)."""
        width = self.size.width or self.app.size.width
        palette = [w for w in self.children if w.has_class("-command-palette")]
        rest = [w for w in self.children if not w.has_class("-command-palette")]
        units: list[list[Widget]] = []
        for widget in rest:
            if isinstance(widget, FooterLabel) and units:
                units[-1].append(widget)  # a group's label goes with its keys
            else:
                units.append([widget])
        beside = fitting(units, width - sum(unit_width([p], False) for p in palette))
        alone = fitting(units, width) if palette and len(beside) < len(units) else beside
        for widget in palette:
            widget.display = len(alone) == len(beside)
        for i, unit in enumerate(units):
            for widget in unit:
                widget.display = i in alone
