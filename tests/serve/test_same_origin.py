"""Issue 35: a form posted from another page is refused (403, one line) whatever key its
browser holds: `Sec-Fetch-Site` other than same-origin, an `Origin` that is not this
server's (`null` too); a request with neither (curl, a script) is let in; and every page
says `Referrer-Policy: same-origin` (with `no-referrer` the room's own posts would carry
`Origin: null`)."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import pytest

from tests.serve.phone_inproc import FETCH, night, phones

PASS = {"action": "save", "expect": "1", "choice|contract": "pass"}


def test_a_form_from_another_page_is_403_and_the_rooms_own_is_saved(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    db = tmp_path / "club.sqlite3"
    service = night(db)
    caplog.set_level(logging.WARNING, "tally.serve")

    async def go() -> tuple[list[tuple[int, str]], list[Any], str, str]:
        refused, saved = [], []
        async with phones(db) as phone:
            phone.sign_in()
            c = phone.client
            own = f"http://{c.host}:{c.port}"
            for i, headers in enumerate([
                    {"Origin": "http://evil.example"},
                    {"Origin": f"http://{c.host}:{c.port + 1}"},  # another port, same host
                    {"Origin": "null"},
                    {"Sec-Fetch-Site": "cross-site"},
                    {"Sec-Fetch-Site": "same-site", "Origin": own}]):
                r = await c.post("/t/1", data={**PASS, "key": f"bad-{i}"},
                                 headers={**FETCH, **headers})
                refused.append((r.status, await r.text()))
            for i, headers in enumerate([{}, {"Origin": own, "Sec-Fetch-Site": "same-origin"}]):
                r = await c.post("/t/1", data={**PASS, "key": f"own-{i}", "same": "yes",
                                               "expect": str(i + 1)},
                                 headers={**FETCH, **headers})
                saved.append((r.status, (await r.json()).get("deal")))
            page = await c.get("/t/1")
            return refused, saved, page.headers["Referrer-Policy"], await page.text()

    refused, saved, policy, html = asyncio.run(go())
    port = refused[1][1].rsplit(":", 1)[1].rstrip(")\n")
    assert refused == [
        (403, "403: a form from another page (Origin: http://evil.example)\n"),
        (403, f"403: a form from another page (Origin: http://127.0.0.1:{port})\n"),
        (403, "403: a form from a page with no origin (Origin: null)\n"),
        (403, "403: a form from another site (Sec-Fetch-Site: cross-site)\n"),
        (403, "403: a form from another site (Sec-Fetch-Site: same-site)\n")]
    [first, second] = service.deals(service.night(1).tables[0].id)
    assert saved == [(200, first.id), (200, second.id)]
    assert policy == "same-origin"
    assert '<meta name="referrer" content="same-origin">' in html
    said = [r.getMessage() for r in caplog.records if r.name == "tally.serve"]
    assert said == [f"403 POST /t/1: {line[5:-1]}" for _, line in refused]
    service.db.dispose()
