"""The board's live feed: one watcher for any number of boards.

Why server-sent events: the board only listens (the server speaks, the page never does),
EventSource is in every browser with reconnection built in, and it is plain HTTP, so it
needs no library on either side. The server looks at `PRAGMA data_version` four times a
second (microseconds, no disk read); only when a commit landed does it read the board
once, in a thread, and push the same body to every open board. Polling from each page
would read the ledger once per board per tick; a WebSocket would add a protocol for a
conversation that only goes one way.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

log = logging.getLogger("tally.serve")
POLL = 0.25  # seconds between two looks at data_version


class BoardHub:
    def __init__(self, watch: Any, read: Callable[[], str]) -> None:
        self.watch = watch
        self.read = read  # the event data of the board as it is now (blocking)
        self.latest = ""
        self.version = 0
        self._changed = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self.closed = False  # the server is stopping: every board stream ends
        self.lost = False  # the ledger cannot be reached: the boards show "no contact"

    async def start(self) -> None:
        self.watch.changed()  # the first look
        self.latest = await asyncio.to_thread(self.read)
        self.version = 1
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        self.closed = True
        self._changed.set()
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass
        self.watch.close()

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(POLL)
            try:  # a server's watch says no change while it cannot reach it: asked here
                changed = self.watch.changed()
                if not getattr(self.watch, "reachable", True):
                    self._contact(False)
                    continue
                if not (changed or self.lost):
                    continue
                data = await asyncio.to_thread(self.read)
            except Exception as exc:  # a board that cannot be read now: try at the next
                from .faults import is_unreachable

                if is_unreachable(exc):
                    self._contact(False)
                else:
                    log.exception("the board could not be read")
                continue
            if data != self.latest or self.lost:
                self.latest, self.lost = data, False
                self._bump()

    async def refresh(self) -> None:
        """Read the board now (something it shows changed outside the ledger)."""
        try:
            data = await asyncio.to_thread(self.read)
        except Exception:  # the next poll tries again
            return
        if data != self.latest:
            self.latest = data
            self._bump()

    def _contact(self, reached: bool) -> None:
        if self.lost == (not reached):
            return
        self.lost = not reached
        self._bump()

    def _bump(self) -> None:
        """Every open board is told (the board, or that there is no contact)."""
        self.version += 1
        self._changed.set()
        self._changed = asyncio.Event()

    async def next_after(self, version: int, timeout: float) -> int:
        """Wait until the board is newer than `version` (or `timeout`); its version now."""
        if self.version == version:
            try:
                await asyncio.wait_for(self._changed.wait(), timeout)
            except TimeoutError:
                pass
        return self.version
