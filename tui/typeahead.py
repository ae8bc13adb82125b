"""Type-ahead: keys typed faster than the app handles them wait, in order, and each goes
where Textual sends it once the key before it has been handled completely.

Textual reads a key, runs the priority bindings and forwards the key to the widget focused
at that moment; the key bubbles back up to the screen's and the app's bindings, and what it
does (an Input's Submitted, a field's Changed, a dialog dismissed, a screen pushed) travels
on as further messages. A key read while the one before is still on its way would go to the
widget that had the focus then: the pop-up that an Enter is closing, the field an Enter
leaves. So the app holds each key as it arrives (`TallyApp.post_message`: a key that comes
from the terminal, not one Textual forwards) and posts it on, unchanged, when

- the messages of the key before are all handled: no message waits in the app or in the
  screen showing and its widgets (`settled`), checked after the screen has refreshed
  (`call_after_refresh`), and
- the screen showing can take keys (`ready`): built and focused, not loading a table
  (`keys_held`), not saving.

An Enter typed as the app starts, before Textual has put the terminal in raw mode, is read
as ctrl+j: the terminal's line mode turned its carriage return into a newline. Tally binds
no ctrl+j, so it is taken for the Enter it was (before, it was dropped, the letters kept).

Nothing else of Textual's is replaced: the key is read, bound, forwarded and bubbled by
Textual. A refused save drops the keys typed after it (`discard`), with a bell and a word.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

from textual import events
from textual.app import App
from textual.message import Message
from textual.screen import Screen
from textual.timer import Timer

from .compat_textual import has_messages

WATCH = 0.05  # seconds: how often keys waiting for a busy screen look again (a fallback)


def ready(screen: Screen[object]) -> bool:
    """Can `screen` take keys now? Any screen unless it holds them (`keys_held`: a table
    being read, a form saving); a screen that builds its fields itself (`TYPE_AHEAD`) once
    it has focused the first (`keys_ready`)."""
    if getattr(screen, "keys_held", False):
        return False
    if getattr(screen, "TYPE_AHEAD", False) and not getattr(screen, "keys_ready", False):
        return False
    return screen.is_mounted


def settled(app: App[Any]) -> bool:
    """Is every message the last key sent on its way handled (no queue of the app, or of
    the screen showing and its widgets, holds one)?"""
    if has_messages(app):
        return False
    screen = app.screen
    return not has_messages(screen) and not any(has_messages(node)
                                                 for node in screen.walk_children())


class KeyRouter:
    """The keys that wait, in order; one is posted on to Textual at a time."""

    def __init__(self, app: App[Any], post: Callable[[Message], bool],
                 discarded: Callable[[], str]) -> None:
        self.app = app
        self._post = post  # Textual's own post_message of the app
        self._discarded = discarded  # the words for "typed keys discarded"
        self.pending: deque[events.Key] = deque()
        self.in_flight = False  # a key was posted on and its messages may still travel
        self._passing: events.Key | None = None
        self._asked = False  # a look after the next refresh is on its way
        self._watch: Timer | None = None

    def start(self) -> None:
        """The app runs: look now and then too (a screen that stops holding keys says so
        with `wake`; this is the fallback)."""
        self._watch = self.app.set_interval(WATCH, self._after_refresh)  # (a look lost
        # with a screen that closed before it refreshed is asked again here)

    def hold(self, event: events.Key) -> bool:
        """A key arrived: True when it waits (it is posted later, in its turn)."""
        if event is self._passing:
            return False
        if event.key == "ctrl+j":
            event = events.Key("enter", "\r")  # typed before the terminal was raw (below)
        self.pending.append(event)  # (before the first screen is up too: it waits for it)
        self.wake()
        return True

    @property
    def busy(self) -> bool:
        """Keys wait or one is on its way (a test's burst is done when this is False)."""
        return bool(self.pending) or self.in_flight

    def wake(self) -> None:
        """Look after the next refresh whether the next key may go."""
        if not self._asked and self.app.screen_stack:
            self._asked = True
            self.app.call_after_refresh(self._after_refresh)

    def _after_refresh(self) -> None:
        self._asked = False
        self._look()

    def _look(self) -> None:
        if not (self.pending or self.in_flight) or not self.app.screen_stack:
            return
        if not settled(self.app):
            self.wake()
            return
        self.in_flight = False
        if not self.pending or not ready(self.app.screen):
            return  # the screen says when it is ready (`wake`), else the watch looks
        event = self.pending.popleft()
        self.in_flight = True
        self._passing = event
        try:
            self._post(event)
        finally:
            self._passing = None
        self.wake()

    def discard(self) -> None:
        """A save was refused: the keys typed after it, waiting for its answer, are dropped
        (they were meant for what the save would have opened: the next deal), with a bell
        and a word saying so. A key typed once the refusal is shown goes to the form."""
        self.app.bell()
        if self.pending:
            self.pending.clear()
            self.app.notify(self._discarded(), severity="warning")
