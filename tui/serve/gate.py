"""The room's door: connections before they show a key.

Each TCP connection costs the host an open file. Without a bound, 1,100 idle connections
that never send a key took every file a process may open (1,024 is a common limit), so the
right key timed out, and each refused accept logged a line (17,249 of them); a client
sending a byte every 5 s was never dropped. So:

- a connection must bring a request its key opens within `HEAD_TIMEOUT` seconds of
  connecting (slow headers, or no request at all, are closed then);
- at most `MAX_WAITING` connections may be open without such a request at once: a new
  one over that closes the oldest of them (a flood; logged once, not once a connection),
  so a flood cannot keep the key's holder out: a browser's connection brings its request
  at once and is let in long before it is the oldest;
- a keyed connection left idle between requests is closed by aiohttp after `IDLE`; once
  the next request's first bytes come, its head must be in within `head_timeout` too
  (a head sent a byte at a time held a keyed connection for ever), and its body within
  `body_timeout` (`bodies.py`: 408);
- the process's soft limit of open files is raised to its hard limit at start.

`Gate.factory` wraps aiohttp's protocol factory (`runner.server`, public) in a protocol
that forwards every event to aiohttp's own, so nothing of aiohttp's internals is reached.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

log = logging.getLogger("tally.serve")

HEAD_TIMEOUT = 10.0  # seconds from connecting to a request that carries its key
MAX_WAITING = 128  # connections open at once without a keyed request yet
IDLE = 15.0  # seconds a keyed connection may stay idle between requests
BODY_TIMEOUT = 10.0  # seconds a request's body may take to come in


def raise_open_files() -> tuple[int, int]:
    """Raise the soft limit of open files to the hard limit; (soft, hard) as it is now."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard and (hard == resource.RLIM_INFINITY or soft < hard):
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (ValueError, OSError):  # some systems cap it lower than they say
            pass
    return soft, hard


class Gate:
    def __init__(self, *, head_timeout: float = HEAD_TIMEOUT,
                 max_waiting: int = MAX_WAITING, body_timeout: float = BODY_TIMEOUT) -> None:
        self.head_timeout = head_timeout
        self.body_timeout = body_timeout  # a request's body, once its head came (bodies.py)
        self.max_waiting = max_waiting
        # no keyed request yet, oldest first (a dict keeps the order they came in)
        self.waiting: dict[asyncio.BaseTransport, None] = {}
        self.refused = 0  # waiting connections closed in the current flood
        self.flooding = False
        self.open: dict[Any, _Watched] = {}  # every connection, by its transport

    def factory(self, inner: Callable[[], asyncio.Protocol]) -> Callable[[], asyncio.Protocol]:
        return lambda: _Watched(self, inner)

    def keyed(self, transport: Any) -> None:
        """A request on `transport` was let in by its key: it is no longer waiting."""
        if transport is not None:
            self._gone(transport)

    def middleware(self) -> Any:
        """aiohttp middleware: a request reached a route, so its head came in whole (the
        connection's head clock stops) and it is in hand until the route returns."""
        from aiohttp import web

        @web.middleware
        async def heads(request: web.Request, handler):  # type: ignore[no-untyped-def]
            watched = self.open.get(request.transport)
            if watched is not None:
                watched.heading, watched.busy = False, True
            try:
                return await handler(request)
            finally:
                if watched is not None:
                    watched.busy = False

        return heads

    def _evict(self) -> None:
        """Close the oldest connection still waiting, to make room for a new one."""
        oldest = next(iter(self.waiting))
        del self.waiting[oldest]
        oldest.abort()
        self.refused += 1
        if not self.flooding:
            self.flooding = True
            log.warning("%d connections are open without a key: closing the oldest as new "
                        "ones come (a flood?); said once", len(self.waiting) + 1)

    def _gone(self, transport: asyncio.BaseTransport) -> None:
        self.waiting.pop(transport, None)
        if self.flooding and len(self.waiting) < self.max_waiting // 2:
            log.warning("the flood of connections without a key is over (%d closed)",
                        self.refused)
            self.flooding, self.refused = False, 0


class _Watched(asyncio.Protocol):
    """aiohttp's protocol for one connection, behind the gate."""

    def __init__(self, gate: Gate, inner: Callable[[], asyncio.Protocol]) -> None:
        self.gate = gate
        self.make_inner = inner
        self.inner: asyncio.Protocol | None = None
        self.transport: asyncio.BaseTransport | None = None
        self.timer: asyncio.TimerHandle | None = None
        self.busy = False  # a request of this connection is at a route now
        self.heading = False  # the next request's head is coming (its clock runs)

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport
        while len(self.gate.waiting) >= self.gate.max_waiting:
            self.gate._evict()
        self.gate.waiting[transport] = None
        self.gate.open[transport] = self
        self.timer = asyncio.get_running_loop().call_later(self.gate.head_timeout,
                                                           self._expire)
        self.inner = self.make_inner()
        self.inner.connection_made(transport)

    def _expire(self) -> None:
        if self.transport is not None and (self.transport in self.gate.waiting
                                           or self.heading):
            self.transport.abort()  # no (keyed) request in time: slow headers, or none

    def data_received(self, data: bytes) -> None:
        if not (self.busy or self.heading) and self.transport not in self.gate.waiting:
            self.heading = True  # a keyed connection's next request: its head's clock
            if self.timer is not None:
                self.timer.cancel()
            self.timer = asyncio.get_running_loop().call_later(self.gate.head_timeout,
                                                               self._expire)
        if self.inner is not None:
            self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received() if self.inner is not None else None

    def pause_writing(self) -> None:
        if self.inner is not None:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.inner is not None:
            self.inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.timer is not None:
            self.timer.cancel()
        if self.transport is not None:
            self.gate._gone(self.transport)
            self.gate.open.pop(self.transport, None)
        if self.inner is not None:
            self.inner.connection_lost(exc)
