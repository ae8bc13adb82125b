"""Issue 28, item 2, against a real `tally serve` with real websockets: the apps (one
process a tab) are capped per server and per client address (`--max-tabs`,
`--max-tabs-per-address`); a terminal size is clamped to 500×200 however it is asked; a
malformed message is dropped without a traceback and the tab goes on."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Iterator
from typing import Any

import aiohttp
import pytest

from .room import Served, app_pids, entry_ws, environ_of, key_of, raw_get, serving, ws_url

pytestmark = pytest.mark.filterwarnings("ignore::ResourceWarning")
CURSOR = re.compile(r"\x1b\[(\d+);(\d+)H")


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with serving(tmp_path_factory.mktemp("room2") / "club.sqlite3") as started:
        yield started


@pytest.fixture
def capped(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with serving(tmp_path_factory.mktemp("room2c") / "club.sqlite3", "--max-tabs", "3",
                 "--max-tabs-per-address", "2") as started:
        yield started


def session(source: str) -> aiohttp.ClientSession:
    """A client whose connections come from `source` (127.0.0.x: another device)."""
    return aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(source, 0)))


async def first_frame(ws: aiohttp.ClientWebSocketResponse, timeout: float = 30) -> None:
    """Wait until the tab's app has drawn something (it has started)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        message = await ws.receive(timeout=deadline - time.monotonic())
        if message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT):
            return
        assert message.type not in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED), message
    raise AssertionError("the app never drew")


async def refused(client: aiohttp.ClientSession, url: str) -> int:
    try:
        ws = await client.ws_connect(url, timeout=aiohttp.ClientWSTimeout(ws_receive=10))
    except aiohttp.WSServerHandshakeError as exc:
        return exc.status
    await ws.close()
    return 101


def wait_for(condition: Any, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "never"
        time.sleep(0.1)


def test_item2_tabs_are_capped_per_server_and_per_address(capped: Served) -> None:
    room = capped

    async def flow() -> None:
        here, there, third = session("127.0.0.1"), session("127.0.0.2"), session("127.0.0.3")
        tokens = [ws_url(room) for _ in range(5)]  # the pages, before any tab is open
        try:
            one = await here.ws_connect(entry_ws(room, tokens[0]))
            two = await here.ws_connect(entry_ws(room, tokens[1]))
            await first_frame(one)
            await first_frame(two)
            assert await refused(here, entry_ws(room, tokens[2])) == 503  # 2 from here
            async with here.get(f"{room.base}/?key={key_of(room.entry)}") as page:
                assert page.status == 503 and "from this device" in await page.text()
            other = await there.ws_connect(entry_ws(room, tokens[3]))  # another device
            await first_frame(other)
            assert await refused(third, entry_ws(room, tokens[4])) == 503  # 3 on the server
            async with third.get(f"{room.base}/?key={key_of(room.entry)}") as page:
                assert page.status == 503 and "on this server" in await page.text()
            assert len(app_pids(room)) == 3
            await one.close()  # a tab closed: its place is free again
            wait_for(lambda: len(app_pids(room)) == 2)
            wait_for(lambda: raw_get(room, f"/?key={key_of(room.entry)}")[0] == 200)
            again = await third.ws_connect(entry_ws(room, ws_url(room)))
            await first_frame(again)
            for ws in (two, other, again):
                await ws.close()
        finally:
            for client in (here, there, third):
                await client.close()

    asyncio.run(flow())
    wait_for(lambda: app_pids(room) == [])


def test_item2_terminal_sizes_are_clamped(room: Served) -> None:
    async def flow() -> None:
        async with session("127.0.0.1") as client:
            ws = await client.ws_connect(entry_ws(room, ws_url(room), 20000, 20000))
            await first_frame(ws)
            [pid] = app_pids(room)
            env = environ_of(pid)
            assert (env["COLUMNS"], env["ROWS"]) == ("500", "200")
            await ws.send_str('["resize", {"width": 1200, "height": 600}]')
            deadline, seen = time.monotonic() + 10, [(0, 0)]
            while time.monotonic() < deadline:
                try:
                    message = await ws.receive(timeout=1)
                except TimeoutError:
                    continue
                if message.type == aiohttp.WSMsgType.BINARY:
                    text = message.data.decode("utf-8", "replace")
                elif message.type == aiohttp.WSMsgType.TEXT:
                    text = message.data
                else:
                    break
                seen += [(int(r), int(c)) for r, c in CURSOR.findall(text)]
            assert max(r for r, _ in seen) <= 200 and max(c for _, c in seen) <= 500, max(seen)
            assert max(r for r, _ in seen) > 100  # it did draw the whole clamped screen
            await ws.close()

    asyncio.run(flow())
    wait_for(lambda: app_pids(room) == [])


MALFORMED = ["[]", '["stdin", 5]', '["resize", {}]', "{}", '"x"', "not json", "[5]",
             '["resize", {"width": "a", "height": null}]', '["resize", [1, 2]]', '["ping"]',
             '["stdin", {"a": 1}]', '["resize", {"width": true, "height": 1e309}]',
             '["focus", 1, 2, 3]', "[" * 5000 + "]" * 5000]


def test_item2_malformed_messages_are_dropped_without_a_traceback(room: Served) -> None:
    async def flow() -> None:
        async with session("127.0.0.1") as client:
            ws = await client.ws_connect(entry_ws(room, ws_url(room)))
            await first_frame(ws)
            for message in MALFORMED:
                await ws.send_str(message)
            await ws.send_str('["ping", "still here"]')
            deadline = time.monotonic() + 15
            while True:
                assert time.monotonic() < deadline, "no pong"
                reply = await ws.receive(timeout=deadline - time.monotonic())
                assert reply.type not in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
                if reply.type == aiohttp.WSMsgType.TEXT and reply.data == '["pong", "still here"]':
                    break
            await ws.close()

    asyncio.run(flow())
    assert "Traceback" not in room.log and "Error handling request" not in room.log, room.log
