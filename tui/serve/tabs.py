"""Tabs: each browser tab's app is a process (~60 MB, a second of CPU to start), so the
room caps them, and what a tab's messages may ask of its app.

- At most `max_tabs` apps at once on the server, and `per_address` from one client
  address (a tablet that opens tab after tab, or a script with the entry key);
- a terminal is at most `MAX_WIDTH` × `MAX_HEIGHT` cells (a screen shows no more; an app
  asked for 20000×20000 grew to 1.5 GB);
- a message from the page is one of textual-serve's few kinds, with data of the right
  shape (`["stdin", "text"]`, `["resize", {"width": 80, "height": 24}]`, `["ping", x]`,
  `["blur"]`, `["focus"]`); anything else is dropped, without a traceback.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

MAX_WIDTH, MAX_HEIGHT = 500, 200
MAX_TABS = 12  # a 2-core laptop runs about this many apps and still answers quickly
PER_ADDRESS = 4  # one tablet: its table, and a few tabs more
MAX_STDIN = 64 * 1024  # characters of one stdin message (a paste)
MAX_MESSAGE = 256 * 1024  # bytes of one websocket message


def clamp_size(width: Any, height: Any, default: tuple[int, int] = (80, 24)) -> tuple[int, int]:
    """A terminal size a screen can show: whole numbers, 1 to 500 × 1 to 200."""
    def whole(value: Any, fallback: int, top: int) -> int:
        if isinstance(value, bool):
            return fallback
        if isinstance(value, str):
            value = value.strip()
            if not value.isascii() or not value.isdigit() or len(value) > 6:
                return fallback
            value = int(value)
        if not isinstance(value, int):
            return fallback
        return max(1, min(top, value))

    return whole(width, default[0], MAX_WIDTH), whole(height, default[1], MAX_HEIGHT)


def read_message(raw: str) -> tuple[str, Any] | None:
    """A page's message as (kind, data), or None if it is not one textual-serve sends."""
    if len(raw) > MAX_MESSAGE:
        return None
    try:
        envelope = json.loads(raw)
    except (ValueError, RecursionError):  # not JSON, or nested past what Python reads
        return None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        return None
    kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
    if kind == "stdin":
        return (kind, data) if isinstance(data, str) and len(data) <= MAX_STDIN else None
    if kind == "resize":
        if not isinstance(data, dict) or "width" not in data or "height" not in data:
            return None
        return kind, clamp_size(data["width"], data["height"])
    if kind == "ping":
        return (kind, data) if isinstance(data, (str, int, float)) and len(str(data)) <= 64 \
            else None
    if kind in ("blur", "focus"):
        return kind, None
    return None


@dataclass
class Tabs:
    """The apps open now, by client address."""

    max_tabs: int = MAX_TABS
    per_address: int = PER_ADDRESS
    open: Counter[str] = field(default_factory=Counter)

    def room_for(self, address: str) -> str | None:
        """None if one more tab may open from `address`, else why not ("server", "address")."""
        if sum(self.open.values()) >= self.max_tabs:
            return "server"
        if self.open[address] >= self.per_address:
            return "address"
        return None

    def take(self, address: str) -> str | None:
        why = self.room_for(address)
        if why is None:
            self.open[address] += 1
        return why

    def give(self, address: str) -> None:
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]
