"""The key footer, rebuilt only when the keys it shows changed.

Textual's footer recomposes (mounts a widget per key, styles and lays them out again) on
every bindings refresh, and a screen gets several at once: when a dialog closes, when focus
moves, when a row is highlighted. Most of them change nothing it shows.
"""

from __future__ import annotations

from typing import Any

from textual.widgets import Footer

from ..compat_textual import bindings_ready, is_pruning


class KeysFooter(Footer):
    """A `Footer` that skips a recompose when its keys, labels and states are the same."""

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
