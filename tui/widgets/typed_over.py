"""A number field the scorekeeper comes back to is typed over, as a spreadsheet cell is.

A correction opens with the stored deal's numbers in place; typing `60` into card points
that show 91 must give 60, not 916 (refused as above 120 only by luck: 9 then 5 would have
made 95). So the first digit typed after the focus (or, in a row of slots, the cursor)
comes to a filled place replaces what is there; the digits after it add to it as usual.
The focus is followed through the screen's `focused` attribute, which changes at once when a
form moves it (`Screen.set_focus`), so a key typed ahead never sees a stale state.
"""

from __future__ import annotations

from textual.widget import Widget


class TypedOver(Widget):
    """Mixed into a field: `fresh` is True from when it gets the focus until a key edits it."""

    fresh = False

    def on_mount(self) -> None:
        self.watch(self.screen, "focused", self._focus_moved, init=False)

    def _focus_moved(self, focused: Widget | None) -> None:
        self.fresh = focused is self
