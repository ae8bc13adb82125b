"""Issue 35, item 5: a form's key that saved one deal, sent again with other values or at
another table, is refused with 409 (the phone is told the deal it was saved as), never
answered "saved"; the same body again is the retry it always was: "saved, deal N", once.
On both engines (the key is looked up in the database)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from tests.serve.phone_inproc import FETCH, night, phones, shown

PASS = {"action": "save", "expect": "1", "choice|contract": "pass", "key": "form-1"}
USED = {"form_used": 1, "error": "this form was already saved as deal 1 with other values"}


@pytest.mark.parametrize("engine", ["sqlite", "postgresql"], ids=["sqlite", "pg"])
def test_a_used_form_key_with_other_values_is_409_and_the_same_is_saved_once(
        db_path: Any) -> None:
    service = night(db_path)
    table = service.night(1).tables[0].id

    async def go() -> list[tuple[int, Any]]:
        out: list[tuple[int, Any]] = []
        async with phones(db_path) as phone:
            phone.sign_in()
            c = phone.client
            for path, form, fetch in [
                    ("/t/1", PASS, True),  # saved
                    ("/t/1", PASS, True),  # sent again: the same deal, saved once
                    ("/t/1", {**PASS, "choice|contract": "solo"}, True),  # another deal
                    ("/t/3", {**PASS, "expect": "1"}, True),  # at another table
                    ("/t/1", {**PASS, "choice|contract": "solo"}, False)]:  # a plain post
                r = await c.post(path, data=form, headers=FETCH if fetch else {},
                                 allow_redirects=False)
                text = await r.text()
                out.append((r.status, json.loads(text) if fetch else shown(text).text))
        return out

    saved, again, other, elsewhere, plain = asyncio.run(go())
    [deal] = service.deals(table)
    assert saved == again == (200, {"saved": f"/t/1?saved={deal.id}", "deal": deal.id})
    assert other == elsewhere == (409, USED)
    assert plain[0] == 409
    assert plain[1].splitlines()[1] == (
        "This form was already saved as deal 1 with other values.")
    assert [t.deals for t in service.night(1).tables] == [1, 0, 0, 0, 0, 0]
    service.db.dispose()
