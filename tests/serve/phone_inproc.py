"""The phone pages in this process: a night with a table of every game, the room's routes
under aiohttp's test client (no browser, no server process: a page is one request), and
what a page says to a person: its text and its controls' accessible names, never its
attributes' ids."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, ClassVar

from aiohttp.test_utils import TestClient, TestServer

from ledger.service import Tally
from tui.serve.keys import Keys
from tui.serve.phone.routes import NAME_COOKIE
from tui.serve.server import ClubServer

# table number -> (game, seats)
GAMES: dict[int, tuple[str, tuple[str, ...]]] = {
    1: ("crazy-solo", ("Ann", "Bea", "Chie", "Dan", "Eve")),
    2: ("hachihachi-trick", ("Fumi", "Gen", "Hana", "Ivo")),
    3: ("schnapsen", ("Jun", "Kai")),
    4: ("sixty-six", ("Lea", "Max")),
    5: ("sixty-six-three", ("Nao", "Oda", "Pia")),
    6: ("sixty-six-four", ("Quy", "Ren", "Sol", "Tom")),
}
NAMES = tuple(sorted({n for _, seats in GAMES.values() for n in seats}))
FETCH = {"X-Tally-Fetch": "1"}


def night(db: Path) -> Tally:
    """The night: one table of each game, numbered as `GAMES`."""
    service = Tally.open(db)
    service.add_players(list(NAMES))
    n = service.new_night("2026-12-01")
    for number in sorted(GAMES):
        game, seats = GAMES[number]
        service.new_table(n, game, list(seats))
    return service


@dataclass
class Shown:
    """What a page says: its text (one line per block) and its accessible names."""

    text: str
    names: list[str] = field(default_factory=list)  # aria-label, <title>, summary

    def words(self) -> str:
        return "\n".join([self.text, *self.names])


class _Reader(HTMLParser):
    BLOCKS: ClassVar[set[str]] = {"p", "legend", "li", "tr", "summary", "h1", "h2", "label",
                                  "fieldset", "div", "caption", "title", "button", "a", "td"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.names: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self.skip += 1
        label = dict(attrs).get("aria-label")
        if label:
            self.names.append(label)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self.skip -= 1
        if tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.skip and data.strip():
            self.parts.append(" " + data.strip())


def shown(html: str) -> Shown:
    reader = _Reader()
    reader.feed(html)
    lines = [" ".join(line.split()) for line in "".join(reader.parts).split("\n")]
    return Shown("\n".join(line for line in lines if line), reader.names)


@dataclass
class Phone:
    client: TestClient  # type: ignore[type-arg]
    lang: str

    @property
    def headers(self) -> dict[str, str]:
        return {"Accept-Language": self.lang}

    async def page(self, path: str, data: dict[str, str] | None = None) -> tuple[int, str]:
        if data is None:
            r = await self.client.get(path, headers=self.headers, allow_redirects=False)
        else:
            r = await self.client.post(path, data=data, headers=self.headers,
                                       allow_redirects=False)
        return r.status, await r.text()

    async def draft(self, table: int, data: dict[str, str], path: str = "") -> dict[str, Any]:
        """The redraw the page's script asks for: fields, preview, errors, notes."""
        r = await self.client.post(path or f"/t/{table}/draft", data=data,
                                   headers={**self.headers, **FETCH})
        assert r.status == 200, await r.text()
        return json.loads(await r.text())

    async def save(self, table: int, data: dict[str, str]) -> int:
        """The deal saved from the form (its id), as the page's Save does."""
        r = await self.client.post(f"/t/{table}", data={**data, "action": "save"},
                                   headers={**self.headers, **FETCH})
        answer = json.loads(await r.text())
        assert "deal" in answer, answer
        return int(answer["deal"])

    def sign_in(self, name: str = "Mio") -> None:
        self.client.session.cookie_jar.update_cookies({NAME_COOKIE: name})

    def sign_out(self) -> None:
        self.client.session.cookie_jar.clear(lambda c: c.key == NAME_COOKIE)


@asynccontextmanager
async def phones(db: Path, lang: str = "en", phone_lang: str | None = None
                 ) -> AsyncIterator[Phone]:
    """The room's routes for `db`'s night; the phone holds the entry key (every table)."""
    keys = Keys.new()
    server = ClubServer(db, 1, keys, host="127.0.0.1", port=0, lang="en",
                        phone_lang=phone_lang)
    try:
        async with TestClient(TestServer(await server.web_app())) as client:
            for number in GAMES:  # the key kept in each table's cookie
                assert (await client.get(f"/t/{number}?key={keys.entry}")).status == 200
            yield Phone(client, lang)
    finally:
        server.service.db.dispose()


class _Form(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.sent: list[tuple[str, str]] = []
        self.inputs: list[dict[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag != "input":
            return
        a = {k: v or "" for k, v in attrs}
        self.inputs.append(a)
        if a.get("type") in ("radio", "checkbox") and "checked" not in a:
            return
        if a.get("name"):
            self.sent.append((a["name"], a.get("value", "")))


def sent(html: str) -> dict[str, str]:
    """What a browser sends of the fields `html` draws, as they stand (one value a name)."""
    reader = _Form()
    reader.feed(html)
    return dict(reader.sent)


def inputs(html: str) -> list[dict[str, str]]:
    """Each input `html` draws, its attributes."""
    reader = _Form()
    reader.feed(html)
    return reader.inputs
