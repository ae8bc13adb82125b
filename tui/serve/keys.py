"""The keys of a club room: the entry key opens the app (it writes), the board key only
reads the board, and each table's key (`phone.access`, derived from the entry key) records
at that table only. Each is random bytes from `secrets`, kept next to the database for the
night (a restart keeps the printed codes valid) until `--new-keys` makes new ones.

A key comes in the URL once (`?key=…`, what the QR code carries); the page's answer puts
it in an HttpOnly cookie so the requests the page makes itself (the app's script and
websocket, the board's event stream) carry it too. Every route checks it: no key is 401,
a wrong key (or the board key on the app) is 403, and neither says anything of the ledger.

A table's key also opens the terminal app kept on its table (`/?key=<table key>&table=N`,
what `terminal N:` prints): that page, its assets and its websocket, and no other table
and no other route (`request[TERMINAL]` is the tables it opens there; the server starts
only those tables' apps). Its cookie is the table's own (`tally_term<N>`), so a tablet
that opened table 3's terminal never holds the entry key.
"""

from __future__ import annotations

import json
import os
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aiohttp import web

from .phone import access

ENTRY, BOARD, TABLE = "entry", "board", "table"
COOKIE = {ENTRY: "tally_entry", BOARD: "tally_board"}
TERMINAL = "tally.terminal"  # request key: the tables a table's key opens the terminal of
TERMINAL_PATHS = ("/ws/", "/static/")  # what a terminal's page loads after it


@dataclass(frozen=True, slots=True)
class Keys:
    entry: str
    board: str

    @classmethod
    def new(cls) -> Keys:
        return cls(secrets.token_urlsafe(32), secrets.token_urlsafe(32))

    @classmethod
    def kept(cls, path: Path, night: int | None = None) -> Keys:
        """The keys saved at `path` by the last serve of the same night (made and saved if
        there are none, or they were another night's): printed codes stay valid across a
        restart, and a new night gets new ones."""
        try:
            data = json.loads(path.read_text("utf-8"))
            if night is not None and data.get("night", night) != night:
                return cls.renewed(path, night)
            return cls(str(data[ENTRY]), str(data[BOARD]))
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return cls.renewed(path, night)

    @classmethod
    def renewed(cls, path: Path, night: int | None = None) -> Keys:
        """New keys, saved at `path` (owner-readable only) for the next serve to keep."""
        keys = cls.new()
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)  # owner only
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump({ENTRY: keys.entry, BOARD: keys.board, "night": night}, f)
        os.chmod(path, 0o600)  # an older file made with other modes
        return keys

    def grants(self, given: str, need: str) -> bool:
        """Does `given` open a route that needs `need`? The entry key opens the board too."""
        raw = given.encode("utf-8", "surrogateescape")  # a key of any characters is
        ok = secrets.compare_digest(raw, self.entry.encode())  # wrong, never an error
        if need == BOARD:
            ok = secrets.compare_digest(raw, self.board.encode()) or ok
        return ok


def needs(path: str) -> str:
    if access.table_of(path) is not None:
        return TABLE
    return BOARD if path == "/board" or path.startswith("/board/") else ENTRY


async def referrer_policy(request: web.Request, response: web.StreamResponse) -> None:
    """Every answer (pages, refusals, streams): a link followed from a page to another
    site sends no Referer, so the key in a URL never leaves the room that way. Not
    `no-referrer`: with it a browser sends `Origin: null` on the room's own form posts,
    which `origin.same_origin` refuses."""
    response.headers["Referrer-Policy"] = "same-origin"


def guard(keys: Keys, granted: Any = None) -> web.middleware:  # type: ignore[valid-type]
    """aiohttp middleware: every route behind its key (`granted(transport)` is told of
    each request a key let in: the gate stops counting its connection as a stranger's)."""

    @web.middleware
    async def check(request: web.Request, handler):  # type: ignore[no-untyped-def]
        need = needs(request.path)
        if need == TABLE:
            return await table_check(keys, request, handler, granted)
        from_url = request.query.get("key")
        given = from_url or request.cookies.get(COOKIE[need]) or (
            request.cookies.get(COOKIE[ENTRY]) if need == BOARD else None)
        if not (given and keys.grants(given, need)) and need == ENTRY and (
                tables := terminal_tables(keys, request)):
            return await terminal_check(request, handler, tables, granted)
        if not given:
            return web.Response(status=401, text="401: this page needs its key\n",
                                headers={"WWW-Authenticate": 'Key realm="tally"'})
        if not keys.grants(given, need):
            return web.Response(status=403, text="403: wrong key\n")
        if granted is not None:
            granted(request.transport)
        response = await handler(request)
        if from_url and not response.prepared:
            response.set_cookie(COOKIE[need], from_url, httponly=True, samesite="Strict",
                                path="/")
        return response

    return check


def terminal_tables(keys: Keys, request: web.Request) -> set[int]:
    """The tables whose terminal a table's key in this request opens: the page
    `/?table=N` on table N's key (in the URL or its cookie), or its assets and websocket
    with any table's terminal cookie; empty for every other route."""
    if request.path == "/":
        number = request.query.get("table", "")
        if not number.isdigit() or len(number) > 6:
            return set()
        n = int(number)
        given = request.query.get("key") or request.cookies.get(access.terminal_cookie(n))
        ok = given and given != keys.entry and access.opens_table(keys.entry, given, n)
        return {n} if ok else set()
    if not request.path.startswith(TERMINAL_PATHS):
        return set()
    found = set()
    for name, value in request.cookies.items():
        n = name.removeprefix("tally_term")
        if n != name and n.isdigit() and len(n) <= 6 and access.opens_table(
                keys.entry, value, int(n)) and value != keys.entry:
            found.add(int(n))
    return found


async def terminal_check(request: web.Request, handler,  # type: ignore[no-untyped-def]
                         tables: set[int], granted: Any = None):
    request[TERMINAL] = frozenset(tables)
    if granted is not None:
        granted(request.transport)
    response = await handler(request)
    from_url = request.query.get("key")
    if from_url and request.path == "/" and not response.prepared:
        (n,) = tables
        response.set_cookie(access.terminal_cookie(n), from_url, httponly=True,
                            samesite="Strict", path="/")
    return response


async def table_check(keys: Keys, request: web.Request, handler,  # type: ignore[no-untyped-def]
                      granted: Any = None):
    """A table's pages (`/t/<N>/…`): its own key (the phone's QR code) or the entry key.
    Another table's key gets the page that says which table it is for (and a link there);
    a key that opens no table tonight, the page that says the link has changed."""
    number = access.table_of(request.path)
    assert number is not None
    cookie = access.cookie_name(number)
    from_url = request.query.get("key")
    given = from_url or request.cookies.get(cookie) or request.cookies.get(COOKIE[ENTRY])
    if not given:
        return web.Response(status=401, text="401: this page needs its key\n",
                            headers={"WWW-Authenticate": 'Key realm="tally"'})
    if not access.opens_table(keys.entry, given, number):
        from .phone.routes import changed_link

        return changed_link(request, await other_table(keys, request, given))
    if granted is not None:
        granted(request.transport)
    response = await handler(request)
    if from_url and not response.prepared:
        response.set_cookie(cookie, from_url, httponly=True, samesite="Strict",
                            path=f"/t/{number}")
    return response


async def other_table(keys: Keys, request: web.Request, given: str) -> int | None:
    """The table of tonight whose key `given` is, if any (tried against each number)."""
    import asyncio

    from .phone.routes import CLUB

    server = request.app.get(CLUB)
    if server is None:
        return None
    numbers = await asyncio.to_thread(server.table_numbers)
    return access.table_opened(keys.entry, given, numbers)
