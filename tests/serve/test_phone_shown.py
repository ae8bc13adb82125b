"""What the phone's screen showed is what is saved, over HTTP (the room's routes in this
process): a save carries the identity of the preview its screen showed (`shown`, from the
redraw), and the server refuses one whose preview of the same fields is another; a
correction is refused so too, and refused without a reason, as a void is."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from ledger.service import Tally

from .phone_inproc import FETCH, Phone, night, phones

CLAIM = {"choice|ending": "claim", "player|by": "Lea", "number|points|Lea": "66",
         "number|points|Max": "30", "number|tricks|Lea": "3", "number|tricks|Max": "2"}
OTHER = {**CLAIM, "number|points|Max": "40"}  # the same deal, another figure
CHANGED = "the preview shown was not this deal's: look at it again and save"


def run(db: Path, body: Callable[[Phone], Awaitable[Any]]) -> Any:
    async def go() -> Any:
        async with phones(db) as phone:
            phone.sign_in()
            return await body(phone)

    return asyncio.run(go())


def room(tmp_path: Path) -> Path:
    db = tmp_path / "club.sqlite3"
    night(db).db.dispose()
    return db


def deals(db: Path, table: int) -> list[tuple[int, dict[str, Any], int]]:
    service = Tally.open(db)
    try:
        table_id = next(t.id for t in service.night(1).tables if t.number == table)
        return [(d.number, d.outcome, d.revision) for d in service.deals(table_id)]
    finally:
        service.db.dispose()


async def post(phone: Phone, path: str, data: dict[str, str]) -> dict[str, Any]:
    r = await phone.client.post(path, data=data, headers={**phone.headers, **FETCH})
    assert r.status == 200, await r.text()
    return json.loads(await r.text())  # type: ignore[no-any-return]


def test_a_save_whose_preview_was_another_is_refused(tmp_path: Path) -> None:
    db = room(tmp_path)

    async def body(phone: Phone) -> tuple[dict[str, Any], ...]:
        mine, other = await phone.draft(4, CLAIM), await phone.draft(4, OTHER)
        form = {**CLAIM, "action": "save", "key": "form-1", "expect": "1"}
        refused = await post(phone, "/t/4", {**form, "shown": other["shown"]})
        saved = await post(phone, "/t/4", {**form, "shown": mine["shown"]})
        return mine, other, refused, saved

    mine, other, refused, saved = run(db, body)
    assert mine["shown"] and other["shown"] and mine["shown"] != other["shown"]
    # refused, and the form drawn again with the preview of its own fields, to look at
    assert (refused["error"], "deal" in refused) == (CHANGED, False)
    assert "Lea claims, 66–30" in refused["preview"]
    assert saved == {"saved": "/t/4?saved=1", "deal": 1}
    assert deals(db, 4) == [(1, {"ending": "claim", "by": "Lea", "points": {"Lea": 66, "Max": 30},
                                 "tricks": {"Lea": 3, "Max": 2}}, 1)]


def test_a_form_posted_without_the_script_says_no_preview_and_is_saved(tmp_path: Path) -> None:
    db = room(tmp_path)

    async def body(phone: Phone) -> dict[str, Any]:
        return await post(phone, "/t/4", {**CLAIM, "action": "save", "key": "form-1",
                                          "expect": "1"})

    assert run(db, body) == {"saved": "/t/4?saved=1", "deal": 1}


def test_a_correction_needs_a_reason_and_its_own_preview(tmp_path: Path) -> None:
    db = room(tmp_path)
    fix = {**OTHER, "action": "save", "revision": "1"}

    async def body(phone: Phone) -> tuple[dict[str, Any], ...]:
        deal = await phone.save(4, {**CLAIM, "key": "form-1", "expect": "1"})
        here = f"/t/4/deal/{deal}"
        before = await phone.draft(4, CLAIM, path=f"{here}/draft")
        after = await phone.draft(4, OTHER, path=f"{here}/draft")
        silent = await post(phone, here, {**fix, "reason": "", "shown": after["shown"]})
        stale = await post(phone, here, {**fix, "reason": "miscounted",
                                         "shown": before["shown"]})
        done = await post(phone, here, {**fix, "reason": "miscounted",
                                        "shown": after["shown"]})
        return silent, stale, done

    silent, stale, done = run(db, body)
    assert silent["fix_error"] == "Reason: a correction needs a reason"
    assert stale["fix_error"] == CHANGED
    assert done == {"saved": "/t/4/log?saved=1", "deal": 1}
    assert deals(db, 4) == [(1, {"ending": "claim", "by": "Lea", "points": {"Lea": 66, "Max": 40},
                                 "tricks": {"Lea": 3, "Max": 2}}, 2)]
    service = Tally.open(db)
    try:
        assert [h.reason for h in service.history(1)] == [None, "miscounted"]
    finally:
        service.db.dispose()
