"""Type-ahead: on a deal form every key is handled completely before the next is read.

Textual forwards each key to the widget focused when the app reads it, and runs a key's
binding only when the key has bubbled back up to the app; a form that moved its focus on a
message or a `call_later` therefore saw the next keys land in the field before (or vanish)
when they came faster than a refresh. Here the app handles a key on a deal form at once, in
its own task: the bindings of the focused field (or an `Input`'s typing) run, the field hands
its change to the form synchronously (`deliver`), and the form moves the focus with
`Screen.set_focus` before returning. Keys that arrive while a form is still being built wait
in a queue and are replayed, in order, once it has its focus.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Protocol

from textual import events
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Input

if TYPE_CHECKING:
    from textual.app import App
    from textual.screen import Screen


class TypeAheadScreen(Protocol):
    """A screen whose keys the app handles one at a time (a deal form)."""

    TYPE_AHEAD: bool
    keys_ready: bool


def deliver(widget: Widget, message: Message) -> None:
    """Hand `message` to the handlers of `widget`'s ancestors now, nearest first, as Textual
    would when it bubbles (each class's own handler, subclass first, as Textual calls them;
    `stop()` ends the bubbling) — but before the next key is read."""
    name = message.handler_name
    node = widget.parent
    while node is not None:
        for cls in type(node).__mro__:
            if message._no_default_action:
                break
            handler = cls.__dict__.get(name)
            if handler is not None:
                handler(node, message)
        if message._stop_propagation:
            return
        node = node.parent


def is_type_ahead(screen: Screen[object]) -> bool:
    return bool(getattr(screen, "TYPE_AHEAD", False))


def ready(screen: Screen[object]) -> bool:
    """Can `screen` take keys now? A deal form once built and focused, and not closing; any
    screen unless it holds them (`keys_held`: the night, between creating a table and
    showing it, so the keys typed for the new table's first deal wait for it)."""
    if getattr(screen, "keys_held", False):
        return False
    return not is_type_ahead(screen) or bool(getattr(screen, "keys_ready", False))


class KeyRouter:
    """The app's side: keys for a deal form handled one by one; keys that come while a form
    is being built or closed wait, in order, for the screen that shows next."""

    def __init__(self, app: App[object]) -> None:
        self.app = app
        self.pending: deque[events.Key] = deque()
        self.replaying = False

    def wants(self, event: events.Key) -> bool:
        """Queue this key (read from the terminal, or bubbled up unhandled) if it must wait
        for a screen to be ready or behind keys that wait already. A key that comes while
        the app is closing (no screen left) is dropped: there is nothing to type into."""
        if not self.app.screen_stack:
            return True
        if self.pending or self.replaying or not ready(self.app.screen):
            self.pending.append(event)
            if not self.replaying and ready(self.app.screen):
                self.app.call_later(self.replay)
            return True
        return False

    async def route(self, event: events.Key, *, any_screen: bool = False) -> bool:
        """Handle a key on a ready deal form now; False: leave it to Textual."""
        app = self.app
        focused = app.focused
        if not (any_screen or is_type_ahead(app.screen)) or focused is None:
            return False
        if not getattr(focused, "TYPE_AHEAD_FIELD", isinstance(focused, Input)):
            return False
        if await app._check_bindings(event.key, priority=True):
            return True
        if isinstance(focused, Input):
            if event.is_printable:
                await focused._on_key(event)
                deliver(focused, Input.Changed(focused, focused.value))
                return True
            if event.key == "enter":
                deliver(focused, Input.Submitted(focused, focused.value))
                return True
        await app._check_bindings(event.key)
        return True

    async def replay(self) -> None:
        """A screen is ready: handle the keys that waited, in order, until one opens a
        screen that is not ready yet (a new deal form: it replays the rest when built)."""
        if self.replaying:
            return
        self.replaying = True
        try:
            while self.pending and self.app.screen_stack and ready(self.app.screen):
                event = self.pending.popleft()
                if not await self.route(event, any_screen=True) and not \
                        await self.app._check_bindings(event.key, priority=True):
                    await self.app._check_bindings(event.key)
        finally:
            self.replaying = False
