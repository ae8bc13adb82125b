"""Issue 35: slow clients cannot hold the room's connections, keyed or not. The room's real
listener (`ClubServer.listen`: the gate, aiohttp's runner) in this process on a free port,
its limits made small (1 s): a head sent half, before or after a keyed request, and a body
sent half, each closed (or answered 408) within the limit, not held open."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from tests.serve.conftest import free_port
from tests.serve.phone_inproc import night
from tui.serve.gate import Gate
from tui.serve.keys import Keys
from tui.serve.server import ClubServer

LIMIT = 1.0  # the head's and the body's, here
SLACK = 1.5  # a busy machine's


async def closed_within(reader: asyncio.StreamReader, seconds: float) -> tuple[float, bytes]:
    """What the server sent before it closed the connection, and how long it took."""
    start = time.monotonic()
    got = await asyncio.wait_for(reader.read(), seconds)
    return time.monotonic() - start, got


def test_half_a_head_or_half_a_body_is_closed_within_the_limit(tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite3"
    night(db).db.dispose()
    keys = Keys.new()
    port = free_port()
    server = ClubServer(db, 1, keys, host="127.0.0.1", port=port, lang="en",
                        gate=Gate(head_timeout=LIMIT, body_timeout=LIMIT))
    cookie = f"Cookie: tally_t1={keys.entry}; tally_by=Mio\r\n".encode()

    async def go() -> dict[str, tuple[float, bytes]]:
        stop = asyncio.Event()
        listening = asyncio.create_task(server.listen(stop))
        for _ in range(100):
            try:
                _, w = await asyncio.open_connection("127.0.0.1", port)
                w.close()
                break
            except OSError:
                await asyncio.sleep(0.05)
        seen = {}
        try:
            r, w = await asyncio.open_connection("127.0.0.1", port)
            w.write(b"GET /t/1/log HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # no key yet
            seen["stranger"] = await closed_within(r, LIMIT + SLACK)
            r, w = await asyncio.open_connection("127.0.0.1", port)
            w.write(b"GET /t/1/log HTTP/1.1\r\nHost: 127.0.0.1\r\n" + cookie + b"\r\n")
            head = await r.readuntil(b"\r\n\r\n")
            length = int(head.split(b"Content-Length: ", 1)[1].split(b"\r\n", 1)[0])
            await r.readexactly(length)  # a keyed request answered; the connection kept
            w.write(b"GET /t/1/log HTTP/1.1\r\nHost: 127.")
            seen["keyed"] = await closed_within(r, LIMIT + SLACK)
            r, w = await asyncio.open_connection("127.0.0.1", port)
            w.write(b"POST /t/1 HTTP/1.1\r\nHost: 127.0.0.1\r\n" + cookie
                    + b"Content-Type: application/x-www-form-urlencoded\r\n"
                      b"Content-Length: 100\r\n\r\naction=sa")
            seen["body"] = await closed_within(r, LIMIT + SLACK)
        finally:
            stop.set()
            await listening
        return seen

    seen = asyncio.run(go())
    server.service.db.dispose()
    for what in ("stranger", "keyed"):
        took, sent = seen[what]
        assert sent == b"" and took < LIMIT + SLACK, what
    took, sent = seen["body"]
    assert sent.split(b"\r\n", 1)[0] == b"HTTP/1.1 408 Request Timeout"
    assert sent.endswith(b"408: the request's body came too slowly\n")
    assert LIMIT - 0.2 < took < LIMIT + SLACK
