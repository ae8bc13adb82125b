"""The phone's save when the room's server loses its database connection mid-save (issue
25), against the real PostgreSQL, the room's routes in this process (so the store's fault
point can cut the line): the server asks by the form's key whether the save went through.
Saved: the phone is told so, as any save. Not saved: 503, so the phone's outbox keeps the
deal and sends it again (`test_phone_outbox`), and it is saved once."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from ledger.service import Tally
from tests.test_lost_save import cut_once, kill_backend
from tui.serve.keys import Keys
from tui.serve.server import ClubServer

FIVE = ["Ann", "Bea", "Chie", "Dan", "Eve"]
PASS = {"action": "save", "expect": "1", "choice|contract": "pass"}
FETCH = {"X-Tally-Fetch": "1"}


def room(url: str) -> tuple[Tally, int, int]:
    service = Tally.open(url)
    service.add_players(FIVE)
    night = service.new_night("2026-11-29")
    return service, night, service.new_table(night, "crazy-solo", FIVE)


async def posts(url: str, night: int, arm: Callable[[], None], *forms: dict[str, str],
                script: bool = True) -> list[tuple[int, Any]]:
    """Each form posted to table 1 once the room is up and `arm` has set the cut (the room's
    own writes as it starts — the board's rating cache — are not the save): by the phone's
    script (its JSON answer), or with `script` False as a page without it (a plain post; the
    redirect's Location or the page)."""
    keys = Keys.new()
    server = ClubServer(url, night, keys, host="127.0.0.1", port=0, lang="en")
    answers: list[tuple[int, Any]] = []
    async with TestClient(TestServer(await server.web_app())) as client:
        assert (await client.get(f"/t/1?key={keys.entry}")).status == 200
        arm()
        for form in forms:
            if script:
                r = await client.post("/t/1", data=form, headers=FETCH)
                answers.append((r.status, await r.json()))
            else:
                r = await client.post("/t/1", data=form, allow_redirects=False)
                answers.append((r.status, r.headers.get("Location") or await r.text()))
    server.service.db.dispose()
    return answers


def test_the_answer_lost_after_commit_the_phone_is_told_saved(
        pg_cluster: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    url = pg_cluster.new_database()
    service, night, table = room(url)
    cut = lambda: cut_once(monkeypatch, "answer", kill_backend)  # noqa: E731
    [(status, answer)] = asyncio.run(posts(url, night, cut, {**PASS, "key": "phone-1"}))
    [deal] = service.deals(table)
    assert (status, answer) == (200, {"saved": f"/t/1?saved={deal.id}", "deal": deal.id})


def test_the_line_cut_before_commit_the_outbox_keeps_it_and_it_is_saved_once(
        pg_cluster: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    url = pg_cluster.new_database()
    service, night, table = room(url)
    cut = lambda: cut_once(monkeypatch, "commit", kill_backend)  # noqa: E731
    lost, sent, again = asyncio.run(posts(url, night, cut, *[{**PASS, "key": "phone-1"}] * 3))
    assert lost == (503, {"lost": True})  # not ok: the phone's outbox keeps it
    [deal] = service.deals(table)
    saved = (200, {"saved": f"/t/1?saved={deal.id}", "deal": deal.id})
    assert sent == again == saved  # sent again with its key: saved once


def test_a_plain_form_whose_line_was_cut_is_not_saved_yet_and_saved_once_when_sent_again(
        pg_cluster: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    url = pg_cluster.new_database()
    service, night, table = room(url)
    cut = lambda: cut_once(monkeypatch, "commit", kill_backend)  # noqa: E731
    (lost, page), (status, to) = asyncio.run(posts(
        url, night, cut, *[{**PASS, "key": "plain-1"}] * 2, script=False))
    assert lost == 503  # not a refusal of the deal: the page keeps it, with its key
    assert 'value="plain-1"' in page and 'value="pass" checked' in page
    [deal] = service.deals(table)
    assert (status, to) == (303, f"/t/1?saved={deal.id}")
