"""`tally serve --db postgresql://… --offline-file club.sqlite3`: the room records
into the venue's file and its sender sends every deal to the league; PostgreSQL stopped
mid-night: the phones keep saving, the board and every phone page say "recording locally —
2 deals to send" (in Japanese too); started again: every deal in the league once, in the
order it was made, and the line gone."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from aiohttp.test_utils import TestClient, TestServer

from ledger.service import Tally
from tests.checked import checked
from tests.serve.phone_inproc import GAMES, Phone, night
from tui.serve.keys import Keys
from tui.serve.server import ClubServer

LINE = "recording locally — 2 deals to send"


def solo(points: int) -> dict[str, str]:
    return {"choice|contract": "heart-solo", "player|caller": "Ann", "player|partner": "Dan",
            "number|team_points": str(points)}


def test_the_room_keeps_recording_while_the_league_is_away(tmp_path: Path,
                                                           pg_cluster: Any) -> None:
    league = pg_cluster.new_database()
    db = tmp_path / "club.sqlite3"
    night(db).db.dispose()
    seen: dict[str, Any] = {}

    async def go() -> None:
        keys = Keys.new()
        server = ClubServer(db, 1, keys, host="127.0.0.1", port=0, lang="en",
                            outbox=Tally.open(db).outbox(league))
        assert server.sender is not None
        server.sender.every = 3600.0  # sent when the test says (the room: every 2 s)
        try:
            async with TestClient(TestServer(await server.web_app())) as client:
                assert (await client.get(f"/t/1?key={keys.entry}")).status == 200
                en, ja = Phone(client, "en"), Phone(client, "ja")
                await en.save(1, solo(80))
                await server.sender.send_once()
                seen["first"] = server.local(), len(Tally.open(league).deals(1))
                pg_cluster.stop_server()
                try:
                    for points in (81, 82):
                        await en.save(1, solo(points))
                    await server.sender.send_once()
                    seen["away"] = server.local()
                    seen["board"] = json.loads(server.hub.latest)["html"]
                    seen["phone"] = (await en.page("/t/1"))[1]
                    seen["phone ja"] = (await ja.page("/t/1"))[1]
                finally:
                    pg_cluster.start_server()
                await server.sender.send_once()
                seen["back"] = server.local()
                seen["board back"] = json.loads(server.hub.latest)["html"]
                seen["phone back"] = (await en.page("/t/1"))[1]
        finally:
            server.service.db.dispose()

    asyncio.run(go())
    assert seen["first"] == (0, 1)
    assert seen["away"] == 2
    assert f'<p class="local" role="status">{LINE}</p>' in seen["board"]
    assert f'<p class="local" role="status">{LINE}</p>' in seen["phone"]
    assert ('<p class="local" role="status">ローカルに記録中 — 送信待ちのディール 2</p>'
            in seen["phone ja"])
    assert seen["back"] == 0
    assert "recording locally" not in seen["board back"] + seen["phone back"]
    there, here = Tally.open(league), Tally.open(db)
    assert [(d.number, d.outcome["team_points"]) for d in there.deals(1)] == [
        (d.number, d.outcome["team_points"]) for d in here.deals(1)] == [
        (1, 80), (2, 81), (3, 82)]
    assert there.night_head(1) == here.night_head(1)
    assert checked(there) == []
    assert len(GAMES) == len(there.night(1).tables)  # the night's every table, once
