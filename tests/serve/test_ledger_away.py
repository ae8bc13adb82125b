"""Issue 35, item 3: the ledger's PostgreSQL server stopped under `tally serve` (the room's
routes in this process, the test cluster stopped and started again): every route answers
as the README says, and the room comes back by itself when the server does (no restart).

- a page (a table's, its log, the app's): 503, "the ledger's server cannot be reached —
  retrying…", loaded again every 5 s;
- a save: 503 "not saved yet" (JSON to the phone's script, whose outbox keeps it; a page
  to a plain form post);
- the board: its last body under the "no contact" banner; its stream says `lost`, then
  the board again once the server is back;
- one log line when the ledger goes, one when it is back, never a traceback.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from tests.serve.phone_inproc import FETCH, night, shown
from tui.serve.keys import Keys
from tui.serve.phone.routes import NAME_COOKIE
from tui.serve.server import ClubServer

TITLE = "Cannot reach the ledger"
AWAY = "The ledger's server cannot be reached — retrying…"
NOT_SAVED = "Not saved yet: the ledger's server cannot be reached. Save again in a moment."
PASS = {"action": "save", "expect": "1", "choice|contract": "pass", "key": "away-1"}


async def event_named(stream: Any, name: str, within: float = 10.0) -> None:
    """Read the board's stream until an event `name` comes (within `within` seconds)."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        line = await asyncio.wait_for(stream.content.readline(), deadline - time.monotonic())
        if line.strip() == f"event: {name}".encode():
            return
    raise AssertionError(f"no {name} event")


def test_the_ledger_away_every_route_answers_and_the_room_comes_back(
        pg_cluster: Any, caplog: pytest.LogCaptureFixture) -> None:
    url = pg_cluster.new_database()
    night(url).db.dispose()
    caplog.set_level(logging.INFO)

    async def go() -> dict[str, Any]:
        seen: dict[str, Any] = {}
        keys = Keys.new()
        server = ClubServer(url, 1, keys, host="127.0.0.1", port=0, lang="en")
        async with TestClient(TestServer(await server.web_app())) as c:
            for path in ("/t/1", "/board", "/"):  # each key kept in its cookie
                assert (await c.get(f"{path}?key={keys.entry}")).status == 200
            c.session.cookie_jar.update_cookies({NAME_COOKIE: "Mio"})
            stream = await c.get("/board/events")
            await event_named(stream, "board")
            pg_cluster.stop_server()
            try:
                await event_named(stream, "lost")
                for path in ("/t/1", "/t/1/log", "/?table=1", "/board"):
                    r = await c.get(path)
                    seen[path] = (r.status, r.headers.get("Retry-After"), await r.text())
                r = await c.post("/t/1", data=PASS, headers=FETCH)
                seen["fetch"] = (r.status, await r.json())
                r = await c.post("/t/1", data=PASS)
                seen["plain"] = (r.status, shown(await r.text()).text)
            finally:
                pg_cluster.start_server()
            await event_named(stream, "board")
            stream.close()
            seen["back"] = (await c.get("/t/1")).status, (await c.get("/board")).status
            r = await c.post("/t/1", data=PASS, headers=FETCH)
            seen["saved"] = r.status, await r.json()
        server.service.db.dispose()
        return seen

    seen = asyncio.run(go())
    for path in ("/t/1", "/t/1/log", "/?table=1"):
        status, retry, html = seen[path]
        assert (status, retry, shown(html).text) == (503, "5", f"{TITLE}\n{AWAY}"), path
        assert '<meta http-equiv="refresh" content="5">' in html
    status, _, board = seen["/board"]
    assert status == 503
    banner = board.split('<p id="stale"', 1)[1].split("</p>", 1)[0]
    assert " hidden" not in banner.split(">", 1)[0]
    assert banner.split(">", 1)[1].startswith("No contact with the server since ")
    assert seen["fetch"] == (503, {"lost": True, "error": NOT_SAVED})
    assert seen["plain"] == (503, f"{TITLE}\n{NOT_SAVED}")
    assert seen["back"] == (200, 200)
    status, answer = seen["saved"]
    assert status == 200 and answer["deal"] > 0
    said = [r.getMessage() for r in caplog.records if r.name == "tally.serve"]
    assert said[0].startswith("the ledger cannot be reached: ")
    assert said[1:] == ["the ledger answers again"]
    assert not [r for r in caplog.records if r.exc_info], "a traceback was logged"


def test_a_sqlite_ledger_locked_past_its_timeout_is_not_saved_yet_then_saved(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    """Another program holding the file's write lock past the busy timeout (made short):
    the save is 503 "not saved yet", pages still read (WAL); saved once the lock goes."""
    import sqlite3

    import ledger.store.sqlite.db as sqlite_db

    monkeypatch.setattr(sqlite_db, "BUSY_TIMEOUT_MS", 200)
    db = tmp_path / "club.sqlite3"
    night(db).db.dispose()
    caplog.set_level(logging.INFO)

    async def go() -> list[tuple[int, Any]]:
        out: list[tuple[int, Any]] = []
        keys = Keys.new()
        server = ClubServer(db, 1, keys, host="127.0.0.1", port=0, lang="en")
        async with TestClient(TestServer(await server.web_app())) as c:
            assert (await c.get(f"/t/1?key={keys.entry}")).status == 200
            c.session.cookie_jar.update_cookies({NAME_COOKIE: "Mio"})
            other = sqlite3.connect(db, isolation_level=None)
            other.execute("BEGIN IMMEDIATE")  # another program writing, for a while
            try:
                r = await c.post("/t/1", data=PASS, headers=FETCH)
                out.append((r.status, await r.json()))
                out.append(((await c.get("/t/1")).status, None))
            finally:
                other.execute("ROLLBACK")
                other.close()
            r = await c.post("/t/1", data=PASS, headers=FETCH)
            out.append((r.status, (await r.json()).get("deal")))
        server.service.db.dispose()
        return out

    locked, page, saved = asyncio.run(go())
    assert locked == (503, {"lost": True, "error": NOT_SAVED})
    assert page == (200, None) and saved[0] == 200 and saved[1] > 0
    said = [r.getMessage() for r in caplog.records if r.name == "tally.serve"]
    assert said[0].startswith("the ledger cannot be reached: ") and "locked" in said[0]
    assert said[1:] == ["the ledger answers again"]
