"""The room's sender under `tally serve --offline-file`: every few seconds, in a
thread, the venue's file sends the league what it lacks (`ledger.service.offline.Outbox`);
while the league cannot be reached, `local` is the count of deals still to send, which the
board and every phone page show ("recording locally — 3 deals to send"), and 0 once they
are all in."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from aiohttp import web

from ledger.service.offline import Outbox

log = logging.getLogger("tally.serve")
EVERY = 2.0  # seconds between two sends
LOCAL = web.AppKey("tally.local", Callable[[], int])  # the count a phone page shows


class Sender:
    def __init__(self, outbox: Outbox, changed: Callable[[], Awaitable[None]],
                 every: float = EVERY) -> None:
        self.outbox = outbox
        self.changed = changed  # the board asked to show the new count
        self.every = every
        self.local = 0
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass

    async def send_once(self) -> None:
        try:
            state = await asyncio.to_thread(self.outbox.send)
        except Exception:  # the file itself (a bug, a full disk): said, tried again later
            log.exception("the deals could not be sent to the league")
            return
        if state.refused is not None:
            log.warning("the league refused the sync: %s", state.refused)
        shown = state.pending if state.local else 0
        if shown != self.local:
            if shown and not self.local:
                log.warning("the league cannot be reached: recording locally")
            elif not shown:
                log.warning("the league is back: every deal sent")
            self.local = shown
            await self.changed()

    async def _run(self) -> None:
        while True:
            await self.send_once()
            await asyncio.sleep(self.every)
