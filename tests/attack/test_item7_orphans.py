"""Issue 28, item 7: a tab's app ends when its server is killed outright (a real `tally
serve`, SIGKILL, real websockets), and a `/ws/<token>` is refused once it is older than
its life, checked where the token is used (a real ClubServer listening on 127.0.0.1, its
token aged rather than waited for)."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from dataclasses import replace
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web

from tests.serve.conftest import free_port
from tui.serve import server as club
from tui.serve.keys import Keys

from .room import app_pids, entry_ws, night, serving, ws_url
from .test_item2_tabs import first_frame


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_item7_the_apps_end_when_their_server_is_killed(
        tmp_path_factory: pytest.TempPathFactory) -> None:
    with serving(tmp_path_factory.mktemp("room7") / "club.sqlite3") as room:
        async def open_two() -> list[aiohttp.ClientWebSocketResponse]:
            client = aiohttp.ClientSession()
            sockets = [await client.ws_connect(entry_ws(room, ws_url(room))) for _ in range(2)]
            for ws in sockets:
                await first_frame(ws)
            apps = app_pids(room)
            assert len(apps) == 2
            os.kill(room.process.pid, signal.SIGKILL)  # the server only: no goodbye
            room.process.wait(timeout=10)
            deadline = time.monotonic() + 15
            while any(alive(pid) for pid in apps):
                assert time.monotonic() < deadline, [p for p in apps if alive(p)]
                await asyncio.sleep(0.2)
            await client.close()
            return sockets

        asyncio.run(open_two())


def test_item7_a_token_past_its_life_is_refused_where_it_is_used(tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite3"
    night(db)

    async def flow() -> None:
        keys = Keys.new()
        port = free_port()
        server = club.ClubServer(db, 1, keys, host="127.0.0.1", port=port, lang="en")
        runner = web.AppRunner(await server._make_app())
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", port)
        await site.start()
        try:
            async with aiohttp.ClientSession() as client:
                base = f"http://127.0.0.1:{port}"
                for _ in range(2):
                    async with client.get(f"{base}/?key={keys.entry}") as page:
                        assert page.status == 200
                old, fresh = list(server.asks)
                # no page loaded since: the old token is not swept; it is past its life
                ask = server.asks[old]
                server.asks[old] = replace(ask, made=ask.made - club.TOKEN_LIFE - 1)
                url = f"ws://127.0.0.1:{port}/ws/{{}}?key={keys.entry}&width=80&height=24"
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await client.ws_connect(url.format(old))
                assert refused.value.status == 403
                ws = await client.ws_connect(url.format(fresh))  # a young one opens
                await first_frame(ws)
                await ws.close()
        finally:
            await runner.cleanup()
            server.service.db.dispose()

    asyncio.run(flow())
